"""A learner's progress: answers, spaced review with FSRS, and joining a browser's
progress into an account on sign-in.

No account is needed: a browser's progress hangs on its session. Signing in (or
up) moves it into the account's learner (`join_on_login`, on Django's
`user_logged_in` signal), so another device that signs in sees it all.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q
from django.utils import timezone
from fsrs import Card, Rating, Scheduler

from .models import Answer, Learner, QuestionStat, ReviewCard, Round

SESSION_KEY = "quiz_learner"
RIGHT = connection.ops.quote_name("right")  # a keyword in SQL
USER_SESSION_KEY = "quiz_account_learner"  # [user id, learner id]
# No fuzz: the same answers at the same times give the same schedule (and testable ones).
SCHEDULER = Scheduler(enable_fuzzing=False)
DOUBLE_POST_SECONDS = 5


def learner_for(request, create: bool = True) -> Learner | None:
    """The account's learner when signed in, else this browser's (made on first need).

    The learner's id is kept in the session, so answering costs no query to find it."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        kept = request.session.get(USER_SESSION_KEY)
        if kept and kept[0] == user.pk:
            return _known(kept[1])
        learner, _ = Learner.objects.get_or_create(user=user)
        request.session[USER_SESSION_KEY] = [user.pk, learner.pk]
        return learner
    pk = request.session.get(SESSION_KEY)
    if pk is not None:
        return _known(pk)
    if not create:
        return None
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    return learner


def _known(pk: int) -> Learner:
    """A learner this session names (the session is the server's own: it cannot be forged)."""
    learner = Learner(pk=pk)
    learner._state.adding = False
    return learner


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
        Answer.objects.filter(learner=guest).update(learner=mine)
        Round.objects.filter(learner=guest).update(learner=mine)
        have = set(ReviewCard.objects.filter(learner=mine).values_list("qid", flat=True))
        ReviewCard.objects.filter(learner=guest).exclude(qid__in=have).update(learner=mine)
        guest.delete()
    request.session.pop(SESSION_KEY, None)
    request.session.pop(USER_SESSION_KEY, None)


# --- limits -------------------------------------------------------------------------


RECENT_ROWS = 30  # the newest answers read for the limit and for doubled posts


def recent_answers(learner: Learner, now: dt.datetime) -> list:
    """The learner's newest answers of the last minute (at most RECENT_ROWS), newest
    first, as rows with `id, created, qid, attempt`: where a doubled post is found,
    and what the limit counts. One small query; no keys (JSON to decode on every row),
    read only for the one row that may be a doubled post."""
    return list(
        Answer.objects.filter(learner=learner, created__gt=now - dt.timedelta(seconds=60))
        .order_by("-created")
        .values_list("id", "created", "qid", "attempt", named=True)[:RECENT_ROWS]
    )


def retry_after(
    learner: Learner, now: dt.datetime | None = None, recent: list | None = None
) -> int | None:
    """Seconds to wait when this learner has answered too often in the last minute."""
    now = now or timezone.now()
    limit = settings.QUIZ_ANSWERS_PER_MINUTE
    since = now - dt.timedelta(seconds=60)
    if recent is None:
        recent = recent_answers(learner, now)
    if len(recent) < min(limit, RECENT_ROWS):
        return None
    if limit > RECENT_ROWS:  # a limit above what was read: count, and find the oldest
        window = Answer.objects.filter(learner=learner, created__gt=since).order_by("-created")
        oldest = next(iter(window.values_list("created", flat=True)[limit - 1 : limit]), None)
        if oldest is None:
            return None
    else:
        oldest = recent[limit - 1].created
    return max(1, int((oldest - since).total_seconds()) + 1)


# --- answers ------------------------------------------------------------------------


@dataclass
class Recorded:
    answer: Answer | Kept  # a doubled post found among the recent ones: its id and keys
    repeated: bool  # a doubled post: the first one's answer, counted once


def record(
    learner: Learner,
    question,
    keys: list[str],
    correct: bool,
    *,
    round: Round | None = None,
    position: int | None = None,
    attempt: str = "",
    schedule: bool = True,
    now: dt.datetime | None = None,
    recent: list | None = None,
) -> Recorded:
    """Keep an answer once: a doubled post (same round position, same attempt token, or
    the same keys again within seconds) returns the first and counts nothing."""
    now = now or timezone.now()
    earlier = None
    if round is not None:
        earlier = Answer.objects.filter(round=round, position=position).first()
    elif recent is not None:
        earlier = _double_among(recent, question.id, keys, attempt, now)
    elif attempt:
        earlier = Answer.objects.filter(learner=learner, attempt=attempt).first()
    else:
        since = now - dt.timedelta(seconds=DOUBLE_POST_SECONDS)
        earlier = (
            Answer.objects.filter(learner=learner, qid=question.id, created__gt=since)
            .order_by("-created")
            .first()
        )
        if earlier is not None and sorted(earlier.keys) != sorted(keys):
            earlier = None
    if earlier is not None:
        return Recorded(earlier, True)
    for _ in range(2):
        try:
            with transaction.atomic():  # one commit: the answer, the counts, the schedule
                answer = Answer.objects.create(
                    learner=learner,
                    qid=question.id,
                    law=question.law,
                    round=round,
                    position=position,
                    keys=sorted(keys),
                    correct=correct,
                    attempt=attempt,
                    created=now,
                )
                count(question, correct)
                if schedule:
                    review(learner, question.id, correct, now)
            return Recorded(answer, False)
        except IntegrityError:  # the same post at the same moment, from another worker
            first = None
            if round is not None:
                first = Answer.objects.filter(round=round, position=position).first()
            elif attempt:
                first = Answer.objects.filter(learner=learner, attempt=attempt).first()
            if first is not None:
                return Recorded(first, True)
            # else two answers to one question made its review card at once: once more
    raise IntegrityError("The answer could not be kept.")


@dataclass
class Kept:
    """An answer kept earlier, as much of it as a doubled post's reply needs."""

    id: int
    keys: list[str]


def _double_among(recent: list, qid: str, keys: list[str], attempt: str, now) -> Kept | None:
    """The answer this post doubles, among the learner's recent ones: the same attempt
    token, or the same keys to the same question within seconds. Its keys are read
    only here, for a row that may be it (most posts have none)."""
    double = now - dt.timedelta(seconds=DOUBLE_POST_SECONDS)
    for row in recent:
        same_attempt = bool(attempt) and row.attempt == attempt
        if same_attempt or (row.qid == qid and row.created > double):
            kept = Answer.objects.filter(pk=row.id).values_list("keys", flat=True).first()
            if kept is not None and (same_attempt or kept == sorted(keys)):
                return Kept(row.id, kept)
    return None


def count(question, correct: bool) -> None:
    """One more answer (and maybe one more right) for the question: one upsert."""
    table = connection.ops.quote_name(QuestionStat._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (qid, law, kind, prompt, answered, {RIGHT}, retired) "
            f"VALUES (%s, %s, %s, %s, 1, %s, %s) ON CONFLICT (qid) DO UPDATE SET "
            f"answered = {table}.answered + 1, {RIGHT} = {table}.{RIGHT} + excluded.{RIGHT}",
            [question.id, question.law, question.kind, question.prompt[:300], int(correct), False],
        )


# --- spaced review (FSRS) -----------------------------------------------------------


def new_card(now: dt.datetime) -> Card:
    # An id of our own: fsrs waits a millisecond per card to make its default id unique.
    return Card(card_id=int(now.timestamp() * 1000), due=now)


def review(learner: Learner, qid: str, correct: bool, now: dt.datetime | None = None) -> ReviewCard:
    """Schedule the question again: Good when right, Again when wrong."""
    now = now or timezone.now()
    # Only the columns needed, no ordering, no model built to be read: an answer post
    # does this on every answer (tests/quizzes/test_post_cost.py counts its queries).
    found = ReviewCard.objects.filter(learner=learner, qid=qid).values_list("pk", "card", "reviews")
    old = next(iter(found[:1]), None)
    card = Card.from_dict(old[1]) if old else new_card(now)
    card, _ = SCHEDULER.review_card(card, Rating.Good if correct else Rating.Again, now)
    row = ReviewCard(learner=learner, qid=qid, card=card.to_dict(), due=card.due)
    if old is None:
        row.reviews = 1
        row.save(force_insert=True)
    else:
        row.pk, row.reviews = old[0], old[2] + 1
        row.save(force_update=True)
    return row


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
    return now.replace(hour=23, minute=59, second=59, microsecond=0)


# --- the progress page ----------------------------------------------------------------


def per_law(learner: Learner) -> list[dict]:
    """For each law 48 to 57: answers, right, and the share right (for the bar chart)."""
    from .bank import law_number

    rows = (
        Answer.objects.filter(learner=learner)
        .values("law")
        .annotate(n=Count("id"), right=Count("id", filter=Q(correct=True)))
    )
    totals = {str(n): [0, 0] for n in range(48, 58)}
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
