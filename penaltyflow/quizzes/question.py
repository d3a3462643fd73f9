"""A quiz question and its grade: what every source of the bank makes, and every page shows.

A question's `kind` is the name of one of `kinds.KINDS` (the public contract's
"kind"); the kind object says how it is answered, what its choices are and which
partial template draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from penaltyflow.engine import replay, replay_board

from .kinds import KINDS, Kind


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
    step: str
    multiple: bool | None = None  # None: as the kind says
    story: str = ""
    teach: str = ""
    cites: list[str] = field(default_factory=list)
    right: frozenset | None = None  # for the kinds the engine does not judge
    _state: dict | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.multiple is None:
            self.multiple = self.kind_type.multiple

    @property
    def kind_type(self) -> Kind:
        return KINDS[self.kind]

    @property
    def keys(self) -> list[str]:
        return [k for k, _ in self.choices]

    @property
    def has_hand(self) -> bool:
        return self.scenario is not None

    @property
    def kind_name(self) -> str:
        return self.kind_type.title

    def state(self) -> dict:
        """The engine's state of play after the scenario: what `manage.py scenario` prints."""
        if self._state is None:
            if "dealer" in self.scenario:  # from the first call: the whole board's state
                self._state = replay_board(self.scenario).to_json()
            else:
                self._state = replay(self.scenario).to_json()
        return self._state

    def right_keys(self) -> set[str]:
        return self.kind_type.right_keys(self)

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
        return self.kind_type.explanation(self, right)
