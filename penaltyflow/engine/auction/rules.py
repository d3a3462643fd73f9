"""The auction's moves under the 2017 Laws: a call (in rotation or not, sufficient or not,
admissible or not) and a decision of the offender's LHO. A card exposed (Law 24) and an
unintended call changed (Law 25A) are in `exposed.py`.

`call` and `decide` change an `Auction` (state.py) and raise
`AuctionError` for what the Laws modelled here do not allow; every word is in
`text.py`. What each clause does is written beside it. Stacked irregularities (an
irregular call where a replacement, a substitute or a repeat is owed) are refused.
"""

from __future__ import annotations

from ..core.cards import partner
from ..core.vocab import Option
from . import text
from .calls import DOUBLE, MAX_LEVEL, PASS, REDOUBLE, is_bid, level, lowest_sufficient, strain
from .state import Auction, AuctionError, Decision, Entry, Replacing, Watch


def _option(decide: str, law: str) -> Option:
    return {"decide": decide, "law": law}


def _index(a: Auction, e: Entry) -> int:
    return next(i for i, x in enumerate(a.calls) if x is e)


def _lho(seat: int) -> int:
    return (seat + 1) & 3


def note(a: Auction, words: str) -> None:
    a.notes.append(words)
    a.log.append((a.moves, words))


def bar(a: Auction, seat: int, until: str, law: str) -> None:
    """`seat` must pass (`until` next_turn or auction_end); auction_end wins."""
    old = a.bars.get(seat)
    if old is None or (old[0] == "next_turn" and until == "auction_end"):
        a.bars[seat] = (until, law)
    note(a, text.barred(seat, until, law))


def _lead_ban(a: Auction, offender: int, law: str) -> None:
    """Law 26B may apply: the offender withdrew a call not replaced by a comparable one."""
    if offender not in a.offenders:
        a.offenders[offender] = law
    note(a, text.lead_ban_may_apply(offender, law))


def _irregular(a: Auction, seat: int, call: str) -> str | None:
    """What makes `call` by `seat` at his turn irregular, by the clause that rules it."""
    if call == PASS:
        return None
    if call in (DOUBLE, REDOUBLE):
        return None if a.permitted(seat, call) else "36"
    if level(call) > MAX_LEVEL:
        return "38"
    if not a.sufficient(call):
        return "27"
    return None


# --- a call ------------------------------------------------------------------------


def call(a: Auction, seat: int, c: str, comparable: bool = False, artificial: bool = False) -> None:
    """`seat` makes call `c` (with the Director's `comparable` / `artificial` judgements)."""
    a.notes = []
    try:
        if a.passed_out:
            raise AuctionError(text.PASSED_OUT)
        if a.pending is not None:
            _while_pending(a, seat, c, comparable, artificial)
        elif a.over:
            _after_final_pass(a, seat, c, comparable, artificial)
        else:
            turn = a.turn
            assert turn is not None
            if seat != turn and turn in a.bars and seat == _lho(turn):
                # 28A: the barred player's LHO calls at his turn: in rotation, and the
                # barred player is deemed to have passed.
                a.calls.append(Entry(turn, PASS, law="28A", deemed=True))
                note(a, text.deemed_pass(turn, seat))
                _stands(a, a.calls[-1])
                if a.over:
                    _after_final_pass(a, seat, c, comparable, artificial)
                    return
            if seat == a.turn:
                _in_rotation(a, seat, c, comparable, artificial)
            else:
                _out_of_rotation(a, seat, c, comparable, artificial)
    finally:
        a.moves += 1


def _in_rotation(a: Auction, seat: int, c: str, comparable: bool, artificial: bool) -> None:
    owed = a.replacing if a.replacing is not None and a.replacing.seat == seat else None
    ruled = (
        a.watch
        if a.watch is not None and a.watch.offender == seat and a.watch.seat == seat
        else None
    )
    rho = (
        a.watch
        if a.watch is not None and a.watch.seat == seat and a.watch.offender != seat
        else None
    )
    replaces = owed is not None or ruled is not None
    if comparable and not replaces:
        raise AuctionError(text.COMPARABLE_REPLACES_NOTHING)
    wrong = _irregular(a, seat, c)
    required = a.required if a.required is not None and a.required[0] == seat else None
    if required is not None:
        if c != required[1]:
            raise AuctionError(text.must_repeat(seat, required[1], required[2]))
        if artificial and wrong != "27":
            raise AuctionError(text.ARTIFICIAL_ON_REPEAT)
        a.required = None
        e = Entry(seat, c, artificial=artificial or required[3])
        a.calls.append(e)
        if wrong == "27":  # 31A1 with 27A2: the repeat is insufficient, Law 27 applies
            _insufficient(a, e, "27")
            return
        e.law = required[2]
        note(a, text.repeated(seat, c, required[2]))
        _stands(a, e)
        return
    if artificial and not replaces and wrong != "27":
        raise AuctionError(text.ARTIFICIAL_NOT_HERE)
    e = Entry(seat, c, artificial=artificial, comparable=comparable)
    a.calls.append(e)
    if owed is not None:
        _replacement(a, e, owed)
        return
    if seat in a.bars and c != PASS:
        if wrong == "36":  # a double Law 19 does not permit is Law 36's, not 37's (37A)
            _inadmissible(a, e, "36")
        elif wrong == "38":
            _inadmissible(a, e, "38")
        else:
            _inadmissible(a, e, "37")
        return
    if wrong is not None and (ruled is not None or rho is not None):
        raise AuctionError(text.STACKED)
    if wrong == "27":
        _insufficient(a, e, "27")
        return
    if wrong is not None:
        _inadmissible(a, e, wrong)
        return
    if ruled is not None:
        a.watch = None
        if comparable:
            e.law = ruled.law_a
            note(a, text.comparable_no_rectification(seat, ruled.law_a))
        else:
            bar(a, partner(seat), "next_turn", ruled.law_b)
            _lead_ban(a, seat, ruled.law_b)
    _stands(a, e)


def _stands(a: Auction, e: Entry) -> None:
    """`e` is part of the legal auction: serve a bar, answer a watch, move the turn on,
    and end the auction if it is over (22)."""
    e.status = "stands"
    seat = e.seat
    held = a.bars.get(seat)
    if held is not None and held[0] == "next_turn":
        del a.bars[seat]
    w = a.watch
    if w is not None and w.seat == seat and w.offender != seat:
        # 31A / 32A: the RHO has called after the offender's call out of rotation.
        if e.call == PASS:
            gone = a.calls[w.entry]
            a.required = (w.offender, gone.call, w.law_a, gone.artificial)
            a.watch = None
            note(a, text.must_repeat(w.offender, gone.call, w.law_a))
        else:
            a.watch = Watch(w.offender, w.offender, w.law_b.replace("(b)", "(a)"), w.law_b)
            note(a, text.calls_freely(w.offender))
    a.turn = _lho(seat)
    _check_end(a)


def _check_end(a: Auction) -> None:
    """Law 22: three passes in rotation after a bid (22A), or four passes (22B)."""
    standing = a.standing()
    passes = 0
    for e in reversed(standing):
        if e.call != PASS:
            break
        passes += 1
    bid = any(is_bid(e.call) for e in standing)
    if passes < (3 if bid else 4):
        return
    if any(e.out_of_rotation for e in standing[-passes:]):
        raise AuctionError(text.RETENTION_OF_RIGHT)
    a.over = True
    a.passed_out = not bid
    a.turn = None
    a.bars = {}
    a.required = None
    a.watch = None
    a.replacing = None
    if bid:
        a.declarer = a.find_declarer()
        note(a, text.auction_over(a.contract() or "", a.declarer))
    else:
        note(a, text.PASSED_OUT_NOTE)


# --- Law 27: an insufficient bid ------------------------------------------------------


def _insufficient(a: Auction, e: Entry, law: str) -> None:
    """27A1 / 27B: the offender's LHO accepts it or not (27B4 for a second one)."""
    e.status = "pending"
    refuse = "27B" if law == "27" else "27B4"
    a.pending = Decision(
        "insufficient",
        _lho(e.seat),
        law,
        [_option("accept", "27A1"), _option("refuse", refuse)],
        offender=e.seat,
        entry=_index(a, e),
    )
    note(a, text.insufficient(e.seat, e.call, a.last_bid() or "", law))


def _replacement(a: Auction, e: Entry, owed: Replacing) -> None:
    """The call the offender owed: a replacement ruled by 27B1 to 27B4, a second
    replacement (27B3, 27B4) or a 36B substitute."""
    a.replacing = None
    seat, c = e.seat, e.call
    wrong = _irregular(a, seat, c)
    if owed.owes == "27B":
        if wrong == "38":
            raise AuctionError(text.STACKED)
        if wrong == "27":  # 27B4: another insufficient bid
            _insufficient(a, e, "27B4")
            assert a.pending is not None
            a.pending.extra["replaces"] = owed.entry
            return
        if c in (DOUBLE, REDOUBLE) and not e.comparable:
            # 27B3: cancelled; he replaces it again and his partner must pass throughout.
            e.status, e.law = "cancelled", "27B3"
            note(a, text.double_replacement(seat, c))
            bar(a, partner(seat), "auction_end", "27B3")
            a.replacing = Replacing(seat, "again", "27B3")
            a.turn = seat
            return
        if wrong == "36":
            raise AuctionError(text.STACKED)
        _rule_replacement(a, e, a.calls[owed.entry])
    else:
        if wrong is not None or (
            c in (DOUBLE, REDOUBLE) and owed.owes == "again" and not e.comparable
        ):
            raise AuctionError(text.STACKED)
        e.law = owed.law
        if e.comparable:
            note(a, text.comparable_no_lead_ban(seat))
        else:
            _lead_ban(a, seat, owed.law)
    _stands(a, e)


def _rule_replacement(a: Auction, e: Entry, ins: Entry) -> None:
    """27B1(a), 27B1(b) or 27B2 for a legal replacement of the insufficient bid `ins`."""
    seat = e.seat
    lowest = lowest_sufficient(a.last_bid(), strain(ins.call))
    if e.call == lowest and not e.artificial and not ins.artificial:
        if e.comparable:
            raise AuctionError(text.COMPARABLE_ON_27B1A)
        e.law = "27B1(a)"
    elif e.comparable:
        e.law = "27B1(b)"
    else:
        e.law = "27B2"
        bar(a, partner(seat), "auction_end", "27B2")
        _lead_ban(a, seat, "27B2")
    note(a, text.replaced(seat, e.call, e.law))


def _accept_insufficient(a: Auction, p: Decision) -> None:
    e = a.calls[p.entry]
    e.status, e.law = "stands", "27A1"
    a.pending = None
    note(a, text.insufficient_accepted(e.seat, e.call))
    if "replaces" in p.extra:
        # 27B4 accepted: the second insufficient bid is the replacement, treated as legal;
        # 27B1(b) or 27B2 rules it (the engine's reading: the Laws say no more).
        if e.comparable:
            e.law = "27B1(b)"
        else:
            bar(a, partner(e.seat), "auction_end", "27B2")
            _lead_ban(a, e.seat, "27B2")
    _stands(a, e)


# --- Laws 28 to 32: calls out of rotation ----------------------------------------------


def _out_of_rotation(a: Auction, seat: int, c: str, comparable: bool, artificial: bool) -> None:
    turn = a.turn
    assert turn is not None
    if seat in a.bars or a.replacing is not None or a.required is not None or a.watch is not None:
        raise AuctionError(text.out_of_rotation_stacked(seat))
    if comparable:
        raise AuctionError(text.COMPARABLE_REPLACES_NOTHING)
    at = (turn - seat) & 3  # 3: RHO's turn, 2: partner's, 1: LHO's
    if at == 1 and a.has_called(seat):
        raise AuctionError(text.CHANGE_OF_CALL)
    if at == 1 and c in (DOUBLE, REDOUBLE):
        raise AuctionError(text.DOUBLE_AT_LHO_TURN)
    if is_bid(c) and level(c) > MAX_LEVEL:
        raise AuctionError(text.STACKED)
    e = Entry(seat, c, status="pending", artificial=artificial)
    a.calls.append(e)
    extra = {"turn": turn, "at": at}
    if c in (DOUBLE, REDOUBLE) and not a.permitted(seat, c):
        # 32: an inadmissible double or redouble out of rotation is never accepted (36B4).
        a.pending = Decision(
            "rotation_inadmissible", _lho(seat), "36", [_option("rectify", "36B4")],
            offender=seat, entry=len(a.calls) - 1, extra=extra,
        )  # fmt: skip
    else:
        law = "32" if c in (DOUBLE, REDOUBLE) else "29"
        a.pending = Decision(
            "rotation", _lho(seat), law, [_option("accept", "29A"), _option("refuse", "29B")],
            offender=seat, entry=len(a.calls) - 1, extra=extra,
        )  # fmt: skip
    note(a, text.out_of_rotation(seat, c, turn, a.pending.situation == "rotation"))


def _refuse_out_of_rotation(a: Auction, p: Decision) -> None:
    """29B: cancelled, the turn goes back; Law 30, 31 or 32 applies."""
    e = a.calls[p.entry]
    e.status, e.law = "cancelled", "29B"
    a.pending = None
    seat, at = p.offender, p.extra["at"]
    a.turn = p.extra["turn"]
    note(a, text.out_of_rotation_cancelled(seat, e.call, a.turn))
    if e.call == PASS and not e.artificial:
        if at == 3:
            bar(a, seat, "next_turn", "30A")
        else:
            a.watch = Watch(seat, seat, "30B1(b)(i)", "30B1(b)")
            note(a, text.calls_freely(partner(seat)))
    elif e.call in (DOUBLE, REDOUBLE):
        if at == 3:
            a.watch = Watch(a.turn, seat, "32A1", "32A2(b)", p.entry)
        else:
            a.watch = Watch(seat, seat, "32A2(a)", "32A2(b)")
    elif at == 3:
        a.watch = Watch(a.turn, seat, "31A1", "31A2(b)", p.entry)
    else:
        a.watch = Watch(seat, seat, "31A2(a)", "31A2(b)")


# --- Laws 36 to 39: inadmissible calls ------------------------------------------------


def _inadmissible(a: Auction, e: Entry, law: str) -> None:
    e.status = "pending"
    clause = {"36": "36B", "37": "37B", "38": "38B", "39": "39C"}[law]
    a.pending = Decision(
        "inadmissible", _lho(e.seat), law, [_option("rectify", clause)],
        offender=e.seat, entry=len(a.calls) - 1,
    )  # fmt: skip
    note(a, text.inadmissible(e.seat, e.call, law))


def _rectify(a: Auction, p: Decision) -> None:
    e = a.calls[p.entry]
    seat = p.offender
    a.pending = None
    if p.situation == "rotation_inadmissible":  # 36B4: back to the turn; he calls at his turn
        e.status, e.law = "cancelled", "36B"
        note(a, text.rectified(seat, e.call, p.law))
        a.turn = p.extra["turn"]
        bar(a, partner(seat), "auction_end", "36B4")
        a.replacing = Replacing(seat, "36B", "36B4")
    elif p.law == "36":  # 36B1, 36B2: cancelled, a legal call at once, partner passes
        e.status, e.law = "cancelled", "36B"
        note(a, text.rectified(seat, e.call, p.law))
        a.turn = seat
        bar(a, partner(seat), "auction_end", "36B2")
        a.replacing = Replacing(seat, "36B", "36B2")
    elif p.law in ("37", "38"):  # 37B / 38B, 38C: a pass instead, both must pass
        e.status, e.law = "cancelled", p.law + "B"
        law = "37B2" if p.law == "37" else "38C"
        note(a, text.pass_substituted(seat, e.call, p.law))
        for s in (seat, partner(seat)):
            bar(a, s, "auction_end", law)
        _lead_ban(a, seat, law)
        substitute = Entry(seat, PASS, law=law)
        a.calls.append(substitute)
        _stands(a, substitute)
        return
    else:  # 39C: the defender's call stays cancelled; 26B may apply
        _lead_ban(a, seat, "39C")


# --- a call while a decision is pending: acceptance by calling, 27C, 28B, 36A ... ------


def _while_pending(a: Auction, seat: int, c: str, comparable: bool, artificial: bool) -> None:
    p = a.pending
    assert p is not None
    if p.situation == "insufficient":
        if seat == p.decider:
            _accept_insufficient(a, p)  # 27A1: accepted by calling
            _after_acceptance(a, seat, c, comparable, artificial)
            return
        if seat == p.offender and p.law == "27":
            _premature(a, p, seat, c, comparable, artificial)
            return
    elif p.situation == "premature":
        if seat == p.decider:
            _accept_premature(a, p)
            _after_acceptance(a, seat, c, comparable, artificial)
            return
    elif p.situation in ("rotation", "rotation_inadmissible"):
        turn = p.extra["turn"]
        if seat == turn and (seat - p.offender) & 1:
            # 28B: the player whose turn it was calls: the call out of rotation is
            # cancelled without rectification and his call is in rotation.
            e = a.calls[p.entry]
            e.status, e.law = "cancelled", "28B"
            a.pending = None
            a.turn = turn
            note(a, text.cancelled_by_right_player(seat, p.offender))
            _in_rotation(a, seat, c, comparable, artificial)
            return
        if seat == p.decider and p.situation == "rotation":
            _accept_out_of_rotation(a, p)  # 29A
            _after_acceptance(a, seat, c, comparable, artificial)
            return
        if seat == p.decider:  # 36A, out of rotation
            _lho_calls_first(a, p, seat, c)
            return
    elif seat == p.decider:  # inadmissible: 36A, 37A, 38B / 38D, 39B
        if p.law == "37":
            e = a.calls[p.entry]
            e.law = "37A"
            a.pending = None
            note(a, text.barred_call_stands(p.offender, e.call))
            _stands(a, e)  # a bar for his next turn is used up; one to the end still holds
            _after_acceptance(a, seat, c, comparable, artificial)
            return
        _lho_calls_first(a, p, seat, c)
        return
    raise AuctionError(text.call_while_pending(a, seat))


def _after_acceptance(a: Auction, seat: int, c: str, comparable: bool, artificial: bool) -> None:
    """The decider's call that accepted: a call in rotation (or after the final pass)."""
    if a.over:
        _after_final_pass(a, seat, c, comparable, artificial)
    else:
        _in_rotation(a, seat, c, comparable, artificial)


def _lho_calls_first(a: Auction, p: Decision, seat: int, c: str) -> None:
    """36A, 38B with 38D, 39B: the LHO called before rectification."""
    e = a.calls[p.entry]
    a.pending = None
    if p.law == "39":
        a.calls.append(Entry(seat, c, status="cancelled", law="39A"))
        note(a, text.nothing_more_39(p.offender))
        return
    law = "36A" if p.law == "36" else "38B"
    e.status, e.law = "cancelled", law
    a.calls.append(Entry(seat, c, status="cancelled", law=law))
    if p.law == "36":
        a.turn = p.extra.get("turn", p.offender)
        note(a, text.back_to_turn_36a(a.turn))
        return
    # 38: a pass instead, the offending side passes throughout; no 26B (38D).
    for s in (p.offender, partner(p.offender)):
        bar(a, s, "auction_end", "38C")
    note(a, text.pass_substituted(p.offender, e.call, "38"))
    substitute = Entry(p.offender, PASS, law="38C")
    a.calls.append(substitute)
    _stands(a, substitute)


def _premature(
    a: Auction, p: Decision, seat: int, c: str, comparable: bool, artificial: bool
) -> None:
    """27C: the offender replaced his insufficient bid before any ruling."""
    e = Entry(seat, c, status="pending", law="27C", artificial=artificial, comparable=comparable)
    a.calls.append(e)
    a.pending = Decision(
        "premature", p.decider, "27C", [_option("accept", "27A1"), _option("refuse", "27C")],
        offender=seat, entry=p.entry, extra={"replacement": len(a.calls) - 1},
    )  # fmt: skip
    note(a, text.premature_replacement(seat, c))


def _accept_premature(a: Auction, p: Decision) -> None:
    rep = a.calls[p.extra["replacement"]]
    rep.status, rep.law = "cancelled", "27C"
    _accept_insufficient(a, p)


def _accept_out_of_rotation(a: Auction, p: Decision) -> None:
    """29A: it stands as if in rotation; the players skipped lose that turn."""
    e = a.calls[p.entry]
    e.law, e.out_of_rotation = "29A", True
    a.pending = None
    note(a, text.out_of_rotation_accepted(e.seat, e.call))
    _stands(a, e)


# --- Law 39: a call after the final pass ------------------------------------------------


def _after_final_pass(a: Auction, seat: int, c: str, comparable: bool, artificial: bool) -> None:
    if comparable or artificial:
        raise AuctionError(text.FLAG_AFTER_FINAL_PASS)
    a.calls.append(Entry(seat, c, status="cancelled", law="39A"))
    defender = seat != a.declarer and seat != partner(a.declarer)
    if defender and c != PASS:
        a.pending = Decision(
            "inadmissible", _lho(seat), "39", [_option("rectify", "39C")],
            offender=seat, entry=len(a.calls) - 1,
        )  # fmt: skip
    note(a, text.after_final_pass(seat, c, defender))


# --- decisions ------------------------------------------------------------------------


def decide(a: Auction, option: str) -> None:
    """`pending.decider` chooses `option` (accept, refuse or rectify)."""
    a.notes = []
    try:
        p = a.pending
        if p is None:
            raise AuctionError(text.nothing_pending(option))
        if option not in {o["decide"] for o in p.options}:
            raise AuctionError(text.not_an_option(a, option))
        if p.situation == "insufficient":
            if option == "accept":
                _accept_insufficient(a, p)
                return
            e = a.calls[p.entry]
            a.pending = None
            a.turn = p.offender
            if p.law == "27":  # 27B: withdrawn; he replaces it at once
                e.status, e.law = "withdrawn", "27B"
                a.replacing = Replacing(p.offender, "27B", "27B", p.entry)
                note(a, text.insufficient_refused(p.offender, e.call))
            else:  # 27B4: the second one is cancelled, ruled as in 27B3
                e.status, e.law = "cancelled", "27B4"
                note(a, text.double_replacement(p.offender, e.call))
                bar(a, partner(p.offender), "auction_end", "27B4")
                a.replacing = Replacing(p.offender, "again", "27B4")
        elif p.situation == "premature":
            if option == "accept":
                _accept_premature(a, p)
                return
            ins = a.calls[p.entry]
            ins.status, ins.law = "withdrawn", "27B"
            a.pending = None
            a.turn = p.offender
            note(a, text.insufficient_refused(p.offender, ins.call))
            _replacement(
                a, a.calls[p.extra["replacement"]], Replacing(p.offender, "27B", "27B", p.entry)
            )
        elif p.situation == "rotation":
            if option == "accept":
                _accept_out_of_rotation(a, p)
            else:
                _refuse_out_of_rotation(a, p)
        else:
            _rectify(a, p)
    finally:
        a.moves += 1
