"""The one place the classroom asks the hands app for a bridge table.

Every item with a hand (a chart step's example, a question's deal) is drawn
from the plain data `build_table` returns, by classroom/_table.html: the four
hands, the trick, the penalty cards face up. When the hands app changes how it
builds a table, only this module changes.
"""

from dataclasses import dataclass, field

from penaltyflow.hands import tableview


@dataclass
class Card:
    label: str  # "♠K"
    colour: str  # "red" / "black"
    spoken: str  # "king of spades"
    kind: str = ""  # "major" / "minor" for a penalty card


@dataclass
class Suit:
    symbol: str
    colour: str
    word: str
    ranks: list[str]


@dataclass
class Seat:
    name: str  # "West"
    position: str  # "west"
    role: str  # "declarer", "dummy", "defender"
    visible: bool
    to_play: bool
    count: int
    suits: list[Suit] = field(default_factory=list)
    penalty: list[Card] = field(default_factory=list)
    played: Card | None = None


@dataclass
class Table:
    contract: str  # "4S"
    declarer: str  # "South"
    tricks_ns: int
    tricks_ew: int
    trick_caption: str
    seats: list[Seat]  # North, West, East, South: the order the grid places them


def _card(c, kind: str = "") -> Card:
    return Card(c.label, c.colour, c.spoken, kind or getattr(c, "kind", ""))


def build_table(scenario: dict, story: str = "") -> Table:
    """The table at the end of the scenario's events, all four hands shown."""
    t = tableview.build_table(scenario, story=story)
    seats = [
        Seat(
            name=s.name,
            position=s.position,
            role=s.role,
            visible=s.visible,
            to_play=s.to_play,
            count=s.count,
            suits=[Suit(u.symbol, u.colour, u.word, [c.rank for c in u.cards]) for u in s.suits],
            penalty=[_card(c) for c in s.penalty],
            played=_card(s.played) if s.played else None,
        )
        for s in t.seats
    ]
    return Table(
        contract=t.contract,
        declarer=t.declarer,
        tricks_ns=t.tricks_ns,
        tricks_ew=t.tricks_ew,
        trick_caption=t.trick_caption,
        seats=seats,
    )
