"""Engine-judged questions on real deals, generated from seeds. No Django here.

Each recipe (`RECIPES`) plays a random deal up to a moment that teaches (a minor
card with an honour beside it, two penalty cards, a lead out of turn at trick 13,
Law 55's defender deciding, ...) and asks one of the four engine kinds of
`quiz-contract.md`. The recipe only sets the scene: the right answer is read from
the engine's replay of the finished scenario (`bank.Question.state`), never
written here. `draft(recipe, n)` is deterministic: the same recipe and number
always give the same deal, events, story and question, so ids are stable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from penaltyflow.engine.cards import (
    CARD_NAMES,
    LOW_MASK,
    NT,
    SUIT_MASK,
    cards_of,
    deal_pbn,
    is_honour,
    partner,
    sorted_cards,
)
from penaltyflow.engine.legal import allowed_by_restrictions
from penaltyflow.engine.render import card_label
from penaltyflow.engine.scenario import apply_event
from penaltyflow.engine.simulate import random_deal
from penaltyflow.engine.table import Table
from penaltyflow.engine.vocab import SEAT_NAMES, SEATS, SUIT_NAMES, SUITS

PER_RECIPE = 60  # questions per recipe in the bank
ATTEMPTS = 400  # deals tried per question before a recipe is called broken (a test checks)
OPTION_NAMES = (
    "accept",
    "refuse",
    "spread",
    "require",
    "forbid",
    "no_restriction",
    "designate",
    "highest",
    "lowest",
)


class Skip(Exception):
    """This deal does not give the moment the recipe wants: try the next one."""


def who(seat: int) -> str:
    return SEAT_NAMES[seat]


def cl(card: int) -> str:
    return card_label(card)


def suit_word(suit: int) -> str:
    return SUIT_NAMES[suit]


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
        (`what_happened`), or the deal is skipped: the story tells what is replayed."""
        t = self.table
        before = _before(t)
        self.events.append(event)
        apply_event(t, event)
        if expect and what_happened(t, before, event) != expect:
            raise Skip
        if words:
            self.told.append((len(self.events) - 1, words))
            if not self.story or self.story[-1] != words:  # one sentence may tell two events
                self.say(words)

    def play(self, seat: int, card: int, words: str = "", expect: str = "") -> None:
        self.apply({"play": _name(card), "seat": SEATS[seat]}, words, expect)

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

    def mid_trick(self, cards: int) -> None:
        """Play `cards` cards (1 to 3) of the next trick."""
        for _ in range(cards):
            self.step()

    # --- the story ----------------------------------------------------------

    def scene(self) -> None:
        """Where we are, in words: the contract, the tricks so far, the trick in progress."""
        t = self.table
        contract = self.contract.replace("NT", " no trumps")
        contract = "".join("♠♥♦♣"[SUITS.index(ch)] if ch in SUITS else ch for ch in contract)
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
            self.story.append(f"To trick {t.trick_no}, " + _and(plays) + ".")
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
            self.say(
                f"Play went on for {more} more trick{'s' * (more != 1)}; "
                f"{who(t.tricks[-1][2])} won the last one."
            )
            cards_before = 0
        plays = [
            f"{who(s)} {'led' if i == 0 else 'played'} the {cl(c)}"
            for i, (s, c) in enumerate(t.trick)
            if i >= cards_before
        ]
        if plays:
            start = f"To trick {t.trick_no}, " if cards_before == 0 else "Then "
            self.say(start + _and(plays) + ".")

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
PLAYED = "played in turn"
DECIDED = "decided"


LED_TOO_EARLY = "led to the next trick after partner had played"  # no clause: the Director


def _before(t: Table) -> tuple:
    return (
        list(t.pen_mask),
        list(t.committed),
        t.pending,
        len(t.tricks),
        len(t.trick),
        t.played_seats,
    )


def what_happened(t: Table, before: tuple, event: dict) -> str:
    """What the engine made of `event`, the move that turned `before` into `t`."""
    pen, committed, pending, tricks, cards, played = before
    if t.pending is not None and t.pending is not pending:
        kind = t.pending.kind
        if kind in ("opening_lead", "defender_lead", "declarer_lead"):
            return LEAD_OUT_OF_TURN
        if kind == "premature":
            return PLAYED_BEFORE_PARTNER
        if kind == "wrong_card":
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


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
    seats = [s for s in range(4) if d.is_defender(s) and test(s)]
    if not seats:
        raise Skip
    return d.rng.choice(seats)


def lead_moment(d: Draft, leader_test: Callable[[int], bool], lo=1, hi=6) -> int:
    """Ordinary tricks until a new trick starts with a leader passing `leader_test`."""
    d.opening(lo, hi)
    for _ in range(4):
        if leader_test(d.table.leader):
            return d.table.leader
        d.tricks(1)
    raise Skip


# --- recipes ------------------------------------------------------------------


@dataclass(frozen=True)
class Recipe:
    name: str
    law: str
    kind: str
    step: str  # chart step path: "law-50/c-offender-plays"
    build: Callable[[Draft], None]
    saw_dummy: bool = False


RECIPES: list[Recipe] = []


def recipe(name: str, law: str, kind: str, step: str, saw_dummy: bool = False):
    def register(build):
        RECIPES.append(Recipe(name, law, kind, step, build, saw_dummy))
        return build

    return register


def ask_card(d: Draft, seat: int, card: int) -> None:
    d.kind = "penalty-card"
    d.subject = (seat, card)
    d.prompt = f"What is {who(seat)}'s {cl(card)} now?"


def ask_legal(d: Draft) -> None:
    t = d.table
    if t.pending is not None or t.to_play is None:
        raise Skip
    seat = t.to_play
    legal = t.legal_mask(seat)
    if not legal or legal == t.hands[seat]:
        raise Skip  # never every choice right, never none
    d.kind = "legal-cards"
    verb = "lead" if not t.trick else "play"
    if seat == t.dummy:
        d.prompt = f"Dummy ({who(seat)}) is to {verb}. Which of dummy's cards may be played now?"
        d.say(f"Now declarer is to {verb} from dummy.")
    else:
        d.prompt = f"{who(seat)} is to {verb}. Which cards of his hand may be played now?"
        d.say(f"Now {who(seat)} is to {verb}.")


def ask_options(d: Draft) -> None:
    t = d.table
    if t.pending is None:
        raise Skip
    d.kind = "options"
    decider = t.pending.decider
    chooser = "declarer" if decider == t.declarer else who(decider)
    d.prompt = f"What may {chooser} choose now? Tick every option the law allows."


def ask_decider(d: Draft) -> None:
    if d.table.pending is None:
        raise Skip
    d.kind = "decider"
    d.prompt = "Play stops for a decision. Who chooses now?"


# Law 48: declarer's and dummy's cards are never penalty cards.


def _declarer_drops(d: Draft) -> tuple[int, int]:
    d.opening(0, 5)
    d.mid_trick(d.rng.randint(0, 2))
    d.scene()
    seat = d.table.declarer  # dummy's cards are face up anyway
    card = d.rng.choice(cards_of(d.table.hands[seat]))
    d.expose(
        seat,
        card,
        words=f"Declarer {who(seat)} dropped the {cl(card)} face up on the table by accident.",
    )
    return seat, card


@recipe("declarer-drops", "48A", "penalty-card", "law-48/no-penalty-card")
def declarer_drops(d: Draft) -> None:
    seat, card = _declarer_drops(d)
    ask_card(d, seat, card)
    d.teach = (
        "Declarer and dummy never have penalty cards: declarer simply picks the card up and "
        "need not play it (Law 48A)."
    )


@recipe("declarer-drops-play", "48A", "legal-cards", "law-48/play-goes-on")
def declarer_drops_play(d: Draft) -> None:
    d.opening(0, 5)
    d.mid_trick(d.rng.randint(1, 3))
    t = d.table
    seat = t.to_play
    # Declarer's own hand: a card of dummy's he touches is played (Law 45C3).
    if seat != t.declarer or not t.hands[seat] & SUIT_MASK[t.led_suit]:
        raise Skip
    d.scene()
    others = t.hands[seat] & ~SUIT_MASK[t.led_suit]
    if not others:
        raise Skip
    card = d.rng.choice(cards_of(others))
    d.expose(
        seat,
        card,
        words=(
            f"While he thought about his play, declarer dropped the {cl(card)} face up on the "
            "table by accident; he had not played it."
        ),
    )
    ask_legal(d)
    d.teach = (
        "A card of declarer or dummy that was shown by mistake is not a penalty card: it goes "
        "back and declarer follows suit as usual (Law 48A)."
    )


# Law 49: a defender's card seen, or named as held.


@recipe("named-card", "49", "penalty-card", "law-49/was-it-named")
def named_card(d: Draft) -> None:
    d.opening(1, 6)
    d.scene()
    # An honour: major however it was exposed. Whether a low card named is major or minor
    # is the Director's judgement, so no question asks it.
    seat = defender_with(d, lambda s: any(is_honour(c) for c in cards_of(d.table.hands[s])))
    card = d.rng.choice([c for c in cards_of(d.table.hands[seat]) if is_honour(c)])
    d.expose(
        seat,
        card,
        True,
        words=(
            f"During the play {who(seat)} said: “Don't worry partner, I still have the "
            f"{cl(card)}.” Nobody saw the card; he named it."
        ),
    )
    ask_card(d, seat, card)
    d.teach = (
        "A card a defender names as being in his hand is a penalty card (Law 49). An honour "
        "is a major penalty card however it came to be exposed (Law 50B). For a low card "
        "named, minor or major is the Director's judgement."
    )


@recipe("partner-could-see", "49", "penalty-card", "law-49/could-partner-see")
def partner_could_see(d: Draft) -> None:
    d.opening(1, 6)
    d.mid_trick(d.rng.randint(0, 2))
    d.scene()
    seat = defender_with(d, lambda s: True)
    card = d.rng.choice(cards_of(d.table.hands[seat]))
    d.expose(
        seat,
        card,
        words=(
            f"{who(seat)} held his cards so low that the {cl(card)} was in plain view: "
            f"{who(partner(seat))} could have seen its face. Nobody meant it."
        ),
    )
    ask_card(d, seat, card)
    d.teach = (
        "A defender's card that his partner could possibly have seen is a penalty card (Law 49). "
        "One card shown by accident is minor if it is below honour rank, major if it is an "
        "honour, A K Q J or 10 (Law 50B)."
    )


# Law 50: minor or major, and what each means.


@recipe("ten-is-an-honour", "50B", "penalty-card", "law-50/is-it-an-honour")
def ten_is_honour(d: Draft) -> None:
    d.opening(1, 6)
    d.scene()
    seat = defender_with(d, lambda s: any(c % 13 == 8 for c in cards_of(d.table.hands[s])))
    card = d.rng.choice([c for c in cards_of(d.table.hands[seat]) if c % 13 == 8])
    drop(d, seat, card)
    ask_card(d, seat, card)
    d.teach = (
        "The 10 is an honour (Definitions: A, K, Q, J and 10). An honour exposed even by "
        "accident is a major penalty card (Law 50B)."
    )


@recipe("dropped-low-card", "50B", "penalty-card", "law-50/how-exposed")
def dropped_low(d: Draft) -> None:
    d.opening(1, 6)
    d.mid_trick(d.rng.randint(0, 2))
    d.scene()
    seat = defender_with(d, lambda s: not d.table.pen_mask[s])
    lows = [c for c in cards_of(d.table.hands[seat]) if not is_honour(c)]
    if not lows:
        raise Skip
    card = d.rng.choice(lows)
    drop(d, seat, card)
    ask_card(d, seat, card)
    d.teach = (
        "A single card below honour rank exposed by accident is a minor penalty card (Law 50B)."
    )


@recipe("second-card-makes-both-major", "50B", "penalty-card", "law-50/how-many-cards")
def two_make_major(d: Draft) -> None:
    d.opening(1, 5)
    d.scene()
    seat = defender_with(d, lambda s: True)
    lows = [c for c in cards_of(d.table.hands[seat]) if not is_honour(c)]
    if len(lows) < 2:
        raise Skip
    first, second = d.rng.sample(lows, 2)
    drop(d, seat, first)
    d.expose(seat, second, words=f"A moment later {who(seat)} dropped the {cl(second)} too.")
    ask_card(d, seat, first)
    d.teach = (
        "Alone, a low card dropped by accident would be minor; but a defender with two or more "
        "penalty cards has only major ones (Law 50B)."
    )


@recipe("minor-card-honour-beside", "50C", "legal-cards", "law-50/c-offender-plays")
def minor_honour(d: Draft) -> None:
    d.opening(1, 4)
    t = d.table

    def good(s: int) -> bool:
        for suit in range(4):
            cards = holding(t, s, suit)
            low = [c for c in cards if not is_honour(c)]
            if len(low) >= 2 and len(low) < len(cards):
                return True
        return False

    seat = defender_with(d, good)
    suits = [
        s
        for s in range(4)
        if 2 <= len([c for c in holding(t, seat, s) if not is_honour(c)]) < len(holding(t, seat, s))
    ]
    suit = d.rng.choice(suits)
    card = d.rng.choice([c for c in holding(t, seat, suit) if not is_honour(c)])
    d.scene()
    drop(d, seat, card)
    mark = d.mark()
    for _ in range(3):  # his turn to lead, or the suit led, or a discard: a moment that bites
        d.until(lambda tb: tb.to_play == seat, 8, tell=False)
        if not t.pen_mask[seat]:
            raise Skip
        low_left = t.hands[seat] & SUIT_MASK[suit] & LOW_MASK & ~t.pen_mask[seat]
        free = allowed_by_restrictions(t, seat)  # what he could play without the card
        if low_left & free & ~t.legal_mask(seat):
            break
        d.step()
    else:
        raise Skip
    d.since(mark)
    ask_legal(d)
    d.teach = (
        f"With the minor penalty card {cl(card)} on the table, {who(seat)} may not play another "
        f"{suit_word(suit)[:-1]} below honour rank until it is played, but he may play an honour "
        "of that suit, or the penalty card itself (Law 50C). Following suit comes first (Law 44)."
    )


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


@recipe("major-card-first-chance", "50D1", "legal-cards", "law-50/d1-first-chance")
def major_first_chance(d: Draft) -> None:
    d.opening(1, 5)
    d.mid_trick(d.rng.randint(1, 2))
    t = d.table
    seat = _waiting_defender(
        d, lambda s: len(holding(t, s, t.led_suit)) >= 2 and honours(holding(t, s, t.led_suit))
    )
    card = d.rng.choice(honours(holding(t, seat, t.led_suit)))
    d.scene()
    drop(d, seat, card)
    d.until(lambda tb: tb.to_play == seat, 3)
    ask_legal(d)
    d.teach = (
        f"A major penalty card must be played at the first legal opportunity (Law 50D1(a)). "
        f"The {cl(card)} follows suit, so {who(seat)} must play it now."
    )


@recipe("major-card-waits", "50D1", "legal-cards", "law-50/d1-card-waits")
def major_waits(d: Draft) -> None:
    d.opening(1, 5)
    d.mid_trick(d.rng.randint(1, 2))
    t = d.table
    led = t.led_suit
    seat = _waiting_defender(
        d,
        lambda s: len(holding(t, s, led)) >= 2
        and any(is_honour(c) for c in cards_of(t.hands[s] & ~SUIT_MASK[led])),
    )
    card = d.rng.choice(honours(cards_of(t.hands[seat] & ~SUIT_MASK[led])))
    d.scene()
    drop(d, seat, card)
    d.until(lambda tb: tb.to_play == seat, 3)
    ask_legal(d)
    d.teach = (
        f"Following suit comes first (Law 50D1(b)): the {cl(card)} is not of the suit led, so "
        f"{who(seat)} follows suit and the penalty card waits on the table for his next legal "
        "chance."
    )


def _partner_on_lead(d: Draft, two_suits: bool = False) -> tuple[int, int, list[int]]:
    """A new trick with a defender on lead and a major penalty card (or two) of his partner's
    on the table: an honour dropped, or the partner's lead out of turn, refused (Law 56B)."""
    t = d.table
    leader = lead_moment(d, d.is_defender)
    offender = partner(leader)
    d.scene()
    cards = cards_of(t.hands[offender])
    if two_suits:
        first = d.rng.choice(cards)
        other = [c for c in cards if c // 13 != first // 13]
        if not other:
            raise Skip
        second = d.rng.choice(other)
        words = (
            f"While {who(leader)} thought about his lead, {who(offender)} fumbled his cards and "
            f"two fell face up: the {cl(first)} and the {cl(second)}."
        )
        d.expose(offender, first, words=words)
        d.expose(offender, second, words=words)
        return leader, offender, [first, second]
    card = d.rng.choice(cards)
    if is_honour(card) and d.rng.random() < 0.4:
        drop(d, offender, card)
        return leader, offender, [card]
    d.play(
        offender,
        card,
        words=f"It was {who(leader)}'s lead, but {who(offender)} led the {cl(card)}.",
        expect=LEAD_OUT_OF_TURN,
    )
    d.decide(
        "refuse",
        words=f"Declarer did not accept the lead. Now {who(leader)} must lead.",
    )
    return leader, offender, [card]


@recipe("partner-on-lead-options", "50D2", "options", "law-50/d2-declarer-chooses")
def partner_lead_options(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    ask_options(d)
    d.teach = (
        f"{who(leader)}, the offender's partner, has the lead while {who(offender)}'s major "
        f"penalty card {cl(card)} is on the table. Declarer may require or forbid the lead of "
        "its suit, which puts the card back in the hand (Law 50D2(a)), or impose nothing and "
        "leave it on the table (Law 50D2(b))."
    )


@recipe("partner-on-lead-who", "50D2", "decider", "law-50/d2-declarer-chooses")
def partner_lead_who(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    ask_decider(d)
    d.teach = (
        f"Declarer chooses: {who(leader)} may not lead until declarer has said whether he "
        "requires or forbids the penalty card's suit, or imposes nothing (Law 50D2)."
    )


@recipe("lead-required", "50D2(a)", "legal-cards", "law-50/d2-require")
def lead_required(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    suit = card // 13
    d.decide(
        "require",
        1 << suit,
        words=f"Declarer required {who(leader)} to lead a {suit_word(suit)[:-1]}.",
    )
    ask_legal(d)
    d.teach = (
        f"Declarer required a {suit_word(suit)[:-1]} lead: {who(leader)} must lead that suit if "
        f"he can (Laws 50D2(a), 59), and {who(offender)}'s {cl(card)} goes back into his hand."
    )


@recipe("lead-forbidden", "50D2(a)", "legal-cards", "law-50/d2-forbid")
def lead_forbidden(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    suit = card // 13
    d.decide(
        "forbid", 1 << suit, words=f"Declarer forbade {who(leader)} to lead {suit_word(suit)}."
    )
    ask_legal(d)
    d.teach = (
        f"Declarer forbade {suit_word(suit)}: {who(leader)} may lead any other suit, and the ban "
        "lasts for as long as he keeps the lead (Law 50D2(a))."
    )


@recipe("ban-while-he-keeps-the-lead", "50D2(a)", "legal-cards", "law-50/d2-forbid")
def ban_kept(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    suit = card // 13
    t = d.table
    d.decide(
        "forbid", 1 << suit, words=f"Declarer forbade {who(leader)} to lead {suit_word(suit)}."
    )
    top = sorted_cards(t.legal_mask(leader))[0]  # his best shot at keeping the lead
    d.play(leader, top)
    d.tricks(1)
    if t.leader != leader or t.lead_forbid is None:
        raise Skip
    d.say(f"{who(leader)} led the {cl(top)} and won the trick, so he has the lead again.")
    ask_legal(d)
    d.teach = (
        f"A ban on a suit lasts for as long as {who(leader)} keeps the lead (Law 50D2(a)): he "
        f"won the trick, so he still may not lead {suit_word(suit)}."
    )


@recipe("picked-up-card", "50D2(a)", "penalty-card", "law-50/e2-card-picked-up")
def picked_up(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    suit = card // 13
    option = d.rng.choice(("require", "forbid"))
    d.decide(
        option,
        1 << suit,
        words=(
            f"Declarer {'required' if option == 'require' else 'forbade'} a "
            f"{suit_word(suit)[:-1]} lead."
        ),
    )
    ask_card(d, offender, card)
    d.teach = (
        "Once declarer requires or forbids the suit, the penalty card goes back into the "
        "offender's hand and is no longer a penalty card (Law 50D2(a)); what partner learned "
        "from it is now unauthorised to him (Law 50E2)."
    )


@recipe("no-restriction-then", "50D2(b)", "legal-cards", "law-50/d2-no-restriction")
def no_restriction_then(d: Draft) -> None:
    leader, offender, (card,) = _partner_on_lead(d)
    t = d.table
    d.decide(
        "no_restriction",
        words=f"Declarer imposed no restriction, so {who(leader)} may lead anything.",
    )
    lead = d.regular_card(leader)
    d.play(leader, lead, words=f"{who(leader)} led the {cl(lead)}.")
    d.until(lambda tb: tb.to_play == offender, 3)
    if not t.pen_mask[offender]:
        raise Skip
    ask_legal(d)
    d.teach = (
        f"With no restriction the {cl(card)} stays on the table and Law 50D1 still applies "
        f"(Law 50D2(b)): {who(offender)} must play it at his first legal opportunity, but "
        "following suit comes first."
    )


# Law 51: two or more penalty cards.


def _two_on_his_lead(d: Draft) -> tuple[int, list[int]]:
    t = d.table
    seat = lead_moment(d, d.is_defender)
    d.scene()
    cards = cards_of(t.hands[seat])
    if len(cards) < 3:
        raise Skip
    two = d.rng.sample(cards, 2)
    # Not as he reached for his lead: two cards shown as a lead would be Law 58B.
    words = (
        f"Turning his card of the last trick face down, {who(seat)} knocked two cards out of "
        f"his hand, and they fell face up: the {cl(two[0])} and the {cl(two[1])}."
    )
    d.expose(seat, two[0], words=words)
    d.expose(seat, two[1], words=words)
    return seat, two


@recipe("designate-options", "51A", "options", "law-51/declarer-designates")
def designate_options(d: Draft) -> None:
    seat, two = _two_on_his_lead(d)
    ask_options(d)
    d.teach = (
        f"{who(seat)} has two penalty cards and may legally lead either: declarer designates "
        "which one he must play now (Law 51A). The other stays face up."
    )


@recipe("designate-who", "51A", "decider", "law-51/declarer-designates")
def designate_who(d: Draft) -> None:
    seat, two = _two_on_his_lead(d)
    ask_decider(d)
    d.teach = (
        "When a defender has two or more penalty cards he may legally play, declarer "
        "designates which (Law 51A): not the offender, not his partner."
    )


@recipe("after-designation", "51A", "legal-cards", "law-51/designated-played")
def after_designation(d: Draft) -> None:
    seat, two = _two_on_his_lead(d)
    pick = d.rng.choice(two)
    d.decide("designate", card=pick, words=f"Declarer designated the {cl(pick)}.")
    ask_legal(d)
    d.teach = (
        f"Declarer designated the {cl(pick)}: {who(seat)} must lead it now (Law 51A); the other "
        "card stays face up for a later chance."
    )


@recipe("several-suits-options", "51B", "options", "law-51/b2-choice")
def several_suits_options(d: Draft) -> None:
    leader, offender, cards = _partner_on_lead(d, two_suits=True)
    ask_options(d)
    d.teach = (
        f"{who(leader)} is on lead with two penalty cards of different suits before his partner. "
        "Declarer may require one of those suits, forbid one or more of them, or do neither "
        "(Law 51B2). Designating is for the offender's own turn (Law 51A)."
    )


@recipe("several-suits-required", "51B2(a)", "legal-cards", "law-51/b2-require")
def several_suits_required(d: Draft) -> None:
    leader, offender, cards = _partner_on_lead(d, two_suits=True)
    card = d.rng.choice(cards)
    suit = card // 13
    d.decide("require", 1 << suit, words=f"Declarer required a {suit_word(suit)[:-1]} lead.")
    ask_legal(d)
    d.teach = (
        f"Declarer required {suit_word(suit)}: {who(leader)} must lead one if he can "
        f"(Laws 51B2(a), 59); only the {suit_word(suit)[:-1]} penalty card goes back to the hand."
    )


@recipe("several-suits-other-stays", "51B2", "penalty-card", "law-51/cards-left")
def several_suits_other(d: Draft) -> None:
    leader, offender, cards = _partner_on_lead(d, two_suits=True)
    picked = d.rng.choice(cards)
    other = cards[1] if picked == cards[0] else cards[0]
    suit = picked // 13
    d.decide("require", 1 << suit, words=f"Declarer required a {suit_word(suit)[:-1]} lead.")
    ask_card(d, offender, other)
    d.teach = (
        f"Requiring {suit_word(suit)} picks up only the {suit_word(suit)[:-1]} penalty card "
        f"(Law 51B2(a)). The {cl(other)} stays on the table; with two penalty cards both were "
        "major, and it stays major (Law 50B)."
    )


# Law 52: a penalty card not played when the law required it.


def _wrong_card(d: Draft) -> tuple[int, int, int]:
    """A defender who must play a penalty card (major, or a minor's suit) plays another."""
    d.opening(1, 5)
    d.mid_trick(d.rng.randint(1, 2))
    t = d.table
    led = t.led_suit
    seat = _waiting_defender(d, lambda s: len(holding(t, s, led)) >= 3)
    cards = holding(t, seat, led)
    minor = d.rng.random() < 0.35
    if minor:
        lows = [c for c in cards if not is_honour(c)]
        if len(lows) < 2:
            raise Skip
        card = d.rng.choice(lows)
    else:
        card = d.rng.choice(honours(cards))  # an honour dropped: major
    d.scene()
    drop(d, seat, card)
    d.until(lambda tb: tb.to_play == seat, 3)
    wrong = t.hands[seat] & SUIT_MASK[led] & ~t.legal_mask(seat)
    if minor:
        wrong &= ~sum(1 << c for c in cards_of(wrong) if is_honour(c))
    if not wrong:
        raise Skip
    other = d.rng.choice(cards_of(wrong))
    d.play(
        seat,
        other,
        words=(
            f"At his turn {who(seat)} played the {cl(other)}, leaving the {cl(card)} on the table."
        ),
        expect=PENALTY_CARD_NOT_PLAYED,
    )
    if t.pending is None or t.pending.kind != "wrong_card":
        raise Skip
    return seat, card, other


@recipe("wrong-card-options", "52B", "options", "law-52/does-declarer-accept")
def wrong_card_options(d: Draft) -> None:
    seat, card, other = _wrong_card(d)
    ask_options(d)
    d.teach = (
        f"{who(seat)} played another card where the law required the penalty card {cl(card)}. "
        f"The {cl(other)} cannot be taken back (Law 52A); declarer may accept it (Law 52B1(a)) "
        "or refuse it and have the penalty card played instead (Law 52B2)."
    )


@recipe("wrong-card-who", "52B", "decider", "law-52/does-declarer-accept")
def wrong_card_who(d: Draft) -> None:
    _wrong_card(d)
    ask_decider(d)
    d.teach = (
        "Declarer decides whether to accept the card played instead of the penalty card (Law 52B)."
    )


@recipe("wrong-card-refused", "52B2", "penalty-card", "law-52/substituted")
def wrong_card_refused(d: Draft) -> None:
    seat, card, other = _wrong_card(d)
    d.decide("refuse", words=f"Declarer refused the {cl(other)}.")
    ask_card(d, seat, other)
    d.teach = (
        f"Declarer refused it: the {cl(card)} is played in its place, and the {cl(other)}, "
        "played illegally, becomes a major penalty card (Law 52B2)."
    )


@recipe("wrong-card-accepted", "52B1(c)", "penalty-card", "law-52/which-kind")
def wrong_card_accepted(d: Draft) -> None:
    seat, card, other = _wrong_card(d)
    t = d.table
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
        why = "by playing on, declarer accepted it (Law 52B1(b))"
    else:
        d.decide("accept", words=f"Declarer accepted the {cl(other)}.")
        why = "declarer accepted it (Law 52B1(a))"
    ask_card(d, seat, card)
    d.teach = (
        f"The {cl(other)} stands: {why}. The {cl(card)} was not played, so it is still a "
        "penalty card, of the same kind as before (Law 52B1(c))."
    )


# Law 53: a lead out of turn accepted, or the proper lead made.


def _lead_out_of_turn(d: Draft, offender_test, last: bool = False) -> tuple[int, int, int]:
    """(offender, card, proper leader): someone leads when it was another seat's lead."""
    t = d.table
    if last:
        d.tricks(12)
    else:
        d.opening(1, 6)
    proper = t.leader
    seats = [s for s in range(4) if s != proper and offender_test(s, proper)]
    if not seats:
        raise Skip
    seat = d.rng.choice(seats)
    d.scene()
    card = d.rng.choice(cards_of(t.hands[seat]))
    if seat == t.dummy:
        led = f"declarer led the {cl(card)} from dummy ({who(seat)})"
    elif seat == t.declarer:
        led = f"declarer {who(seat)} led the {cl(card)} from his own hand"
    else:
        led = f"{who(seat)} led the {cl(card)}"
    d.play(seat, card, words=f"It was {who(proper)}'s lead, but {led}.", expect=LEAD_OUT_OF_TURN)
    if t.pending is None:
        raise Skip
    return seat, card, proper


@recipe("accepted-lead-next-hand", "53A", "legal-cards", "law-53/lead-stands")
def accepted_lead(d: Draft) -> None:
    seat, card, proper = _lead_out_of_turn(d, lambda s, p: d.is_defender(s))
    d.decide("accept", words="Declarer accepted the lead.")
    ask_legal(d)
    d.teach = (
        f"Once the lead is accepted it stands, and play goes on from the hand on "
        f"{who(seat)}'s left (Law 53A); that hand follows suit as usual."
    )


@recipe("lead-out-of-turn-at-trick-13", "53A", "options", "law-53/trick-13-take-back")
def trick_13(d: Draft) -> None:
    _lead_out_of_turn(d, lambda s, p: True, last=True)
    ask_options(d)
    d.teach = (
        "At trick 13 a lead out of turn may not be accepted: it must be taken back (Law 53A, "
        "footnote 17)."
    )


# Law 54: an opening lead faced out of turn.


def _opening_out_of_turn(d: Draft) -> tuple[int, int]:
    t = d.table
    seat = (t.declarer + 3) & 3  # declarer's right-hand opponent, not the opening leader
    card = d.rng.choice(cards_of(t.hands[seat]))
    d.scene()
    d.play(
        seat,
        card,
        words=(
            f"The auction is over. {who(t.leader)} should make the opening lead, but "
            f"{who(seat)} faced the {cl(card)}."
        ),
        expect=LEAD_OUT_OF_TURN,
    )
    return seat, card


@recipe("opening-lead-options", "54", "options", "law-54/declarer-chooses")
def opening_options(d: Draft) -> None:
    _opening_out_of_turn(d)
    ask_options(d)
    d.teach = (
        "After an opening lead faced out of turn declarer may spread his hand and become "
        "dummy (Law 54A), accept the lead and see dummy go down (Law 54B), or refuse it: the "
        "card becomes a major penalty card (Law 54D)."
    )


@recipe("opening-lead-saw-dummy", "54C", "options", "law-54/must-accept", saw_dummy=True)
def opening_saw_dummy(d: Draft) -> None:
    _opening_out_of_turn(d)
    d.say("Dummy had already started to put his cards down, so declarer could have seen them.")
    ask_options(d)
    d.teach = (
        "Declarer could have seen dummy's cards, so he must accept the lead (Law 54C): "
        "spreading his own hand or refusing are no longer open to him."
    )


@recipe("opening-lead-refused", "54D", "penalty-card", "law-54/lead-refused")
def opening_refused(d: Draft) -> None:
    seat, card = _opening_out_of_turn(d)
    d.decide("refuse", words="Declarer did not accept the lead.")
    ask_card(d, seat, card)
    d.teach = (
        "A refused opening lead out of turn goes back as a major penalty card (Law 54D): it "
        "was exposed through deliberate play, whatever its rank (Law 50B)."
    )


@recipe("opening-lead-refused-then", "54D", "options", "law-54/to-law-50")
def opening_refused_then(d: Draft) -> None:
    seat, card = _opening_out_of_turn(d)
    d.decide(
        "refuse", words=f"Declarer did not accept the lead. Now {who(partner(seat))} must lead."
    )
    ask_options(d)
    d.teach = (
        f"The refused card is a major penalty card, and {who(partner(seat))}, the offender's "
        "partner, has the lead: declarer may require or forbid its suit, or leave it on the "
        "table (Laws 54D, 50D2)."
    )


@recipe("opening-lead-accepted", "54B", "legal-cards", "law-54/lead-accepted")
def opening_accepted(d: Draft) -> None:
    seat, card = _opening_out_of_turn(d)
    d.decide("accept", words="Declarer accepted the lead; dummy goes down.")
    ask_legal(d)
    d.teach = (
        "The lead is accepted: dummy is spread and the next card comes from declarer's own "
        "hand, on the leader's left (Laws 54B, 53A). He follows suit as usual."
    )


# Law 55: declarer leads out of turn; a defender decides.


def _declarer_leads(d: Draft, last: bool = False) -> tuple[int, int, int]:
    t = d.table
    return _lead_out_of_turn(d, lambda s, p: not t.is_defender(s), last=last)


@recipe("declarer-lead-who", "55A", "decider", "law-55/defenders-decide")
def declarer_lead_who(d: Draft) -> None:
    _declarer_leads(d)
    ask_decider(d)
    d.teach = (
        "When declarer leads out of turn, the defenders decide, not declarer: either may "
        "accept the lead, and if they disagree the one on the irregular leader's left "
        "prevails (Law 55A)."
    )


@recipe("declarer-lead-options", "55A", "options", "law-55/accept-or-retract")
def declarer_lead_options(d: Draft) -> None:
    _declarer_leads(d, last=d.rng.random() < 0.15)
    ask_options(d)
    d.teach = (
        "A defender may accept declarer's lead out of turn (Law 55A) or have it taken back "
        "(Law 55B); at trick 13 only taking it back is possible (Law 53A, footnote 17)."
    )


@recipe("declarer-lead-taken-back", "55B", "penalty-card", "law-55/card-goes-back")
def declarer_lead_back(d: Draft) -> None:
    seat, card, proper = _declarer_leads(d)
    d.decide("refuse", words="The defenders asked for the lead to be taken back.")
    ask_card(d, seat, card)
    d.teach = (
        "Declarer's card goes back to his hand (or dummy) with no penalty card: declarer and "
        "dummy never have penalty cards (Laws 55B, 48A)."
    )


# Law 56: a defender leads out of turn.


def _defender_leads(d: Draft) -> tuple[int, int, int]:
    return _lead_out_of_turn(d, lambda s, p: d.is_defender(s))


@recipe("defender-lead-options", "56", "options", "law-56/does-declarer-accept")
def defender_lead_options(d: Draft) -> None:
    _defender_leads(d)
    ask_options(d)
    d.teach = (
        "Declarer may accept a defender's lead out of turn (Laws 56A, 53A) or refuse it, and "
        "then the card is a major penalty card (Law 56B)."
    )


@recipe("defender-lead-who", "56A", "decider", "law-56/does-declarer-accept")
def defender_lead_who(d: Draft) -> None:
    _defender_leads(d)
    ask_decider(d)
    d.teach = "Declarer decides whether to accept a defender's lead out of turn (Law 56)."


@recipe("defender-lead-refused", "56B", "penalty-card", "law-56/lead-taken-back")
def defender_lead_refused(d: Draft) -> None:
    t = d.table
    seat, card, proper = _lead_out_of_turn(
        d,
        lambda s, p: d.is_defender(s) and any(not is_honour(c) for c in cards_of(t.hands[s])),
    )
    if is_honour(card) and d.rng.random() < 0.7:
        raise Skip  # mostly low cards: the trap is to call them minor
    d.decide("refuse", words="Declarer did not accept the lead.")
    ask_card(d, seat, card)
    d.teach = (
        "A lead out of turn that declarer refuses becomes a major penalty card even when it is "
        "a low card: it was exposed through deliberate play (Laws 56B, 50B)."
    )


@recipe("defender-lead-refused-then", "56B", "legal-cards", "law-56/to-law-50")
def defender_lead_refused_then(d: Draft) -> None:
    t = d.table
    seat, card, proper = _lead_out_of_turn(
        d, lambda s, p: d.is_defender(s) and not t.is_defender(p)
    )
    d.decide("refuse", words="Declarer did not accept the lead.")
    lead = d.regular_card(proper)
    d.play(proper, lead, words=f"{who(proper)} led the {cl(lead)}.")
    d.until(lambda tb: tb.to_play == seat, 3)
    if not t.pen_mask[seat]:
        raise Skip
    ask_legal(d)
    d.teach = (
        f"The refused {cl(card)} is a major penalty card (Law 56B): {who(seat)} must play it at "
        "his first legal opportunity, but following suit comes first (Law 50D1)."
    )


# Law 57: a defender plays too early.


def _premature(d: Draft) -> tuple[int, int, int]:
    """A defender plays before his partner has played to the trick (Law 57A)."""
    d.opening(1, 6)
    t = d.table
    d.until(lambda tb: not tb.is_defender(tb.leader), 8, tell=False)
    if t.trick:
        d.tricks(1)
    for _ in range(3):
        if not t.is_defender(t.leader):
            break
        d.tricks(1)
    else:
        raise Skip
    d.step()  # declarer's side leads
    lead = t.trick[0]
    early = (lead[0] + 3) & 3  # fourth hand plays before second hand, his partner
    d.scene()
    hand = t.hands[early]
    follow = hand & SUIT_MASK[t.led_suit]
    card = d.rng.choice(cards_of(follow or hand))
    d.play(
        early,
        card,
        words=(
            f"Before {who(partner(early))} had played, {who(early)} put the {cl(card)} on the "
            "trick."
        ),
        expect=PLAYED_BEFORE_PARTNER,
    )
    if t.pending is None or t.pending.kind != "premature":
        raise Skip
    return early, card, partner(early)


@recipe("played-too-early-options", "57A", "options", "law-57/declarer-chooses")
def premature_options(d: Draft) -> None:
    early, card, p = _premature(d)
    ask_options(d)
    d.teach = (
        f"{who(early)} played before his partner: his {cl(card)} is a major penalty card, and "
        f"declarer may make {who(p)} play his highest or lowest card of the suit led, or a card "
        "of another suit he names, or forbid a suit he names (Law 57A)."
    )


@recipe("played-too-early-who", "57A", "decider", "law-57/declarer-chooses")
def premature_who(d: Draft) -> None:
    _premature(d)
    ask_decider(d)
    d.teach = "Declarer chooses how the offender's partner must play to the trick (Law 57A)."


@recipe("played-too-early-card", "57A", "penalty-card", "law-57/major-penalty-card")
def premature_card(d: Draft) -> None:
    early, card, p = _premature(d)
    ask_card(d, early, card)
    d.teach = (
        "A card a defender plays before his partner has played is a major penalty card, "
        "whatever its rank (Law 57A)."
    )


@recipe("partner-must-comply", "57A", "legal-cards", "law-57/can-partner-comply")
def partner_complies(d: Draft) -> None:
    early, card, p = _premature(d)
    t = d.table
    options = t.pending.options
    opt = d.rng.choice(options)
    words = {
        "highest": "to play his highest card of the suit led",
        "lowest": "to play his lowest card of the suit led",
        "require": "to play a {s}",
        "forbid": "not to play a {s}",
    }[opt["decide"]]
    suit = None
    if "suit" in opt:
        suit = 1 << SUITS.index(opt["suit"])
        words = words.format(s=suit_word(SUITS.index(opt["suit"]))[:-1])
    d.decide(opt["decide"], suit, words=f"Declarer told {who(p)} {words}.")
    ask_legal(d)
    law = opt["law"]
    d.teach = (
        f"{who(p)} must do as declarer said if he can (Law {law}); if he cannot, he plays any "
        "legal card (Laws 57B, 59)."
    )


def _rho_turn(d: Draft) -> tuple[int, int]:
    """A trick led by a defender: his partner is to play after declarer's side (Law 57D)."""
    t = d.table
    lead_moment(d, d.is_defender)
    d.step()  # the defender leads
    rho = t.to_play  # declarer's side
    late = partner(t.trick[0][0])
    return rho, late


@recipe("played-at-rho-turn-legal", "57D", "legal-cards", "law-57/must-play-at-turn")
def rho_turn_legal(d: Draft) -> None:
    rho, late = _rho_turn(d)
    t = d.table
    follow = t.hands[late] & SUIT_MASK[t.led_suit]
    if follow.bit_count() < 2:
        raise Skip
    card = d.rng.choice(cards_of(follow))
    d.scene()
    d.play(
        late,
        card,
        words=f"Before {who(rho)} had played, {who(late)} put the {cl(card)} on the trick.",
        expect=PLAYED_AT_RHO_TURN,
    )
    d.step()
    d.say(f"{who(rho)} then played the {cl(t.trick[-1][1])}.")
    ask_legal(d)
    d.teach = (
        f"{who(late)} played at his right-hand opponent's turn a card he could legally play at "
        "his own turn: it stays his only legal card until then (Law 57D)."
    )


@recipe("played-at-rho-turn-illegal", "57D", "penalty-card", "law-57/rho-major-card")
def rho_turn_illegal(d: Draft) -> None:
    rho, late = _rho_turn(d)
    t = d.table
    follow = t.hands[late] & SUIT_MASK[t.led_suit]
    other = t.hands[late] & ~SUIT_MASK[t.led_suit]
    if not follow or not other:
        raise Skip
    card = d.rng.choice(cards_of(other))
    d.scene()
    d.play(
        late,
        card,
        words=f"Before {who(rho)} had played, {who(late)} put the {cl(card)} on the trick.",
        expect=PLAYED_AT_RHO_TURN,
    )
    ask_card(d, late, card)
    d.teach = (
        f"{who(late)} played at his right-hand opponent's turn, and the {cl(card)} would not "
        "have been legal at his own turn (he can follow suit): it is a major penalty card "
        "(Law 57D)."
    )


# Law 58B2 sends the other card of two played at once here: a penalty card, minor or major.


@recipe("two-cards-at-once", "50B", "penalty-card", "law-50/how-exposed")
def two_at_once(d: Draft) -> None:
    d.opening(1, 5)
    d.mid_trick(d.rng.randint(0, 3))
    t = d.table
    seat = t.to_play
    if seat is None or not d.is_defender(seat) or t.pen_mask[seat] or t.pending is not None:
        raise Skip
    meant = d.regular_card(seat)
    others = [c for c in cards_of(t.hands[seat]) if c != meant]
    if not others:
        raise Skip
    other = d.rng.choice(others)
    d.scene()
    d.apply(
        {"play": [_name(meant), _name(other)], "seat": SEATS[seat], "meant": _name(meant)},
        words=(
            f"{who(seat)} pulled two cards out together and both landed face up on the trick: "
            f"the {cl(meant)} and the {cl(other)}. He said he meant the {cl(meant)}."
        ),
        expect=TWO_CARDS_AT_ONCE,
    )
    ask_card(d, seat, other)
    d.teach = (
        f"Of two cards played at once, the one he meant is played; the other, a defender's card "
        f"seen, is a penalty card (Law 58B2). The {cl(other)} was exposed unintentionally, so it "
        "is minor if it is a single card below honour rank, major if it is an honour "
        "(Law 50B)."
    )


def draft(r: Recipe, n: int) -> Draft:
    """Question `n` of recipe `r`: the first deal from its seeds that gives the moment."""
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{r.name}:{n}:{attempt}")
        d = Draft.new(rng, saw_dummy=r.saw_dummy)
        try:
            r.build(d)
        except Skip:
            continue
        if d.kind != r.kind:
            raise AssertionError(f"recipe {r.name} asked a {d.kind} question")
        return d
    raise RuntimeError(f"recipe {r.name} found no moment for question {n}")


BY_NAME = {r.name: r for r in RECIPES}
