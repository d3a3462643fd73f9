"""The site's own addresses, as the site resolves them (not one include deeper, which
would cost every page but the yardstick a level of resolving), plus the yardstick: a
one-line view."""

from django.http import HttpResponse
from django.urls import path

from penaltyflow.urls import handler400
from penaltyflow.urls import urlpatterns as site

urlpatterns = [path("bench/one-line/", lambda request: HttpResponse("ok")), *site]
__all__ = ["handler400", "urlpatterns"]
