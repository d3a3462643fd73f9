"""An example at one moment, as the step page draws it: four hands, the trick, the penalty cards.

The learner moves through the example's events (`event`), may look at all four
hands or at what one player sees (`view`), may try a card (`try`) and may apply
any of declarer's options (`option`). Each is a query parameter, checked here:
anything the example cannot have is a BadRequest (400), never a traceback.
"""

import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.core.exceptions import BadRequest

from penaltyflow.engine.cards import CARD_NAMES, SEAT_NAMES, SEATS, CardError, parse_card
from penaltyflow.engine.render import card_accessible_name, rank_label, suit_colour
from penaltyflow.engine.scenario import ScenarioError, apply_event, replay
from penaltyflow.engine.table import EngineError, Table

from .analysis import option_label
from .examples import option_text
from .export import bbo_handviewer_url
from .models import Example

SUIT_SYMBOLS = dict(zip("SHDC", "♠♥♦♣", strict=True))
SUIT_WORDS = dict(zip("SHDC", ("spades", "hearts", "diamonds", "clubs"), strict=True))
# Where each seat sits on the screen: North top, West left, East right, South bottom.
POSITIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def link(base_url: str, params: dict, **changes) -> str:
    """The step's URL with `params` and `changes`; empty ones are left out."""
    query = urlencode({k: v for k, v in {**params, **changes}.items() if v not in (None, "")})
    return f"{base_url}?{query}" if query else base_url


@dataclass
class CardView:
    name: str  # "SK"
    label: str  # "♠K" (rank "10" for the ten)
    rank: str
    suit: str
    colour: str
    spoken: str  # "king of spades"
    url: str = ""  # to try this card, when it may be clicked
    legal: bool = False
    kind: str = ""  # "major" / "minor" for a penalty card


def card_view(name: str, **extra) -> CardView:
    c = parse_card(name)
    suit = CARD_NAMES[c][0]
    return CardView(
        name=CARD_NAMES[c],
        label=SUIT_SYMBOLS[suit] + rank_label(c),
        rank=rank_label(c),
        suit=suit,
        colour=suit_colour(suit),
        spoken=card_accessible_name(c),
        **extra,
    )


@dataclass
class SeatView:
    seat: str
    name: str
    position: str
    role: str  # "declarer", "dummy" or "defender"
    visible: bool
    suits: list[tuple[str, str, str, list[CardView]]] = field(default_factory=list)
    penalty: list[CardView] = field(default_factory=list)
    played: CardView | None = None  # his card in the trick in progress
    to_play: bool = False
    count: int = 0


@dataclass
class OptionView:
    text: str
    law: str
    url: str
    chosen: bool
    tricks: int | None
    result: str  # "made exactly", "one down"


@dataclass
class TableView:
    example: Example
    table: Table
    state: dict
    event: int
    events: list[dict]
    event_texts: list[str]
    view: str
    seats: dict[str, SeatView]
    options: list[OptionView]
    option: int | None
    tried: CardView | None
    try_ok: bool | None
    try_reason: str
    notes: list[str]
    base_url: str
    params: dict

    def url(self, **changes) -> str:
        return link(self.base_url, self.params, **changes)

    @property
    def previous_url(self) -> str | None:
        return self.url(event=self.event - 1, option=None, **{"try": None}) if self.event else None

    @property
    def next_url(self) -> str | None:
        if self.event >= len(self.events):
            return None
        return self.url(event=self.event + 1, option=None, **{"try": None})

    @property
    def start_url(self) -> str:
        return self.url(event=0, option=None, **{"try": None})

    @property
    def moment_url(self) -> str:
        return self.url(event=None, option=None, **{"try": None})

    @property
    def at_moment(self) -> bool:
        return self.event == len(self.events) and self.option is None and self.tried is None

    @property
    def view_urls(self) -> list[tuple[str, str, bool]]:
        choices = [("all", "All four hands")] + [
            (s, f"What {SEAT_NAMES[SEATS.index(s)]} sees") for s in SEATS
        ]
        return [
            (label, self.url(view=None if v == "all" else v), self.view == v)
            for v, label in choices
        ]

    @property
    def current_event_text(self) -> str:
        return (
            self.event_texts[self.event - 1] if self.event else "The deal, before the opening lead."
        )

    @property
    def pbn_url(self) -> str:
        return link(self.base_url + "hand.pbn", {k: self.params.get(k) for k in ("came", "path")})

    @property
    def bbo_url(self) -> str:
        return bbo_handviewer_url(self.example.scenario)

    @property
    def trick_caption(self) -> str:
        if not self.state["current_trick"] and self.state["tricks"]:
            last = self.state["tricks"][-1]
            winner = SEAT_NAMES[SEATS.index(last["winner"])]
            return f"Trick {len(self.state['tricks'])} won by {winner}"
        return f"Trick {self.state['trick']}"

    @property
    def showing_last_trick(self) -> bool:
        return not self.state["current_trick"] and bool(self.state["tricks"])

    @property
    def grid(self) -> list[SeatView]:
        return [self.seats[s] for s in "NWES"]


def describe_event(event: dict, table: Table) -> str:
    """Words for one event, said of the table just before it."""
    seat_to_play = SEATS[table.to_play] if table.to_play is not None else None
    if "play" in event:
        seat = str(event.get("seat") or seat_to_play or "?").upper()
        who = SEAT_NAMES[SEATS.index(seat)] if seat in SEATS else seat
        return f"{who} plays {card_view(str(event['play'])).label}."
    if "expose" in event:
        seat = str(event.get("seat", "?")).upper()
        who = SEAT_NAMES[SEATS.index(seat)] if seat in SEATS else seat
        how = "deliberately" if event.get("deliberate") else "by accident"
        return f"{who} exposes {card_view(str(event['expose'])).label} {how}."
    option = {k: v for k, v in event.items() if k in ("decide", "suit", "card")}
    return f"Decision: {option_label(option, table)}."


def _int(value: str | None, lowest: int, highest: int, name: str) -> int | None:
    if value in (None, ""):
        return None
    # ASCII digits only: str.isdigit() also takes "²", which int() refuses.
    if not re.fullmatch(r"[0-9]{1,4}", value) or not lowest <= int(value) <= highest:
        raise BadRequest(f"'{name}' is out of range.")
    return int(value)


def build(example: Example, query, base_url: str, keep: dict) -> TableView:
    """The table for the request's `event`, `view`, `option` and `try` (all optional)."""
    events = example.scenario.get("events", [])
    event = _int(query.get("event"), 0, len(events), "event")
    event = len(events) if event is None else event
    view = (query.get("view") or "all").upper()
    if view != "ALL" and view not in SEATS:
        raise BadRequest("'view' is a seat or all.")
    view = view.lower() if view == "ALL" else view
    try:
        table = replay(example.scenario, upto=event)
    except ScenarioError as exc:  # the loader replayed it; only a changed engine gets here
        raise BadRequest(f"This example no longer replays: {exc.message}") from None
    # Words for every event, and the seat whose turn each play was.
    texts, walker = [], replay(example.scenario, upto=0)
    for item in events:
        texts.append(describe_event(item, walker))
        apply_event(walker, item)

    params = {
        **keep,
        "event": event if event != len(events) else None,
        "view": None if view == "all" else view,
    }
    analysis = example.analysis.get(str(event), []) if isinstance(example.analysis, dict) else []
    pending = table.to_json()["pending"]
    options = []
    option = None
    if pending:
        option = _int(query.get("option"), 0, len(pending["options"]) - 1, "option")
        for i, opt in enumerate(pending["options"]):
            found = next(
                (a for a in analysis if option_text(a.get("option", {})) == option_text(opt)), {}
            )
            url = link(base_url, params, event=event, option=i)
            options.append(
                OptionView(
                    option_label(opt, table),
                    opt.get("law", ""),
                    url,
                    option == i,
                    found.get("declarer_tricks"),
                    found.get("result", ""),
                )
            )
        if option is not None:
            chosen = {k: v for k, v in pending["options"][option].items() if k != "law"}
            apply_event(table, chosen)
    elif query.get("option"):
        raise BadRequest("There is no decision to make at this moment.")

    tried, try_ok, try_reason = None, None, ""
    if query.get("try"):
        if table.to_play is None:
            raise BadRequest("Nobody is to play at this moment.")
        try:
            card = parse_card(query["try"])
        except CardError:
            raise BadRequest("'try' is not a card.") from None
        if not table.hands[table.to_play] >> card & 1:
            raise BadRequest("That card is not in the hand to play.")
        try_ok, try_reason = table.check_play(table.to_play, card)
        tried = card_view(CARD_NAMES[card])
        if try_ok:
            table.play(table.to_play, card)

    state = table.to_json()
    params["option"] = option
    notes = state["notes"]
    seats = _seats(table, state, view, params, base_url, tried is not None and not try_ok)
    return TableView(
        example,
        table,
        state,
        event,
        events,
        texts,
        view,
        seats,
        options,
        option,
        tried,
        try_ok,
        try_reason,
        notes,
        base_url,
        params,
    )


def _seats(
    table: Table, state: dict, view: str, params: dict, base_url: str, show_legal: bool
) -> dict[str, SeatView]:
    declarer, dummy = state["declarer"], state["dummy"]
    opening_lead_made = bool(state["tricks"] or state["current_trick"])
    legal = set(state["legal"])
    penalties: dict[str, list[CardView]] = {s: [] for s in SEATS}
    for p in state["penalty_cards"]:
        penalties[p["seat"]].append(card_view(p["card"], kind=p["kind"]))
    cards_shown = state["current_trick"]
    if not cards_shown and state["tricks"]:  # between tricks: the one just won stays in view
        cards_shown = state["tricks"][-1]["cards"]
    in_trick = {p["seat"]: card_view(p["card"]) for p in cards_shown}
    to_play = state["to_play"]
    seats = {}
    for seat in SEATS:
        role = "declarer" if seat == declarer else "dummy" if seat == dummy else "defender"
        visible = view == "all" or seat == view or (seat == dummy and opening_lead_made)
        penalty_names = {c.name for c in penalties[seat]}
        cards = [n for n in state["hands"][seat] if n not in penalty_names]
        clickable = seat == to_play and visible
        suits = []
        for suit in "SHDC":
            views = []
            for name in cards:
                if name[0] != suit:
                    continue
                extra = {"legal": name in legal and show_legal}
                if clickable:
                    extra["url"] = link(base_url, params, **{"try": name})
                views.append(card_view(name, **extra))
            suits.append((suit, SUIT_SYMBOLS[suit], SUIT_WORDS[suit], views))
        for p in penalties[seat]:
            if clickable:
                p.url = link(base_url, params, **{"try": p.name})
            p.legal = p.name in legal and show_legal
        seats[seat] = SeatView(
            seat=seat,
            name=SEAT_NAMES[SEATS.index(seat)],
            position=POSITIONS[seat],
            role=role,
            visible=visible,
            suits=suits,
            penalty=penalties[seat],
            played=in_trick.get(seat),
            to_play=seat == to_play,
            count=len(state["hands"][seat]),
        )
    return seats


__all__ = ["TableView", "build", "EngineError"]
