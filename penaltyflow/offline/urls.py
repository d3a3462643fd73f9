from django.urls import path

from . import views

app_name = "offline"
urlpatterns = [
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("icons/<slug:name>.png", views.icon, name="icon"),
    path("offline/", views.offline, name="offline"),
    path("offline/kept.json", views.kept_listing, name="kept"),
]
