"""The question bank: what other apps use (see interfaces.md).

`get_question(qid)`, `question_ids(law=None, kind=None, limit=100)`, `Question`
with `public_json()`, `right_keys()` and `grade(keys)`.

Three sources, one id space:
- `g-<recipe>-<nnnn>`: generated on real deals (`generator.py`); the right answer is
  read from the engine's replay of the question's scenario, as `manage.py scenario`
  prints it, never stored;
- `c-...`: built from the charts in the database (`chartquestions.py`);
- `t-...`: authored true/false statements on the known traps (`content/quiz/*.yaml`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache

from penaltyflow.engine.render import card_label
from penaltyflow.engine.scenario import replay
from penaltyflow.engine.vocab import SEAT_NAMES, SEATS

from . import generator
from .citations import cites_of

ENGINE_KINDS = ("legal-cards", "penalty-card", "options", "decider")
KIND_NAMES = {
    "legal-cards": "Which cards may be played",
    "penalty-card": "Is it a penalty card",
    "options": "Declarer's options",
    "decider": "Who decides",
    "chart-next": "What the Director asks next",
    "chart-leads": "Where an answer leads",
    "chart-clause": "Which clause",
    "true-false": "True or false",
}
PENALTY_CHOICES = [
    ("major", "A major penalty card"),
    ("minor", "A minor penalty card"),
    ("none", "Not a penalty card"),
]
OPTION_TEXT = {
    "accept": "Accept it: the card stands",
    "refuse": "Refuse it",
    "spread": "Spread his own hand and become dummy",
    "require": "Require a suit",
    "forbid": "Forbid a suit",
    "no_restriction": "Impose no restriction",
    "designate": "Designate which penalty card is played",
    "highest": "Make partner play his highest card of the suit led",
    "lowest": "Make partner play his lowest card of the suit led",
}
OPTION_SHORT = {
    "accept": "accept",
    "refuse": "refuse",
    "spread": "spread his hand and become dummy",
    "require": "require a suit",
    "forbid": "forbid a suit",
    "no_restriction": "no restriction",
    "designate": "designate a penalty card",
    "highest": "highest of the suit led",
    "lowest": "lowest of the suit led",
}
_ID = re.compile(r"g-([a-z0-9-]+)-(\d{4})")


@dataclass
class Grade:
    correct: bool
    answer: list[str]
    explanation: str
    cites: list[str]
    step: str

    def to_json(self) -> dict:
        return {
            "correct": self.correct,
            "answer": self.answer,
            "explanation": self.explanation,
            "cites": self.cites,
            "step": self.step,
        }


@dataclass
class Question:
    id: str
    kind: str
    law: str
    prompt: str
    scenario: dict | None
    subject: dict | None
    choices: list[tuple[str, str]]
    multiple: bool
    step: str
    story: str = ""
    teach: str = ""
    cites: list[str] = field(default_factory=list)
    right: frozenset | None = None  # for the kinds the engine does not judge
    _state: dict | None = field(default=None, repr=False)

    @property
    def keys(self) -> list[str]:
        return [k for k, _ in self.choices]

    @property
    def has_hand(self) -> bool:
        return self.scenario is not None

    @property
    def kind_name(self) -> str:
        return KIND_NAMES.get(self.kind, self.kind)

    def state(self) -> dict:
        """The engine's state of play after the scenario: what `manage.py scenario` prints."""
        if self._state is None:
            self._state = replay(self.scenario).to_json()
        return self._state

    def right_keys(self) -> set[str]:
        if self.kind not in ENGINE_KINDS:
            return set(self.right)
        return engine_answer(self.kind, self.state(), self.subject)

    def public_json(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "law": self.law,
            "prompt": self.prompt,
            "story": self.story,
            "scenario": self.scenario,
            "subject": self.subject,
            "choices": [{"key": k, "text": t} for k, t in self.choices],
            "multiple": self.multiple,
            "step": self.step,
        }

    def grade(self, keys: set[str]) -> Grade:
        right = self.right_keys()
        return Grade(
            correct=set(keys) == right,
            answer=sorted(right),
            explanation=self.explanation(right),
            cites=self.cites,
            step=self.step,
        )

    def choice_text(self, key: str) -> str:
        return dict(self.choices).get(key, key)

    def explanation(self, right: set[str]) -> str:
        if self.kind not in ENGINE_KINDS:
            return self.teach
        right_keys = [k for k in self.keys if k in right]
        words = ", ".join(self.choice_text(k) for k in right_keys)
        if self.kind == "legal-cards":
            lead = f"The cards that may be played: {words}."
        elif self.kind == "penalty-card":
            lead = f"The answer: {words.lower()}."
        elif self.kind == "options":
            lead = "The options open now: " + "; ".join(OPTION_SHORT[k] for k in right_keys) + "."
        else:
            lead = f"{words} chooses."
        return f"{lead} {self.teach}"


def engine_answer(kind: str, state: dict, subject: dict | None) -> set[str]:
    """The right keys, read from the engine's state as quiz-contract.md's table says."""
    if kind == "legal-cards":
        return set(state["legal"])
    if kind == "penalty-card":
        for p in state["penalty_cards"]:
            if p["seat"] == subject["seat"] and p["card"] == subject["card"]:
                return {p["kind"]}
        return {"none"}
    if kind == "options":
        return {o["decide"] for o in state["pending"]["options"]}
    if kind == "decider":
        return {state["pending"]["decider"]}
    raise ValueError(kind)


def _step_url(step: str) -> str:
    return f"/charts/{step}/"


@lru_cache(maxsize=4096)
def generated(qid: str) -> Question | None:
    m = _ID.fullmatch(qid)
    if not m:
        return None
    recipe = generator.BY_NAME.get(m.group(1))
    n = int(m.group(2))
    if recipe is None or n >= generator.PER_RECIPE:
        return None
    d = generator.draft(recipe, n)
    scenario = d.scenario()
    q = Question(
        id=qid,
        kind=d.kind,
        law=recipe.law,
        prompt=d.prompt,
        scenario=scenario,
        subject=None,
        choices=[],
        multiple=d.kind in ("legal-cards", "options"),
        step=_step_url(recipe.step),
        story=" ".join(d.story),
        teach=d.teach,
        cites=cites_of(recipe.law, d.teach),
    )
    state = q.state()
    if d.kind == "legal-cards":
        q.choices = [(c, card_label(c)) for c in state["hands"][state["to_play"]]]
    elif d.kind == "penalty-card":
        seat, card = d.subject
        q.subject = {"seat": SEATS[seat], "card": generator.CARD_NAMES[card]}
        q.choices = list(PENALTY_CHOICES)
    elif d.kind == "options":
        right = {o["decide"] for o in state["pending"]["options"]}
        others = [k for k in generator.OPTION_NAMES if k not in right]
        rng = random.Random(qid)
        shown = right | set(rng.sample(others, min(len(others), rng.choice((2, 3)))))
        q.choices = [(k, OPTION_TEXT[k]) for k in generator.OPTION_NAMES if k in shown]
    else:
        roles = {state["declarer"]: "declarer", state["dummy"]: "dummy"}
        q.choices = [
            (s, f"{SEAT_NAMES[i]} ({roles.get(s, 'defender')})") for i, s in enumerate(SEATS)
        ]
    return q


def generated_index() -> list[tuple[str, str, str]]:
    """(id, law, kind) of every generated question, without generating any: question 0 of
    every recipe, then question 1 of every recipe, ..., so any stretch mixes them all."""
    return [
        (f"g-{r.name}-{n:04d}", r.law, r.kind)
        for n in range(generator.PER_RECIPE)
        for r in generator.RECIPES
    ]


_GENERATED_INDEX = generated_index()


def _others() -> list[Question]:
    """The chart questions and the authored statements (both cached by their loaders)."""
    from . import chartquestions, content

    return chartquestions.questions() + content.statements()


def get_question(qid: str) -> Question | None:
    if not isinstance(qid, str):
        return None
    if qid.startswith("g-"):
        return generated(qid)
    return next((q for q in _others() if q.id == qid), None)


def index(include_retired: bool = False) -> list[tuple[str, str, str]]:
    """(id, law, kind) of the whole bank in its stable order: generated, charts, statements."""
    rows = _interleave(_GENERATED_INDEX, [(q.id, q.law, q.kind) for q in _others()])
    if include_retired:
        return rows
    from .models import retired_ids

    gone = retired_ids()
    return [row for row in rows if row[0] not in gone] if gone else rows


def _interleave(generated: list, others: list) -> list:
    """A few chart questions and statements after each round of recipes: every page of
    the listing holds every sort of question."""
    step = len(generator.RECIPES)
    per = -(-len(others) // max(1, len(generated) // step))  # spread evenly
    out = []
    for i in range(0, len(generated), step):
        out += generated[i : i + step]
        out += others[(i // step) * per : (i // step + 1) * per]
    out += others[(len(generated) // step) * per :]
    return out


def matching(law: str | None = None, kind: str | None = None) -> list[str]:
    return [
        qid
        for qid, qlaw, qkind in index()
        if (not law or qlaw.startswith(law)) and (not kind or qkind == kind)
    ]


def question_ids(law: str | None = None, kind: str | None = None, limit: int = 100) -> list[str]:
    return matching(law, kind)[: max(0, limit)]


def law_number(law: str) -> str:
    m = re.match(r"\d+", law)
    return m.group(0) if m else law
