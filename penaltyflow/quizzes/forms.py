"""What the quiz pages take in, checked in one place: the listing's query, an answer, a round.

A value no page sends (a key not among the choices, a law not taught, a limit that is
not a number) makes the form invalid; the views answer it with a 400 and change nothing.
"""

from __future__ import annotations

from django import forms

from .citations import QUIZ_LAWS
from .models import Round
from .question import Question

LIMIT_DEFAULT = 100
LIMIT_MAX = 500


class QuestionsQuery(forms.Form):
    """`GET questions.json`: `law` and `kind` filter, `limit` is at most 500 (default 100)."""

    law = forms.CharField(required=False, max_length=40)
    kind = forms.CharField(required=False, max_length=40)
    limit = forms.IntegerField(
        required=False, error_messages={"invalid": "limit must be a whole number"}
    )

    def clean_limit(self) -> int:
        limit = self.cleaned_data["limit"]
        if limit is None:
            return LIMIT_DEFAULT
        return max(0, min(limit, LIMIT_MAX))


class KeysField(forms.MultipleChoiceField):
    """The keys ticked, each one of the question's; the message quotes the first other one."""

    def validate(self, value):
        for key in value:
            if not self.valid_value(key):
                raise forms.ValidationError(
                    f"{key[:40]!r} is not one of this question's choices.", code="invalid_choice"
                )


class AnswerForm(forms.Form):
    """An answer to `question`: `answer` the keys ticked, `attempt` the page's token."""

    answer = KeysField(required=False)
    # The page sends 32 hex digits, so a post sent twice counts once (progress.post_answer).
    attempt = forms.RegexField(r"^[0-9A-Za-z_-]{0,40}$", required=False)

    def __init__(self, data, question: Question):
        super().__init__(data)
        self.question = question
        self.fields["answer"].choices = [(k, k) for k in question.keys]

    def clean_answer(self) -> list[str]:
        keys = sorted(set(self.cleaned_data["answer"]))
        if not keys:
            raise forms.ValidationError("Pick an answer first.")
        if not self.question.multiple and len(keys) > 1:
            raise forms.ValidationError("This question has one answer: pick one.")
        return keys

    @property
    def message(self) -> str:
        """What was wrong, in a learner's words (the first error)."""
        return next(m for ms in self.errors.values() for m in ms)


class StartForm(forms.Form):
    """A new round: its mode (practice by default) and the laws it draws from (any)."""

    mode = forms.ChoiceField(
        required=False,
        choices=Round.Mode.choices,
        error_messages={"invalid_choice": "Unknown kind of round."},
    )
    law = forms.MultipleChoiceField(
        required=False,
        choices=[(law, law) for law in QUIZ_LAWS],
        error_messages={"invalid_choice": "Unknown law."},
    )

    def clean_mode(self) -> str:
        return self.cleaned_data["mode"] or Round.Mode.PRACTICE
