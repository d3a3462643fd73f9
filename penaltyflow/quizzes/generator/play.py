"""Playing a random deal towards a moment that teaches, and telling it. No Django here.

`Draft` holds the deal, the events so far and the story; its moves (`play`, `expose`,
`decide`, `apply`) are the events of the scenario format, applied to the engine's `Table`
as `manage.py scenario` applies them. An irregular move carries the sentence that tells
it, and `what_happened` checks that the engine made of it what the sentence says, or the
deal is skipped: the story tells what is replayed. The question is the kind's
(`quizzes/kinds.py`: `Kind.ask`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from penaltyflow.engine import Table, apply_event
from penaltyflow.engine.core.cards import (
    CARD_NAMES,
    NT,
    SUIT_MASK,
    deal_pbn,
    is_honour,
    partner,
    sorted_cards,
)
from penaltyflow.engine.core.vocab import (
    SEAT_NAMES,
    SEATS,
    SUIT_SYMBOLS,
    SUITS,
    card_label,
    word_list,
)
from penaltyflow.engine.play.simulate import random_deal
from penaltyflow.engine.scenario import apply_board_event


class Skip(Exception):
    """This deal does not give the moment the recipe wants: try the next one."""


def who(seat: int) -> str:
    return SEAT_NAMES[seat]


def cl(card: int) -> str:
    return card_label(card)


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(
        n, f"{n}th"
    )


@dataclass
class Draft:
    """A deal being played towards a moment, with its events and its story."""

    rng: random.Random
    table: Table = None
    deal: str = ""
    contract: str = ""
    declarer: int = 0
    saw_dummy: bool = False
    # a deal told from the first call (generator/auction.py): the dealer and the whole board
    dealer: int | None = None
    board: Any = None
    events: list = field(default_factory=list)
    story: list = field(default_factory=list)
    told: list = field(default_factory=list)  # (event index, the sentence that tells it)
    # what the recipe sets
    kind: str = ""
    prompt: str = ""
    subject: tuple | None = None  # (seat, card)
    teach: str = ""

    @classmethod
    def new(cls, rng: random.Random, saw_dummy: bool = False) -> Draft:
        d = cls(rng)
        hands = random_deal(rng)
        d.declarer = rng.randrange(4)
        strain = rng.choice((0, 0, 1, 1, 2, 3, NT, NT))
        level = rng.choice((3, 3, 4)) if strain == NT else rng.choice((2, 3, 4, 4, 4, 5, 6))
        d.contract = f"{level}{'NT' if strain == NT else SUITS[strain]}"
        d.deal = deal_pbn(hands)
        d.saw_dummy = saw_dummy
        d.table = Table(hands, strain, d.declarer, level, declarer_saw_dummy=saw_dummy)
        return d

    # --- the scenario -------------------------------------------------------

    def scenario(self) -> dict:
        if self.dealer is not None:
            return {"deal": self.deal, "dealer": SEATS[self.dealer], "events": list(self.events)}
        s = {
            "deal": self.deal,
            "contract": self.contract,
            "declarer": SEATS[self.declarer],
            "events": list(self.events),
        }
        if self.saw_dummy:
            s["declarer_saw_dummy"] = True
        return s

    def role(self, seat: int) -> str:
        t = self.table
        if seat == t.declarer:
            return "declarer"
        return "dummy" if seat == t.dummy else "defender"

    def is_defender(self, seat: int) -> bool:
        return self.table.is_defender(seat)

    # --- moves ----------------------------------------------------------------

    def apply(self, event: dict, words: str = "", expect: str = "") -> None:
        """Any event of the scenario format, applied as the scenario command would. `words`
        tell it in the story; `expect` is what the engine must make of it
        (`what_happened`), or the deal is skipped: the story tells what is replayed.
        On a deal from the first call, the event goes to the board (auction, then play)."""
        if self.board is not None:
            self.events.append(event)
            apply_board_event(self.board, len(self.events) - 1, event)
            self.table = self.board.table
            if words:
                self.told.append((len(self.events) - 1, words))
                self.say(words)
            return
        t = self.table
        before = _before(t) if expect else ()
        self.events.append(event)
        apply_event(t, event)
        if expect and what_happened(t, before, event) != expect:
            raise Skip
        if words:
            self.told.append((len(self.events) - 1, words))
            if not self.story or self.story[-1] != words:  # one sentence may tell two events
                self.say(words)

    def play(
        self, seat: int, card: int, words: str = "", expect: str = "", revoke: bool = False
    ) -> None:
        event: dict = {"play": _name(card), "seat": SEATS[seat]}
        if revoke:
            event["revoke"] = True
        self.apply(event, words, expect)

    def expose(self, seat: int, card: int, deliberate: bool = False, words: str = "") -> None:
        event = {"expose": _name(card), "seat": SEATS[seat]}
        if deliberate:
            event["deliberate"] = True
        self.apply(event, words, "exposed" if self.is_defender(seat) else "")

    def decide(
        self, option: str, suit: int | None = None, card: int | None = None, words: str = ""
    ) -> None:
        event = {"decide": option}
        if suit is not None:
            event["suit"] = "".join(SUITS[s] for s in range(4) if suit >> s & 1)
        if card is not None:
            event["card"] = _name(card)
        self.apply(event, words)

    def pick(self, items: list) -> Any:
        """One of `items` at random; with none, this deal does not give the moment."""
        if not items:
            raise Skip
        return self.rng.choice(items)

    def regular_card(self, seat: int) -> int:
        """A plausible legal card: second hand low, often a high card to win, else anything."""
        t = self.table
        legal = sorted_cards(t.legal_mask(seat))
        if not legal:
            raise Skip
        if t.trick and t.hands[seat] & SUIT_MASK[t.led_suit]:
            r = self.rng.random()
            if r < 0.45:
                return legal[-1]
            if r < 0.75:
                return legal[0]
        return self.rng.choice(legal)

    def step(self) -> None:
        t = self.table
        if t.pending is not None or t.to_play is None:
            raise Skip
        seat = t.to_play
        self.play(seat, self.regular_card(seat))

    def tricks(self, n: int) -> None:
        """Play on regularly until `n` more tricks are complete (the next trick not begun)."""
        target = self.table.trick_no + n
        while self.table.trick_no < target or self.table.trick:
            if self.table.finished:
                raise Skip
            self.step()

    def until(self, test: Callable[[Table], bool], moves: int = 12, tell: bool = True) -> None:
        """Play on regularly until `test(table)` holds (at most `moves` cards); `tell` puts
        the cards played in the story."""
        mark = self.mark()
        for _ in range(moves):
            if test(self.table):
                break
            self.step()
        if not test(self.table):
            raise Skip
        if tell:
            self.since(mark)

    def opening(self, lo: int = 1, hi: int = 5) -> None:
        """Some ordinary tricks first, so the moment comes in the middle of the play."""
        self.tricks(self.rng.randint(lo, hi))

    def midway(self, tricks: tuple[int, int], cards: tuple[int, int]) -> None:
        """Between `tricks` ordinary tricks, then between `cards` cards of the next one."""
        self.opening(*tricks)
        self.mid_trick(self.rng.randint(*cards))

    def mid_trick(self, cards: int) -> None:
        """Play `cards` cards (1 to 3) of the next trick."""
        for _ in range(cards):
            self.step()

    # --- the story ----------------------------------------------------------

    def scene(self) -> None:
        """Where we are, in words: the contract, the tricks so far, the trick in progress."""
        t = self.table
        contract = self.contract.replace("NT", " no trumps")
        contract = "".join(SUIT_SYMBOLS[SUITS.index(ch)] if ch in SUITS else ch for ch in contract)
        line = f"{who(t.declarer)} is declarer in {contract}; {who(t.dummy)} is dummy."
        done = len(t.tricks)
        if done:
            ns, ew = t.won
            line += (
                f" {done} trick{'s' * (done != 1)} {'have' if done != 1 else 'has'} been played"
                f" (North–South {ns}, East–West {ew})."
            )
        self.story.append(line)
        if t.trick:
            plays = [
                f"{who(s)} {'led' if i == 0 else 'played'} the {cl(c)}"
                for i, (s, c) in enumerate(t.trick)
            ]
            self.story.append(f"To trick {t.trick_no}, " + word_list(plays) + ".")
        elif done:
            self.story.append(f"{who(t.leader)} won the last trick and has the lead.")

    def mark(self) -> tuple[int, int]:
        """Where play is now, for `since`: (tricks complete, cards in the trick)."""
        return len(self.table.tricks), len(self.table.trick)

    def since(self, mark: tuple[int, int]) -> None:
        """Words for the cards played since `mark`."""
        t = self.table
        tricks_before, cards_before = mark
        more = len(t.tricks) - tricks_before
        if more:
            last = who(t.tricks[-1][2])
            if not cards_before:
                self.say(
                    f"Play went on for {more} more trick{'s' * (more != 1)}; "
                    f"{last} won the last one."
                )
            elif more == 1:  # only the trick in progress was finished: no card of the next one
                self.say(f"The rest of trick {len(t.tricks)} was played; {last} won it.")
            else:
                self.say(
                    f"Play went on to the end of trick {len(t.tricks)}; {last} won the last one."
                )
            cards_before = 0
        plays = [
            f"{who(s)} {'led' if i == 0 else 'played'} the {cl(c)}"
            for i, (s, c) in enumerate(t.trick)
            if i >= cards_before
        ]
        if plays:
            start = f"To trick {t.trick_no}, " if cards_before == 0 else "Then "
            self.say(start + word_list(plays) + ".")

    def say(self, text: str) -> None:
        self.story.append(text)


def _name(card: int) -> str:
    return CARD_NAMES[card]


# What the engine made of an event, in the words of the Laws: the story must tell the same.
LEAD_OUT_OF_TURN = "lead out of turn"  # Laws 53 to 56
PLAYED_BEFORE_PARTNER = "played before partner"  # Law 57A
PLAYED_AT_RHO_TURN = "played at his right-hand opponent's turn"  # Law 57D
EXPOSED = "exposed"  # Law 49: a penalty card, not a play
PENALTY_CARD_NOT_PLAYED = "penalty card not played"  # Law 52
TWO_CARDS_AT_ONCE = "two cards at once"  # Law 58B2
REVOKE = "a revoke"  # Law 61A
CORRECTED = "a revoke corrected"  # Law 62
PLAYED = "played in turn"
DECIDED = "decided"


LED_TOO_EARLY = "led to the next trick after partner had played"  # no clause: the Director


def _before(t: Table) -> tuple:
    return (
        [r.status for r in t.revokes],
        list(t.pen_mask),
        list(t.committed),
        t.pending,
        len(t.tricks),
        len(t.trick),
        t.played_seats,
    )


def what_happened(t: Table, before: tuple, event: dict) -> str:
    """What the engine made of `event`, the move that turned `before` into `t`."""
    revokes, pen, committed, pending, tricks, cards, played = before
    if len(t.revokes) > len(revokes):
        return REVOKE
    if "correct" in event:
        return CORRECTED
    if t.pending is not None and t.pending is not pending:
        situation = t.pending.situation
        if situation in ("opening_lead", "defender_lead", "declarer_lead"):
            return LEAD_OUT_OF_TURN
        if situation == "premature":
            return PLAYED_BEFORE_PARTNER
        if situation == "wrong_card":
            return PENALTY_CARD_NOT_PLAYED
    if any(now >= 0 and now != was for now, was in zip(t.committed, committed, strict=True)):
        return PLAYED_AT_RHO_TURN
    moved = (len(t.tricks), len(t.trick)) != (tricks, cards)
    if any(now & ~was for now, was in zip(t.pen_mask, pen, strict=True)):
        if moved:
            return TWO_CARDS_AT_ONCE
        if "play" in event:
            seat = SEATS.index(event["seat"])
            return LED_TOO_EARLY if played >> seat & 1 else PLAYED_AT_RHO_TURN
        return EXPOSED
    if "decide" in event or not moved:
        return DECIDED
    return PLAYED


def holding(t: Table, seat: int, suit: int) -> list[int]:
    return sorted_cards(t.hands[seat] & SUIT_MASK[suit] & ~t.pen_mask[seat])


DROP_WORDS = (
    "{p} dropped the {c} face up on the table by accident",
    "the {c} slipped out of {p}'s hand and landed face up",
    "{p}, sorting his cards, let the {c} fall face up",
)


def drop(d: Draft, seat: int, card: int) -> None:
    """A defender's card dropped face up by accident: exposed, not played (Law 49)."""
    text = d.rng.choice(DROP_WORDS).format(p=who(seat), c=cl(card))
    d.expose(seat, card, False, words=text[0].upper() + text[1:] + ".")


def defender_with(d: Draft, test: Callable[[int], bool]) -> int:
    return d.pick([s for s in range(4) if d.is_defender(s) and test(s)])


def lead_moment(d: Draft, leader_test: Callable[[int], bool], lo=1, hi=6) -> int:
    """Ordinary tricks until a new trick starts with a leader passing `leader_test`."""
    d.opening(lo, hi)
    for _ in range(4):
        if leader_test(d.table.leader):
            return d.table.leader
        d.tricks(1)
    raise Skip


def _waiting_defender(d: Draft, test: Callable[[int], bool]) -> int:
    """A defender still to play to this trick whose partner has played: a card he drops now
    is exposed, and cannot be taken for a play before his partner (Law 57A)."""
    t = d.table
    return defender_with(
        d,
        lambda s: not t.played_seats >> s & 1
        and t.played_seats >> partner(s) & 1
        and s != t.to_play
        and test(s),
    )


def honours(cards: list[int]) -> list[int]:
    found = [c for c in cards if is_honour(c)]
    if not found:
        raise Skip
    return found
