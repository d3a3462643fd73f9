"""Filters for bridge text, on any page: suit symbols in colour, seats, contracts, paragraphs."""

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from penaltyflow.engine.core import laws, vocab

register = template.Library()

_SUIT = re.compile(f"[{vocab.SUIT_SYMBOLS}]")


def _colour_suits(escaped: str) -> str:
    def span(match: re.Match) -> str:
        symbol = match.group(0)
        s = vocab.SUIT_SYMBOLS.index(symbol)
        colour, word = vocab.SUIT_COLOURS[s], vocab.SUIT_NAMES[s]
        return f'<span class="suit {colour}" title="{word}">{symbol}</span>'

    return _SUIT.sub(span, escaped)


@register.filter
def suits(text: str) -> SafeString:
    """Escape the text, then colour its suit symbols (hearts and diamonds red)."""
    return mark_safe(_colour_suits(escape(text)))


@register.filter
def paragraphs(text: str) -> SafeString:
    """Plain text with blank lines between paragraphs, as <p>s, suits coloured."""
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text or "") if b.strip()]
    return mark_safe(
        "".join(f"<p>{_colour_suits(escape(' '.join(b.split())))}</p>" for b in blocks)
    )


@register.filter
def first_sentence(text: str) -> str:
    """The first sentence of a summary: one line on what a chart covers."""
    match = re.match(r"(.+?[.!?])(\s|$)", " ".join((text or "").split()))
    return match.group(1) if match else text


_CARD_IN_TEXT = re.compile(r"\b([SHDC])([2-9TJQKA]|10)\b")


@register.filter
def seat_name(seat: str) -> str:
    return vocab.seat_name(str(seat))


@register.filter
def suit_words(suits: str) -> str:
    """ "SH" -> "spades or hearts"."""
    return vocab.suit_words(str(suits))


@register.filter
def law(clause: str) -> str:
    return f"Law {clause}"


@register.filter
def contract(text: str) -> SafeString:
    """ "4S" -> 4♠ (in colour), "3NT" stays, doubling kept."""
    match = re.fullmatch(r"(\d)([SHDC]|NT)(X{0,2})", str(text).upper())
    if not match:
        return escape(text)
    level, strain, doubled = match.groups()
    symbol = vocab.SUIT_SYMBOLS[vocab.SUITS.index(strain)] if strain in vocab.SUITS else strain
    return mark_safe(level + _colour_suits(symbol) + doubled)


@register.filter
def cards_in_text(text: str) -> SafeString:
    """The engine's notes name cards "SK", "HT": show them as ♠K, ♥10, suits in colour."""

    def card(match: re.Match) -> str:
        return vocab.card_label(match.group(1) + match.group(2).replace("10", "T"))

    return mark_safe(_colour_suits(_CARD_IN_TEXT.sub(card, escape(text))))


@register.simple_tag
def laws_taught(what: str = "span") -> str:
    """What the site teaches, from engine/core/laws.py: "span" is '48–57, 61–64', "topics" is
    'penalty cards, leads out of turn and revokes'."""
    return laws.span() if what == "span" else laws.topics()
