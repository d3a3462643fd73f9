"""Cards, seats and deals as small integers.

A card is an int 0..51: ``suit * 13 + rank`` with suits S H D C (0..3) and ranks
2..A (0..12). A hand is an int bitmask of its cards. This keeps the hot path (the
bench replays thousands of deals a second) to integer arithmetic, with no objects
created per card played.

A card as people read it (`rank_label`, `card_accessible_name`, and `vocab.card_label`)
takes an int or a name like "SK"/"st"; the words themselves live in `vocab.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import vocab
from .vocab import RANKS, SEAT_NAMES, SEATS, SUITS

N, E, S, W = 0, 1, 2, 3
NT = 4  # strain index for notrump
TEN = RANKS.index("T")  # Definitions, 2017: the honours are A K Q J 10

SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))
# Cards below honour rank (2..9) of every suit: Law 50B's "single card below honour rank".
LOW_MASK = sum(((1 << TEN) - 1) << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1

CARD_NAMES = tuple(SUITS[c // 13] + RANKS[c % 13] for c in range(52))
_CARD_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}
_CARD_BY_NAME.update(
    {name[0] + "10": c for name, c in list(_CARD_BY_NAME.items()) if name[1] == "T"}
)


class CardError(ValueError):
    """A card, seat, suit or deal that cannot be read."""


def is_honour(card: int) -> bool:
    """A K Q J and the ten are honours (Definitions; Law 50B)."""
    return card % 13 >= TEN


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def parse_card(text: object) -> int:
    """'SA', 'st', 'h10' -> card int. Case-insensitive."""
    if not isinstance(text, str):
        raise CardError(f"A card must be a string like 'SA', not {text!r}.")
    card = _CARD_BY_NAME.get(text.strip().upper())
    if card is None:
        raise CardError(f"{text!r} is not a card: write suit then rank, like 'SA' or 'HT'.")
    return card


def parse_seat(text: object) -> int:
    if isinstance(text, str) and len(text.strip()) == 1 and text.strip().upper() in SEATS:
        return SEATS.index(text.strip().upper())
    raise CardError(f"{text!r} is not a seat: use N, E, S or W.")


def parse_suits(text: object) -> int:
    """'S' or 'SH' -> bitmask of suit indexes (bit s set for suit s)."""
    if not isinstance(text, str) or not text.strip():
        raise CardError(f"{text!r} is not a suit: use S, H, D or C.")
    bits = 0
    for ch in text.strip().upper():
        if ch not in SUITS:
            raise CardError(f"{text!r} is not a suit: use S, H, D or C.")
        bits |= 1 << SUITS.index(ch)
    return bits


def suits_text(bits: int) -> str:
    return "".join(SUITS[s] for s in range(4) if bits >> s & 1)


def suits_mask(bits: int) -> int:
    """Suit bits -> card mask of all cards of those suits."""
    m = 0
    for s in range(4):
        if bits >> s & 1:
            m |= SUIT_MASK[s]
    return m


def cards_of(mask: int) -> list[int]:
    """Cards in a mask, lowest int first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sorted_cards(mask: int) -> list[int]:
    """Cards in display order: suits S H D C, ranks high to low (the highest bit of each
    suit first: no sort, as the engine lists hands after every card played)."""
    out = []
    for suit in range(0, 52, 13):
        bits = mask >> suit & 0x1FFF
        while bits:
            rank = bits.bit_length() - 1
            out.append(suit + rank)
            bits ^= 1 << rank
    return out


def trick_winner(cards: Sequence[tuple[int, int]], trump: int) -> int:
    """The seat that wins a trick of (seat, card) in the order played (Law 44E, 44F)."""
    best_seat, best = cards[0]
    for seat, c in cards:
        if c // 13 == best // 13:
            if c > best:
                best_seat, best = seat, c
        elif c // 13 == trump:
            best_seat, best = seat, c
    return best_seat


def partner(seat: int) -> int:
    return (seat + 2) & 3


# --- PBN deals -------------------------------------------------------------


def parse_pbn(text: object) -> tuple[int, int, int, int]:
    """A PBN deal "N:AKQ2.K32.Q87.J32 T9876..." -> four hand masks indexed N E S W.

    The first letter is the seat of the first hand; hands follow clockwise, each
    spades.hearts.diamonds.clubs. The deal must be complete: 13 cards a hand, 52
    different cards.
    """
    if not isinstance(text, str):
        raise CardError("The deal must be a PBN string like 'N:AKQ2.K32.Q87.J32 ...'.")
    text = text.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise CardError("The deal must start with a seat and a colon, like 'N:'.")
    first = SEATS.index(text[0].upper())
    hands_text = text[2:].split()
    if len(hands_text) != 4:
        raise CardError(f"The deal must have four hands; it has {len(hands_text)}.")
    hands = [0, 0, 0, 0]
    seen = 0
    for i, hand_text in enumerate(hands_text):
        seat = (first + i) & 3
        suits = hand_text.split(".")
        if len(suits) != 4:
            raise CardError(
                f"{SEAT_NAMES[seat]}'s hand {hand_text!r} must have four suits separated by dots."
            )
        mask = 0
        for s, holding in enumerate(suits):
            holding = holding.upper().replace("10", "T")
            for ch in holding:
                r = RANKS.find(ch)
                if r < 0:
                    raise CardError(f"{SEAT_NAMES[seat]}'s hand has {ch!r}, which is not a rank.")
                bit = 1 << (s * 13 + r)
                if seen & bit:
                    raise CardError(f"{CARD_NAMES[s * 13 + r]} appears twice in the deal.")
                seen |= bit
                mask |= bit
        count = mask.bit_count()
        if count != 13:
            raise CardError(f"{SEAT_NAMES[seat]} has {count} cards; every hand needs 13.")
        hands[seat] = mask
    return hands[0], hands[1], hands[2], hands[3]


def hand_pbn(mask: int) -> str:
    parts = []
    for s in range(4):
        parts.append("".join(RANKS[r] for r in range(12, -1, -1) if mask >> (s * 13 + r) & 1))
    return ".".join(parts)


def deal_pbn(hands: Sequence[int], first: int = N) -> str:
    return SEATS[first] + ":" + " ".join(hand_pbn(hands[(first + i) & 3]) for i in range(4))


def parse_contract(text: object) -> tuple[int, int]:
    """'4S', '3NT', '4SX', '6hxx' -> (level, strain) with strain 0..3 or NT.

    Doubling is accepted and ignored: it changes nothing in the play's irregularities.
    """
    if not isinstance(text, str):
        raise CardError("The contract must be a string like '4S' or '3NT'.")
    t = text.strip().upper()
    if t.endswith("XX"):
        t = t[:-2]
    elif t.endswith("X"):
        t = t[:-1]
    if len(t) < 2 or t[0] not in "1234567":
        raise CardError(f"{text!r} is not a contract: a level 1 to 7 then S, H, D, C or NT.")
    strain_text = t[1:]
    if strain_text in ("NT", "N"):
        return int(t[0]), NT
    if len(strain_text) == 1 and strain_text in SUITS:
        return int(t[0]), SUITS.index(strain_text)
    raise CardError(f"{text!r} is not a contract: a level 1 to 7 then S, H, D, C or NT.")


# --- a card as people read it ---------------------------------------------------


def _name(card: int | str) -> str:
    return CARD_NAMES[card if isinstance(card, int) else parse_card(card)]


def rank_label(card: int | str) -> str:
    """'A', 'K', ..., '10', ... '2': the ten is written 10 in diagrams."""
    return vocab.RANK_LABELS[RANKS.index(_name(card)[1])]


def card_accessible_name(card: int | str) -> str:
    """'king of spades', 'ten of hearts': for screen readers (aria-label)."""
    return vocab.card_words(_name(card))
