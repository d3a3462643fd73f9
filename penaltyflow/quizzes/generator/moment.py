"""A moment of play by name: who is who and which cards matter, and the words for them.
No Django here. `SCENES` maps a scene's name to the function that plays a deal to it."""

from __future__ import annotations

from collections.abc import Callable

from penaltyflow.engine.core.vocab import SUITS, suit_word, suit_words

from .play import Draft, cl, who


class Moment:
    """The seats and cards of a moment by name, and the words for them: `{leader}` is
    "South", `{card}` "♠K", `{card_suit}` "spade", `{card_suits}` "spades"."""

    def __init__(self) -> None:
        self.seats: dict[str, int] = {}
        self.cards: dict[str, int] = {}
        self.owner: dict[str, int] = {}
        self.words: dict[str, str] = {}

    def seat(self, name: str, seat: int) -> None:
        self.seats[name] = seat
        self.words[name] = who(seat)

    def card(self, name: str, card: int, seat: int) -> None:
        self.cards[name] = card
        self.owner[name] = seat
        self.words[name] = cl(card)
        self.words[f"{name}_suit"] = suit_word(SUITS[card // 13])
        self.words[f"{name}_suits"] = suit_words(SUITS[card // 13])

    def text(self, template: str) -> str:
        return template.format(**self.words)


Scene = Callable[[Draft], Moment]
SCENES: dict[str, Scene] = {}


def scene(name: str):
    def register(play: Scene) -> Scene:
        SCENES[name] = play
        return play

    return register


def found(seats: dict[str, int], **cards: int) -> Moment:
    """The moment a scene found: its seats by name, and its cards, all held by the first seat
    named (the offender, or declarer)."""
    m = Moment()
    for name, seat in seats.items():
        m.seat(name, seat)
    owner = next(iter(seats.values()))
    for name, card in cards.items():
        m.card(name, card, owner)
    return m
