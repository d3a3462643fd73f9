"""Helpers to show cards and hands: suit symbols, "10" for the ten, accessible names.

Every function takes a card as an int (see cards.py) or a name like "SK"/"st".
"""

from __future__ import annotations

from .cards import RANK_NAMES, SUIT_NAMES, parse_card, sorted_cards

SUIT_SYMBOLS = "♠♥♦♣"  # S H D C
VOID = "—"  # an em dash for a void suit in a diagram


def _card(card: int | str) -> int:
    return card if isinstance(card, int) else parse_card(card)


def rank_label(card: int | str) -> str:
    """'A', 'K', ..., '10', ... '2': the ten is written 10 in diagrams."""
    r = _card(card) % 13
    return "10" if r == 8 else "23456789TJQKA"[r]


def card_label(card: int | str) -> str:
    """'♠K', '♥10'."""
    c = _card(card)
    return SUIT_SYMBOLS[c // 13] + rank_label(c)


def card_accessible_name(card: int | str) -> str:
    """'king of spades', 'ten of hearts': for screen readers (aria-label)."""
    c = _card(card)
    return f"{RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}"


def suit_colour(suit: int | str) -> str:
    """'red' for hearts and diamonds, 'black' for spades and clubs."""
    s = "SHDC".index(suit.upper()) if isinstance(suit, str) else suit
    return "red" if s in (1, 2) else "black"


def suit_css_class(suit: int | str) -> str:
    return "suit-" + suit_colour(suit)


def hand_lines(hand) -> list[dict]:
    """A hand (bitmask, or iterable of cards) as four diagram lines, ♠ ♥ ♦ ♣ order.

    Each line: {"suit": "S", "symbol": "♠", "colour": "black", "ranks": ["A", "10"],
    "text": "A 10"}; a void has no ranks and the text "—".
    """
    if isinstance(hand, int):
        cards = sorted_cards(hand)
    else:
        cards = sorted((_card(c) for c in hand), key=lambda c: (c // 13, -(c % 13)))
    lines = []
    for s in range(4):
        ranks = [rank_label(c) for c in cards if c // 13 == s]
        lines.append(
            {
                "suit": "SHDC"[s],
                "symbol": SUIT_SYMBOLS[s],
                "colour": suit_colour(s),
                "ranks": ranks,
                "text": " ".join(ranks) if ranks else VOID,
            }
        )
    return lines


def hand_text(hand) -> str:
    """'♠ A K 10\\n♥ —\\n...' for a plain-text diagram."""
    return "\n".join(f"{line['symbol']} {line['text']}" for line in hand_lines(hand))
