from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def first_paragraph(text: str) -> str:
    """The first paragraph of a teaching text: the projector shows it, the phones show all."""
    return (text or "").strip().split("\n\n")[0]
