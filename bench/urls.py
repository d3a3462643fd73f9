from django.http import HttpResponse
from django.urls import include, path

urlpatterns = [
    path("bench/one-line/", lambda request: HttpResponse("ok")),
    path("", include("penaltyflow.urls")),
]
