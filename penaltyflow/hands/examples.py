"""Example hands: a scenario, the story told at the table, and what the step teaches.

An example `shows` what the engine must find after its events: the penalty cards
and their kinds, the legal cards, declarer's options and so on. The loader
replays every example and refuses one whose state says otherwise, so no example
can teach something the laws do not say.
"""

from dataclasses import dataclass, field
from typing import Any

from penaltyflow.engine import Board, CardError, ScenarioError, Table, parse_card
from penaltyflow.engine.auction import CallError, parse_call
from penaltyflow.engine.core.cards import CARD_NAMES
from penaltyflow.engine.core.vocab import option_text
from penaltyflow.engine.scenario import MOVE_ERRORS, apply_board_event, events_of, new_board

# A scenario starts at the opening lead (contract, declarer) or at the first call (dealer,
# vulnerable): the engine tells which, and refuses both at once.
SCENARIO_FIELDS = {"deal", "contract", "declarer", "events", "declarer_saw_dummy", "dealer"}
SCENARIO_FIELDS |= {"vulnerable"}
EXAMPLE_FIELDS = {"story", "scenario", "shows"}
SHOWS = (
    "penalty_cards",
    "legal",
    "to_play",
    "pending",
    "decider",
    "lead_restriction",
    "play_restriction",
    "declarer",
    "dummy",
    "tricks_won",
    "trick",
    "current_trick",
    "leader",
    "revokes",
    "tricks_adjusted",
    # From the first call (the auction): the engine's `auction` and what it leaves to the play.
    "contract",
    "to_call",
    "call_status",
    "barred",
    "required_call",
    "lead_restrictions_due",
)


class ExampleError(ValueError):
    pass


@dataclass
class ExampleSpec:
    story: str
    scenario: dict
    shows: dict = field(default_factory=dict)


def _card_name(value: object) -> str:
    try:
        return CARD_NAMES[parse_card(str(value))]
    except CardError:
        raise ExampleError(f"'{value}' is not a card") from None


def parse_example(raw: object) -> ExampleSpec:
    if not isinstance(raw, dict):
        raise ExampleError("an example is a mapping of story, scenario and shows")
    unknown = set(raw) - EXAMPLE_FIELDS
    if unknown:
        raise ExampleError(f"unknown example field(s) {', '.join(sorted(map(str, unknown)))}")
    story = raw.get("story")
    if not isinstance(story, str) or not story.strip():
        raise ExampleError("an example needs a story: what happened at the table")
    scenario = raw.get("scenario")
    if not isinstance(scenario, dict):
        raise ExampleError(
            "an example needs a scenario with deal, contract and declarer (or dealer), and events"
        )
    unknown = set(scenario) - SCENARIO_FIELDS
    if unknown:
        raise ExampleError(f"unknown scenario field(s) {', '.join(sorted(map(str, unknown)))}")
    shows = raw.get("shows")
    if not isinstance(shows, dict) or not shows:
        raise ExampleError("an example must say what it shows (penalty_cards, legal, pending, ...)")
    unknown = set(shows) - set(SHOWS)
    if unknown:
        raise ExampleError(
            f"unknown 'shows' field(s) {', '.join(sorted(map(str, unknown)))} "
            f"(use {', '.join(SHOWS)})"
        )
    for key, value in shows.items():
        _check_shape(key, value)
    return ExampleSpec(story.strip(), scenario, shows)


# The 'shows' fields that are lists of mappings, and the fields each entry needs.
ENTRY_FIELDS = {
    "penalty_cards": ("seat", "card", "kind"),
    "current_trick": ("seat", "card"),
    "revokes": ("seat", "trick"),
    "call_status": ("seat", "call", "status"),
    "barred": ("seat", "until"),
    "lead_restrictions_due": ("seat", "offender", "suits"),
}
LIST_FIELDS = ("legal", "pending")
# Entries compared in order on the fields the example states (any others the engine has
# are left out): a revoke's `law`, a call's `law`, a bar's `law`.
IN_ORDER = ("revokes", "call_status", "barred", "lead_restrictions_due")
UPPER = ("seat", "suit", "card", "offender", "suits")


def _check_shape(key: str, value: Any) -> None:
    """A 'shows' field of the wrong shape is named, not skipped or left to a traceback."""
    if key in ENTRY_FIELDS:
        fields = ENTRY_FIELDS[key]
        entries_ok = isinstance(value, list) and all(
            isinstance(entry, dict) and all(name in entry for name in fields) for entry in value
        )
        if not entries_ok:
            example = ", ".join(f"{name}: ..." for name in fields)
            raise ExampleError(
                f"'shows' {key} must be a list of entries like {{{example}}}, not {value!r}"
            )
    elif key in LIST_FIELDS and value is not None and not isinstance(value, list):
        raise ExampleError(f"'shows' {key} must be a list, not {value!r}")


def _normal(key: str, value: Any, state: dict[str, Any]) -> tuple[Any, Any]:
    """The stated value and the engine's, in one comparable form."""
    stated: Any
    found: Any
    if key == "penalty_cards":
        stated = {
            (str(p.get("seat", "")).upper(), _card_name(p.get("card")), p.get("kind"))
            for p in value or []
            if isinstance(p, dict)
        }
        found = {(p["seat"], p["card"], p["kind"]) for p in state["penalty_cards"]}
        return sorted(stated), sorted(found)
    if key == "legal":
        return sorted(_card_name(c) for c in value or []), sorted(state["legal"])
    if key == "pending":
        found = state["pending"] and sorted(option_text(o) for o in state["pending"]["options"])
        stated = value and sorted(" ".join(str(v).split()) for v in value)
        return stated, found
    if key == "decider":
        return value, state["pending"] and state["pending"]["decider"]
    if key in IN_ORDER:
        # Each entry in order, compared on the fields the example states (a revoke: seat,
        # trick, and any of suit, card, status, transfer, law; a call: seat, call, status,
        # and its law if stated; a bar: seat, until, law).
        stated = [{k: _upper(k, v) for k, v in r.items()} for r in value]
        entries = _found_entries(key, state)
        found = [
            {k: r.get(k) for k in (stated[i] if i < len(stated) else r)}
            for i, r in enumerate(entries)
        ]
        return stated, found
    if key == "contract":
        return (str(value).upper() if value is not None else None), state["contract"]
    if key in ("to_call", "required_call"):
        auction = state.get("auction") or {}
        if key == "to_call":
            return (str(value).upper() if value else None), auction.get("to_call")
        return value and {k: _upper(k, v) for k, v in value.items()}, auction.get(key)
    if key == "current_trick":
        stated = [f"{str(p['seat']).upper()}:{_card_name(p['card'])}" for p in value or []]
        return stated, [f"{p['seat']}:{p['card']}" for p in state["current_trick"]]
    if key in ("to_play", "declarer", "dummy", "leader") and isinstance(value, str):
        return value.upper(), state[key]
    return value, state[key]


def _upper(key: str, value: Any) -> Any:
    """Seats, suits and cards in upper case; a call as the engine writes it."""
    if key in UPPER:
        return str(value).upper()
    if key == "law":
        return str(value)
    if key == "call":
        try:
            return parse_call(value)
        except CallError:
            raise ExampleError(f"'{value}' is not a call") from None
    return value


def _found_entries(key: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    if key in ("call_status", "barred"):
        auction = state.get("auction") or {}
        return list(auction.get("calls" if key == "call_status" else "barred", []))
    return list(state[key])


@dataclass(frozen=True)
class Replayed:
    """A scenario replayed once, event by event: the deal at its end, and the moments (how
    many events applied) at which a decision of the play is pending. The loader checks an
    example with it and passes it on to the analysis (`analysis.analyse_example`), which
    would otherwise replay the deal again, once for every moment."""

    board: Board
    decisions: tuple[int, ...]


def _decision_pending(board: Board) -> bool:
    """A decision of the play is pending (not the auction's)."""
    auction_pending = board.auction is not None and board.auction.pending is not None
    return board.table is not None and not auction_pending and board.table.pending is not None


def replay_once(scenario: dict[str, Any]) -> Replayed:
    """Replay the scenario once (ScenarioError as `replay_board` raises it)."""
    board = new_board(scenario)
    events = events_of(scenario)
    decisions = [0] if _decision_pending(board) else []
    for i, event in enumerate(events):
        try:
            apply_board_event(board, i, event)
        except MOVE_ERRORS as exc:
            raise ScenarioError(i, str(exc)) from None
        if _decision_pending(board):
            decisions.append(i + 1)
    return Replayed(board, tuple(decisions))


def check_example(example: ExampleSpec) -> Table | None:
    """Replay the example; raise ExampleError unless the state is what it shows.
    Returns the play's table (None while an example's auction is not over)."""
    return check_replayed(example).board.table


def check_replayed(example: ExampleSpec) -> Replayed:
    """`check_example`, giving the replay to pass on to the analysis."""
    try:
        replayed = replay_once(example.scenario)
        board = replayed.board
    except ScenarioError as exc:
        where = "its scenario" if exc.event is None else f"its event {exc.event}"
        raise ExampleError(f"the example cannot be replayed: {where}: {exc.message}") from None
    state = board.to_json()
    problems = []
    for key, value in example.shows.items():
        stated, found = _normal(key, value, state)
        if stated != found:
            problems.append(f"it shows {key} {stated!r}, but the engine finds {found!r}")
    if problems:
        raise ExampleError("the example contradicts the laws: " + "; ".join(problems))
    return replayed
