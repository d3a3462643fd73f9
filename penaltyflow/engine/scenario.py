"""Scenarios (see shared/scenario-format.md beside the repository): JSON in, state of play out.

`replay(data)` builds a `Table` and applies the events one by one; anything that
cannot be replayed raises `ScenarioError(event, message)` where `event` is the
index of the event (or None for the deal, contract, declarer or the input's
shape). `run(raw)` is what the management command calls: bytes or text in,
(exit status, JSON-ready dict) out, and it never raises.
"""

from __future__ import annotations

import json
from typing import Any

from .auction.calls import CallError, parse_call
from .auction.state import VULNERABLE, Auction, AuctionError
from .board import Board
from .core.cards import CardError, parse_card, parse_contract, parse_pbn, parse_seat, parse_suits
from .play.pending import EngineError
from .play.table import Table
from .play.words.text import PLAY_IS_OVER, pending_text

VERBS = ("play", "expose", "decide", "correct", "call", "change")
# Keys each verb may carry; "comment" lets content writers annotate an event.
ALLOWED_KEYS = {
    "play": {"play", "seat", "meant", "misinformed", "revoke", "defective", "comment"},
    "expose": {"expose", "seat", "deliberate", "led", "comment"},
    "decide": {"decide", "suit", "card", "comment"},
    "correct": {"correct", "withdraw", "comment"},
    "call": {"call", "seat", "comparable", "artificial", "comment"},
    "change": {"change", "seat", "unintended", "comparable", "artificial", "comment"},
}
# What `replay` and `run` catch from a move: the message is the learner's.
MOVE_ERRORS = (CardError, EngineError, AuctionError, CallError)


class ScenarioError(Exception):
    def __init__(self, event: int | None, message: str) -> None:
        super().__init__(message)
        self.event = event
        self.message = message

    def to_json(self) -> dict[str, Any]:
        return {"ok": False, "error": {"event": self.event, "message": self.message}}


def new_board(data: object) -> Board:
    """The deal before its first event: before the first call when the scenario gives
    `dealer`, before the opening lead when it gives `contract` and `declarer`."""
    if not isinstance(data, dict) or "dealer" not in data:
        table = new_table(data)
        h = table.deal
        return Board((h[0], h[1], h[2], h[3]), table=table)
    for key in ("contract", "declarer"):
        if key in data:
            raise ScenarioError(
                None,
                f"A scenario gives the auction ('dealer') or the contract, not both: "
                f"leave out '{key}'.",
            )
    if "deal" not in data:
        raise ScenarioError(None, "The scenario has no 'deal'.")
    saw = data.get("declarer_saw_dummy", False)
    if not isinstance(saw, bool):
        raise ScenarioError(None, "'declarer_saw_dummy' must be true or false.")
    vulnerable = data.get("vulnerable", "None")
    if not isinstance(vulnerable, str) or vulnerable.strip().lower() not in VULNERABLE:
        raise ScenarioError(None, "'vulnerable' must be None, NS, EW or All.")
    try:
        hands = parse_pbn(data["deal"])
        dealer = parse_seat(data["dealer"])
    except CardError as exc:
        raise ScenarioError(None, str(exc)) from None
    auction = Auction(hands, dealer, VULNERABLE[vulnerable.strip().lower()])
    return Board(hands, auction=auction, declarer_saw_dummy=saw)


def new_table(data: object) -> Table:
    """The table before the opening lead, from a scenario's deal, contract and declarer."""
    if not isinstance(data, dict):
        raise ScenarioError(None, "A scenario must be a JSON object with deal, contract, declarer.")
    for key in ("deal", "contract", "declarer"):
        if key not in data:
            raise ScenarioError(None, f"The scenario has no '{key}'.")
    saw = data.get("declarer_saw_dummy", False)
    if not isinstance(saw, bool):
        raise ScenarioError(None, "'declarer_saw_dummy' must be true or false.")
    try:
        hands = parse_pbn(data["deal"])
        level, strain = parse_contract(data["contract"])
        declarer = parse_seat(data["declarer"])
    except CardError as exc:
        raise ScenarioError(None, str(exc)) from None
    doubled = data["contract"].strip().upper()
    doubled = "XX" if doubled.endswith("XX") else "X" if doubled.endswith("X") else ""
    return Table(hands, strain, declarer, level, doubled, declarer_saw_dummy=saw)


def events_of(data: object) -> list[Any]:
    """The scenario's events (`new_table` has checked that `data` is an object)."""
    events = data.get("events", []) if isinstance(data, dict) else []
    if not isinstance(events, list):
        raise ScenarioError(None, "'events' must be a list.")
    return events


def _verb(event: object) -> tuple[str, dict[str, Any]]:
    """The event's one verb, its fields checked."""
    if not isinstance(event, dict):
        raise EngineError('An event must be an object like {"play": "SA", "seat": "W"}.')
    verbs = [v for v in VERBS if v in event]
    if len(verbs) != 1:
        raise EngineError(
            "An event must have exactly one of 'play', 'expose', 'decide' or 'correct' "
            "(or, in an auction, 'call' or 'change')."
        )
    verb = verbs[0]
    unknown = sorted(k for k in event if k not in ALLOWED_KEYS[verb])
    if unknown:
        raise EngineError(f"A '{verb}' event has no field {unknown[0]!r}.")
    return verb, event


def _flag(event: dict[str, Any], name: str) -> bool:
    value = event.get(name, False)
    if not isinstance(value, bool):
        raise EngineError(f"'{name}' must be true or false.")
    return value


def apply_board_event(board: Board, index: int, event: object) -> None:
    """Apply event `index` to `board`: the auction's events, or the play's (`apply_event`)."""
    verb, event = _verb(event)
    a = board.auction
    if verb == "call":
        seat = parse_seat(event["seat"]) if "seat" in event else None
        call = parse_call(event["call"])
        board.call(index, seat, call, _flag(event, "comparable"), _flag(event, "artificial"))
    elif verb == "change":
        if "seat" not in event:
            raise EngineError("A 'change' event needs the seat whose call it changes.")
        board.change(
            index,
            parse_seat(event["seat"]),
            parse_call(event["change"]),
            _flag(event, "unintended"),
            _flag(event, "comparable"),
            _flag(event, "artificial"),
        )
    elif verb == "expose" and a is not None and not a.over:
        card = parse_card(event["expose"])
        if "seat" not in event:
            raise EngineError("An 'expose' event needs the seat whose card it is.")
        if _flag(event, "deliberate"):
            raise EngineError(
                "'deliberate' belongs to a card exposed during the play; during the auction "
                "write 'led' for a card led prematurely (Law 24)."
            )
        board.expose(index, parse_seat(event["seat"]), card, _flag(event, "led"))
    elif verb == "decide" and a is not None and (a.pending is not None or board.table is None):
        option = event["decide"]
        if not isinstance(option, str):
            raise EngineError("'decide' must be the name of an option, like \"accept\".")
        if "suit" in event or "card" in event:
            raise EngineError("A decision in the auction names no suit or card.")
        board.decide(index, option.strip().lower())
    else:
        apply_event(board.play_table(index, verb), event)


def apply_event(table: Table, event: object) -> None:
    """Apply one event object to `table`; raises CardError or EngineError."""
    verb, event = _verb(event)
    if verb in ("call", "change"):
        raise EngineError(
            "This scenario starts at the opening lead (it gives a contract): a call needs a "
            "scenario with 'dealer' instead."
        )
    if verb == "expose" and event.get("led", False) is not False:
        raise EngineError(
            "'led' goes with a card exposed during the auction (Law 24); in the play, a card "
            "led is a 'play'."
        )
    if verb == "play":
        _apply_play(table, event)
    elif verb == "correct":
        _apply_correct(table, event)
    elif verb == "expose":
        card = parse_card(event["expose"])
        if "seat" not in event:
            raise EngineError("An 'expose' event needs the seat whose card it is.")
        seat = parse_seat(event["seat"])
        deliberate = event.get("deliberate", False)
        if not isinstance(deliberate, bool):
            raise EngineError("'deliberate' must be true or false.")
        table.expose(seat, card, deliberate)
    else:
        option = event["decide"]
        if not isinstance(option, str):
            raise EngineError("'decide' must be the name of an option, like \"accept\".")
        suit = parse_suits(event["suit"]) if "suit" in event else None
        named = parse_card(event["card"]) if "card" in event else None
        table.decide(option.strip().lower(), suit, named)


def _apply_play(table: Table, event: dict[str, Any]) -> None:
    """A one-card play, several cards at once (Law 58B2, `meant`), or a lead out of turn
    on an opponent's wrong word (Law 47E1, `misinformed`)."""
    several = isinstance(event["play"], list)
    if several:
        if not event["play"]:
            raise EngineError("'play' must name a card, or list the cards played at once.")
        cards = [parse_card(c) for c in event["play"]]
        if "meant" not in event:
            raise EngineError(
                "Cards played at once need 'meant': the card the player names as the one he "
                "meant to play (Law 58B2)."
            )
        meant = parse_card(event["meant"])
    else:
        card = parse_card(event["play"])
        if "meant" in event:
            raise EngineError(
                "'meant' goes with two or more cards played at once: write 'play' as a list."
            )
    misinformed = event.get("misinformed", False)
    if not isinstance(misinformed, bool):
        raise EngineError("'misinformed' must be true or false.")
    revoke = event.get("revoke", False)
    if not isinstance(revoke, bool):
        raise EngineError("'revoke' must be true or false.")
    if revoke and (several or misinformed):
        raise EngineError(
            "'revoke' goes with a one-card play at the player's turn (Law 61A), not with "
            "cards played at once or a lead on a wrong word."
        )
    defective = event.get("defective", False)
    if not isinstance(defective, bool):
        raise EngineError("'defective' must be true or false.")
    if defective and (several or misinformed or revoke):
        raise EngineError(
            "'defective' goes with a one-card play at the player's turn (Law 67B1: the card "
            "the Director places for a trick he did not play to), and with nothing else."
        )
    if misinformed and several:
        raise EngineError(
            "'misinformed' goes with a one-card lead out of turn (Law 47E1), not with "
            "cards played at once."
        )
    if "seat" in event:
        seat = parse_seat(event["seat"])
    elif misinformed:
        raise EngineError("A lead made on a wrong word ('misinformed') needs its 'seat'.")
    elif table.to_play is not None:
        seat = table.to_play
    elif table.pending is not None:
        raise EngineError(pending_text(table))
    else:
        raise EngineError(PLAY_IS_OVER)
    if several:
        table.play_several(seat, cards, meant)
    elif misinformed:
        table.misinformed_lead(seat, card)
    else:
        table.play(seat, card, revoke=revoke, defective=defective)


def _apply_correct(table: Table, event: dict[str, Any]) -> None:
    """Law 62: the open revoke corrected, with the seats that take back their cards (62C)."""
    card = parse_card(event["correct"])
    withdraw = event.get("withdraw", [])
    if not isinstance(withdraw, list):
        raise EngineError('\'withdraw\' must be a list of seats, like ["W", "N"].')
    table.correct(card, [parse_seat(s) for s in withdraw])


def replay_board(data: object, upto: int | None = None) -> Board:
    """The deal (auction and play) after the scenario's events (or its first `upto`)."""
    board = new_board(data)
    events = events_of(data)
    if upto is not None:
        events = events[:upto]
    for i, event in enumerate(events):
        try:
            apply_board_event(board, i, event)
        except MOVE_ERRORS as exc:
            raise ScenarioError(i, str(exc)) from None
    return board


def replay(data: object, upto: int | None = None) -> Table:
    """The table after the scenario's events (or its first `upto` events). A scenario
    with an auction gives the play's table once the auction is over (`replay_board`
    gives the whole deal at any moment)."""
    if isinstance(data, dict) and "dealer" in data:
        board = replay_board(data, upto)
        if board.table is None:
            raise ScenarioError(
                None, "The auction is not over (or the deal was passed out): there is no play."
            )
        return board.table
    table = new_table(data)
    events = events_of(data)
    if upto is not None:
        events = events[:upto]
    for i, event in enumerate(events):
        try:
            apply_event(table, event)
        except MOVE_ERRORS as exc:
            raise ScenarioError(i, str(exc)) from None
    return table


def run(raw: bytes | str) -> tuple[int, dict[str, Any]]:
    """(exit status, output object) for a scenario given as JSON text. Never raises."""
    event = None
    try:
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise ScenarioError(None, "The scenario is not UTF-8 text.") from None
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise ScenarioError(None, f"The scenario is not valid JSON: {exc}.") from None
        board = new_board(data)
        for event, item in enumerate(events_of(data)):
            try:
                apply_board_event(board, event, item)
            except MOVE_ERRORS as exc:
                raise ScenarioError(event, str(exc)) from None
        return 0, board.to_json()
    except ScenarioError as exc:
        return 1, exc.to_json()
    except Exception as exc:  # noqa: BLE001 - a bug must still give the JSON error, not a traceback
        return 1, ScenarioError(
            event, f"Internal error in the engine: {type(exc).__name__}."
        ).to_json()


def dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False)
