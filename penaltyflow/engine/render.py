"""Cards as people read them: suit symbols, "10" for the ten, accessible names, colours.

Every function takes a card as an int (see cards.py) or a name like "SK"/"st".
The words themselves live in `vocab.py`.
"""

from __future__ import annotations

from . import vocab
from .cards import CARD_NAMES, parse_card


def _name(card: int | str) -> str:
    return CARD_NAMES[card if isinstance(card, int) else parse_card(card)]


def rank_label(card: int | str) -> str:
    """'A', 'K', ..., '10', ... '2': the ten is written 10 in diagrams."""
    return vocab.RANK_LABELS[vocab.RANKS.index(_name(card)[1])]


def card_label(card: int | str) -> str:
    """'♠K', '♥10'."""
    return vocab.card_label(_name(card))


def card_accessible_name(card: int | str) -> str:
    """'king of spades', 'ten of hearts': for screen readers (aria-label)."""
    return vocab.card_words(_name(card))


def suit_colour(suit: int | str) -> str:
    """'red' for hearts and diamonds, 'black' for spades and clubs."""
    return vocab.suit_colour(suit)
