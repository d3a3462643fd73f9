"""What the engine tells the learner about a position: why a card may not be played,
what is pending, and the standing notes (penalty cards and restrictions in force).

Words for seats, suits and options come from `vocab.py`; legality from `legal.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import legal, vocab
from .cards import CARD_NAMES, sorted_cards
from .vocab import SEAT_NAMES, SUIT_SINGULAR, suit_words

if TYPE_CHECKING:
    from .table import Table


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def _c(card: int) -> str:
    return CARD_NAMES[card]


def why_illegal(table: Table, seat: int, card: int) -> tuple[str, str]:
    """For a card `seat` holds but may not play at his turn: (kind, reason)."""
    kind = legal.illegal_kind(table, seat, card)
    if kind == "revoke":
        reason = (
            f"{_name(seat)} must follow suit with a {SUIT_SINGULAR[table.led_suit]}: "
            f"playing {_c(card)} would be a revoke (Laws 44C, 61)."
        )
    elif kind == "restriction":
        reason = restriction_reason(table, seat)
    elif kind == "committed":
        reason = (
            f"{_name(seat)} must play {_c(table.committed[seat])}: he played it early, at his "
            "right-hand opponent's turn, and it is legal now (Law 57D)."
        )
    else:
        reason = penalty_reason(table, seat, legal.allowed_by_restrictions(table, seat))
    return kind, reason


def restriction_reason(table: Table, seat: int) -> str:
    if not table.trick:
        lr = table.lead_req
        if lr is not None and lr[0] == seat:
            return f"{_name(seat)} must lead {suit_words(lr[1])} (Laws 50D2(a), 51B)."
        lf = table.lead_forbid
        return (
            f"{_name(seat)} may not lead {suit_words(lf[1])} while he keeps "
            "the lead (Laws 50D2(a), 51B)."
        )
    return play_restriction_text(table)


def penalty_reason(table: Table, seat: int, m: int) -> str:
    maj = table.pen_mask[seat] & table.major_mask & m
    if maj:
        cards = " or ".join(_c(c) for c in sorted_cards(maj))
        return (
            f"{_name(seat)} must play his major penalty card {cards} at this first legal "
            "opportunity (Law 50D1(a))."
        )
    minor = table.pen_mask[seat] & ~table.major_mask
    c = minor.bit_length() - 1
    return (
        f"{_name(seat)} has the minor penalty card {_c(c)}: he may not play another "
        f"{SUIT_SINGULAR[c // 13]} below honour rank until it is played (Law 50C)."
    )


def play_restriction_text(table: Table) -> str:
    seat, mode, bits = table.play_restr
    led = SUIT_SINGULAR[table.led_suit] if table.led_suit >= 0 else "the suit led"
    if mode == "highest":
        return f"{_name(seat)} must play his highest {led} (Law 57A(1))."
    if mode == "lowest":
        return f"{_name(seat)} must play his lowest {led} (Law 57A(2))."
    if mode == "required":
        return f"{_name(seat)} must play a card of {suit_words(bits)} (Law 57A(3))."
    return f"{_name(seat)} may not play a card of {suit_words(bits)} (Law 57A(4))."


def pending_text(table: Table) -> str:
    """ "Declarer must first choose (Law 50D2): require a spade lead, forbid a spade lead, or
    no lead restriction (the penalty card stays)." In plain words, as the options list says."""
    p = table.pending
    labels = [option_label(table, o) for o in p.options]
    labels = [label[:1].lower() + label[1:] for label in labels]
    opts = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + ", or " + labels[-1]
    who = "Declarer" if p.decider == table.declarer else _name(p.decider)
    return f"{who} must first choose (Law {p.law}): {opts}."


def not_an_option(table: Table, option: str, suit_t: str | None, card_t: str | None) -> str:
    what = option + (f" {suit_t}" if suit_t else "") + (f" {card_t}" if card_t else "")
    names = {o["decide"] for o in table.pending.options}
    if option in names and suit_t is None and card_t is None:
        return f"'{option}' needs a suit or card here. {pending_text(table)}"
    return f"'{what}' is not an option now. {pending_text(table)}"


def state_notes(table: Table) -> list[str]:
    """Standing notes for the position: penalty cards and restrictions in force."""
    out = []
    seat = table.to_play
    for owner in range(4):
        for c in sorted_cards(table.pen_mask[owner]):
            if table.major_mask >> c & 1:
                if seat == owner and legal.legal_mask(table) == 1 << c:
                    out.append(f"{_name(owner)} must play {_c(c)} now (Law 50D1(a)).")
                elif seat == owner and table.designated[owner] not in (-1, c):
                    out.append(
                        f"Declarer designated {_c(table.designated[owner])}, so {_c(c)} stays "
                        "face up for a later opportunity (Law 51A)."
                    )
                elif seat == owner and table.trick:
                    out.append(
                        f"{_name(owner)} must follow suit or obey a restriction first; {_c(c)} "
                        "stays face up for his next legal opportunity (Law 50D1(b))."
                    )
                else:
                    out.append(
                        f"{_name(owner)} must play {_c(c)} at the first legal opportunity "
                        "(Law 50D1)."
                    )
            else:
                out.append(
                    f"{_name(owner)}'s {_c(c)} is a minor penalty card: he may not play "
                    f"another {SUIT_SINGULAR[c // 13]} below honour rank until it is played, "
                    "but may play an honour instead (Law 50C)."
                )
    for owner in range(4):
        c = table.committed[owner]
        if c >= 0:
            out.append(f"{_name(owner)} must play {_c(c)} at his turn (Law 57D).")
    if table.lead_req is not None:
        s, bits = table.lead_req
        out.append(f"{_name(s)} must lead {suit_words(bits)} if he can (Laws 50D2(a), 59).")
    if table.lead_forbid is not None:
        s, bits = table.lead_forbid
        out.append(
            f"{_name(s)} may not lead {suit_words(bits)} while he keeps the lead "
            "(Laws 50D2(a), 51B)."
        )
    if table.play_restr is not None:
        out.append(play_restriction_text(table))
    if table.pending is not None:
        out.append(pending_text(table))
    if table.finished:
        ns, ew = table.won
        out.append(f"Play is over: North-South won {ns} tricks, East-West {ew}.")
    return out


def option_label(table: Table, option: dict) -> str:
    """A short learner-facing label for one option of the decision pending at `table`."""
    p = table.pending
    several = p is not None and p.offender >= 0 and table.pen_mask[p.offender].bit_count() > 1
    return vocab.option_label(option, p.kind if p is not None else "", several)
