"""django-csp's middleware, with the site's policy header built once per process.

The site's policy is the same on every response: `CONTENT_SECURITY_POLICY` in the
settings, no nonce (no inline script or style anywhere) and no view that changes it.
django-csp builds the header again for every response, which cost about a tenth of a
kept page's time. This middleware sets the header built once; a response that brings a
policy of its own (django-csp's decorators), a request that used a nonce, a response that
already has the header, or settings that exclude addresses go to django-csp itself.
"""

from functools import cache

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

# What django-csp's decorators put on a response to change or drop its policy.
OWN_POLICY = tuple(
    f"_csp_{what}{ro}" for what in ("config", "update", "replace", "exempt") for ro in ("", "_ro")
)


@cache
def site_policy() -> tuple[str, str]:
    """The header and the report-only header the settings give (each may be empty)."""
    return build_policy(), build_policy(report_only=True)


def _excludes() -> bool:
    return any(
        (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES")
        for name in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY")
    )


class CSPMiddleware(DjangoCSPMiddleware):
    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if (
            settings.DEBUG  # django-csp leaves Django's debug pages alone
            or getattr(request, "_csp_nonce", None) is not None
            or any(hasattr(response, name) for name in OWN_POLICY)
            or HEADER in response
            or HEADER_REPORT_ONLY in response
            or _excludes()
        ):
            return super().process_response(request, response)
        policy, report_only = site_policy()
        if policy:
            response[HEADER] = policy
        if report_only:
            response[HEADER_REPORT_ONLY] = report_only
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


def forget_policy(setting: str, **kwargs) -> None:
    """setting_changed: a test that changes the policy gets its new header."""
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        site_policy.cache_clear()
