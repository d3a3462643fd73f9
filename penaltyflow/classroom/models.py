"""Lessons, and the sessions a teacher runs with them: everything a session knows lives here.

No session state is kept in a process: any app server can answer any phone,
and a restart loses nothing.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: easy to read aloud
CODE_LENGTH = 6
TEACHERS_GROUP = "teachers"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Lesson(models.Model):
    """An ordered list of items: chart steps (with their example hand) and quiz questions."""

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True)
    # The content file it was loaded from; blank for a lesson a teacher built in the app.
    source_file = models.CharField(max_length=300, blank=True, editable=False)
    # Where a content lesson stands in the course (its file's `order`): penalty cards
    # are taught before the leads that end in one.
    order = models.PositiveIntegerField(default=0)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="lessons",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner_id", "order", "source_file", "id"]

    def __str__(self) -> str:
        return self.title

    def snapshot(self) -> list[dict]:
        """The items as plain data: what a session keeps, so editing the lesson never moves it."""
        return [item.spec() for item in self.items.all()]


class LessonItem(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveIntegerField()
    chart = models.CharField(max_length=50, blank=True)  # a step: the chart's slug
    node = models.CharField(max_length=50, blank=True)  # ... and the step's key
    path = models.CharField(max_length=500, blank=True)  # the way to it, as the step URL has it
    hide_targets = models.BooleanField(
        default=False, help_text="Show the choices without where they lead, so the room thinks."
    )
    question = models.CharField(max_length=100, blank=True)  # a quiz question's id

    class Meta:
        ordering = ["lesson", "position"]
        constraints = [
            models.UniqueConstraint(fields=["lesson", "position"], name="item_position_unique"),
            models.CheckConstraint(
                condition=(Q(question="") & ~Q(chart="") & ~Q(node=""))
                | (~Q(question="") & Q(chart="") & Q(node="")),
                name="item_is_a_step_or_a_question",
            ),
        ]

    def __str__(self) -> str:
        return self.question or f"{self.chart}/{self.node}"

    def spec(self) -> dict:
        if self.question:
            return {"kind": "question", "question": self.question}
        return {
            "kind": "step",
            "chart": self.chart,
            "node": self.node,
            "path": self.path,
            "hide": self.hide_targets,
        }


class Session(models.Model):
    """One club night with one lesson. `version` moves on with every change phones must see."""

    code = models.CharField(max_length=CODE_LENGTH, unique=True)
    lesson = models.ForeignKey(
        Lesson, on_delete=models.SET_NULL, null=True, blank=True, related_name="sessions"
    )
    title = models.CharField(max_length=200)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_sessions"
    )
    items = models.JSONField(help_text="The lesson's items when the session started.")
    item = models.PositiveIntegerField(default=0)
    revealed_items = models.JSONField(default=list, blank=True)
    ended = models.BooleanField(default=False)
    students = models.PositiveIntegerField(default=0)
    version = models.PositiveBigIntegerField(default=0)
    started = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started"]

    def __str__(self) -> str:
        return f"{self.code}: {self.title}"

    @property
    def current(self) -> dict:
        return self.items[self.item] if self.items else {"kind": "step"}

    @property
    def on_question(self) -> bool:
        """Is the current item a quiz question (not a chart step)?"""
        return self.current["kind"] == "question"

    @property
    def question(self) -> str | None:
        return self.current.get("question")

    @property
    def revealed(self) -> bool:
        return self.item in self.revealed_items

    @property
    def is_open(self) -> bool:
        return self.on_question and not self.revealed and not self.ended

    def open_for(self, item: int) -> bool:
        return item == self.item and self.is_open

    def state(self, teacher: bool = False) -> dict:
        """state.json, as the classroom contract has it. A student is told the quiz question's
        id once it is revealed, never while it is open: the public quiz answer post would
        give its answer away."""
        return {
            "code": self.code,
            "item": self.item,
            "items": len(self.items),
            "kind": self.current["kind"],
            "question": self.question if teacher or self.revealed else None,
            "open": self.is_open,
            "revealed": self.revealed,
            "students": self.students,
            "ended": self.ended,
            "title": self.title,
            "version": self.version,
        }


class Student(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="student_set")
    name = models.CharField(max_length=40, blank=True)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name or f"Student {self.pk}"


class Answer(models.Model):
    """A student's answer to one item: one row per student and item, moved on by a second post.

    The answer itself (its keys, graded right or not) is the quiz's one answer row
    (`quizzes.QuizAnswer`, kept by `progress.post_answer`); this row says which of the
    student's answers is their answer to this item of this session."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="answers")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="answers")
    item = models.PositiveIntegerField()
    answer = models.ForeignKey("quizzes.QuizAnswer", on_delete=models.CASCADE, related_name="+")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["student", "item"], name="one_answer_per_item"),
        ]
        indexes = [models.Index(fields=["session", "item"])]

    def __str__(self) -> str:
        return f"{self.student} on item {self.item}: {self.keys}"

    @property
    def keys(self) -> str:
        """The chosen keys, sorted, comma-separated."""
        return ",".join(self.answer.keys)

    @property
    def right(self) -> bool:
        return self.answer.correct


class GuessThrottle(models.Model):
    """Codes tried that do not exist, per network address: a bucket that refills with time."""

    address = models.CharField(max_length=45, unique=True)
    tokens = models.FloatField()
    updated = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.address}: {self.tokens:.1f}"
