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
from penaltyflow.engine.core.vocab import OPTION_WORDS, SEAT_NAMES, SEATS, card_label

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


class Options(EngineKind):
    """What may `pending.decider` choose now? The `decide` names in `pending.options`,
    shown with two or three that are not open, as distractors."""

    multiple_answers = True
    OPTIONS = OPTION_WORDS  # engine/core/vocab.py: (the choice's words, the explanation's)

    def answer(self, state, subject):
        return {o["decide"] for o in state["pending"]["options"]}

    def choices(self, state, subject, qid):
        right = self.answer(state, subject)
        others = [k for k in self.OPTIONS if k not in right]
        rng = random.Random(qid)
        shown = right | set(rng.sample(others, min(len(others), rng.choice((2, 3)))))
        return [(k, words) for k, (words, _) in self.OPTIONS.items() if k in shown]

    def ask(self, d, m, about):
        t = d.table
        if t.pending is None:
            return False
        decider = t.pending.decider
        chooser = "declarer" if decider == t.declarer else SEAT_NAMES[decider]
        d.prompt = f"What may {chooser} choose now? Tick every option the law allows."
        return True

    def lead(self, q, right):
        return "The options open now: " + "; ".join(self.OPTIONS[k][1] for k in right) + "."


class Decider(EngineKind):
    """Who chooses now? `pending.decider`, among the four seats."""

    def answer(self, state, subject):
        return {state["pending"]["decider"]}

    def choices(self, state, subject, qid):
        roles = {state["declarer"]: "declarer", state["dummy"]: "dummy"}
        return [(s, f"{SEAT_NAMES[i]} ({roles.get(s, 'defender')})") for i, s in enumerate(SEATS)]

    def ask(self, d, m, about):
        if d.table.pending is None:
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


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        LegalCards("legal-cards", "Which cards may be played", "quizzes/kinds/legal_cards.html"),
        PenaltyCard("penalty-card", "Is it a penalty card"),
        Options("options", "Declarer's options"),
        Decider("decider", "Who decides"),
        Transfer("transfer", "Tricks transferred for a revoke", "quizzes/kinds/transfer.html"),
        Kind("chart-next", "What the Director asks next"),
        Kind("chart-leads", "Where an answer leads"),
        Kind("chart-clause", "Which clause"),
        Kind("true-false", "True or false"),
    )
}
ENGINE_KINDS = tuple(name for name, kind in KINDS.items() if kind.engine)
