from django.urls import path

from . import views

app_name = "director"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.guide, name="guide"),
    path("<slug:slug>/<slug:key>/", views.node, name="node"),
]
