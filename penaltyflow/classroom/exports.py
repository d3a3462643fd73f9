"""What leaves the app: a class's results as CSV, a lesson's handout for paper."""

import csv

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from .access import teacher_lesson, teacher_session, with_access
from .forms import HandoutQuery
from .models import Session
from .paper import parts as chart_parts
from .present import item_view, per_student, tallies

# A spreadsheet reads a cell that starts with one of these as a formula (a student named
# =HYPERLINK(...) would become a link): such a cell is written with a ' before it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """The value as a spreadsheet shows it, never run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """csv.writer, with every cell through `safe_cell`: the only way this app writes CSV."""

    def __init__(self, response: HttpResponse):
        self._writer = csv.writer(response)

    def writerow(self, row: list) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])


def _csv_response(session: Session, what: str) -> tuple[HttpResponse, SafeWriter]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="penaltyflow-class-{session.code}-{what}.csv"'
    )
    return response, SafeWriter(response)


@require_safe
@with_access
def results_csv(request: HttpRequest, code: str) -> HttpResponse:
    """One row a student: their answer to each question and whether it was right."""
    session = teacher_session(request, code)
    question_items = [i for i, spec in enumerate(session.items) if spec["kind"] == "question"]
    response, writer = _csv_response(session, "students")
    header = ["student"]
    for i in question_items:
        header += [f"item {i + 1} ({session.items[i]['question']}) answer", f"item {i + 1} right"]
    writer.writerow(header + ["right", "answered"])
    for student in per_student(session):
        row = [student["name"]]
        for i in question_items:
            answer = student["answers"].get(i)
            row += [
                answer.keys if answer else "",
                ("yes" if answer.right else "no") if answer else "",
            ]
        writer.writerow(row + [student["right"], student["answered"]])
    return response


@require_safe
@with_access
def items_csv(request: HttpRequest, code: str) -> HttpResponse:
    """One row an item: how many answered, how many were right, and each answer's count."""
    session = teacher_session(request, code)
    response, writer = _csv_response(session, "items")
    writer.writerow(
        ["item", "kind", "question", "title", "answered", "right", "% right", "answers"]
    )
    for spec, entry in zip(session.items, tallies(session), strict=True):
        view = item_view(spec)
        percent = round(100 * entry["right"] / entry["total"]) if entry["total"] else ""
        answers = " ".join(f"{k}={n}" for k, n in sorted(entry["answers"].items()))
        writer.writerow(
            [
                entry["item"] + 1,
                spec["kind"],
                entry["question"] or "",
                view.title,
                entry["total"],
                entry["right"],
                percent,
                answers,
            ]
        )
    return response


@require_safe
@with_access
def handout(request: HttpRequest, slug: str) -> HttpResponse:
    """The lesson for paper, with its answer key: for teachers (`access.teacher_lesson`)."""
    lesson = teacher_lesson(request, slug)
    query = HandoutQuery(request.GET)
    if not query.is_valid():
        raise BadRequest("'paper' is a4 or letter.")
    paper = query.cleaned_data["paper"]
    views = [item_view(item.spec()) for item in lesson.items.all()]
    charts = []
    for view in views:
        if view.chart is not None and view.chart not in charts:
            charts.append(view.chart)
    context = {
        "lesson": lesson,
        "views": views,
        "paper": paper,
        "charts": [{"chart": c, "parts": chart_parts(c.svg)} for c in charts],  # legible
        "has_questions": any(v.is_question for v in views),
    }
    return render(request, "classroom/handout.html", context)
