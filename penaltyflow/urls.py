from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path

from penaltyflow.ops import views as ops

urlpatterns = [
    # The charts first: their steps are the pages asked for most (each pattern before them
    # is one more check on every request).
    path("", include("penaltyflow.flowcharts.urls")),
    path("admin/", admin.site.urls),
    path("healthz", ops.healthz, name="healthz"),
    path("robots.txt", ops.robots_txt, name="robots_txt"),
    # Browsers ask for /favicon.ico whatever the page says; the icon is an SVG in static/.
    # Resolved per request (its hashed name changes with the file), so not a permanent redirect.
    path("favicon.ico", lambda request: redirect(static("favicon.svg")), name="favicon"),
    path("quiz/", include("penaltyflow.quizzes.urls")),
    path("accounts/", include("penaltyflow.accounts.urls")),
    path("", include("penaltyflow.classroom.urls")),
    path("", include("penaltyflow.offline.urls")),
    path("table/", include("penaltyflow.director.urls")),
]
handler400 = "penaltyflow.ops.views.bad_request"
