"""A bridge table any page can show: a scenario at one moment, as plain data.

`build_table(scenario, event=..., view=..., option=..., try_card=...)` replays the
scenario once, recording the words for each event on the way, and returns a
`TableData` that `hands/table.html` draws. It makes no links: the template makes
them with `{% querystring %}`, so the page's own query parameters (a step's
`path`, a quiz's question) are kept.

The query parameters the table reads are declared once, in `TableQuery`; a page
that shows a table reads them through that form (or a form that extends it), so
a malformed value is a 400 and the page cache knows every parameter that changes
the page. What only the scenario can say (an event past its end, an option that
is not pending, a card not in the hand to play) is a `BadRequest` (400) too.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.core.exceptions import BadRequest

from penaltyflow.engine import Board, CardError, ScenarioError, Table, parse_card
from penaltyflow.engine.auction import CallError, parse_call
from penaltyflow.engine.auction import text as auction_text
from penaltyflow.engine.core import vocab
from penaltyflow.engine.core.cards import (
    CARD_NAMES,
    SEATS,
    card_accessible_name,
    rank_label,
)
from penaltyflow.engine.core.vocab import (
    call_label,
    card_label,
    option_text,
    seat_name,
    suit_colour,
)
from penaltyflow.engine.play import revoke
from penaltyflow.engine.play.words.text import option_facts
from penaltyflow.engine.scenario import apply_board_event, new_board

from .auctionview import AuctionView, auction_view, hide_ruling
from .endofplay import EndOfPlay, end_of_play
from .export import bbo_handviewer_url

__all__ = ["TableData", "TableQuery", "before_ruling", "build_table", "table_from_query"]


class TableQuery(forms.Form):
    """The query parameters of a table: `event`, `view`, `option` and `try`."""

    # ASCII digits only, at most 4: "²" or a 5000-digit number is a 400, not a traceback.
    event = forms.RegexField(r"^[0-9]{1,4}$", required=False)
    view = forms.ChoiceField(
        choices=[("all", "all"), *[(s, s) for s in SEATS], *[(s.lower(), s) for s in SEATS]],
        required=False,
    )
    # The options applied one after the other: "1" refuses the lead, "1.0" then requires a suit.
    option = forms.RegexField(r"^[0-9]{1,2}(\.[0-9]{1,2}){0,7}$", required=False)


# "try" is a Python keyword, so it is declared after the class body.
TableQuery.base_fields["try"] = TableQuery.declared_fields["try"] = forms.CharField(
    required=False, max_length=3
)


@dataclass
class CardView:
    name: str  # "SK"
    label: str  # "♠K" (rank "10" for the ten)
    rank: str
    suit: str
    colour: str
    spoken: str  # "king of spades"
    clickable: bool = False  # may be tried (his hand is the one to play, and in view)
    legal: bool = False  # marked as a legal card (after a refused try)
    major_or_minor: str = ""  # for a penalty card


def card_view(name: str, **extra: Any) -> CardView:
    c = parse_card(name)
    return CardView(
        name=CARD_NAMES[c],
        label=card_label(c),
        rank=rank_label(c),
        suit=CARD_NAMES[c][0],
        colour=suit_colour(c // 13),
        spoken=card_accessible_name(c),
        **extra,
    )


@dataclass
class SuitView:
    suit: str  # "S"
    symbol: str  # "♠"
    word: str  # "spades"
    colour: str  # "black"
    cards: list[CardView]


@dataclass
class SeatView:
    seat: str
    name: str
    position: str
    role: str  # "declarer", "dummy" or "defender"
    visible: bool
    suits: list[SuitView] = field(default_factory=list)
    penalty: list[CardView] = field(default_factory=list)
    played: CardView | None = None  # his card in the trick in progress
    to_play: bool = False
    count: int = 0
    face_up: list[CardView] = field(default_factory=list)  # exposed during the auction (Law 24)
    to_call: bool = False  # during the auction: his turn to call


@dataclass
class OptionView:
    index: int  # its place in the decision's list
    value: str  # the value of `option` that applies it, after the options chosen before it
    text: str
    law: str
    chosen: bool
    tricks: int | None
    result: str  # "made exactly", "one down"


@dataclass
class ViewChoice:
    value: str | None  # the value of `view`; None for all four hands
    label: str
    active: bool


@dataclass
class Restriction:
    seat: str  # "West"
    suits: str  # "spades or hearts"
    mode: str  # "required", "forbidden", "highest", "lowest"


@dataclass
class TableData:
    """Everything `hands/table.html` shows, as plain data."""

    event: int  # events applied (0: the deal before the opening lead)
    events: int  # how many events the scenario has
    event_text: str  # what the last applied event was, in words
    event_texts: list[str]  # words for every event of the scenario
    view: str  # "all" or a seat letter
    views: list[ViewChoice]
    seats: list[SeatView]  # in grid order: North, West, East, South
    trick_caption: str
    showing_last_trick: bool
    contract: str  # "4S"
    declarer: str  # "South"
    tricks_ns: int
    tricks_ew: int
    to_play: str  # "West", "" when nobody is to play
    decision_due: bool
    finished: bool
    lead_restriction: Restriction | None
    play_restriction: Restriction | None
    decider: str  # "Declarer's" decision is shown by the seat name: "South"
    decision_law: str  # "50D2"
    options: list[OptionView]
    option: str | None  # the options applied, as `option` says them ("1.0")
    chosen_before: list[str]  # options applied before the decision now shown, in words
    has_tricks: bool  # the options carry double-dummy figures
    tried: CardView | None
    try_ok: bool | None
    try_reason: str
    notes: list[str]
    bbo_url: str
    story: str = ""
    ruled: bool = True  # False: the moment before a ruling, no card's status shown
    end_of_play: EndOfPlay | None = None  # play is over after a revoke (endofplay.py)
    auction: AuctionView | None = None  # the scenario starts at the first call
    in_auction: bool = False  # no contract yet: no declarer, no trick, nobody to play
    # The play's state after the whole scenario (`replay(scenario).to_json()`), when this
    # table shows it (every event, no option, no card tried, the auction over); else None.
    final_state: dict | None = field(default=None, repr=False, compare=False)

    @property
    def chosen_text(self) -> str:
        """The options applied, in words: what the status line says after an option."""
        chosen = [o.text for o in self.options if o.chosen]
        return "; ".join(self.chosen_before + chosen)

    @property
    def status(self) -> str:
        """What the table shows now, in a sentence a screen reader says after a swap."""
        if self.tried:
            return f"{self.tried.label} {'may' if self.try_ok else 'may not'} be played."
        if self.option is not None:
            return self.chosen_text
        if self.event:
            return f"{self.event} of {self.events}: {self.event_text}"
        return f"Start: {self.event_text}"

    @property
    def after_legal_try(self) -> bool:
        return bool(self.tried) and bool(self.try_ok)

    @property
    def previous_event(self) -> int | None:
        return self.event - 1 if self.event else None

    @property
    def next_event(self) -> int | None:
        return self.event + 1 if self.event < self.events else None

    @property
    def at_moment(self) -> bool:
        """At the scenario's last event, nothing tried or applied: what the page is about."""
        return self.event == self.events and self.option is None and self.tried is None


def before_ruling(table: TableData, exposed: tuple[str, str] | None = None) -> TableData:
    """The same table at the moment before a ruling: what a question asks about, unanswered.

    Every card face up on the table stays where it lies, with no status (no "major" or
    "minor"), and nothing the law says about the position is shown. `exposed` (a seat
    and a card, "W", "C2") is the card the question is about: where the ruling put it
    back in its hand, it is shown face up before its owner, as it lay.
    """
    # A copy of what changes (the hands, the auction); the rest is shared, as it stays.
    open_table = replace(
        table,
        ruled=False,
        notes=[],
        seats=copy.deepcopy(table.seats),
        auction=hide_ruling(table.auction) if table.auction is not None else None,
    )
    for seat in open_table.seats:
        for card in seat.penalty:
            card.major_or_minor = ""
    if exposed is not None:
        who, name = exposed
        seat = next(s for s in open_table.seats if s.seat == who)
        face_up = [c.name for c in seat.penalty] + ([seat.played.name] if seat.played else [])
        for suit in seat.suits:
            held = [c for c in suit.cards if c.name == name]
            if held and name not in face_up:
                suit.cards.remove(held[0])
                seat.penalty.append(card_view(name, clickable=held[0].clickable))
    return open_table


CALL_VERBS = {"pass": "passes", "X": "doubles", "XX": "redoubles"}


def describe_call(event: dict, board: Board) -> str:
    """Words for a call or a change of call (the auction), said before it is made."""
    a = board.auction
    turn = SEATS[a.turn] if a is not None and a.turn is not None else "?"
    who = seat_name(str(event.get("seat") or turn).upper())
    try:
        call = parse_call(event.get("call", event.get("change")))
    except CallError:
        call = str(event.get("call", event.get("change")))
    said = CALL_VERBS.get(call) or f"bids {call_label(call)}"
    if "change" in event:
        return f"{who}'s last call was unintended: he changes it and {said} (Law 25A)."
    judged = [w for w in ("comparable", "artificial") if event.get(w)]
    more = f" (the Director judges it {' and '.join(judged)})" if judged else ""
    where = ""
    if a is not None:
        caller = SEATS.index(str(event.get("seat") or turn).upper()) if who != "?" else -1
        if a.pending is not None and a.pending.decider == caller:
            where = " over it"  # the next player calls over an irregular call
        elif a.pending is not None and a.pending.offender == caller:
            where = " in its place, before any ruling"  # 27C
        elif a.replacing is not None and a.replacing.seat == caller:
            where = " in its place"
    return f"{who} {said}{where}{more}."


def describe_event(event: dict, board: Board) -> str:
    """Words for one event, said of the deal just before it."""
    a = board.auction
    if "call" in event or "change" in event:
        return describe_call(event, board)
    if a is not None and not a.over and "expose" in event:
        seat = str(event.get("seat", "?")).upper()
        how = "leads it prematurely" if event.get("led") else "exposes it"
        label = card_view(str(event["expose"])).label
        return f"During the auction {seat_name(seat)} {how}: {label} (Law 24)."
    if a is not None and a.pending is not None and "decide" in event:
        option = {"decide": str(event["decide"]).strip().lower()}
        return f"Decision: {auction_text.option_label(a, option)}."
    table = board.table
    assert table is not None  # the play's events come once the auction is over
    return describe_play_event(event, table)


def describe_play_event(event: dict, table: Table) -> str:
    """Words for one event of the play, said of the table just before it."""
    seat_to_play = SEATS[table.to_play] if table.to_play is not None else None
    if "play" in event:
        seat = str(event.get("seat") or seat_to_play or "?").upper()
        who = seat_name(seat)
        played = event["play"]
        if isinstance(played, list):
            cards = " and ".join(card_view(str(c)).label for c in played)
            meant = card_view(str(event.get("meant"))).label
            return f"{who} plays {cards} at once and names {meant} as the card he meant."
        if event.get("misinformed"):
            return (
                f"{who} leads {card_view(str(played)).label}, told wrongly by the other side "
                "that it was his lead."
            )
        if event.get("revoke"):
            return f"{who} plays {card_view(str(played)).label}: a revoke."
        if event.get("defective"):
            return (
                f"{who} had played no card to this trick: the Director places "
                f"{card_view(str(played)).label} among his played cards (Law 67B1)."
            )
        return f"{who} plays {card_view(str(played)).label}."
    if "correct" in event:
        return revoke.describe_correction(table, event)
    if "expose" in event:
        seat = str(event.get("seat", "?")).upper()
        how = "deliberately" if event.get("deliberate") else "by accident"
        return f"{seat_name(seat)} exposes {card_view(str(event['expose'])).label} {how}."
    option = {k: v for k, v in event.items() if k in ("decide", "suit", "card")}
    return f"Decision: {vocab.option_label(option, *option_facts(table))}."


def build_table(
    scenario: dict,
    *,
    event: int | None = None,
    view: str = "all",
    option: int | str | None = None,
    try_card: str | None = None,
    analysis: dict | None = None,
    story: str = "",
) -> TableData:
    """The table after the scenario's first `event` events (default: all of them).

    `view`: "all" or a seat letter (what that player sees). `option`: apply the
    pending decision's option of that index. `try_card`: would the player to play
    be allowed this card? `analysis`: double-dummy figures per event, as the
    loader stores them on an example ({"3": [{"option": ..., "declarer_tricks":
    ..., "result": ...}]}). Raises `BadRequest` for what the scenario cannot have.
    """
    events = scenario.get("events", [])
    if event is None:
        event = len(events)
    if not 0 <= event <= len(events):
        raise BadRequest("'event' is out of range.")
    view = "all" if view in (None, "", "all", "ALL") else str(view).upper()
    if view != "all" and view not in SEATS:
        raise BadRequest("'view' is a seat or all.")
    # One replay: the words for every event are said of the deal just before it, and
    # the deal is kept as it stands after `event` events (the auction's, then the play's).
    try:
        walker = new_board(scenario)
        board = copy.deepcopy(walker) if event == 0 and events else walker
        texts = []
        for i, item in enumerate(events, start=1):
            texts.append(describe_event(item, walker))
            apply_board_event(walker, i - 1, item)
            if i == event:
                board = walker if i == len(events) else copy.deepcopy(walker)
    except (ScenarioError, ValueError) as exc:  # checked on load; only a changed engine gets here
        message = getattr(exc, "message", str(exc))
        raise BadRequest(f"This example no longer replays: {message}") from None
    chain = _option_chain(option)
    rows = (analysis or {}).get(str(event), [])
    options: list[OptionView] = []
    decider, decision_law, chosen_before = "", "", []
    if chain and _pending(board) is None:
        raise BadRequest("There is no decision to make at this moment.")
    # Each option chosen is applied in turn; the list shown is the decision that follows
    # the last one (after "Refuse the lead", declarer's Law 50D2 choice), or, when none
    # follows, the last decision with its option marked.
    for depth, index in enumerate(chain):
        pending = _pending(board)
        if pending is None or not 0 <= index < len(pending.options):
            raise BadRequest("'option' is out of range.")
        chosen_before += [o.text for o in options if o.chosen]
        options = _option_views(board, chain[:depth], index, rows if depth == 0 else [])
        decider, decision_law = seat_name(pending.decider), pending.law
        choice = {k: v for k, v in pending.options[index].items() if k != "law"}
        try:
            apply_board_event(board, len(events) + depth, choice)
        except ValueError as exc:  # an option the engine offers and then refuses: its words
            raise BadRequest(str(exc)) from None
    pending = _pending(board)
    if pending is not None:
        chosen_before += [o.text for o in options if o.chosen]
        options = _option_views(board, chain, None, [] if chain else rows)
        decider, decision_law = seat_name(pending.decider), pending.law

    table = board.table
    tried, try_ok, try_reason = None, None, ""
    if try_card:
        if table is None or table.to_play is None or _auction_pending(board):
            raise BadRequest("Nobody is to play at this moment.")
        try:
            card = parse_card(try_card)
        except CardError:
            raise BadRequest("'try' is not a card.") from None
        if not table.hands[table.to_play] >> card & 1:
            raise BadRequest("That card is not in the hand to play.")
        try_ok, try_reason = table.check_play(table.to_play, card)
        tried = card_view(CARD_NAMES[card])
        if try_ok:
            table.play(table.to_play, card)
            board.auction_last = False  # the notes are the play's now

    state = board.to_json()
    in_auction = table is None
    lr, pr = state["lead_restriction"], state["play_restriction"]
    showing_last = not state["current_trick"] and bool(state["tricks"])
    if showing_last:
        caption = f"Trick {len(state['tricks'])} won by {seat_name(state['tricks'][-1]['winner'])}"
    else:
        caption = f"Trick {state['trick']}"
    auction = auction_view(board.auction) if board.auction is not None else None
    start_text = f"The deal, before the {'first call' if auction else 'opening lead'}."
    return TableData(
        event=event,
        events=len(events),
        event_text=texts[event - 1] if event else start_text,
        event_texts=texts,
        view=view,
        views=[ViewChoice(None, "All four hands", view == "all")]
        + [ViewChoice(s, f"What {seat_name(s)} sees", view == s) for s in SEATS],
        # After a card allowed and played, the table is a "what if": no card is offered to try
        # on top of it (its links would carry the state before the try).
        seats=_seats(state, view, tried is not None and not try_ok, not (tried and try_ok)),
        trick_caption="" if in_auction else caption,
        showing_last_trick=showing_last,
        contract=state["contract"] or "",
        declarer=seat_name(state["declarer"]) if state["declarer"] else "",
        tricks_ns=state["tricks_won"]["NS"],
        tricks_ew=state["tricks_won"]["EW"],
        to_play=seat_name(state["to_play"]) if state["to_play"] else "",
        decision_due=state["pending"] is not None,
        finished=state["finished"],
        lead_restriction=lr
        and Restriction(seat_name(lr["seat"]), vocab.suit_words(lr["suits"]), lr["mode"]),
        play_restriction=pr
        and Restriction(seat_name(pr["seat"]), vocab.suit_words(pr.get("suits", "")), pr["mode"]),
        decider=decider,
        decision_law=decision_law,
        options=options,
        option=".".join(map(str, chain)) if chain else None,
        chosen_before=chosen_before,
        has_tricks=bool(options) and options[0].tricks is not None,
        tried=tried,
        try_ok=try_ok,
        try_reason=try_reason,
        notes=state["notes"],
        bbo_url=bbo_handviewer_url(scenario),
        story=story,
        end_of_play=end_of_play(table, analysis) if table is not None else None,
        auction=auction,
        in_auction=in_auction,
        final_state=(
            table.to_json()
            if table is not None and event == len(events) and not chain and not try_card
            else None
        ),
    )


def table_from_query(scenario: dict[str, Any], data: Mapping[str, Any], **extra: Any) -> TableData:
    """`build_table` for a page's query parameters (a QueryDict): 400 if they are malformed."""
    query = TableQuery(data)
    if not query.is_valid():
        raise BadRequest("; ".join(f"'{k}' is malformed." for k in query.errors))
    clean = query.cleaned_data
    return build_table(
        scenario,
        event=int(clean["event"]) if clean["event"] else None,
        view=clean["view"] or "all",
        option=clean["option"] or None,
        try_card=clean["try"] or None,
        **extra,
    )


def _option_chain(option: int | str | None) -> list[int]:
    """`option` as the list of options applied: 1, "1" or "1.0"."""
    if option is None or option == "":
        return []
    if isinstance(option, int):
        return [option]
    return [int(part) for part in str(option).split(".")]


def _auction_pending(board: Board) -> bool:
    return board.auction is not None and board.auction.pending is not None


def _pending(board: Board) -> Any:
    """The decision due now: the auction's (a call awaiting its ruling) or the play's."""
    if board.auction is not None and board.auction.pending is not None:
        return board.auction.pending
    return board.table.pending if board.table is not None else None


def _option_views(
    board: Board, before: list[int], chosen: int | None, rows: list
) -> list[OptionView]:
    """The pending decision's options, each with the `option` value that applies it."""
    found_by_text = {option_text(a.get("option", {})): a for a in rows if isinstance(a, dict)}
    views = []
    pending = _pending(board)
    assert pending is not None  # only asked while a decision is pending
    for i, opt in enumerate(pending.options):
        found = found_by_text.get(option_text(opt), {})
        if _auction_pending(board):
            assert board.auction is not None
            label = auction_text.option_label(board.auction, opt)
        else:
            assert board.table is not None
            label = vocab.option_label(opt, *option_facts(board.table))
        views.append(
            OptionView(
                i,
                ".".join(map(str, [*before, i])),
                label,
                opt.get("law", ""),
                chosen == i,
                found.get("declarer_tricks"),
                found.get("result", ""),
            )
        )
    return views


def _seats(state: dict, view: str, show_legal: bool, may_try: bool = True) -> list[SeatView]:
    declarer, dummy = state["declarer"], state["dummy"]
    opening_lead_made = bool(state["tricks"] or state["current_trick"])
    legal = set(state["legal"])
    to_play = state["to_play"]
    penalties: dict[str, list[CardView]] = {s: [] for s in SEATS}
    for p in state["penalty_cards"]:
        penalties[p["seat"]].append(card_view(p["card"], major_or_minor=p["kind"]))
    cards_shown = state["current_trick"]
    if not cards_shown and state["tricks"]:  # between tricks: the one just won stays in view
        cards_shown = state["tricks"][-1]["cards"]
    in_trick = {p["seat"]: card_view(p["card"]) for p in cards_shown}
    auction = state.get("auction") or {}
    face_up: dict[str, list[CardView]] = {s: [] for s in SEATS}
    for e in auction.get("exposed", []):  # Law 24: face up until the auction ends
        face_up[e["seat"]].append(card_view(e["card"]))
    seats = {}
    for seat in SEATS:
        role = "declarer" if seat == declarer else "dummy" if seat == dummy else "defender"
        if declarer is None:  # the auction: nobody has a role yet
            role = ""
        visible = view == "all" or seat == view or (seat == dummy and opening_lead_made)
        clickable = seat == to_play and visible and may_try
        penalty_names = {c.name for c in penalties[seat] + face_up[seat]}
        cards = [n for n in state["hands"][seat] if n not in penalty_names]
        suits = []
        for i, suit in enumerate(vocab.SUITS):
            views = [
                card_view(name, legal=name in legal and show_legal, clickable=clickable)
                for name in cards
                if name[0] == suit
            ]
            suits.append(
                SuitView(
                    suit, vocab.SUIT_SYMBOLS[i], vocab.SUIT_NAMES[i], vocab.SUIT_COLOURS[i], views
                )
            )
        for p in penalties[seat]:
            p.clickable = clickable
            p.legal = p.name in legal and show_legal
        seats[seat] = SeatView(
            seat=seat,
            name=seat_name(seat),
            position=vocab.POSITIONS[SEATS.index(seat)],
            role=role,
            visible=visible,
            suits=suits,
            penalty=penalties[seat],
            played=in_trick.get(seat),
            to_play=seat == to_play,
            count=len(state["hands"][seat]),
            face_up=face_up[seat],
            to_call=seat == auction.get("to_call"),
        )
    return [seats[s] for s in "NWES"]
