"""The kinds of quiz question, each one object in one table (`KINDS`).

A kind says its title, whether several answers may be right, which partial template
draws its choices (`templates/quizzes/kinds/`), and how it is answered: from the
question's own `right` keys (chart questions, statements), or, for the kinds the
engine judges, from the engine's state after the question's scenario, exactly as
`shared/quiz-contract.md`'s table reads `manage.py scenario`'s output. An engine kind
also makes its choices from that state.

An engine kind also asks its own question on a generated deal (`ask`: the prompt, what
it is about, the story's last sentence), at the moment a recipe of the generator reached.

A new kind is one object here, added to `KINDS`, and one partial.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from penaltyflow.engine.core.cards import CARD_NAMES
from penaltyflow.engine.core.vocab import (
    OPTION_WORDS,
    SEAT_NAMES,
    SEATS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_label,
)

if TYPE_CHECKING:
    from .generator.moment import Moment
    from .generator.play import Draft
    from .question import Question

Choices = list[tuple[str, str]]


class Kind:
    """A kind whose right keys are written on each question (`Question.right`)."""

    engine: ClassVar[bool] = False
    # The question asks what one card (`Question.subject`) is now: until it is answered,
    # the table shows that card face up where it lies, with no status (quizzes/tables.py).
    asks_about_a_card: ClassVar[bool] = False
    # The question asks what the contract is: until it is answered, the table shows the hands
    # and the calls, not the contract, declarer or dummy (quizzes/tables.py).
    asks_for_the_contract: ClassVar[bool] = False

    def __init__(self, name: str, title: str, template: str = "quizzes/kinds/choices.html"):
        self.name = name
        self.title = title
        self.template = template
        self.multiple = False

    def __repr__(self) -> str:
        return f"<Kind {self.name}>"

    def right_keys(self, q: Question) -> set[str]:
        return set(q.right or ())

    def explanation(self, q: Question, right: set[str]) -> str:
        return q.teach


class EngineKind(Kind):
    """A kind the engine judges: the answer is read from its state, never stored."""

    engine = True
    multiple_answers: ClassVar[bool] = False

    def __init__(self, name: str, title: str, template: str = "quizzes/kinds/choices.html"):
        super().__init__(name, title, template)
        self.multiple = self.multiple_answers

    def answer(self, state: dict, subject: dict | None) -> set[str]:
        raise NotImplementedError

    def choices(self, state: dict, subject: dict | None, qid: str) -> Choices:
        """The choices shown, made from the state (`qid` seeds any random distractors)."""
        raise NotImplementedError

    def lead(self, q: Question, right: list[str]) -> str:
        """The explanation's first sentence: the right answer in words."""
        raise NotImplementedError

    def ask(self, d: Draft, m: Moment, about: str) -> bool:
        """Put this kind's question to the draft `d` at the moment `m` (`about` names the card
        or seat of the moment it asks about, where it asks about one): `d.prompt`, `d.subject`,
        a last sentence of the story. False when the deal does not give the question (never
        every choice right, never none): the generator tries the next deal."""
        raise NotImplementedError

    def right_keys(self, q: Question) -> set[str]:
        return self.answer(q.state(), q.subject)

    def explanation(self, q: Question, right: set[str]) -> str:
        return f"{self.lead(q, [k for k in q.keys if k in right])} {q.teach}"


def _words(q: Question, keys: list[str]) -> str:
    return ", ".join(q.choice_text(k) for k in keys)


class LegalCards(EngineKind):
    """Which cards may `to_play` play now? The cards of that hand; right: `legal`."""

    multiple_answers = True

    def answer(self, state, subject):
        return set(state["legal"])

    def choices(self, state, subject, qid):
        return [(c, card_label(c)) for c in state["hands"][state["to_play"]]]

    def ask(self, d, m, about):
        t = d.table
        if t.pending is not None or t.to_play is None:
            return False
        seat = t.to_play
        legal = t.legal_mask(seat)
        if not legal or legal == t.hands[seat]:
            return False  # never every choice right, never none
        verb = "lead" if not t.trick else "play"
        name = SEAT_NAMES[seat]
        if seat == t.dummy:
            d.prompt = f"Dummy ({name}) is to {verb}. Which of dummy's cards may be played now?"
            d.say(f"Now declarer is to {verb} from dummy.")
        else:
            d.prompt = f"{name} is to {verb}. Which cards of his hand may be played now?"
            d.say(f"Now {name} is to {verb}.")
        return True

    def lead(self, q, right):
        return f"The cards that may be played: {_words(q, right)}."


class PenaltyCard(EngineKind):
    """What is `subject.card` now? Its kind in `penalty_cards`, or none."""

    asks_about_a_card = True

    CHOICES: ClassVar[Choices] = [
        ("major", "A major penalty card"),
        ("minor", "A minor penalty card"),
        ("none", "Not a penalty card"),
    ]

    def answer(self, state, subject):
        for p in state["penalty_cards"]:
            if p["seat"] == subject["seat"] and p["card"] == subject["card"]:
                return {p["kind"]}
        return {"none"}

    def choices(self, state, subject, qid):
        return list(self.CHOICES)

    def ask(self, d, m, about):
        seat, card = m.owner[about], m.cards[about]
        d.subject = (seat, card)
        d.prompt = f"What is {SEAT_NAMES[seat]}'s {card_label(CARD_NAMES[card])} now?"
        return True

    def lead(self, q, right):
        return f"The answer: {_words(q, right).lower()}."


def _in_auction(state: dict) -> bool:
    """Is the pending decision the auction's (an irregular call), not the play's?"""
    auction = state.get("auction")
    pending = state.get("pending") or {}
    if any(o["decide"] == "rectify" for o in pending.get("options", ())):
        return True
    return bool(auction) and not auction["over"]


class Options(EngineKind):
    """What may `pending.decider` choose now? The `decide` names in `pending.options`,
    shown with two or three that are not open, as distractors. In the auction: the three
    choices an irregular call can bring (accept, refuse, rectify), all shown."""

    multiple_answers = True
    OPTIONS = OPTION_WORDS  # engine/core/vocab.py: (the choice's words, the explanation's)
    AUCTION_OPTIONS: ClassVar[dict[str, tuple[str, str]]] = {
        "accept": ("Accept it: the call stands", "accept the call, which then stands"),
        "refuse": ("Not accept it: it does not stand", "not accept it"),
        "rectify": (
            "It cannot be accepted: call over it, or leave it to the Director to rectify",
            "call over it, or leave it to the Director to rectify (it cannot be accepted)",
        ),
    }

    def answer(self, state, subject):
        return {o["decide"] for o in state["pending"]["options"]}

    def choices(self, state, subject, qid):
        right = self.answer(state, subject)
        if _in_auction(state):
            return [(k, words) for k, (words, _) in self.AUCTION_OPTIONS.items()]
        others = [k for k in self.OPTIONS if k not in right]
        rng = random.Random(qid)
        shown = right | set(rng.sample(others, min(len(others), rng.choice((2, 3)))))
        return [(k, words) for k, (words, _) in self.OPTIONS.items() if k in shown]

    def ask(self, d, m, about):
        if d.board is not None and d.board.auction.pending is not None:  # an irregular call
            decider = SEAT_NAMES[d.board.auction.pending.decider]
            d.prompt = f"The Director is called. What may {decider} choose now? Tick every option."
            return True
        t = d.table
        if t is None or t.pending is None:
            return False
        decider = t.pending.decider
        chooser = "declarer" if decider == t.declarer else SEAT_NAMES[decider]
        d.prompt = f"What may {chooser} choose now? Tick every option the law allows."
        return True

    def lead(self, q, right):
        words = self.AUCTION_OPTIONS if _in_auction(q.state()) else self.OPTIONS
        return "The options open now: " + "; ".join(words[k][1] for k in right) + "."


class Decider(EngineKind):
    """Who chooses now? `pending.decider`, among the four seats."""

    def answer(self, state, subject):
        return {state["pending"]["decider"]}

    def choices(self, state, subject, qid):
        if state["declarer"] is None:  # in the auction: no roles yet
            return [(s, SEAT_NAMES[i]) for i, s in enumerate(SEATS)]
        roles = {state["declarer"]: "declarer", state["dummy"]: "dummy"}
        return [(s, f"{SEAT_NAMES[i]} ({roles.get(s, 'defender')})") for i, s in enumerate(SEATS)]

    def ask(self, d, m, about):
        if d.board is not None and d.board.auction.pending is not None:  # an irregular call
            d.prompt = "The Director is called. Who may accept the call, or have it put right?"
            return True
        if d.table is None or d.table.pending is None:
            return False
        d.prompt = "Play stops for a decision. Who chooses now?"
        return True

    def lead(self, q, right):
        return f"{_words(q, right)} chooses."


class Transfer(EngineKind):
    """How many tricks go to the non-offending side after the revoke(s)? On a deal played to
    the end: the sum of `transfer` over `revokes`, as a string."""

    def answer(self, state, subject):
        return {str(sum(r["transfer"] or 0 for r in state["revokes"]))}

    def choices(self, state, subject, qid):
        most = min(4, 2 * len(state["revokes"]) + 1)  # one more than the Laws give, to 4
        return [
            (str(n), "No trick" if n == 0 else f"{n} trick{'s' * (n > 1)}") for n in range(most + 1)
        ]

    def ask(self, d, m, about):
        """Never on a deal whose count turns on whether two revokes by one side may draw on
        the same trick (the Laws do not say: engine/play/revoke.py), so a deal where the
        engine had to cut a revoke's Law 64A count gives no question."""
        t = d.table
        if not t.finished:
            return False
        if any(r.due is not None and (r.transfer or 0) < r.due for r in t.revokes):
            return False
        d.prompt = (
            "How many tricks go to the non-offending side because of the revoke"
            f"{'s' if len(t.revokes) > 1 else ''}?"
        )
        return True

    def lead(self, q, right):
        return f"{_words(q, right)}: that is what goes to the non-offending side."


class Barred(EngineKind):
    """Which players must pass when next it is their turn to call? The seats in
    `auction.barred`, or none."""

    multiple_answers = True

    def answer(self, state, subject):
        return {b["seat"] for b in state["auction"]["barred"]} or {"none"}

    def choices(self, state, subject, qid):
        return [(s, SEAT_NAMES[i]) for i, s in enumerate(SEATS)] + [("none", "Nobody")]

    def ask(self, d, m, about):
        a = d.board.auction if d.board is not None else None
        if a is None or a.over or a.pending is not None:
            return False
        d.prompt = "Which players must pass when next it is their turn to call?"
        return True

    def lead(self, q, right):
        if right == ["none"]:
            return "Nobody has to pass: everyone calls freely."
        return f"Must pass: {_words(q, right)}."


class BarLength(EngineKind):
    """How long must `subject.seat` pass? That seat's `until` in `auction.barred`, or none."""

    CHOICES: ClassVar[Choices] = [
        ("next_turn", "At his next turn to call only"),
        ("auction_end", "Whenever it is his turn, to the end of the auction"),
        ("none", "He need not pass: he calls freely"),
    ]

    def answer(self, state, subject):
        bars = [b["until"] for b in state["auction"]["barred"] if b["seat"] == subject["seat"]]
        return set(bars) or {"none"}

    def choices(self, state, subject, qid):
        return list(self.CHOICES)

    def ask(self, d, m, about):
        a = d.board.auction if d.board is not None else None
        if a is None or a.over or a.pending is not None:
            return False
        seat = m.seats[about]
        d.subject = (seat, None)
        d.prompt = f"How long must {SEAT_NAMES[seat]} pass?"
        return True

    def lead(self, q, right):
        return f"The answer: {_words(q, right)[0].lower()}{_words(q, right)[1:]}."


class ForbidSuits(EngineKind):
    """Which suits may declarer forbid `subject.seat` to lead? The suits of the `forbid`
    options in `pending.options` (Law 26B or 50D2), or none."""

    multiple_answers = True

    def answer(self, state, subject):
        pending = state.get("pending") or {"options": []}
        suits = {o["suit"] for o in pending["options"] if o["decide"] == "forbid" and "suit" in o}
        return suits or {"none"}

    def choices(self, state, subject, qid):
        names = [f"{SUIT_SYMBOLS[i]} {SUIT_NAMES[i].capitalize()}" for i in range(4)]
        return [*zip(SUITS, names, strict=True), ("none", "None: he may lead any suit")]

    def ask(self, d, m, about):
        """At the opening lead (the first lead of the offender's partner, Law 26B)."""
        t = d.table
        if t is None or t.trick_no != 1 or t.trick:
            return False
        leader = (t.declarer + 1) & 3
        d.subject = (leader, None)
        d.prompt = f"Which suits may declarer forbid {SEAT_NAMES[leader]} to lead?"
        return True

    def lead(self, q, right):
        if right == ["none"]:
            return "Declarer may forbid no suit: the lead is free."
        return f"Declarer may forbid one of: {_words(q, right)}."


def contract_words(key: str) -> str:
    """'4HX-S' -> '4♥ doubled by South'; 'passed-out' -> 'Passed out: no contract'."""
    if key == "passed-out":
        return "Passed out: no contract, no play"
    contract, seat = key.split("-")
    bid = contract.rstrip("X")
    doubled = {"": "", "X": " doubled", "XX": " redoubled"}[contract[len(bid) :]]
    strain = "NT" if bid.endswith("NT") else SUIT_SYMBOLS[SUITS.index(bid[-1])]
    return f"{bid[0]}{strain}{doubled}, {SEAT_NAMES[SEATS.index(seat)]} declarer"


class FinalContract(EngineKind):
    """What is the contract, and who is declarer? `contract` and `declarer` joined by `-`,
    or passed-out; shown among the contracts the calls made could have led to."""

    asks_for_the_contract = True

    def answer(self, state, subject):
        if state["contract"] is None:
            return {"passed-out"}
        return {f"{state['contract']}-{state['declarer']}"}

    def choices(self, state, subject, qid):
        right = self.answer(state, subject)
        others = {"passed-out"}
        for c in state["auction"]["calls"]:
            if c["call"][0].isdigit() and int(c["call"][0]) <= 7:
                others |= {f"{c['call']}-{c['seat']}", f"{c['call']}-{_partner(c['seat'])}"}
        if state["contract"] is not None:
            bid = state["contract"].rstrip("X")
            for doubled in ("", "X", "XX"):
                others |= {
                    f"{bid}{doubled}-{state['declarer']}",
                    f"{bid}{doubled}-{state['dummy']}",
                }
        shown = set(right)
        if state["contract"] is not None:  # the same contract, the other one of the pair
            shown.add(f"{state['contract']}-{state['dummy']}")
        others -= shown
        rng = random.Random(qid)
        shown |= set(rng.sample(sorted(others), min(len(others), 3)))
        return [(k, contract_words(k)) for k in sorted(shown, key=_contract_order)]

    def ask(self, d, m, about):
        if d.board is None or not d.board.auction.over:
            return False
        d.prompt = "What is the final contract, and who is declarer?"
        return True

    def lead(self, q, right):
        return f"The final contract: {_words(q, right)}."


def _partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def _contract_order(key: str) -> tuple:
    if key == "passed-out":
        return (99,)
    contract, seat = key.split("-")
    bid = contract.rstrip("X")
    strain = 4 if bid.endswith("NT") else 3 - SUITS.index(bid[-1])  # C, D, H, S, NT
    return (int(bid[0]), strain, len(contract) - len(bid), SEATS.index(seat))


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        LegalCards("legal-cards", "Which cards may be played", "quizzes/kinds/legal_cards.html"),
        PenaltyCard("penalty-card", "Is it a penalty card"),
        Options("options", "The options open"),
        Decider("decider", "Who decides"),
        Transfer("transfer", "Tricks transferred for a revoke", "quizzes/kinds/transfer.html"),
        Barred("barred", "Who must pass", "quizzes/kinds/barred.html"),
        BarLength("bar-length", "How long he must pass", "quizzes/kinds/bar_length.html"),
        ForbidSuits(
            "forbid-suits", "Which suits declarer may forbid", "quizzes/kinds/forbid_suits.html"
        ),
        FinalContract("final-contract", "The final contract", "quizzes/kinds/final_contract.html"),
        Kind("chart-next", "What the Director asks next"),
        Kind("chart-leads", "Where an answer leads"),
        Kind("chart-clause", "Which clause"),
        Kind("true-false", "True or false"),
    )
}
ENGINE_KINDS = tuple(name for name, kind in KINDS.items() if kind.engine)
