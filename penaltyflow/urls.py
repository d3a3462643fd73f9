from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from penaltyflow.ops import views as ops

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", ops.healthz, name="healthz"),
    path("robots.txt", ops.robots_txt, name="robots_txt"),
    # Browsers ask for /favicon.ico whatever the page says; the icon is an SVG in static/.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("quiz/", include("penaltyflow.quizzes.urls")),
    path("accounts/", include("penaltyflow.accounts.urls")),
    path("", include("penaltyflow.flowcharts.urls")),
    path("", include("penaltyflow.classroom.urls")),
    path("", include("penaltyflow.offline.urls")),
    path("table/", include("penaltyflow.director.urls")),
]
handler400 = "penaltyflow.ops.views.bad_request"
