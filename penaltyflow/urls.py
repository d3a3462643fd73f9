from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("quiz/", include("penaltyflow.quizzes.urls")),
    path("accounts/", include("penaltyflow.accounts.urls")),
    path("", include("penaltyflow.flowcharts.urls")),
    path("", include("penaltyflow.classroom.urls")),
    path("", include("penaltyflow.offline.urls")),
    path("table/", include("penaltyflow.director.urls")),
]
