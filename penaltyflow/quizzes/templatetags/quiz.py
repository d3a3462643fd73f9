"""Tags for quiz pages: a card to tap, a choice's words."""

import re

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def choice_text(question, key: str) -> str:
    return question.choice_text(key)


@register.filter
def right_words(question, grade) -> str:
    """The right choices' words, in the order the choices are shown."""
    return ", ".join(text for key, text in question.choices if key in grade.answer)


@register.filter
def as_card(key: str):
    """A card key ("SK") as the hands app draws a card."""
    from penaltyflow.hands.tableview import card_view

    return card_view(key)


@register.filter
def seat_to_play(table):
    """The seat whose cards a legal-cards question asks about."""
    return next(seat for seat in table.seats if seat.to_play)


@register.simple_tag
def tap_card(card, picked=(), grade=None):
    """A card of the hand to play as a checkbox the size of a fingertip; after the answer,
    ✓ on every card that may be played and ✗ on a wrong pick."""
    state, mark, said = "", "", ""
    if grade is not None:
        if card.name in grade.answer:
            state, mark, said = " right", "✓", ", may be played"
        elif card.name in picked:
            state, mark, said = " wrong", "✗", ", may not be played"
    checked = " checked" if card.name in picked else ""
    if grade is not None:
        checked += " disabled"
    penalty = f" penalty {card.major_or_minor}" if card.major_or_minor else ""
    return format_html(
        '<label class="tap-card {}{}{}"><input type="checkbox" name="answer" value="{}" '
        'form="qform"{}><span class="face" aria-label="{}{}{}">{}</span>'
        '<span class="kind-tag">{}</span><span class="mark" aria-hidden="true">{}</span></label>',
        card.colour,
        penalty,
        state,
        card.name,
        checked,
        card.spoken,
        f", {card.major_or_minor} penalty card" if card.major_or_minor else "",
        said,
        card.label,
        card.major_or_minor,
        mark,
    )


@register.filter
def duration(seconds: int) -> str:
    """125 -> '2 min 5 s'."""
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


_SETTING = re.compile(
    r"is declarer in|(?:trick|tricks) (?:has|have) been played|won the last trick and has the lead"
)


@register.filter
def moment(story: str, length: int = 140) -> str:
    """What happens in a question's story, without the setting every story shares (contract,
    tricks so far, who has the lead): what tells two questions with one prompt apart."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join((story or "").split()))
    told = " ".join(s for s in sentences if s and not _SETTING.search(s))
    if len(told) <= length:
        return told
    return told[: length - 1].rsplit(" ", 1)[0] + "…"
