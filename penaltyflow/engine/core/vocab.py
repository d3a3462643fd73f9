"""Every bridge word PenaltyFlow says, in one place: seats, suits, ranks, colours, options.

The engine, the hands app, the template filters and the table template all take
their words from here, so a seat or a suit is named the same way on every page.
Plain Python, no Django.
"""

from __future__ import annotations

# --- seats -------------------------------------------------------------------

SEATS = "NESW"
SEAT_NAMES = ("North", "East", "South", "West")
# Where each seat sits on the screen: North top, East right, South bottom, West left.
POSITIONS = ("north", "east", "south", "west")

# --- lists ------------------------------------------------------------------


def word_list(items: list[str], last: str = " and ") -> str:
    """['a', 'b', 'c'] -> 'a, b and c' (`last` joins the last two: " or ", ", or "); one item
    alone; none, ''."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


# --- suits and ranks ---------------------------------------------------------

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SINGULAR = ("spade", "heart", "diamond", "club")
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_COLOURS = ("black", "red", "red", "black")
RANKS = "23456789TJQKA"
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
# As diagrams write them: the ten is "10".
RANK_LABELS = tuple("10" if r == "T" else r for r in RANKS)


def seat_index(seat: int | str) -> int:
    """0..3 for an index or a letter N E S W (either case)."""
    return seat if isinstance(seat, int) else SEATS.index(seat.upper())


def seat_name(seat: int | str) -> str:
    """'North' for 0 or 'N'; anything else unchanged, as text."""
    if isinstance(seat, int):
        return SEAT_NAMES[seat]
    text = str(seat).upper()
    return SEAT_NAMES[SEATS.index(text)] if len(text) == 1 and text in SEATS else str(seat)


def suit_index(suit: int | str) -> int:
    """0..3 for an index, a letter S H D C (either case) or a symbol."""
    if isinstance(suit, int):
        return suit
    if suit in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(suit)
    return SUITS.index(suit.upper())


def suit_colour(suit: int | str) -> str:
    """'red' for hearts and diamonds, 'black' for spades and clubs."""
    return SUIT_COLOURS[suit_index(suit)]


def suit_words(suits: int | str, joiner: str = " or ") -> str:
    """Suit bits (bit s for suit s) or letters "SH" -> "spades or hearts"."""
    if isinstance(suits, int):
        return joiner.join(SUIT_NAMES[s] for s in range(4) if suits >> s & 1)
    return joiner.join(SUIT_NAMES[SUITS.index(s)] if s in SUITS else s for s in str(suits).upper())


def suit_word(suits: str, joiner: str = " or ") -> str:
    """Letters "SH" -> "spade or heart": a card of those suits."""
    return joiner.join(SUIT_SINGULAR[SUITS.index(s)] for s in suits.upper())


def card_words(name: str) -> str:
    """'SK' -> 'king of spades', 'HT' -> 'ten of hearts': for screen readers."""
    return f"{RANK_NAMES[RANKS.index(name[1])]} of {SUIT_NAMES[SUITS.index(name[0])]}"


def card_label(card: int | str) -> str:
    """'SK' (or 'sk', or the card's number 0..51, cards.py) -> '♠K', 'HT' -> '♥10'."""
    name = SUITS[card // 13] + RANKS[card % 13] if isinstance(card, int) else card.strip().upper()
    return SUIT_SYMBOLS[SUITS.index(name[0])] + RANK_LABELS[RANKS.index(name[1])]


# --- calls ------------------------------------------------------------------

# As players write them on a score sheet, and in full words for a screen reader.
CALL_LABELS = {"pass": "Pass", "X": "Dbl", "XX": "Rdbl"}
CALL_WORDS = {"pass": "Pass", "X": "Double", "XX": "Redouble"}
LEVEL_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NOTRUMP, NOTRUMP_WORD = "NT", "no trump"


def _bid_parts(call: str) -> tuple[str, str]:
    """'3NT' -> ('3', 'NT'); '1H' -> ('1', 'H')."""
    digits = len(call) - len(call.lstrip("0123456789"))
    return call[:digits], call[digits:]


def call_label(call: str) -> str:
    """'1H' -> '1♥', '3NT' -> '3NT', 'pass' -> 'Pass', 'X' -> 'Dbl', 'XX' -> 'Rdbl'."""
    if call in CALL_LABELS:
        return CALL_LABELS[call]
    level, strain = _bid_parts(call)
    return level + (SUIT_SYMBOLS[SUITS.index(strain)] if strain in SUITS else strain)


def call_spoken(call: str) -> str:
    """'1H' -> 'One heart', '2S' -> 'Two spades', '3NT' -> 'Three no trump', 'X' -> 'Double'."""
    if call in CALL_WORDS:
        return CALL_WORDS[call]
    level, strain = _bid_parts(call)
    n = int(level)
    count = LEVEL_WORDS[n - 1] if 1 <= n <= len(LEVEL_WORDS) else level
    if strain == NOTRUMP:
        word = NOTRUMP_WORD
    else:
        s = SUITS.index(strain)
        word = SUIT_SINGULAR[s] if n == 1 else SUIT_NAMES[s]
    return f"{count[0].upper()}{count[1:]} {word}"


# --- the options of a pending decision ---------------------------------------


# One option of a pending decision, as content and the JSON write it:
# {"decide": "require", "suit": "H", "law": "50D2(a)"} (a suit or a card where it has one).
Option = dict[str, str]


# Every option of a decision in general, before a suit or a card is named (a quiz offers
# them as choices, some not open as distractors): its name, the choice's words and the
# words of an explanation, in the order they are shown.
OPTION_WORDS: dict[str, tuple[str, str]] = {
    "accept": ("Accept it: the card stands", "accept"),
    "refuse": ("Refuse it", "refuse"),
    "spread": ("Spread his own hand and become dummy", "spread his hand and become dummy"),
    "require": ("Require a suit", "require a suit"),
    "forbid": ("Forbid a suit", "forbid a suit"),
    "no_restriction": ("Impose no restriction", "no restriction"),
    "designate": ("Designate which penalty card is played", "designate a penalty card"),
    "highest": ("Make partner play his highest card of the suit led", "highest of the suit led"),
    "lowest": ("Make partner play his lowest card of the suit led", "lowest of the suit led"),
}


def option_text(option: Option) -> str:
    """{"decide": "require", "suit": "H"} -> "require H": how content and the engine name it."""
    extra = option.get("suit") or option.get("card") or ""
    return f"{option['decide']} {extra}".strip()


def option_label(option: Option, situation: str, several_penalty_cards: bool = False) -> str:
    """A short learner-facing label for one option of a decision in `situation` (Pending)."""
    decide = option["decide"]
    suit = option.get("suit", "")
    if decide == "accept":
        if situation == "wrong_card":
            return "Accept the card played"
        if situation == "opening_lead":
            return "Accept the opening lead (dummy goes down)"
        return "Accept the lead out of turn"
    if decide == "refuse":
        if situation == "wrong_card":
            return "Refuse it: the penalty card is played instead"
        if situation == "declarer_lead":
            return "Have declarer's lead taken back"
        return "Refuse the lead: it is taken back"
    if decide == "spread":
        return "Spread his hand and become dummy"
    if decide == "no_restriction" and situation == "lead_ban":
        return "No lead restriction"
    if decide == "no_restriction":
        stays = "s stay" if several_penalty_cards else " stays"
        return f"No lead restriction (the penalty card{stays})"
    if decide == "designate":
        return f"Designate the {card_words(option['card'])}"
    if decide in ("highest", "lowest"):
        return f"Partner must play his {decide} card of the suit led"
    if situation == "premature":
        if decide == "require":
            return f"Partner must play a {suit_word(suit)}"
        return f"Partner may not play a {suit_word(suit)}"
    if decide == "require":
        return f"Require a {suit_word(suit)} lead"
    if decide == "forbid":
        if len(suit) > 1:
            return f"Forbid {suit_word(suit, ' and ')} leads"
        return f"Forbid a {suit_word(suit)} lead"
    return decide
