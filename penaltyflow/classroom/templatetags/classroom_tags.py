from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def poll_every(times: int = 1) -> str:
    """How often a phone, and the projector's tally, ask what is new (`times` as often
    for the projector's stage): htmx's `every ...ms`."""
    return f"every {round(settings.CLASSROOM_POLL_SECONDS * 1000 * times)}ms"


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def first_paragraph(text: str) -> str:
    """The first paragraph of a teaching text: the projector shows it, the phones show all."""
    return (text or "").strip().split("\n\n")[0]
