"""What learners did: who they are (a browser or an account), their answers, rounds and
review cards; and per question, how often it was answered and whether it is retired."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


class Learner(models.Model):
    """One browser's progress, or an account's once signed in; or, named by `tag`, someone
    another app answers for (a student in a class: `classroom-student-<id>`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="learner",
    )
    tag = models.CharField(max_length=60, null=True, blank=True, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Learner {self.pk}" + (f" ({self.user})" if self.user_id else "")


class QuestionStat(models.Model):
    """The bank as teachers see it in the admin: one row a question."""

    qid = models.CharField("question", max_length=150, primary_key=True)
    law = models.CharField(max_length=20, db_index=True)
    kind = models.CharField(max_length=20, db_index=True)
    prompt = models.CharField(max_length=300, blank=True)
    answered = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    retired = models.BooleanField(
        default=False, help_text="A retired question is no longer listed or asked."
    )

    class Meta:
        ordering = ["law", "kind", "qid"]
        verbose_name = "question"

    def __str__(self) -> str:
        return self.qid

    @property
    def percent_right(self) -> int | None:
        return round(100 * self.right / self.answered) if self.answered else None


def retired_ids() -> set[str]:
    return set(QuestionStat.objects.filter(retired=True).values_list("qid", flat=True))


class Round(models.Model):
    class Mode(models.TextChoices):
        PRACTICE = "practice", "Practice round"
        EXAM = "exam", "Exam"
        REVIEW = "review", "Review"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="rounds")
    mode = models.CharField(max_length=10, choices=Mode.choices)
    laws = models.CharField(max_length=60, blank=True, help_text="Empty: every law.")
    questions = models.JSONField()
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started"]

    def __str__(self) -> str:
        return f"{self.get_mode_display()} {self.started:%Y-%m-%d %H:%M}"


class QuizAnswer(models.Model):
    """One answer a learner gave to a quiz question, kept once (`progress.post_answer`);
    not the classroom's Answer (a student's current answer to a class item)."""

    # Every answer post writes a row, so each index costs: the learner's answers are found
    # through (learner, created) and a round's through its (round, position) constraint,
    # and nothing looks answers up by question, so no other index is kept.
    learner = models.ForeignKey(
        Learner, on_delete=models.CASCADE, related_name="answers", db_index=False
    )
    qid = models.CharField(max_length=150)
    law = models.CharField(max_length=20)
    round = models.ForeignKey(
        Round,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="answers",
        db_index=False,
    )
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    keys = models.JSONField()
    correct = models.BooleanField()
    attempt = models.CharField(max_length=40, blank=True)
    created = models.DateTimeField()

    class Meta:
        db_table = "quizzes_answer"  # the table it had as Answer
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["learner", "created"])]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "position"],
                condition=Q(round__isnull=False),
                name="one_answer_per_round_position",
            ),
            models.UniqueConstraint(
                fields=["learner", "attempt"],
                condition=~Q(attempt=""),
                name="one_answer_per_attempt",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.qid}: {'right' if self.correct else 'wrong'}"


class ReviewCard(models.Model):
    """A question in a learner's spaced review (FSRS), with the scheduler's card."""

    # An answer post rewrites the card, so it keeps one index: (learner, qid), which finds
    # a card and also lists a learner's cards (what is due is picked from those).
    learner = models.ForeignKey(
        Learner, on_delete=models.CASCADE, related_name="cards", db_index=False
    )
    qid = models.CharField(max_length=150)
    card = models.JSONField()
    due = models.DateTimeField()
    reviews = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "qid"], name="one_card_per_question")
        ]

    def __str__(self) -> str:
        return f"{self.qid} due {self.due:%Y-%m-%d %H:%M}"


class Statement(models.Model):
    """A true/false statement on a known trap, as `loadquiz` loads it from
    content/quiz/*.yaml (the source; format in quizzes/content.py): question t-<slug>."""

    slug = models.SlugField(max_length=100, unique=True)
    law = models.CharField(max_length=20)
    says = models.TextField()
    answer = models.BooleanField()
    why = models.TextField()
    step = models.CharField(max_length=120)  # law-50/how-exposed
    order = models.PositiveIntegerField()  # as the files list them

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.slug


class DrawnQuestion(models.Model):
    """A question drawn for one class: a fresh deal from the recipe of a generated bank
    question (`drawn_from`), from a seed nobody else knows. It is read and answered at
    /quiz/q/<qid> like any other, but no listing names it and its id cannot be guessed,
    so an open class question cannot be looked up by its story (`bank.draw`)."""

    qid = models.CharField("question", max_length=100, primary_key=True)
    recipe = models.CharField(max_length=60)
    seed = models.CharField(max_length=40)
    drawn_from = models.CharField(max_length=100, help_text="The bank question it stands for.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.qid
