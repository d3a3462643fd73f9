"""An example hand as a PBN file or a link to BBO's handviewer.

Plain Python on the rules engine, no Django. Both exports show the deal, the
contract, and the cards PLAYED to tricks as the engine counts them, in order:

- a penalty card lying face up is not a play until it is played to a trick;
- a lead out of turn that was taken back (Laws 54D, 55B, 56B) is not a play, and
  one still waiting for declarer's (or, under Law 55, a defender's) answer is
  not one yet either;
- a card played where a penalty card was required stays played (Law 52A), or
  gives way to the penalty card if declarer refused it (Law 52B2).

Neither format has an auction of ours to show, so the dealer is taken to be
declarer (he is also the opening leader's right-hand opponent), with the
auction: declarer bids the contract and everyone passes (after the double and
redouble, if any). Vulnerability is "None". Under Law 54A declarer may spread
his hand and become dummy: the exports then name the new declarer, whose
left-hand opponent made that opening lead.
"""

from __future__ import annotations

from urllib.parse import urlencode

from penaltyflow.engine import Table, replay
from penaltyflow.engine.cards import NT, RANKS, SEATS, SUITS, card_name, deal_pbn, sorted_cards

__all__ = ["HANDVIEWER", "bbo_handviewer_url", "played_tricks", "to_pbn"]

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"

# Pending kinds where the card in the trick is a lead out of turn not yet answered.
_UNANSWERED_LEAD = ("opening_lead", "defender_lead", "declarer_lead")


def played_tricks(table: Table) -> list[tuple[int, list[tuple[int, int]]]]:
    """[(leader, [(seat, card), ...]), ...]: every trick with cards played to it, in order.

    Complete tricks first, then the trick in progress if it has cards that are
    plays (not a lead out of turn still waiting for an answer).
    """
    out = [(leader, list(cards)) for leader, cards, _ in table.tricks]
    pending = table.pending
    unanswered = pending is not None and pending.kind in _UNANSWERED_LEAD
    if table.trick and not unanswered:
        out.append((table.leader, list(table.trick)))
    return out


def _clockwise(leader: int, cards: list[tuple[int, int]]) -> list[int]:
    """The trick's cards in rotation from its leader (the order both formats assume)."""
    by_seat = dict(cards)
    return [by_seat[(leader + i) & 3] for i in range(4) if (leader + i) & 3 in by_seat]


def _opening_leader(table: Table, tricks: list[tuple[int, list[tuple[int, int]]]]) -> int:
    if tricks:
        return tricks[0][0]
    return (table.declarer + 1) & 3


def _tag(name: str, value: str) -> str:
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{value}"]'


def _comment(text: str) -> list[str]:
    # A PBN comment runs from { to the first }: keep any } out of the text.
    lines = [line.rstrip() for line in text.replace("}", ")").strip().splitlines()]
    return ["{" + "\n".join(lines) + "}"] if lines else []


def to_pbn(
    scenario: dict,
    event: str = "PenaltyFlow example",
    title: str = "",
    story: str = "",
) -> str:
    """The scenario as a PBN 2.1 file (export format): one board, with its play so far.

    Tags: the fifteen of PBN's mandatory tag set, [Dealer] being declarer (see the
    module docstring) and [Vulnerable "None"]; [Result] is declarer's tricks once
    all thirteen are played, else empty. The play section ([Play] with the opening
    leader) has one line a trick, the cards in seat order from the opening leader,
    "-" where a seat has not played to the trick in progress. `title` and `story`
    (or the scenario's own "title" and "story" fields) go in a {comment}.
    Raises `ScenarioError` if the scenario cannot be replayed.
    """
    table = replay(scenario)
    tricks = played_tricks(table)
    declarer = SEATS[table.declarer]
    result = str(table.won[table.declarer & 1]) if table.finished else ""
    lines = [
        "% PBN 2.1",
        "% EXPORT",
        _tag("Event", event),
        _tag("Site", ""),
        _tag("Date", "????.??.??"),
        _tag("Board", "1"),
        _tag("West", ""),
        _tag("North", ""),
        _tag("East", ""),
        _tag("South", ""),
        _tag("Dealer", declarer),
        _tag("Vulnerable", "None"),
        _tag("Deal", deal_pbn(table.deal, table.declarer)),
        _tag("Scoring", ""),
        _tag("Declarer", declarer),
        _tag("Contract", table.contract_text()),
        _tag("Result", result),
    ]
    text = "\n\n".join(
        t for t in (title or scenario.get("title", ""), story or scenario.get("story", "")) if t
    )
    lines += _comment(text)
    if tricks:
        first = _opening_leader(table, tricks)
        lines.append(_tag("Play", SEATS[first]))
        for _, cards in tricks:
            by_seat = dict(cards)
            row = [by_seat.get((first + i) & 3) for i in range(4)]
            lines.append(" ".join("-" if c is None else card_name(c) for c in row))
    return "\n".join(lines) + "\n\n"


def _bbo_hand(mask: int) -> str:
    cards = sorted_cards(mask)
    return "".join(
        SUITS[s].lower() + "".join(RANKS[c % 13].lower() for c in cards if c // 13 == s)
        for s in range(4)
    )


def _bbo_auction(table: Table) -> str:
    """Declarer deals and bids the contract; then double, redouble, and three passes."""
    strain = "n" if table.strain == NT else SUITS[table.strain].lower()
    calls = [f"{table.level}{strain}"]
    if table.doubled:
        calls.append("d")
    if table.doubled == "XX":
        calls.append("r")
    calls += ["p", "p", "p"]
    return "".join(calls)


def bbo_handviewer_url(scenario: dict) -> str:
    """A link to BBO's handviewer showing the deal, the contract and the cards played.

    Parameters: n, e, s, w (hands like "sakq2hk32dq87cj32"), d (dealer: declarer),
    v ("-": none vulnerable), b (board 1), a (the auction: "4sppp"), p (the cards
    played, in rotation from each trick's leader: "hjs2..."). A link only.
    Raises `ScenarioError` if the scenario cannot be replayed.
    """
    table = replay(scenario)
    params = {seat.lower(): _bbo_hand(table.deal[i]) for i, seat in enumerate(SEATS)}
    params["d"] = SEATS[table.declarer].lower()
    params["v"] = "-"
    params["b"] = "1"
    params["a"] = _bbo_auction(table)
    played = [
        card_name(c).lower()
        for leader, cards in played_tricks(table)
        for c in _clockwise(leader, cards)
    ]
    if played:
        params["p"] = "".join(played)
    return HANDVIEWER + "?" + urlencode(params)
