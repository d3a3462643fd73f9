"""The auction (Laws 24 to 39): the scenes and moves of the auction recipes. No Django here.

A scene here deals a random deal, starts it at the dealer's first call (the scenario gives
`dealer`, not a contract), bids it naturally (long suits, points, nothing clever) and stops at
the moment that teaches: an insufficient bid (Law 27), a call out of rotation (Laws 29 to 31),
a card shown during the auction (Law 24), an inadmissible call (Laws 36, 38, 39). Each call is
an event replayed by the engine's board, as `manage.py scenario` replays it; the story tells
the calls in plain words, and the irregular one as it happened. Where the Laws leave it to the
Director (is a replacement comparable?), the story gives his ruling: it is never asked.
"""

from __future__ import annotations

from collections.abc import Callable

from penaltyflow.engine.auction.calls import is_bid, level, lowest_sufficient, rank, strain
from penaltyflow.engine.core import vocab
from penaltyflow.engine.core.cards import CARD_NAMES, SUIT_MASK, cards_of, is_honour, partner
from penaltyflow.engine.core.vocab import SEATS, SUIT_NAMES, SUITS, suit_words
from penaltyflow.engine.scenario import new_board

from .moment import SCENES, Moment
from .play import Draft, Skip, cl, who

STRAIN_WORDS = (*SUIT_NAMES, "no trumps")


def call_label(call: str) -> str:
    """'1H' -> '1♥', '3NT' -> '3NT', 'pass' -> 'pass', 'X' -> 'double'."""
    if call in ("pass", "X", "XX"):  # as the story says them, in the middle of a sentence
        return vocab.CALL_WORDS[call].lower()
    return vocab.call_label(call)


def _auction(d: Draft):
    return d.board.auction


def start(d: Draft) -> None:
    """The deal of `Draft.new`, told from the first call: a dealer, no contract yet."""
    d.dealer = d.rng.randrange(4)
    d.board = new_board({"deal": d.deal, "dealer": SEATS[d.dealer]})
    d.table = None
    d.contract = ""
    d.say(f"{who(d.dealer)} dealt.")


# --- ordinary calls -------------------------------------------------------------------


def points(hand: int) -> int:
    return sum(max(0, c % 13 - 8) for c in cards_of(hand))


def length(hand: int, suit: int) -> int:
    return (hand & SUIT_MASK[suit]).bit_count()


def natural(d: Draft, seat: int) -> str:
    """An ordinary call: a long suit or no trumps at the lowest level, as far as his points
    carry him; else pass. A player who must pass passes."""
    a = _auction(d)
    if seat in a.bars:
        return "pass"
    hand = d.board.hands[seat]
    pts = points(hand)
    cap = min(4, max(1, (pts - 4) // 4))
    last = a.last_bid()
    mate = partner(seat)
    theirs = [strain(e.call) for e in a.standing() if e.seat == mate and is_bid(e.call)]
    if theirs and theirs[-1] < 4 and length(hand, theirs[-1]) >= 3 and pts >= 6:
        raise_to = lowest_sufficient(last, theirs[-1])  # support partner's suit
        fit_cap = 2 if pts < 10 else 3 if pts < 13 else 4
        if raise_to is not None and level(raise_to) <= fit_cap and d.rng.random() < 0.8:
            return raise_to
    if pts < 11 and (last is None or pts < 7):
        return "pass"
    bids = []
    for s in range(4):
        if length(hand, s) >= 5 or (length(hand, s) >= 4 and pts >= 13):
            bids.append(lowest_sufficient(last, s))
    if pts >= 13 and all(2 <= length(hand, s) <= 5 for s in range(4)):
        bids.append(lowest_sufficient(last, 4))
    bids = [b for b in bids if b is not None and level(b) <= cap]
    if not bids or d.rng.random() < 0.3:
        return "pass"
    return d.rng.choice(bids)


class Calls:
    """Ordinary calls made in turn, told together in one sentence when the story goes on."""

    def __init__(self, d: Draft) -> None:
        self.d = d
        self.untold: list[str] = []

    def one(self) -> None:
        d = self.d
        a = _auction(d)
        if a.over or a.pending is not None or a.turn is None:
            raise Skip
        seat = a.turn
        c = a.required[1] if a.required is not None and a.required[0] == seat else natural(d, seat)
        d.apply({"call": c, "seat": SEATS[seat]})
        self.untold.append(f"{who(seat)} {call_label(c)}")

    def until(self, test: Callable, most: int = 12) -> None:
        for _ in range(most):
            if test(_auction(self.d)):
                return
            self.one()
        if not test(_auction(self.d)):
            raise Skip

    def tell(self) -> None:
        if self.untold:
            first = not any(s.startswith(("The calls", "Then")) for s in self.d.story)
            lead = "The calls: " if first else "Then: "
            self.d.say(lead + ", ".join(self.untold) + ".")
            self.untold = []


def bid_a_little(d: Draft, calls: Calls, bids: int = 1, more: tuple[int, int] = (0, 3)) -> None:
    """Ordinary calls until `bids` bids stand, then a few more."""
    calls.until(lambda a: sum(is_bid(e.call) for e in a.standing()) >= bids, 16)
    for _ in range(d.rng.randint(*more)):
        calls.one()


def to_the_end(d: Draft, m: Moment) -> None:
    """Ordinary calls to the end of the auction (a player who must pass passes); a deal
    passed out gives no moment. The story ends with the last calls, not the contract."""
    calls = Calls(d)
    calls.until(lambda a: a.over, 40)
    if _auction(d).passed_out:
        raise Skip
    calls.tell()


def found(**seats: int) -> Moment:
    m = Moment()
    for name, seat in seats.items():
        m.seat(name, seat)
    return m


def _offender_moment(seat: int) -> Moment:
    return found(offender=seat, partner=partner(seat), lho=(seat + 1) & 3, rho=(seat + 3) & 3)


# --- Law 27: an insufficient bid ------------------------------------------------------------


def insufficient(d: Draft) -> Moment:
    """A player, not having seen the last bid, bids his long suit too low."""
    start(d)
    calls = Calls(d)
    bid_a_little(d, calls)
    a = _auction(d)
    seat, last = a.turn, a.last_bid()
    if seat is None or last is None or a.pending is not None or a.over:
        raise Skip
    last_seat = next(e.seat for e in reversed(a.calls) if e.status == "stands" and e.call == last)
    hand = d.board.hands[seat]
    low = []
    for s in range(5):
        if s < 4 and length(hand, s) < 4:
            continue
        for lvl in (level(last), level(last) - 1):
            c = f"{lvl}{'NT' if s == 4 else SUITS[s]}"
            if lvl >= 1 and rank(c) < rank(last):
                low.append(c)
                break
    ins = d.pick(low)
    calls.tell()
    d.apply(
        {"call": ins, "seat": SEATS[seat]},
        f"{who(seat)}, who had not seen {who(last_seat)}'s {call_label(last)}, bid "
        f"{call_label(ins)}: an insufficient bid.",
    )
    if a.pending is None or a.pending.situation != "insufficient":
        raise Skip
    m = _offender_moment(seat)
    m.words["bid"] = call_label(ins)
    m.words["strain"] = STRAIN_WORDS[strain(ins)]
    m.cards.clear()
    return m


def lho_refuses(d: Draft, m: Moment) -> None:
    d.apply({"decide": "refuse"}, f"{m.words['lho']} did not accept it.")


def lho_accepts(d: Draft, m: Moment) -> None:
    d.apply({"decide": "accept"}, f"{m.words['lho']} accepted it: it stands.")


def _replace(d: Draft, m: Moment, c: str, words: str, comparable: bool = False) -> None:
    event: dict = {"call": c, "seat": SEATS[m.seats["offender"]]}
    if comparable:
        event["comparable"] = True
    m.words["replacement"] = call_label(c)
    d.apply(event, m.text(words).replace("[c]", call_label(c)))


def lowest_same(d: Draft, m: Moment) -> None:
    a = _auction(d)
    ins = a.calls[a.pending.entry if a.pending else -1].call
    lho_refuses(d, m)
    c = lowest_sufficient(a.last_bid(), strain(ins))
    if c is None:
        raise Skip
    _replace(d, m, c, "{offender} put [c] in its place, the lowest sufficient bid in {strain}.")


def _other_bid(d: Draft, m: Moment) -> str:
    """A sufficient bid in another denomination: the offender's other long suit, or NT."""
    a = _auction(d)
    ins = next(e.call for e in reversed(a.calls) if e.seat == m.seats["offender"])
    hand = d.board.hands[m.seats["offender"]]
    last = a.last_bid()
    bids = [
        lowest_sufficient(last, s)
        for s in range(5)
        if s != strain(ins) and (s == 4 or length(hand, s) >= 3)
    ]
    return d.pick([b for b in bids if b is not None and level(b) <= 4])


def other_bid(d: Draft, m: Moment) -> None:
    lho_refuses(d, m)
    c = _other_bid(d, m)
    _replace(
        d,
        m,
        c,
        "{offender} put [c] in its place. The Director ruled that [c] is not a comparable call.",
    )


def comparable_bid(d: Draft, m: Moment) -> None:
    lho_refuses(d, m)
    c = _other_bid(d, m)
    _replace(
        d,
        m,
        c,
        "{offender} put [c] in its place, and the Director ruled it a comparable call: it "
        "has the same meaning as {bid}, or a more precise one (Law 23A).",
        comparable=True,
    )


def replaced_by_pass(d: Draft, m: Moment) -> None:
    lho_refuses(d, m)
    _replace(
        d,
        m,
        "pass",
        "{offender} passed in its place; the Director ruled that the pass is not a "
        "comparable call.",
    )


# --- Laws 29 to 31: a call out of rotation -------------------------------------------------


def _out_of_turn(whose: str, what: str) -> Callable[[Draft], Moment]:
    """A player calls when it is his RHO's (`whose` "rho") or his partner's turn: `what` is
    "pass" or "bid" (his long suit at the lowest level)."""

    def play(d: Draft) -> Moment:
        start(d)
        calls = Calls(d)
        bid_a_little(d, calls, bids=d.rng.randint(0, 1), more=(0, 2))
        a = _auction(d)
        turn = a.turn
        if turn is None or a.over or a.pending is not None:
            raise Skip
        seat = (turn + 1) & 3 if whose == "rho" else partner(turn)
        if a.has_called(seat) and whose == "rho":
            pass
        if what == "pass":
            c = "pass"
        else:
            hand = d.board.hands[seat]
            s = max(range(4), key=lambda s: (length(hand, s), -s))
            c = lowest_sufficient(a.last_bid(), s)
            if c is None or level(c) > 3:
                raise Skip
        calls.tell()
        verb = "passed" if c == "pass" else f"bid {call_label(c)}"
        d.apply(
            {"call": c, "seat": SEATS[seat]},
            f"It was {who(turn)}'s turn to call, but {who(seat)} {verb}: a call out of rotation.",
        )
        if a.pending is None or a.pending.situation != "rotation":
            raise Skip
        m = _offender_moment(seat)
        m.seat("turn", turn)
        return m

    return play


def rho_bids(d: Draft, m: Moment) -> None:
    """After the refusal the RHO (whose turn it was) bids; the offender then calls freely,
    and the Director rules his call not comparable."""
    lho_refuses(d, m)
    a = _auction(d)
    rho = m.seats["rho"]
    if a.turn != rho:
        raise Skip
    hand = d.board.hands[rho]
    s = max(range(5), key=lambda s: (length(hand, s) if s < 4 else 3, -s))
    c = lowest_sufficient(a.last_bid(), s)
    if c is None or level(c) > 3:
        raise Skip
    d.apply({"call": c, "seat": SEATS[rho]}, f"Then {who(rho)} bid {call_label(c)}.")
    c = _other_call(d, m)
    d.apply(
        {"call": c, "seat": SEATS[m.seats["offender"]]},
        f"{m.words['offender']} then called {call_label(c)}; the Director ruled it not "
        "comparable with the call he had made out of rotation.",
    )


def _other_call(d: Draft, m: Moment) -> str:
    """A call unlike the one made out of rotation: a bid in another denomination."""
    a = _auction(d)
    offender = m.seats["offender"]
    hand = d.board.hands[offender]
    before = next(e.call for e in a.calls if e.seat == offender and e.status == "cancelled")
    last = a.last_bid()
    bids = [
        lowest_sufficient(last, s)
        for s in range(5)
        if (s == 4 or length(hand, s) >= 4) and not (is_bid(before) and strain(before) == s)
    ]
    bids = [b for b in bids if b is not None and level(b) <= 4]
    return d.rng.choice(bids) if bids else "pass"


def partner_calls_then_offender(d: Draft, m: Moment) -> None:
    """After the refusal, the turn goes back to the offender's partner, who calls freely;
    then the RHO; then the offender makes a call the Director rules not comparable."""
    lho_refuses(d, m)
    calls = Calls(d)
    calls.until(lambda a: a.turn == m.seats["offender"], 3)
    calls.tell()
    c = _other_call(d, m)
    if c == "pass":
        raise Skip
    d.apply(
        {"call": c, "seat": SEATS[m.seats["offender"]]},
        f"At his turn {m.words['offender']} bid {call_label(c)}; the Director ruled it not "
        "comparable with his pass out of rotation.",
    )


# --- Law 24: a card shown during the auction ------------------------------------------------


def _shown(honour: bool) -> Callable[[Draft], Moment]:
    def play(d: Draft) -> Moment:
        start(d)
        calls = Calls(d)
        bid_a_little(d, calls, bids=1, more=(0, 2))
        a = _auction(d)
        if a.over or a.turn is None:
            raise Skip
        seat = d.rng.choice([s for s in range(4) if s != a.turn])
        cards = [c for c in cards_of(d.board.hands[seat]) if is_honour(c) == honour]
        card = d.pick(cards)
        calls.tell()
        d.apply(
            {"expose": cl_name(card), "seat": SEATS[seat]},
            f"{who(seat)} let the {cl(card)} fall face up on the table, where his partner "
            "could see it.",
        )
        m = _offender_moment(seat)
        m.card("card", card, seat)
        return m

    return play


def cl_name(card: int) -> str:
    return CARD_NAMES[card]


# --- Laws 36 to 39: inadmissible calls ------------------------------------------------------


def inadmissible_double(d: Draft) -> Moment:
    """A player doubles his partner's bid (Law 19A1 does not permit it: Law 36)."""
    start(d)
    calls = Calls(d)
    calls.until(
        lambda a: a.turn is not None
        and bool(a.standing())
        and any(is_bid(e.call) for e in a.standing())
        and next(e for e in reversed(a.standing()) if e.call != "pass").seat == partner(a.turn),
        16,
    )
    a = _auction(d)
    seat = a.turn
    last = next(e for e in reversed(a.standing()) if e.call != "pass")
    if not is_bid(last.call):
        raise Skip
    calls.tell()
    d.apply(
        {"call": "X", "seat": SEATS[seat]},
        f"{who(seat)} doubled his partner's {call_label(last.call)}: a double the Laws do "
        "not permit (Law 19A1).",
    )
    if a.pending is None:
        raise Skip
    return _offender_moment(seat)


def above_seven(d: Draft) -> Moment:
    """A player, meaning to end the auction, calls a bid of eight."""
    start(d)
    calls = Calls(d)
    bid_a_little(d, calls, bids=1, more=(1, 3))
    a = _auction(d)
    seat = a.turn
    if seat is None or a.over or a.pending is not None:
        raise Skip
    hand = d.board.hands[seat]
    s = max(range(4), key=lambda s: (length(hand, s), -s))
    c = f"8{SUITS[s]}"
    calls.tell()
    d.apply(
        {"call": c, "seat": SEATS[seat]},
        f"{who(seat)}, in jest, called eight {suit_words(SUITS[s])}: a bid of more than seven.",
    )
    if a.pending is None:
        raise Skip
    return _offender_moment(seat)


def rectify(d: Draft, m: Moment) -> None:
    d.apply(
        {"decide": "rectify"},
        f"{m.words['lho']} did not call over it: he asked the Director to put it right.",
    )


def after_final_pass(d: Draft) -> Moment:
    """The auction ends; then a defender doubles, before the opening lead is faced."""
    start(d)
    calls = Calls(d)
    calls.until(lambda a: a.over, 40)
    a = _auction(d)
    if a.passed_out:
        raise Skip
    calls.tell()
    declarer = a.declarer
    seat = d.rng.choice([(declarer + 1) & 3, (declarer + 3) & 3])
    d.apply(
        {"call": "X", "seat": SEATS[seat]},
        f"After the third pass, before the opening lead was faced, {who(seat)} said "
        "“double”: a call after the final pass.",
    )
    return _offender_moment(seat)


def opening_lead_moment(d: Draft, m: Moment) -> None:
    """The auction has ended with the offender a defender whose partner makes the opening
    lead; the story says the contract (a forbid-suits question asks only the suits)."""
    to_the_end(d, m)
    t = d.table
    if t is None:
        raise Skip
    contract = call_label(_auction(d).contract().rstrip("X"))
    d.say(
        f"The auction is over: {who(t.declarer)} is declarer in {contract}, and "
        f"{who((t.declarer + 1) & 3)} is to make the opening lead."
    )


def offender_defends(d: Draft, m: Moment) -> None:
    """The offender's partner makes the opening lead (the moment Law 26B waits for)."""
    opening_lead_moment(d, m)
    if (d.table.declarer + 1) & 3 != m.seats["partner"]:
        raise Skip


SCENES["an insufficient bid"] = insufficient
SCENES["a pass at his right-hand opponent's turn"] = _out_of_turn("rho", "pass")
SCENES["a pass at partner's turn"] = _out_of_turn("partner", "pass")
SCENES["a bid at his right-hand opponent's turn"] = _out_of_turn("rho", "bid")
SCENES["an honour shown during the auction"] = _shown(True)
SCENES["a low card shown during the auction"] = _shown(False)
SCENES["a double of partner's bid"] = inadmissible_double
SCENES["a bid of eight"] = above_seven
SCENES["a double after the final pass"] = after_final_pass

MOVES = {
    "the left-hand opponent refuses it": lho_refuses,
    "the left-hand opponent accepts it": lho_accepts,
    "replaced by the lowest sufficient bid in its denomination": lowest_same,
    "replaced by another bid, not comparable": other_bid,
    "replaced by a bid the Director rules comparable": comparable_bid,
    "replaced by a pass": replaced_by_pass,
    "the right-hand opponent bids, the offender calls again": rho_bids,
    "partner calls, then the offender bids": partner_calls_then_offender,
    "the Director rectifies it": rectify,
    "the auction goes on to its end": to_the_end,
    "the offender's partner makes the opening lead": offender_defends,
    "the opening lead is due": opening_lead_moment,
}
__all__ = ["MOVES"]
