"""The tags of kept pages (see core.pagecache).

`{% part "name" %}...{% endpart %}`: used by kept/parts.html only.
`{% per_visitor "template.html" %}`: a visitor's own part of a kept page, rendered per request.
`{% fresh_id %}`: a new random id each time it is rendered (a form's attempt id).
"""

import uuid

from django import template
from django.template.loader import get_template
from django.utils.safestring import mark_safe

register = template.Library()


class PartNode(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList) -> None:
        self.name, self.nodelist = name, nodelist

    def render(self, context: template.Context) -> str:
        # Outside core.pagecache.build there is no "kept_parts": a kept page's template
        # rendered as an ordinary page fails here rather than showing an empty page.
        context["kept_parts"].built[self.name] = mark_safe(self.nodelist.render(context).strip())
        return ""


@register.tag
def part(parser: template.base.Parser, token: template.base.Token) -> PartNode:
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError('{% part "name" %} takes one name')
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    return PartNode(bits[1].strip("\"'"), nodelist)


@register.simple_tag(takes_context=True)
def per_visitor(context: template.Context, name: str) -> str:
    """Where a kept page is built, its place; on any other page, the template itself."""
    kept = context.get("kept_parts")
    if kept is None:  # like {% include %}
        return get_template(name).template.render(context)
    kept.slots.append(name)
    return mark_safe(f"{kept.mark}{len(kept.slots) - 1}\x00")


@register.simple_tag
def fresh_id() -> str:
    return uuid.uuid4().hex
