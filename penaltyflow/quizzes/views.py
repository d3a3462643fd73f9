"""The quiz pages and the public contract (quiz-contract.md).

Every page works as plain links and form posts; htmx swaps the `#quiz` region in
place (the page's `quiz` partial) and the address follows.
"""

from __future__ import annotations

import random
import uuid

from django.conf import settings
from django.core.exceptions import BadRequest
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from penaltyflow.core.htmx import is_fragment, wants_json

from . import bank, progress
from .citations import QUIZ_LAWS, law_number
from .forms import AnswerForm, QuestionsQuery, StartForm
from .models import QuizAnswer, Round
from .question import Question
from .tables import table_for

ROUND_SIZE = 10
EXAM_SIZE = 25
LAWS = list(QUIZ_LAWS)


def _question_or_404(qid: str) -> Question:
    q = bank.get_question(qid)
    if q is None:
        raise Http404("No such question.")
    return q


# --- the contract -----------------------------------------------------------------


@require_safe
def questions_json(request: HttpRequest) -> JsonResponse:
    query = QuestionsQuery(request.GET)
    if not query.is_valid():
        message = " ".join(m for ms in query.errors.values() for m in ms)
        return JsonResponse({"error": message}, status=400)
    data = query.cleaned_data
    ids = bank.matching(data["law"] or None, data["kind"] or None)
    return JsonResponse({"total": len(ids), "questions": ids[: data["limit"]]})


@require_safe
def question_json(request: HttpRequest, qid: str) -> JsonResponse:
    q = bank.get_question(qid)
    if q is None:
        return JsonResponse({"error": f"No question {qid!r}."}, status=404)
    return JsonResponse(q.public_json(), json_dumps_params={"ensure_ascii": False})


def _too_many(request: HttpRequest, wait: int) -> HttpResponse:
    """429 with Retry-After past the learner's limit: JSON for programs, a page for people."""
    if wants_json(request):
        response = JsonResponse(
            {"error": f"Too many answers in a minute: wait {wait} s."}, status=429
        )
    else:
        template = "quizzes/too_many.html" + ("#quiz" if is_fragment(request) else "")
        context = {
            "wait": wait,
            "limit": settings.QUIZ_ANSWERS_PER_MINUTE,
            "back": request.headers.get("HX-Current-URL") or request.path.rsplit("answer", 1)[0],
        }
        response = render(request, template, context, status=429)
    response["Retry-After"] = str(wait)
    return response


@require_POST
def answer(request: HttpRequest, qid: str) -> HttpResponse:
    q = bank.get_question(qid)
    if q is None:
        if wants_json(request):
            return JsonResponse({"error": f"No question {qid!r}."}, status=404)
        raise Http404("No such question.")
    form = AnswerForm(request.POST, q)
    if not form.is_valid():
        if wants_json(request):
            return JsonResponse({"error": form.message}, status=400)
        return _question_page(request, q, error=form.message, status=400)
    keys, attempt = form.cleaned_data["answer"], form.cleaned_data["attempt"]
    # The table as the ruling leaves it, built first: its replay of the scenario is the
    # one the grade reads (Question.state), so a post replays the deal once.
    table = None if wants_json(request) else table_for(q, ruled=True)
    posted = progress.post_answer(progress.learner_for(request), q, keys, attempt=attempt)
    if posted.limited:
        return _too_many(request, posted.wait)
    if wants_json(request):
        return JsonResponse(posted.grade.to_json(), json_dumps_params={"ensure_ascii": False})
    return _question_page(request, q, picked=posted.keys, grade=posted.grade, table=table)


def _question_page(
    request, q, *, picked=None, grade=None, error="", status=200, table=None, **extra
):
    context = {
        "q": q,
        "table": table or table_for(q, ruled=grade is not None),
        "post_url": reverse("quizzes:answer", args=[q.id]),
        "picked": picked or [],
        "grade": grade,
        "error": error,
        "attempt": uuid.uuid4().hex,
        "mode": "single",
        **extra,
    }
    template = "quizzes/question.html"
    if is_fragment(request):
        template += "#quiz"
    return TemplateResponse(request, template, context, status=status)


@require_safe
def question_page(request: HttpRequest, qid: str) -> HttpResponse:
    return _question_page(request, _question_or_404(qid))


# --- rounds ---------------------------------------------------------------------------


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    learner = progress.learner_for(request, create=False)
    due = progress.due(learner).count() if learner else 0
    counts = {law: 0 for law in LAWS}
    for _, law, _ in bank.index():
        n = law_number(law)
        if n in counts:
            counts[n] += 1
    return render(
        request,
        "quizzes/home.html",
        {
            "laws": [(law, counts[law]) for law in LAWS if counts[law]],
            "due": due,
            "total": sum(counts.values()),
        },
    )


def _pool(laws: list[str]) -> list[str]:
    return [qid for qid, law, _ in bank.index() if not laws or law_number(law) in laws]


def _spread(pool: list[str], k: int, rng: random.Random, used: set[str]) -> list[str]:
    """k questions drawn at random from the pool, no two of one recipe (which would say the
    same explanation word for word) while the pool has recipes not drawn yet."""
    first, again, seen = [], [], set(used)
    for qid in rng.sample(pool, len(pool)):
        recipe = bank.recipe_of(qid)
        (again if recipe in seen else first).append(qid)
        seen.add(recipe)
    return (first + again)[: max(0, k)]


@require_POST
def start(request: HttpRequest) -> HttpResponse:
    form = StartForm(request.POST)
    if not form.is_valid():
        raise BadRequest(" ".join(m for ms in form.errors.values() for m in ms))
    mode, laws = form.cleaned_data["mode"], form.cleaned_data["law"]
    learner = progress.learner_for(request)
    rng = random.Random()
    if mode == Round.Mode.REVIEW:
        ids = list(progress.due(learner).values_list("qid", flat=True)[:ROUND_SIZE])
        ids = [qid for qid in ids if bank.get_question(qid) is not None]
        if not ids:
            return redirect("quizzes:progress")
    else:
        size = EXAM_SIZE if mode == Round.Mode.EXAM else ROUND_SIZE
        pool = _pool(laws)
        due = []
        if mode == Round.Mode.PRACTICE:  # what is due comes back first
            wanted = set(pool)
            due = [q for q in progress.due(learner).values_list("qid", flat=True) if q in wanted]
            due = due[: size // 3]
        rest = [qid for qid in pool if qid not in set(due)]
        ids = due + _spread(rest, size - len(due), rng, used={bank.recipe_of(q) for q in due})
        rng.shuffle(ids)
    r = Round.objects.create(learner=learner, mode=mode, laws=",".join(laws), questions=ids)
    return redirect("quizzes:round_question", r.pk, 1)


def _round_for(request: HttpRequest, rid) -> Round:
    learner = progress.learner_for(request, create=False)
    if learner is None:
        raise Http404("No such round.")
    return get_object_or_404(Round, pk=rid, learner=learner)


@require_http_methods(["GET", "HEAD", "POST"])
def round_question(request: HttpRequest, rid, n: int) -> HttpResponse:
    r = _round_for(request, rid)
    if not 1 <= n <= len(r.questions):
        raise Http404("No such question in this round.")
    if request.method != "POST":
        return _round_page(request, r, n)
    q = _round_question(r, n)
    form = AnswerForm(request.POST, q)
    if not form.is_valid():
        return _round_page(request, r, n, error=form.message, status=400)
    posted = progress.post_answer(r.learner, q, form.cleaned_data["answer"], round=r, position=n)
    if posted.limited:
        return _too_many(request, posted.wait)
    if r.mode != Round.Mode.EXAM:  # feedback at the question's own address
        if request.htmx:
            return _round_page(request, r, n)
        return redirect("quizzes:round_question", r.pk, n)
    if n == len(r.questions):  # the exam is over: the results
        url = reverse("quizzes:round_results", args=[r.pk])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if request.htmx:
        response = _round_page(request, r, n + 1)
        response["HX-Push-Url"] = reverse("quizzes:round_question", args=[r.pk, n + 1])
        return response
    return redirect("quizzes:round_question", r.pk, n + 1)


def _round_question(r: Round, n: int) -> Question:
    q = bank.get_question(r.questions[n - 1])
    if q is None:
        raise Http404("This question has left the bank.")
    return q


def _round_page(request, r: Round, n: int, error: str = "", status: int = 200) -> HttpResponse:
    q = _round_question(r, n)
    done = r.answers.filter(position=n).first()
    grade = None
    if done is not None and (r.mode != Round.Mode.EXAM or r.finished is not None):
        grade = q.grade(set(done.keys))  # an exam's feedback waits for its end
    context = {
        "q": q,
        "table": table_for(q, ruled=grade is not None),
        "round": r,
        "n": n,
        "size": len(r.questions),
        "post_url": reverse("quizzes:round_question", args=[r.pk, n]),
        "next_url": _next_url(r, n),
        "picked": done.keys if done else [],
        "grade": grade,
        "error": error,
        "answered": done is not None,
        "mode": r.mode,
    }
    template = "quizzes/question.html"
    if is_fragment(request):
        template += "#quiz"
    return render(request, template, context, status=status)


def _next_url(r: Round, n: int) -> str:
    if n < len(r.questions):
        return reverse("quizzes:round_question", args=[r.pk, n + 1])
    return reverse("quizzes:round_results", args=[r.pk])


@require_safe
def round_results(request: HttpRequest, rid) -> HttpResponse:
    r = _round_for(request, rid)
    answers = {a.position: a for a in r.answers.all()}
    rows = []
    for i, qid in enumerate(r.questions, start=1):
        q = bank.get_question(qid)
        a = answers.get(i)
        if q is None:
            continue
        rows.append(
            {
                "n": i,
                "q": q,
                "answer": a,
                "picked": [text for key, text in q.choices if a and key in a.keys],
                "grade": q.grade(set(a.keys)) if a else q.grade(set()),
                "table": table_for(q, ruled=True),  # the deal, as the ruling leaves it
                "url": reverse("quizzes:round_question", args=[r.pk, i]),
            }
        )
    right = sum(1 for row in rows if row["answer"] and row["answer"].correct)
    wrong = sum(1 for row in rows if row["answer"] and not row["answer"].correct)
    seconds = None
    if r.finished:
        seconds = int((r.finished - r.started).total_seconds())
    unanswered = [row for row in rows if not row["answer"]]
    return render(
        request,
        "quizzes/results.html",
        {
            "round": r,
            "rows": rows,
            "right": right,
            "wrong": wrong,
            "size": len(rows),
            "seconds": seconds,
            "first_unanswered": unanswered[0]["url"] if unanswered else None,
        },
    )


# --- progress ---------------------------------------------------------------------------


@require_safe
def progress_page(request: HttpRequest) -> HttpResponse:
    learner = progress.learner_for(request, create=False)
    laws, due_today, rounds, due_now = [], [], [], 0
    if learner is not None:
        laws = progress.per_law(learner)
        due_today = list(progress.due(learner, progress.end_of_today())[:50])
        due_now = progress.due(learner).count()
        rounds = list(
            learner.rounds.annotate(
                n=Count("answers"), right=Count("answers", filter=Q(answers__correct=True))
            )[:20]
        )
    else:
        laws = [{"law": law, "answered": 0, "right": 0, "percent": 0} for law in LAWS]
    due_rows = []
    for card in due_today:
        q = bank.get_question(card.qid)
        if q is not None:
            due_rows.append({"q": q, "due": card.due})
    answered = QuizAnswer.objects.filter(learner=learner).count() if learner else 0
    later = None
    if learner is not None and not due_rows:
        later = progress.next_up(learner, progress.end_of_today())
    return render(
        request,
        "quizzes/progress.html",
        {
            "laws": laws,
            "due_rows": due_rows,
            "due_now": due_now,
            "later": later,
            "rounds": rounds,
            "answered": answered,
        },
    )
