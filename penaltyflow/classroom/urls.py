from django.urls import path, re_path

from . import builder, exports, phone, teacher

app_name = "classroom"
CODE = r"(?P<code>[A-Za-z0-9]{1,12})"
urlpatterns = [
    path("lessons.json", teacher.lessons_json, name="lessons_json"),
    path("lessons/<slug:slug>/handout/", exports.handout, name="handout"),
    path("classroom/", teacher.teacher_home, name="home"),
    path("classroom/start", teacher.start, name="start"),
    path("classroom/lessons/new", builder.new, name="lesson_new"),
    path("classroom/lessons/<slug:slug>/", builder.edit, name="lesson_edit"),
    path("classroom/lessons/<slug:slug>/preview", builder.preview, name="lesson_preview"),
    path("classroom/lessons/<slug:slug>/delete", builder.delete, name="lesson_delete"),
    path("join/", phone.join_any, name="join_any"),
    re_path(rf"^join/{CODE}/$", phone.join, name="join"),
    re_path(rf"^classroom/{CODE}/$", phone.phone, name="phone"),
    re_path(rf"^classroom/{CODE}/answer$", phone.answer, name="answer"),
    re_path(rf"^classroom/{CODE}/keep$", phone.keep, name="keep"),
    re_path(rf"^classroom/{CODE}/diagram$", phone.diagram, name="diagram"),
    re_path(rf"^classroom/{CODE}/state\.json$", phone.state_json, name="state"),
    re_path(rf"^classroom/{CODE}/results\.json$", teacher.results_json, name="results"),
    re_path(rf"^classroom/{CODE}/results\.csv$", exports.results_csv, name="results_csv"),
    re_path(rf"^classroom/{CODE}/items\.csv$", exports.items_csv, name="items_csv"),
    re_path(rf"^classroom/{CODE}/summary/$", teacher.summary, name="summary"),
    re_path(rf"^classroom/{CODE}/present/$", teacher.present, name="present"),
    re_path(rf"^classroom/{CODE}/present/live$", teacher.present_live, name="present_live"),
    re_path(
        rf"^classroom/{CODE}/present/(?P<action>next|prev|reveal|end)$",
        teacher.present_action,
        name="present_action",
    ),
]
