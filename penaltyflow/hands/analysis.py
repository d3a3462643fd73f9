"""What each of a pending decision's options is worth, in tricks, with best play.

For an example hand at a moment where a decision is pending (declarer's, or a
defender's under Law 55), `option_tricks` applies each option with the rules
engine and counts the tricks declarer's side ends with in total (tricks already
won plus the rest) when both sides then play their best, double dummy: every
player sees all four hands.

How the count is made (the approximation, in short: *the trick in progress as
the law binds it, then best play*):

1. The option is applied with the engine (`apply_event(table, {"decide": ...})`).
2. The trick in progress is finished under the engine's rules: a player whose
   only engine-legal card is one card (a major penalty card that must be played,
   a card committed under Law 57D, the highest or lowest card of Law 57A) plays
   it; a player with a choice chooses among his engine-legal cards only (a lead
   that is required or forbidden, a minor penalty card's restriction); a new
   decision that arises within the trick (declarer designating a penalty card,
   say) is tried option by option, its decider taking the best for his side.
   Where nobody after the player to play is bound by anything in this trick, the
   double-dummy solver (endplay's DDS) values all his cards in one call.
3. From the end of that trick on it is plain double dummy. Later duties are NOT
   counted: a penalty card still on the table after this trick, a lead
   restriction declarer could impose when the offender's partner next gains the
   lead, a prohibition that lasts while a defender keeps the lead. The solver
   plays those hands as if the cards were ordinary cards.

Declarer's side maximises its tricks and the defenders minimise them, at every
card and every decision. No Django here: plain Python on the engine and endplay.
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from penaltyflow.engine import (
    Board,
    ScenarioError,
    Table,
    apply_event,
    parse_card,
    parse_seat,
    replay,
    replay_board,
)
from penaltyflow.engine.core import vocab
from penaltyflow.engine.core.cards import card_name, cards_of, deal_pbn, parse_contract
from penaltyflow.engine.play import legal
from penaltyflow.engine.play.words.text import option_facts

from .examples import Replayed, replay_once

if TYPE_CHECKING:  # endplay itself is imported where the solver runs (see _solve)
    from endplay.types import Card

__all__ = [
    "NothingPending",
    "analyse_example",
    "contract_result",
    "option_tricks",
    "revoke_redress",
]

_WORDS = (
    "no", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
)  # fmt: skip


class NothingPending(ValueError):
    """option_tricks was asked about a moment where no decision is pending."""


# --- the contract's result ---------------------------------------------------


def _count(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def contract_result(tricks: int, contract: str) -> str:
    """'made exactly', 'made with one overtrick', 'two down' for declarer's `tricks`."""
    level, _ = parse_contract(contract)
    diff = tricks - (level + 6)
    if diff == 0:
        return "made exactly"
    if diff > 0:
        return f"made with {_count(diff)} overtrick{'s' if diff > 1 else ''}"
    return f"{_count(-diff)} down"


# --- double dummy through endplay --------------------------------------------


def _ep_card(card: Card) -> int:
    """endplay Card -> engine card int."""
    return int(card.suit) * 13 + int(card.rank).bit_length() - 3


def _solved(table: Table, best_only: bool) -> Any:
    """Double-dummy values of a position: a `Table`'s hands, the trick in progress (played
    in clockwise order from its leader) and the trumps. Values are tricks for the side to
    play, from the trick in progress (included) to the end."""
    trick = tuple(table.trick)
    return _solve(tuple(table.hands), table.leader, trick, table.strain, best_only)


# A position's value is the same whichever example, option or search reaches it: the
# examples of a chart share their deals, and loading the project's charts asked for 3,459
# values of 721 positions (docs/benchmarks.md). Kept for the process (the loader's).
@functools.lru_cache(maxsize=8192)
def _solve(
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[tuple[int, int], ...],
    strain: int,
    best_only: bool,
) -> int | dict[int, int]:
    # Imported here: endplay's DDS takes some 80 MB once loaded, and only the loader
    # solves; a web worker that shows the stored results never needs it.
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    full = list(hands)
    for seat, card in trick:
        full[seat] |= 1 << card
    deal = Deal(deal_pbn(full))
    deal.first = Player(leader)
    deal.trump = Denom(strain)
    for _, card in trick:
        deal.play(card_name(card))
    solved = solve_board(deal, SolveMode.OptimalOne if best_only else SolveMode.Default)
    if best_only:
        return max(s for _, s in solved)
    return {_ep_card(c): s for c, s in solved}


def _scores(table: Table) -> dict[int, int]:
    """{card: tricks for the side to play} for every card Law 44 lets him play (kept by
    `_solve`: read, never changed)."""
    scores: dict[int, int] = _solved(table, best_only=False)
    return scores


def _best(table: Table) -> int:
    """Tricks for the side to play, with his best card (one search, faster)."""
    best: int = _solved(table, best_only=True)
    return best


# --- the search within the trick in progress ---------------------------------


def _fork(table: Table) -> Table:
    return table.fork()


def _clockwise(table: Table) -> bool:
    """Was the trick in progress played in turn, clockwise from its leader?"""
    return all(seat == (table.leader + i) & 3 for i, (seat, _) in enumerate(table.trick))


class _Search:
    def __init__(self, side: int, trick_no: int) -> None:
        self.side = side  # 0 NS, 1 EW: declarer's side
        self.trick_no = trick_no  # the trick the law binds; after it, plain double dummy

    def _done(self, table: Table) -> bool:
        return table.finished or table.trick_no != self.trick_no

    def _after(self, table: Table) -> int:
        """Declarer's side's total once the bound trick is over."""
        if table.finished:
            return table.won[self.side]
        left = 13 - len(table.tricks)
        dd = _best(table)
        return table.won[self.side] + (dd if table.leader & 1 == self.side else left - dd)

    def _rest_unbound(self, table: Table) -> bool:
        """After a card just played: does nothing bind the rest of this trick?"""
        if table.pending is not None:
            return False
        if self._done(table):
            return True
        seat = table.turn
        while not table.played_seats >> seat & 1:
            if not legal.bound_by_nothing(table, seat):
                return False
            seat = (seat + 1) & 3
        return True

    def value(self, table: Table) -> int:
        """Declarer's side's total tricks from `table`, both sides at their best."""
        if self._done(table):
            return self._after(table)
        if table.pending is not None:
            p = table.pending
            values = []
            for option in p.options:
                child = _fork(table)
                apply_event(child, _event(option))
                values.append(self.value(child))
            return max(values) if p.decider & 1 == self.side else min(values)
        seat = table.turn
        allowed = table.legal_mask(seat)
        if allowed.bit_count() == 1:
            child = _fork(table)
            child.play(seat, allowed.bit_length() - 1)
            return self.value(child)
        ours = seat & 1 == self.side
        left = 13 - len(table.tricks)
        won = table.won[self.side]
        children = []
        for card in cards_of(allowed):
            child = _fork(table)
            child.play(seat, card)
            children.append((card, child, _clockwise(table) and self._rest_unbound(child)))
        if all(free for _, _, free in children) and legal.bound_by_nothing(table, seat):
            # Nothing binds this player or anyone after him in this trick: plain double dummy.
            own = _best(table)
            return won + (own if ours else left - own)
        values = []
        solved = None
        for card, child, free in children:
            if free:
                if solved is None:
                    solved = _scores(table)
                own = solved[card]
                values.append(won + (own if ours else left - own))
            else:
                values.append(self.value(child))
        return max(values) if ours else min(values)


def _event(option: dict) -> dict:
    event = {"decide": option["decide"]}
    for key in ("suit", "card"):
        if key in option:
            event[key] = option[key]
    return event


def option_tricks(scenario: dict, upto: int | None = None) -> list[dict]:
    """Each option pending after the scenario's events (or its first `upto`), with its tricks.

    Returns, in the engine's order of the options::

        [{"option": {"decide": "require", "suit": "H"}, "label": "Require a heart lead",
          "law": "50D2(a)", "decider": "S", "declarer_tricks": 9,
          "result": "one down"}, ...]

    `declarer_tricks` is the total declarer's side ends with: the tricks already
    won, then the trick in progress played as the law binds it, then best play by
    both sides, double dummy (later penalty-card duties and lead restrictions are
    not counted; see the module docstring). Raises `ScenarioError` if the scenario
    cannot be replayed and `NothingPending` if no decision is pending at that moment.
    """
    table = replay(scenario, upto)
    if table.pending is None:
        where = "after all its events" if upto is None else f"after its first {upto} events"
        raise NothingPending(
            f"No decision is pending {where}: there are no options to compare "
            f"(trick {table.trick_no}, {'play is over' if table.finished else 'play goes on'})."
        )
    search = _Search(table.declarer & 1, table.trick_no)
    contract = table.contract_text()
    out = []
    for option in table.pending.options:
        event = _event(option)
        child = _fork(table)
        try:
            apply_event(child, event)
        except ValueError as exc:  # an option the engine lists but cannot apply: a bug
            raise ScenarioError(upto, f"Option {event} could not be applied: {exc}") from None
        tricks = search.value(child)
        out.append(
            {
                "option": event,
                "label": vocab.option_label(option, *option_facts(table)),
                "law": option["law"],
                "decider": vocab.SEATS[table.pending.decider],
                "declarer_tricks": tricks,
                "result": contract_result(tricks, contract),
            }
        )
    return out


def analyse_example(scenario: dict, replayed: Replayed | None = None) -> dict:
    """Double-dummy tricks for each option at each decision of the example, by event index.

    {"3": [option_tricks entries], ...}: what the loader stores on an example, so no
    page ever computes it. `replayed` is the loader's one replay of it (`check_replayed`);
    without it the example is replayed here, once.
    """
    key = json.dumps(scenario, sort_keys=True)
    found = _ANALYSED.get(key)
    if found is None:
        found = _analyse(scenario, replayed or replay_once(scenario))
        if len(_ANALYSED) >= 4096:
            _ANALYSED.clear()
        _ANALYSED[key] = found
    return found


# A process that loads the content again reuses what it worked out (by scenario).
_ANALYSED: dict[str, dict] = {}


def _analyse(scenario: dict, replayed: Replayed) -> dict:
    found: dict[str, Any] = {
        str(upto): option_tricks(scenario, upto) for upto in replayed.decisions
    }
    redress = revoke_redress(scenario, final=replayed.board)
    if redress:
        found["revokes"] = redress
    return found


# --- Law 64C: what the transfer does not make up -------------------------------


def revoke_redress(scenario: dict, final: Board | None = None) -> list[dict]:
    """For an example played to the end, each established revoke with the tricks the
    non-offending side would have taken had the offender followed suit (Law 64C).

    The play before the revoke is as it was; at the revoke the offender plays instead a
    card he could legally have played, and from there both sides play their best, double
    dummy (the offender's side choosing his card, the non-offending side maximising):
    the same search as `option_tricks`, for the non-offending side. Returns, in the
    order of the revokes::

        [{"seat": "E", "trick": 3, "side": "NS", "dd_tricks": 10, "adjusted": 9,
          "short": 1, "result": "made with one overtrick"}, ...]

    `adjusted` is that side's tricks after every transfer (`tricks_adjusted`), `short`
    how many tricks fewer they are credited with than double dummy suggests (0 when
    none), and `result` the contract's result with `dd_tricks` for declarer's side (or
    the defenders' tricks left to declarer). An empty list when play has not ended or no
    revoke was established.

    When both sides have an established revoke (Law 64B7), Law 64C2(b) asks for the
    likely result had no revoke occurred: one figure, from the position before the first
    of them, with `"both": true`; its `side` is the side credited with fewer tricks than
    double dummy suggests (the first revoke's non-offending side when neither is).
    """
    table = (final or replay_board(scenario)).table  # `final`: the deal replayed to its end
    if table is None or not table.finished:  # an auction not over, or passed out: no play
        return []
    state = table.to_json()
    adjusted = state["tricks_adjusted"]
    events = scenario.get("events", [])
    both = len({r.seat & 1 for r in table.revokes if r.status == "established"}) == 2
    out = []
    for index, event in enumerate(events):
        if not (isinstance(event, dict) and event.get("revoke")):
            continue
        before = replay(scenario, upto=index)
        seat = parse_seat(event["seat"]) if "seat" in event else before.turn
        card = parse_card(event["play"])
        r = next(
            (
                q
                for q in table.revokes
                if (q.seat, q.card, q.trick) == (seat, card, before.trick_no)
            ),
            None,
        )
        if r is None or r.status != "established":
            continue
        side = 1 - (r.seat & 1)
        dd = _followed_suit(
            json.dumps({**scenario, "events": events[:index]}, sort_keys=True), side
        )
        if both and adjusted["NS" if side == 0 else "EW"] > dd:  # the other side lost out
            side, dd = 1 - side, 13 - dd
        name = "NS" if side == 0 else "EW"
        declarer_tricks = dd if side == table.declarer & 1 else 13 - dd
        out.append(
            {
                "seat": vocab.SEATS[r.seat],
                "trick": r.trick,
                "side": name,
                "dd_tricks": dd,
                "adjusted": adjusted[name],
                "short": max(0, dd - adjusted[name]),
                "result": contract_result(declarer_tricks, table.contract_text()),
                **({"both": True} if both else {}),
            }
        )
        if both:
            break
    return out


@functools.lru_cache(maxsize=1024)  # examples that share the play up to the revoke share this
def _followed_suit(scenario_json: str, side: int) -> int:
    """`side`'s total tricks, double dummy, from the moment the offender was to play."""
    before = replay(json.loads(scenario_json))
    return _Search(side, before.trick_no).value(before)
