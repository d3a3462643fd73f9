from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page says; the icon is an SVG in static/.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("quiz/", include("penaltyflow.quizzes.urls")),
    path("accounts/", include("penaltyflow.accounts.urls")),
    path("", include("penaltyflow.flowcharts.urls")),
    path("", include("penaltyflow.classroom.urls")),
    path("", include("penaltyflow.offline.urls")),
    path("table/", include("penaltyflow.director.urls")),
]
