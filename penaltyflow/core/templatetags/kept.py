"""`{% fresh_id %}`: a new random id each time it is rendered (a form's attempt id)."""

import uuid

from django import template

register = template.Library()


@register.simple_tag
def fresh_id() -> str:
    return uuid.uuid4().hex
