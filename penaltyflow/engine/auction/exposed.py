"""Law 24 (a card exposed or led during the auction) and Law 25A (an unintended call
replaced), beside the calls of `rules.py`."""

from __future__ import annotations

from ..core.cards import is_honour, partner
from . import text
from .rules import bar, call, note
from .state import Auction, AuctionError, Entry


def expose(a: Auction, seat: int, card: int, led: bool) -> None:
    a.notes = []
    try:
        if not a.hands[seat] >> card & 1:
            raise AuctionError(text.not_held(seat, card))
        if any(s == seat and c == card for s, c, _ in a.exposed):
            raise AuctionError(text.already_exposed(seat, card))
        a.exposed.append((seat, card, led))
        mine = sum(1 for s, _, _ in a.exposed if s == seat)
        if mine >= 2:
            law = "24C"
        elif led or is_honour(card):
            law = "24B"
        else:
            note(a, text.low_card_exposed(seat, card))
            return
        note(a, text.card_exposed(seat, card, led, law))
        bar(a, partner(seat), "next_turn", law)
    finally:
        a.moves += 1


def change(
    a: Auction, undo: Auction, seat: int, old: str, c: str, comparable: bool, artificial: bool
) -> Auction:
    """25A: `undo` is the auction just before `seat`'s last call `old`; that call is
    withdrawn and `c` is ruled as if made then. No Law 26 follows. Returns the auction."""
    b = undo.clone()
    b.moves = a.moves
    b.calls.append(Entry(seat, old, status="withdrawn", law="25A"))
    b.log.append((b.moves, text.unintended(seat, old, c)))
    call(b, seat, c, comparable, artificial)
    b.notes.insert(0, text.unintended(seat, old, c))
    return b
