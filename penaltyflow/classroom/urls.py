from django.urls import path, re_path

from . import builder, views

app_name = "classroom"
CODE = r"(?P<code>[A-Za-z0-9]{1,12})"
urlpatterns = [
    path("lessons.json", views.lessons_json, name="lessons_json"),
    path("lessons/<slug:slug>/handout/", views.handout, name="handout"),
    path("classroom/", views.teacher_home, name="home"),
    path("classroom/start", views.start, name="start"),
    path("classroom/lessons/new", builder.new, name="lesson_new"),
    path("classroom/lessons/<slug:slug>/", builder.edit, name="lesson_edit"),
    path("join/", views.join_any, name="join_any"),
    re_path(rf"^join/{CODE}/$", views.join, name="join"),
    re_path(rf"^classroom/{CODE}/$", views.phone, name="phone"),
    re_path(rf"^classroom/{CODE}/answer$", views.answer, name="answer"),
    re_path(rf"^classroom/{CODE}/keep$", views.keep, name="keep"),
    re_path(rf"^classroom/{CODE}/diagram$", views.diagram, name="diagram"),
    re_path(rf"^classroom/{CODE}/state\.json$", views.state_json, name="state"),
    re_path(rf"^classroom/{CODE}/results\.json$", views.results_json, name="results"),
    re_path(rf"^classroom/{CODE}/results\.csv$", views.results_csv, name="results_csv"),
    re_path(rf"^classroom/{CODE}/items\.csv$", views.items_csv, name="items_csv"),
    re_path(rf"^classroom/{CODE}/summary/$", views.summary, name="summary"),
    re_path(rf"^classroom/{CODE}/present/$", views.present, name="present"),
    re_path(rf"^classroom/{CODE}/present/live$", views.present_live, name="present_live"),
    re_path(
        rf"^classroom/{CODE}/present/(?P<action>next|prev|reveal|end)$",
        views.present_action,
        name="present_action",
    ),
]
