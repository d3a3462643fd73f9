"""The end of play on the table, after a revoke: the tricks as played, which of them the
offending side won from the revoke trick on, each transfer with the clause that gives it,
the tricks each side is credited with, and beside it what the transfer does not make up
(Law 64C), from the double-dummy figures the loader stored (`analysis.revoke_redress`).

`end_of_play(table, analysis)` returns None unless the deal has been played to the end
with a revoke in it; `templates/hands/_end_of_play.html` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from penaltyflow.engine import Table
from penaltyflow.engine.core.vocab import SEATS, SUIT_SINGULAR, card_label, seat_name, suit_colour
from penaltyflow.engine.play.words import revoke_text

from .analysis import contract_result

__all__ = ["EndOfPlay", "end_of_play"]

SIDES = ("North–South", "East–West")


@dataclass
class PlayedCard:
    seat: str  # "N"
    seat_name: str  # "North"
    label: str  # "♠K"
    colour: str


@dataclass
class TrickRow:
    number: int
    cards: list[PlayedCard]
    winner: str  # "East"
    revoked: list[str]  # "East revoked with the ♣5" for each revoke on this trick
    offenders_won: bool  # won by an offending side, on or after its revoke trick
    winner_side: str = ""


@dataclass
class RevokeRow:
    offender: str
    trick: int
    card: str  # "♣5"
    colour: str
    suit_led: str  # "heart"
    status: str  # "established" | "corrected"
    transfer: int
    law: str
    words: str  # why, in a sentence citing the clause
    offending_side: str


@dataclass
class Redress:
    """Law 64C for one established revoke: best play had the offender followed suit."""

    offender: str
    trick: int
    side: str  # the non-offending side, in words
    dd_tricks: int
    credited: int
    short: int
    dd_result: str  # the contract's result with those tricks ("made exactly")
    credited_result: str
    moved: int = 0  # the tricks this revoke's transfer moved (0 when both sides revoked)
    both: bool = False  # both sides revoked (64B7): one figure had neither occurred, 64C2(b)
    trick12: bool = False  # 62D1 would have had it corrected, found in time


@dataclass
class EndOfPlay:
    tricks: list[TrickRow]
    revokes: list[RevokeRow]
    won: tuple[int, int]  # NS, EW as played
    credited: tuple[int, int]  # NS, EW after every transfer
    redress: list[Redress] = field(default_factory=list)

    @property
    def transferred(self) -> int:
        return sum(r.transfer for r in self.revokes if r.status == "established")

    @property
    def laws(self) -> list[str]:
        """The clauses that give the count, each once, in the order of the revokes."""
        return list(dict.fromkeys(r.law for r in self.revokes if r.law))


def end_of_play(table: Table, analysis: dict | None = None) -> EndOfPlay | None:
    """What the table shows once play is over with a revoke in it (None otherwise)."""
    if not table.finished or not table.revokes:
        return None
    state = table.to_json()
    est = [r for r in table.revokes if r.status == "established"]
    first = {side: min((r.trick for r in est if r.seat & 1 == side), default=14) for side in (0, 1)}
    rows = []
    for number, (_, cards, winner) in enumerate(table.tricks, start=1):
        here = [
            f"{seat_name(r.seat)} played no card; the {card_label(r.card)} placed (Law 67B1)"
            if r.rule == "67B1"
            else f"{seat_name(r.seat)} revoked with the {card_label(r.card)}"
            for r in table.revokes
            if r.trick == number
        ]
        rows.append(
            TrickRow(
                number=number,
                cards=[
                    PlayedCard(SEATS[s], seat_name(s), card_label(c), suit_colour(c // 13))
                    for s, c in cards
                ],
                winner=seat_name(winner),
                winner_side=SIDES[winner & 1],
                revoked=here,
                offenders_won=number >= first[winner & 1],
            )
        )
    revokes = []
    for r in table.revokes:
        if r.status == "established":
            words = revoke_text.adjustment(table, r)
        else:
            words = (
                f"{seat_name(r.seat)}'s revoke on trick {r.trick} was corrected before it was "
                "established, so nothing is transferred for it (Law 62B)."
            )
        revokes.append(
            RevokeRow(
                offender=seat_name(r.seat),
                trick=r.trick,
                card=card_label(r.card),
                colour=suit_colour(r.card // 13),
                suit_led=SUIT_SINGULAR[r.suit],
                status=r.status,
                transfer=r.transfer or 0,
                law=r.law or "",
                words=words,
                offending_side=SIDES[r.seat & 1],
            )
        )
    adjusted = state["tricks_adjusted"]
    credited = (adjusted["NS"], adjusted["EW"])
    redress = []
    contract = table.contract_text()
    ours = table.declarer & 1
    for item in (analysis or {}).get("revokes", []):
        side = 0 if item["side"] == "NS" else 1
        dd, got = item["dd_tricks"], credited[side]

        def result(n: int, side: int = side) -> str:
            return contract_result(n if side == ours else 13 - n, contract)

        revoke = next(
            (r for r in est if SEATS[r.seat] == item["seat"] and r.trick == item["trick"]), None
        )
        both = bool(item.get("both"))
        redress.append(
            Redress(
                offender=seat_name(item["seat"]),
                trick=item["trick"],
                side=SIDES[side],
                dd_tricks=dd,
                credited=got,
                short=max(0, dd - got),
                dd_result=result(dd),
                credited_result=result(got),
                moved=0 if both or revoke is None else revoke.transfer or 0,
                both=both,
                trick12=item["trick"] == 12,
            )
        )
    return EndOfPlay(rows, revokes, (table.won[0], table.won[1]), credited, redress)
