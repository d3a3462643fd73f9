"""The ETags of the pages that poll (projector, phones, state.json), judged by Django's rules.

A poll sends back the ETag it last got (`If-None-Match`); when the session has not
changed it gets a 304 with no body. The comparison is Django's
(`django.utils.cache.get_conditional_response`: lists of tags, weak tags, `*`), not
ours. These pages are never kept by a browser or a proxy (`no-store`): they are
asked for again on every poll.
"""

import hashlib

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, quote_etag


def etag(*parts: object) -> str:
    """A short strong ETag for these parts (the session's version, an answer, ...)."""
    return quote_etag(hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest())


def fresh(response: HttpResponse, tag: str) -> HttpResponse:
    """The response with its ETag, never stored."""
    response["ETag"] = tag
    response["Cache-Control"] = "no-store"
    return response


def not_modified(request: HttpRequest, tag: str) -> HttpResponse | None:
    """A 304 when the client already holds this version; None when it must be sent."""
    response = get_conditional_response(request, etag=tag, response=fresh(HttpResponse(), tag))
    return response if response.status_code == 304 else None
