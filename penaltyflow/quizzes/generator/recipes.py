"""The recipes are data (`recipes.yaml`): a scene, the moves that follow it, the question,
the teaching. No Django here.

A recipe reads: from the scene "partner on lead with a major penalty card", declarer forbids
the penalty card's suit and the leader keeps the lead; ask which cards he may lead; teach
that the ban lasts as long as he keeps the lead. The right answer is never written: the bank
reads it from the engine's replay. The teaching text names the moment's seats and cards:
`{leader}`, `{card}`, `{card_suit}` ("spade"), `{card_suits}` ("spades"). A move is the name
of one in `MOVES`, or `{decide: OPTION, words: ..., suit of: CARD, card: CARD}`,
`{say: ...}`, `{leads: SEAT}`, `{pick one of: [CARD, CARD]}`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from penaltyflow.core.contentfile import read_yaml
from penaltyflow.engine.core.cards import SUIT_MASK, cards_of, is_honour, sorted_cards
from penaltyflow.engine.core.vocab import SUITS, suit_word

from ..kinds import ENGINE_KINDS, KINDS, EngineKind
from . import auction, revokes
from .play import Draft, Skip, cl, who
from .scenes import SCENES, Moment

Move = Callable[[Draft, Moment], None]


@dataclass(frozen=True)
class Recipe:
    name: str
    law: str
    kind: str
    step: str  # chart step path: "law-50/c-offender-plays"
    scene: str  # a name in SCENES
    teach: str
    then: tuple[Move, ...] = ()
    about: str = "card"  # which card (or seat) of the moment a question about one asks about
    saw_dummy: bool = False

    def play(self, d: Draft) -> None:
        m = SCENES[self.scene](d)
        for move in self.then:
            move(d, m)
        kind = KINDS[self.kind]
        assert isinstance(kind, EngineKind)
        if not kind.ask(d, m, self.about):
            raise Skip
        d.kind = kind.name
        d.teach = m.text(self.teach)


# --- moves ----------------------------------------------------------------------


def decide(option: str, words: str, suit_of: str = "", card: str = "") -> Move:
    """Declarer (or a defender) decides: `suit_of` names the card whose suit is required or
    forbidden, `card` the penalty card designated."""

    def move(d: Draft, m: Moment) -> None:
        suit = 1 << (m.cards[suit_of] // 13) if suit_of else None
        d.decide(option, suit, m.cards[card] if card else None, words=m.text(words))

    return move


def say(words: str) -> Move:
    def move(d: Draft, m: Moment) -> None:
        d.say(m.text(words))

    return move


def require_or_forbid(d: Draft, m: Moment) -> None:
    option = d.rng.choice(("require", "forbid"))
    verb = "required" if option == "require" else "forbade"
    decide(option, f"Declarer {verb} a {{card_suit}} lead.", suit_of="card")(d, m)


def pick_one(of: tuple[str, str]) -> Move:
    """Declarer's choice between two penalty cards: `picked`, and the `left` one."""

    def move(d: Draft, m: Moment) -> None:
        first, second = (m.cards[k] for k in of)
        picked = d.rng.choice([first, second])
        seat = m.owner[of[0]]
        m.card("picked", picked, seat)
        m.card("left", second if picked == first else first, seat)

    return move


def left_is_an_honour(d: Draft, m: Moment) -> None:
    """Only where the card left on the table is an honour: major whatever came before (Law
    50B). A low card left alone is the Director's judgement (law-51 `cards-left`): no question."""
    if not is_honour(m.cards["left"]):
        raise Skip


def keeps_the_lead(d: Draft, m: Moment) -> None:
    """The leader leads his highest card and wins the trick: the ban goes on (50D2(a))."""
    t = d.table
    leader = m.seats["leader"]
    top = sorted_cards(t.legal_mask(leader))[0]  # his best shot at keeping the lead
    d.play(leader, top)
    d.tricks(1)
    if t.leader != leader or t.lead_forbid is None:
        raise Skip
    d.say(f"{who(leader)} led the {cl(top)} and won the trick, so he has the lead again.")


def leads(seat_of: str) -> Move:
    def move(d: Draft, m: Moment) -> None:
        seat = m.seats[seat_of]
        lead = d.regular_card(seat)
        d.play(seat, lead, words=f"{who(seat)} led the {cl(lead)}.")

    return move


def on_to_offender_turn(d: Draft, m: Moment) -> None:
    """Play on to the offender's turn, his penalty card still on the table."""
    seat = m.seats["offender"]
    d.until(lambda tb: tb.to_play == seat, 3)
    if not d.table.pen_mask[seat]:
        raise Skip


def accept_wrong_card(d: Draft, m: Moment) -> None:
    """Declarer accepts the card played instead of the penalty card, in words or by playing on."""
    t = d.table
    seat = m.seats["offender"]
    if d.rng.random() < 0.5 and len(t.trick) < 4:
        nxt = (seat + 1) & 3
        follow = t.hands[nxt] & SUIT_MASK[t.led_suit]
        play = d.rng.choice(cards_of(follow or t.hands[nxt]))
        d.play(
            nxt,
            play,
            words=(
                f"Before declarer said anything, he played the {cl(play)} from "
                f"{'dummy' if nxt == t.dummy else 'his hand'}."
            ),
        )
        m.words["why"] = "by playing on, declarer accepted it (Law 52B1(b))"
    else:
        d.decide("accept", words=m.text("Declarer accepted the {other}."))
        m.words["why"] = "declarer accepted it (Law 52B1(a))"


COMPLY_WORDS = {
    "highest": "to play his highest card of the suit led",
    "lowest": "to play his lowest card of the suit led",
    "require": "to play a {s}",
    "forbid": "not to play a {s}",
}


def tells_partner(d: Draft, m: Moment) -> None:
    """Declarer picks one of his Law 57A options for the offender's partner."""
    opt = d.rng.choice(d.table.pending.options)
    words = COMPLY_WORDS[opt["decide"]]
    suit = None
    if "suit" in opt:
        suit = 1 << SUITS.index(opt["suit"])
        words = words.format(s=suit_word(opt["suit"]))
    d.decide(opt["decide"], suit, words=f"Declarer told {m.words['partner']} {words}.")
    m.words["law"] = opt["law"]


MOVES: dict[str, Move] = {
    "forbid the penalty card's suit": decide(
        "forbid", "Declarer forbade {leader} to lead {card_suits}.", suit_of="card"
    ),
    "require or forbid the penalty card's suit": require_or_forbid,
    "he keeps the lead": keeps_the_lead,
    "the card left is an honour": left_is_an_honour,
    "on to the offender's turn": on_to_offender_turn,
    "declarer accepts the card played": accept_wrong_card,
    "declarer tells partner what to play": tells_partner,
    **revokes.MOVES,
    **auction.MOVES,
}
MADE = {
    "decide": lambda spec: decide(
        spec["decide"], spec["words"], spec.get("suit of", ""), spec.get("card", "")
    ),
    "say": lambda spec: say(spec["say"]),
    "leads": lambda spec: leads(spec["leads"]),
    "pick one of": lambda spec: pick_one(tuple(spec["pick one of"])),
    **revokes.MADE,
}
FILE = Path(__file__).with_name("recipes.yaml")


class RecipeError(ValueError):
    """A recipe that cannot be made: the file and the recipe are named."""


def _move(spec: Any, where: str) -> Move:
    if isinstance(spec, str) and spec in MOVES:
        return MOVES[spec]
    if isinstance(spec, dict):
        verb = next((k for k in MADE if k in spec), None)
        if verb is not None:
            try:
                return MADE[verb](spec)
            except KeyError as missing:
                raise RecipeError(f"{where}: move {spec!r} has no {missing}") from None
    raise RecipeError(
        f"{where}: unknown move {spec!r}; moves are {sorted(MOVES)} or {sorted(MADE)}"
    )


def load(path: Path = FILE) -> list[Recipe]:
    rows = read_yaml(path, RecipeError)
    recipes = []
    for i, row in enumerate(rows):
        where = f"{path.name}: recipe {row.get('name', i)!r}"
        if row.get("scene") not in SCENES:
            raise RecipeError(f"{where}: unknown scene {row.get('scene')!r}")
        if row.get("kind") not in ENGINE_KINDS:
            raise RecipeError(f"{where}: unknown kind {row.get('kind')!r}")
        try:
            recipes.append(
                Recipe(
                    name=row["name"],
                    law=str(row["law"]),
                    kind=row["kind"],
                    step=row["step"],
                    scene=row["scene"],
                    teach=row["teach"],
                    then=tuple(_move(spec, where) for spec in row.get("then", ())),
                    about=row.get("about", "card"),
                    saw_dummy=row.get("saw dummy", False),
                )
            )
        except KeyError as missing:
            raise RecipeError(f"{where}: no {missing}") from None
    return recipes


RECIPES = load()
