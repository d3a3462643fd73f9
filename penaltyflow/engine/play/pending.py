"""What every move module shares: the error a move raises and a pending decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.cards import CARD_NAMES
from ..core.vocab import SEATS, Option


class EngineError(ValueError):
    """A move that cannot be applied; the message is meant for the learner."""


@dataclass(slots=True)
class Pending:
    """A decision the laws give `decider` before play can go on."""

    situation: str  # opening_lead | defender_lead | declarer_lead | wrong_card
    # | lead_options | lead_ban | designate | premature
    decider: int
    law: str
    options: list[Option]
    offender: int = -1  # the seat whose irregularity (or whose partner's penalty card) it is
    card: int = -1  # the card led or played irregularly
    proper: int = -1  # the proper leader (leads out of turn); the restricted partner (57A)
    required: int = -1  # Law 52: the penalty card that should have been played
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"decider": SEATS[self.decider], "law": self.law, "options": self.options}


def option(decide: str, law: str, suit: str | None = None, card: int | None = None) -> Option:
    opt = {"decide": decide}
    if suit is not None:
        opt["suit"] = suit
    if card is not None:
        opt["card"] = CARD_NAMES[card]
    opt["law"] = law
    return opt


__all__ = ["EngineError", "Pending", "option"]
