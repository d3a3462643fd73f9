"""The content's generation, and the step page's kept part (the one page that pays to keep).

The content's generation is a counter that every change of content (a load, an admin
save) moves forward in the same transaction, and never back, by a random step: two
databases that held the same content (a backup restored, a load rolled back, two tests)
never reach the same generation with different content, so nothing kept for one is
served for the other. This process sees a new
generation as soon as the change is committed; other worker processes within
STAMP_SECONDS, when they next read it (one small query). What is kept per content
(core.percontent, the step page's kept part) is keyed on it.

A step page is built in about 7 ms (docs/benchmarks.md), the others in under 10 ms: they
are rendered for each request as any Django page. The step's own part (its text, its
choices, its table, its diagram) is kept in Django's cache: rendered once per content
generation and address for *nobody* (`for_nobody`: a bare request with the address and
the query parameters the page declares, no cookies, session or user), then put into the
page, which is rendered for the visitor as usual. So the kept part cannot hold anyone's
data: none was there to hold.
"""

import hashlib
import secrets
import time

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, QueryDict

from penaltyflow.core.models import ContentGeneration

STAMP_SECONDS = 1.0
_stamp: tuple[float, str] | None = None


def content_stamp() -> str:
    global _stamp
    now = time.monotonic()
    if _stamp is None or now - _stamp[0] > STAMP_SECONDS:
        generation = ContentGeneration.objects.values_list("value", flat=True).first() or 0
        _stamp = (now, str(generation))
    return _stamp[1]


def content_changed() -> None:
    """Move the generation on; this process reads it again once the change is committed."""
    step = 1 + secrets.randbelow(2**32)  # 2**31 changes at least before the field is full
    updated = ContentGeneration.objects.filter(pk=1).update(value=F("value") + step)
    if not updated:
        ContentGeneration.objects.create(pk=1, value=step)
    forget_stamp()  # this connection sees the new generation at once,
    transaction.on_commit(forget_stamp)  # and everyone once it is committed


def forget_stamp() -> None:
    global _stamp
    _stamp = None


def for_nobody(request: HttpRequest, names: tuple[str, ...]) -> HttpRequest:
    """The request as anyone asking for this address would make it: the path and the
    declared query parameters (in the order asked: links keep it); no headers, cookies,
    session or user. What is rendered with it can be kept for everyone."""
    query = QueryDict(mutable=True)
    for name, values in request.GET.lists():
        if name in names:
            query.setlist(name, values)
    public = HttpRequest()
    public.path = public.path_info = request.path
    public.GET = query  # type: ignore[assignment]
    public.user = AnonymousUser()
    return public


def kept_key(name: str, public: HttpRequest, *parts: object) -> str:
    """A short fixed key for what is kept of a page: the content's generation, the name,
    the public request's address and query, and what else it varies on."""
    material = repr([name, public.path, sorted(public.GET.lists()), parts])
    digest = hashlib.blake2b(material.encode(), digest_size=20).hexdigest()
    return f"page:{content_stamp()}:{digest}"
