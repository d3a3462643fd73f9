"""The tags of kept pages (see core.pagecache).

`{% per_visitor "template.html" %}`: a visitor's own part of a page, rendered per request;
`{% per_visitor "template.html" session_only=True %}` for a part that shows nothing to a
visitor without a session (not signed in, never kept anything): it is not rendered for them.
`{% fresh_id %}`: a new random id each time it is rendered (a form's attempt id).
"""

import uuid

from django import template
from django.template.loader import get_template
from django.utils.safestring import mark_safe

from penaltyflow.core.pagecache import Slot

register = template.Library()


@register.simple_tag(takes_context=True)
def per_visitor(context: template.Context, name: str, session_only: bool = False) -> str:
    """Where a kept page is built, its place; on any other page, the template itself."""
    kept = context.get("kept_page")
    if kept is None:  # like {% include %}
        return get_template(name).template.render(context)  # type: ignore[attr-defined]
    kept.slots.append(Slot(name, session_only))
    return mark_safe(f"{kept.mark}{len(kept.slots) - 1}\x00")


@register.simple_tag
def fresh_id() -> str:
    return uuid.uuid4().hex
