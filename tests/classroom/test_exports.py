"""Every CSV the classroom writes opens in a spreadsheet as text: a cell that would start with
=, +, -, @, a tab or a carriage return is written with a ' before it."""

import csv
import io

import pytest

from penaltyflow.classroom.exports import safe_cell
from penaltyflow.classroom.models import Lesson, Session

from .conftest import join

pytestmark = pytest.mark.django_db

NAMES = ['=HYPERLINK("http://x","click")', "+1 555", "-2+3", "@SUM(A1)", "Ann"]


def cells(response) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_no_cell_of_any_csv_can_be_read_as_a_formula(quiz_session, teacher_client):
    code = quiz_session.code
    for name in NAMES:
        student = join(quiz_session, name)
        student.post(f"/classroom/{code}/answer", {"item": 1, "answer": "N"})
    # a title a teacher typed goes into items.csv
    Session.objects.filter(pk=quiz_session.pk).update(title="=cmd|' /C calc'!A0")
    Lesson.objects.filter(pk=quiz_session.lesson_id).update(title="-lesson")
    students = cells(teacher_client.get(f"/classroom/{code}/results.csv"))
    items = cells(teacher_client.get(f"/classroom/{code}/items.csv"))
    for row in students + items:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    first_column = [row[0] for row in students[1:]]
    assert first_column == ["'" + n for n in NAMES[:4]] + ["Ann"]  # the name is all still there


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_each_dangerous_start_is_neutralised(start):
    assert safe_cell(f"{start}1+1") == f"'{start}1+1"
    assert safe_cell("1+1") == "1+1" and safe_cell(-3) == -3
