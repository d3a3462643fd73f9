"""A learner's progress: answers, spaced review with FSRS, and joining a browser's
progress into an account on sign-in.

No account is needed: a browser's progress hangs on its session. Signing in (or
up) moves it into the account's learner (`join_on_login`, on Django's
`user_logged_in` signal), so another device that signs in sees it all.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import BooleanField, Count, ExpressionWrapper, F, Q
from django.utils import timezone
from fsrs import Card, Rating, Scheduler

from .citations import QUIZ_LAWS
from .models import Learner, QuestionStat, QuizAnswer, ReviewCard, Round

if TYPE_CHECKING:
    from .question import Grade, Question

SESSION_KEY = "quiz_learner"
USER_SESSION_KEY = "quiz_account_learner"  # [user id, learner id]
# No fuzz: the same answers at the same times give the same schedule (and testable ones).
SCHEDULER = Scheduler(enable_fuzzing=False)
DOUBLE_POST_SECONDS = 5


def learner_for(request, create: bool = True) -> Learner | None:
    """The account's learner when signed in, else this browser's (made on first need).

    The learner's id is kept in the session, so answering costs no query to find it.
    With `create=False` (every page read on GET) nothing is written: no learner made,
    the session left as it is."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        kept = request.session.get(USER_SESSION_KEY)
        if kept and kept[0] == user.pk and (known := _known(kept[1])) is not None:
            return known
        if not create:
            return Learner.objects.filter(user=user).first()
        learner, _ = Learner.objects.get_or_create(user=user)
        request.session[USER_SESSION_KEY] = [user.pk, learner.pk]
        return learner
    pk = request.session.get(SESSION_KEY)
    if pk is not None and (known := _known(pk)) is not None:
        return known
    if not create:
        return None
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    return learner


def tagged_learner(tag: str) -> Learner:
    """The learner another app answers for, by its tag (made on first need)."""
    learner, _ = Learner.objects.get_or_create(tag=tag)
    return learner


def _known(pk: int) -> Learner | None:
    """The learner this session names (the session is the server's own: it cannot be
    forged), or None if it is gone (an admin deleted it)."""
    return Learner.objects.filter(pk=pk).first()


def join_on_login(sender, request, user, **kwargs) -> None:
    """What this browser did before signing in joins the account."""
    if request is None or not hasattr(request, "session"):
        return
    pk = request.session.get(SESSION_KEY)
    guest = Learner.objects.filter(pk=pk, user__isnull=True).first() if pk else None
    if guest is None:
        return
    with transaction.atomic():
        mine = Learner.objects.filter(user=user).first()
        if mine is None:
            guest.user = user
            guest.save(update_fields=["user"])
            return
        QuizAnswer.objects.filter(learner=guest).update(learner=mine)
        Round.objects.filter(learner=guest).update(learner=mine)
        have = set(ReviewCard.objects.filter(learner=mine).values_list("qid", flat=True))
        ReviewCard.objects.filter(learner=guest).exclude(qid__in=have).update(learner=mine)
        guest.delete()
    request.session.pop(SESSION_KEY, None)
    request.session.pop(USER_SESSION_KEY, None)


# --- the answer post ------------------------------------------------------------------
#
# `post_answer` is the one way an answer is kept, for the quiz, the rounds and the
# classroom alike: it reads the learner's recent answers once, and from them finds a
# doubled post (kept once, counted once) and the learner's limit, then grades and writes.
#
# An answer post costs, in order (tests/quizzes/test_post_cost.py counts them): the
# session and the learner it names; the learner's answers of the last minute, for the
# limit and doubled posts; the review card, worked out before the write lock (SQLite has
# one writer at a time, so the transaction holds three short statements and nothing
# else); then one transaction: the answer, the question's counts, the card (written only
# if unchanged since read). All through the ORM.

RECENT_ROWS = 30  # the newest answers read for the limit and for doubled posts


class Recent(NamedTuple):
    id: int
    qid: str
    attempt: str
    fresh: bool  # answered within DOUBLE_POST_SECONDS: may be doubled by this post


class Outcome(enum.Enum):
    RECORDED = "recorded"
    DOUBLED = "doubled"  # the same post again: the first one's answer, counted once
    LIMITED = "limited"  # past the learner's limit: nothing kept


@dataclass
class Posted:
    """What became of an answer post."""

    outcome: Outcome
    keys: list[str]  # the answer kept: this post's, or the first one's when doubled
    grade: Grade | None = None  # None when limited
    wait: int | None = None  # when limited: seconds until an answer counts again
    answer: QuizAnswer | None = None  # when recorded: the row kept

    @property
    def limited(self) -> bool:
        return self.outcome is Outcome.LIMITED

    @property
    def doubled(self) -> bool:
        return self.outcome is Outcome.DOUBLED


def post_answer(
    learner: Learner,
    question: Question,
    keys: list[str],
    *,
    attempt: str = "",
    round: Round | None = None,
    position: int | None = None,
    schedule: bool = True,
    doubles: bool = True,
    now: dt.datetime | None = None,
) -> Posted:
    """Keep one answer of `learner` to `question`, once.

    A doubled post (the same round position, the same attempt token, or the same keys
    to the same question within DOUBLE_POST_SECONDS) gives the first answer's result and
    writes nothing (with `doubles=False`, as in class where each post replaces the last,
    every post is an answer); past the limit (QUIZ_ANSWERS_PER_MINUTE) nothing is written and
    `wait` says for how long; else the answer is graded and kept with the question's
    counts and (with `schedule`) its review card, in one transaction. A round's answer
    to its last question finishes the round."""
    now = now or timezone.now()
    keys = sorted(set(keys))
    recent = recent_answers(learner, now)
    if doubles:
        first = _first_answer(learner, question.id, keys, attempt, round, position, recent)
        if first is not None:
            return Posted(Outcome.DOUBLED, first, question.grade(set(first)))
    wait = retry_after(learner, now, recent)
    if wait is not None:
        return Posted(Outcome.LIMITED, keys, wait=wait)
    grade = question.grade(set(keys))
    answer = QuizAnswer(
        learner=learner,
        qid=question.id,
        law=question.law,
        round=round,
        position=position,
        keys=keys,
        correct=grade.correct,
        attempt=attempt,
        created=now,
    )
    for _ in range(3):
        # Worked out before the write lock is taken (see above).
        card = next_review(learner, question.id, grade.correct, now) if schedule else None
        try:
            with transaction.atomic():  # one commit: the answer, the counts, the schedule
                answer.pk = None
                answer.save(force_insert=True)
                count(question, grade.correct)
                if card is not None and not card.write():
                    raise CardMoved  # another answer to this question came first: again
        except CardMoved:
            continue
        except IntegrityError:  # the same post at the same moment, from another worker
            first = _first_answer(learner, question.id, keys, attempt, round, position, [])
            if first is not None:
                return Posted(Outcome.DOUBLED, first, question.grade(set(first)))
            continue
        if round is not None and position is not None:
            _finish_if_complete(round, now)
        return Posted(Outcome.RECORDED, keys, grade, answer=answer)
    raise IntegrityError("The answer could not be kept.")


def recent_answers(learner: Learner, now: dt.datetime) -> list[Recent]:
    """The learner's newest answers of the last minute (at most RECENT_ROWS), newest
    first: where a doubled post is found, and what the limit counts. One small query; no
    keys (JSON to decode on every row), read only for the one row that may be a doubled
    post."""
    fresh = now - dt.timedelta(seconds=DOUBLE_POST_SECONDS)
    rows = (
        QuizAnswer.objects.filter(learner=learner, created__gt=now - dt.timedelta(seconds=60))
        .annotate(fresh=ExpressionWrapper(Q(created__gt=fresh), output_field=BooleanField()))
        .order_by("-created")
        .values_list("id", "qid", "attempt", "fresh")[:RECENT_ROWS]
    )
    return [Recent(pk, qid, attempt, bool(new)) for pk, qid, attempt, new in rows]


def retry_after(learner: Learner, now: dt.datetime, recent: list[Recent]) -> int | None:
    """Seconds to wait when this learner has answered too often in the last minute."""
    limit = settings.QUIZ_ANSWERS_PER_MINUTE
    if len(recent) < min(limit, RECENT_ROWS):
        return None
    # At the limit, or past what was read: when the oldest answer that counts was given.
    since = now - dt.timedelta(seconds=60)
    window = QuizAnswer.objects.filter(learner=learner, created__gt=since).order_by("-created")
    oldest = next(iter(window.values_list("created", flat=True)[limit - 1 : limit]), None)
    if oldest is None:
        return None
    return max(1, int((oldest - since).total_seconds()) + 1)


def _first_answer(learner, qid, keys, attempt, round, position, recent) -> list[str] | None:
    """The keys of the answer this post doubles, or None: the answer at the same round
    position; else, among the learner's recent answers, the same attempt token, or the
    same keys to the same question within seconds (their keys are read only for a row
    that may be it: most posts have none). With no `recent` (after a clash), the attempt
    token is looked up."""
    if round is not None:
        found = QuizAnswer.objects.filter(round=round, position=position).values_list("keys")
        return next((k for (k,) in found), None)
    if not recent:
        if not attempt:
            return None
        found = QuizAnswer.objects.filter(learner=learner, attempt=attempt).values_list("keys")
        return next((k for (k,) in found), None)
    for row in recent:
        same_attempt = bool(attempt) and row.attempt == attempt
        if same_attempt or (row.qid == qid and row.fresh):
            kept = QuizAnswer.objects.filter(pk=row.id).values_list("keys", flat=True).first()
            if kept is not None and (same_attempt or kept == keys):
                return kept
    return None


def _finish_if_complete(round: Round, now: dt.datetime) -> None:
    if round.answers.count() >= len(round.questions):
        Round.objects.filter(pk=round.pk, finished__isnull=True).update(finished=now)
        round.finished = round.finished or now


class CardMoved(Exception):
    """A review card changed between its read and its write."""


def count(question: Question, correct: bool) -> None:
    """One more answer (and maybe one more right) for the question."""
    stats = QuestionStat.objects.filter(qid=question.id)
    if stats.update(answered=F("answered") + 1, right=F("right") + int(correct)):
        return
    try:
        with transaction.atomic():  # the question's first answer
            QuestionStat.objects.create(
                qid=question.id,
                law=question.law,
                kind=question.kind,
                prompt=question.prompt[:300],
                answered=1,
                right=int(correct),
            )
    except IntegrityError:  # another worker counted its first answer at the same moment
        stats.update(answered=F("answered") + 1, right=F("right") + int(correct))


# --- spaced review (FSRS) -----------------------------------------------------------


def new_card(now: dt.datetime) -> Card:
    # An id of our own: fsrs waits a millisecond per card to make its default id unique.
    return Card(card_id=int(now.timestamp() * 1000), due=now)


@dataclass
class NextReview:
    """A review card's next state, worked out from the card as read. `write` stores it
    only if the card is still as read (or still missing), and says whether it did."""

    learner_id: int
    qid: str
    card: dict
    due: dt.datetime
    reviews: int  # after this review
    pk: int | None  # None: the question's first review

    def write(self) -> bool:
        if self.pk is not None:
            unchanged = ReviewCard.objects.filter(pk=self.pk, reviews=self.reviews - 1)
            return unchanged.update(card=self.card, due=self.due, reviews=self.reviews) == 1
        try:
            with transaction.atomic():
                row = ReviewCard.objects.create(
                    learner_id=self.learner_id,
                    qid=self.qid,
                    card=self.card,
                    due=self.due,
                    reviews=self.reviews,
                )
        except IntegrityError:  # another answer made the card first
            return False
        self.pk = row.pk
        return True


def next_review(learner: Learner, qid: str, correct: bool, now: dt.datetime) -> NextReview:
    """The question's card after this answer: Good when right, Again when wrong."""
    found = ReviewCard.objects.filter(learner=learner, qid=qid).values_list("id", "card", "reviews")
    if row := found.first():
        pk, stored, reviews = row
        card = Card.from_dict(stored)
    else:
        pk, reviews, card = None, 0, new_card(now)
    card, _ = SCHEDULER.review_card(card, Rating.Good if correct else Rating.Again, now)
    return NextReview(learner.pk, qid, card.to_dict(), card.due, reviews + 1, pk)


def review(learner: Learner, qid: str, correct: bool, now: dt.datetime | None = None) -> ReviewCard:
    """Schedule the question again and keep its card (on its own, outside an answer)."""
    now = now or timezone.now()
    for _ in range(3):
        card = next_review(learner, qid, correct, now)
        with transaction.atomic():
            if card.write():
                return ReviewCard.objects.get(pk=card.pk)
    raise IntegrityError("The review card could not be kept.")


def add_to_review(request, question_ids) -> int:
    """Put questions in the learner's review queue, due now; returns how many were added."""
    from .bank import get_question

    learner = learner_for(request)
    now = timezone.now()
    have = set(ReviewCard.objects.filter(learner=learner).values_list("qid", flat=True))
    new = []
    for qid in dict.fromkeys(question_ids):
        if qid in have or get_question(qid) is None:
            continue
        card = new_card(now)
        new.append(ReviewCard(learner=learner, qid=qid, card=card.to_dict(), due=now))
    ReviewCard.objects.bulk_create(new, ignore_conflicts=True)
    return len(new)


def due(learner: Learner, until: dt.datetime | None = None):
    until = until or timezone.now()
    return ReviewCard.objects.filter(learner=learner, due__lte=until).order_by("due", "qid")


def end_of_today(now: dt.datetime | None = None) -> dt.datetime:
    now = timezone.localtime(now or timezone.now())
    return now.replace(hour=23, minute=59, second=59, microsecond=999999)  # the day's last moment


@dataclass
class NextUp:
    """When reviews come back after today: the first day with any, and how many then."""

    due: dt.datetime  # the first of that day
    count: int
    tomorrow: bool


def next_up(learner: Learner, after: dt.datetime) -> NextUp | None:
    """The first day after `after` (the end of today) that has reviews due: a learner
    who has nothing left today sees when to come back."""
    cards = ReviewCard.objects.filter(learner=learner, due__gt=after)
    first = cards.order_by("due").values_list("due", flat=True).first()
    if first is None:
        return None
    first = timezone.localtime(first)
    tomorrow = first.date() == timezone.localtime(after).date() + dt.timedelta(days=1)
    return NextUp(first, cards.filter(due__lte=end_of_today(first)).count(), tomorrow)


# --- the progress page ----------------------------------------------------------------


def per_law(learner: Learner) -> list[dict]:
    """For each law of the quizzes (engine/core/laws.py): answers, right, and the share right
    (for the bar chart)."""
    from .citations import law_number

    rows = (
        QuizAnswer.objects.filter(learner=learner)
        .values("law")
        .annotate(n=Count("id"), right=Count("id", filter=Q(correct=True)))
    )
    totals = {law: [0, 0] for law in QUIZ_LAWS}
    for row in rows:
        law = law_number(row["law"])
        if law in totals:
            totals[law][0] += row["n"]
            totals[law][1] += row["right"]
    return [
        {
            "law": law,
            "answered": n,
            "right": r,
            "percent": round(100 * r / n) if n else 0,
        }
        for law, (n, r) in totals.items()
    ]
