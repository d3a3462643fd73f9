"""Filters for the chart pages: the diagram inlined, node kinds in words."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from penaltyflow.flowcharts.diagrams import KIND_NAMES, inline_svg, mark_groups

register = template.Library()


@register.filter
def svg_inline(svg: str) -> SafeString:
    """The chart's SVG (made by Graphviz from escaped labels) ready to sit in the page."""
    return mark_safe(inline_svg(svg))


@register.filter
def kind_name(kind: str) -> str:
    return KIND_NAMES.get(kind, kind)


@register.filter
def svg_on_path(svg: str, marks: dict[str, str]) -> SafeString:
    """The chart's SVG inlined, the way taken and the current step marked (StepPath.marks)."""
    return mark_safe(mark_groups(inline_svg(svg), marks))


@register.simple_tag
def kind_names() -> list[tuple[str, str]]:
    """(kind, words) for every kind of box, as the legend and the step pages name them."""
    return list(KIND_NAMES.items())
