from django.urls import path

from . import views

app_name = "flowcharts"
urlpatterns = [
    # A step first: the page asked for most (each pattern before it is one more check).
    path("charts/<slug:slug>/<slug:key>/", views.step, name="step"),
    path("", views.home, name="home"),
    path("charts/<slug:slug>/", views.chart, name="chart"),
    path("charts/<slug:slug>.svg", views.chart_svg, name="chart_svg"),
    path("charts/<slug:slug>.pdf", views.chart_pdf, name="chart_pdf"),
    path("charts/<slug:slug>/<slug:key>/hand.pbn", views.step_pbn, name="step_pbn"),
]
