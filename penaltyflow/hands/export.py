"""An example hand as a PBN file or a link to BBO's handviewer.

Plain Python on the rules engine, no Django. Both exports show the deal, the
contract, and the cards PLAYED to tricks as the engine counts them, in order:

- a penalty card lying face up is not a play until it is played to a trick;
- a lead out of turn that was taken back (Laws 54D, 55B, 56B) is not a play, and
  one still waiting for declarer's (or, under Law 55, a defender's) answer is
  not one yet either;
- a card played where a penalty card was required stays played (Law 52A), or
  gives way to the penalty card if declarer refused it (Law 52B2).

A scenario that starts at the first call gives its own dealer, vulnerability and
auction: the exports carry the legal auction (the calls that stand, so far if the
auction is not over), and PBN tells each irregular call (withdrawn, cancelled,
accepted, awaiting its ruling) in a note on the next call of the legal auction.
A scenario that starts at the opening lead has no auction of ours to show, so
the dealer is taken to be declarer (he is also the opening leader's right-hand
opponent), with the auction: declarer bids the contract and everyone passes
(after the double and redouble, if any). Vulnerability is then "None". Under
Law 54A declarer may spread his hand and become dummy: the exports then name the
new declarer, whose left-hand opponent made that opening lead.
"""

from __future__ import annotations

from urllib.parse import urlencode

from penaltyflow.engine import Table, replay_board
from penaltyflow.engine.auction import Auction
from penaltyflow.engine.core.cards import NT, RANKS, SEATS, SUITS, card_name, deal_pbn, sorted_cards
from penaltyflow.engine.core.vocab import seat_name

from .auctionview import irregular_words

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
    unanswered = pending is not None and pending.situation in _UNANSWERED_LEAD
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
    board = replay_board(scenario)
    table, auction = board.table, board.auction
    tricks = played_tricks(table) if table is not None else []
    if auction is not None:
        dealer = SEATS[auction.dealer]
        declarer = SEATS[auction.declarer] if auction.contract() else ""
        contract = auction.contract() or ("Pass" if auction.passed_out else "")
        vulnerable = auction.vulnerable
    else:
        assert table is not None
        dealer = declarer = SEATS[table.declarer]
        contract, vulnerable = table.contract_text(), "None"
    result = str(table.won[table.declarer & 1]) if table is not None and table.finished else ""
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
        _tag("Dealer", dealer),
        _tag("Vulnerable", vulnerable),
        _tag("Deal", deal_pbn(board.hands, SEATS.index(dealer))),
        _tag("Scoring", ""),
        _tag("Declarer", declarer),
        _tag("Contract", contract),
        _tag("Result", result),
    ]
    text = "\n\n".join(
        t for t in (title or scenario.get("title", ""), story or scenario.get("story", "")) if t
    )
    lines += _comment(text)
    if auction is not None:
        lines += _pbn_auction(auction)
    if tricks and table is not None:
        first = _opening_leader(table, tricks)
        lines.append(_tag("Play", SEATS[first]))
        for _, cards in tricks:
            by_seat = dict(cards)
            row = [by_seat.get((first + i) & 3) for i in range(4)]
            lines.append(" ".join("-" if c is None else card_name(c) for c in row))
    return "\n".join(lines) + "\n\n"


def _pbn_call(call: str) -> str:
    """'pass' -> 'Pass'; bids, 'X' and 'XX' as the engine writes them."""
    return "Pass" if call == "pass" else call


def _irregular_note(a: Auction, index: int) -> str:
    e = a.calls[index]
    what = "deemed made" if e.deemed else irregular_words(a, index)
    status = {"stands": "stands", "pending": "awaits the ruling"}.get(e.status, e.status)
    words = f"{seat_name(e.seat)}'s {_pbn_call(e.call)}" + (f", {what}," if what else "")
    law = f" (Law {e.law})" if e.law else ""
    return f"{words} {status}{law}".replace('"', "'")


def _pbn_auction(a: Auction) -> list[str]:
    """The [Auction] section: the legal auction from the dealer, four calls a line, each
    irregular call told in a note (=1=) on the next call that stands (or the last)."""
    standing: list[str] = []
    notes: list[tuple[int, str]] = []  # (index in standing, words)
    waiting: list[str] = []
    for i, e in enumerate(a.calls):
        irregular = e.status != "stands" or e.deemed or bool(irregular_words(a, i))
        if irregular:
            waiting.append(_irregular_note(a, i))
        if e.status == "stands":
            standing.append(_pbn_call(e.call))
            notes += [(len(standing) - 1, w) for w in waiting]
            waiting = []
    if waiting and standing:
        notes += [(len(standing) - 1, w) for w in waiting]
    tokens = list(standing)
    numbered: list[str] = []
    for n, (at, words) in enumerate(notes, start=1):
        tokens[at] += f" ={n}="
        numbered.append(_tag("Note", f"{n}:{words}"))
    out = [_tag("Auction", SEATS[a.dealer])]
    out += [" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4)]
    return out + numbered


def _bbo_hand(mask: int) -> str:
    cards = sorted_cards(mask)
    return "".join(
        SUITS[s].lower() + "".join(RANKS[c % 13].lower() for c in cards if c // 13 == s)
        for s in range(4)
    )


def _bbo_call(call: str) -> str:
    """'1H' -> '1h', '3NT' -> '3n', 'pass' -> 'p', 'X' -> 'd', 'XX' -> 'r'."""
    return {"pass": "p", "X": "d", "XX": "r"}.get(call) or call.replace("NT", "N").lower()


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


BBO_VULNERABLE = {"None": "-", "NS": "n", "EW": "e", "All": "b"}


def bbo_handviewer_url(scenario: dict) -> str:
    """A link to BBO's handviewer showing the deal, the auction and the cards played.

    Parameters: n, e, s, w (hands like "sakq2hk32dq87cj32"), d (the dealer), v
    ("-", "n", "e", "b": nobody, North-South, East-West, both vulnerable), b (board
    1), a (the legal auction from the dealer: "1hp3dp4hppp"), p (the cards played, in
    rotation from each trick's leader: "hjs2..."). A link only.
    Raises `ScenarioError` if the scenario cannot be replayed.
    """
    board = replay_board(scenario)
    table, auction = board.table, board.auction
    params = {seat.lower(): _bbo_hand(board.hands[i]) for i, seat in enumerate(SEATS)}
    if auction is not None:
        params["d"] = SEATS[auction.dealer].lower()
        params["v"] = BBO_VULNERABLE.get(auction.vulnerable, "-")
        params["b"] = "1"
        params["a"] = "".join(_bbo_call(e.call) for e in auction.calls if e.status == "stands")
    else:
        assert table is not None
        params["d"] = SEATS[table.declarer].lower()
        params["v"] = "-"
        params["b"] = "1"
        params["a"] = _bbo_auction(table)
    played = [
        card_name(c).lower()
        for leader, cards in (played_tricks(table) if table is not None else [])
        for c in _clockwise(leader, cards)
    ]
    if played:
        params["p"] = "".join(played)
    return HANDVIEWER + "?" + urlencode(params)
