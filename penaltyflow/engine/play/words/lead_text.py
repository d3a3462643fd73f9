"""What the learner is told when the table acts on a lead out of turn before its choice is
made (Laws 47A, 53, 55, 57C3, 60C): declarer playing on from his other hand, and the offender's
partner facing a card too. The rules are in `leads.py`; the other words of Laws 53 to 56
are in `text.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import CARD_NAMES
from ...core.vocab import SEAT_NAMES

if TYPE_CHECKING:
    from ..state import TableState


def _hand(table: TableState, seat: int) -> str:
    return "dummy" if seat == table.dummy else "his own hand"


def declarer_played_on(table: TableState, offender: int, seat: int, card: int) -> str:
    return (
        f"Declarer played {CARD_NAMES[card]} from {_hand(table, seat)} to his lead out of "
        "turn before the defenders had chosen: a premature play by declarer is a played card "
        "(Law 57C3), and the defenders keep their choice (Law 60C). A card from "
        f"{SEAT_NAMES[(offender + 1) & 3]} would accept the lead (Law 53A); one from "
        f"{SEAT_NAMES[(offender - 1) & 3]} would make it stand (Law 53C)."
    )


def played_on_card_back(table: TableState, seat: int, card: int, should_lead: bool) -> str:
    back = (
        f"{CARD_NAMES[card]}, played from {_hand(table, seat)} to the lead taken back, goes "
        "back too, with no penalty card (Laws 47A, 48A)."
    )
    if not should_lead:
        return back
    return (
        f"{back} That is one reading: {_hand(table, seat)} is the hand that should lead, and "
        "the Laws do not say whether its card goes back or stands as the lead, being a "
        "played card (Law 57C3). The Director rules; PenaltyFlow replays it going back."
    )


def partner_led_too(table: TableState, seat: int, card: int) -> str:
    p = table.decision
    return (
        f"{SEAT_NAMES[seat]} put {CARD_NAMES[card]} face up while declarer's choice on his "
        f"partner's lead out of turn ({CARD_NAMES[p.card]}) was still open. The Laws do not "
        "say what that card is: Law 54 covers only a face-down lead by the offender's "
        "partner, Law 53B only a proper lead by an opponent of the offender. The Director "
        "rules (Law 81C3); PenaltyFlow does not replay it."
    )
