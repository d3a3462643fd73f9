from django.urls import path

from . import views

app_name = "quizzes"
urlpatterns = [
    path("", views.home, name="home"),
    path("start", views.start, name="start"),
    path("questions.json", views.questions_json, name="questions_json"),
    path("q/<slug:qid>.json", views.question_json, name="question_json"),
    path("q/<slug:qid>/", views.question_page, name="question"),
    path("q/<slug:qid>/answer", views.answer, name="answer"),
    path("r/<uuid:rid>/<int:n>/", views.round_question, name="round_question"),
    path("r/<uuid:rid>/", views.round_results, name="round_results"),
    path("progress/", views.progress_page, name="progress"),
]
