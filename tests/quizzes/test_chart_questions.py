"""Questions built from the charts say what the chart step says, never against it."""

import re

import pytest

from penaltyflow.flowcharts.models import Node
from penaltyflow.quizzes.bank import get_question, question_ids
from penaltyflow.quizzes.citations import cited, cites_of

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


def clause_questions() -> dict[str, object]:
    return {
        q.id: q for q in (get_question(qid) for qid in question_ids(kind="chart-clause", limit=500))
    }


def citations(node: Node) -> list[str]:
    return [c.strip() for c in node.citations.split(",") if c.strip()]


def says_no_clause_covers_it(node: Node) -> bool:
    text = " ".join(node.text.split()).lower()
    return "no clause" in text and "covers" in text or "laws leave it to the director" in text


def law_of(citation: str) -> str:
    return re.match(r"Law (\d+)", citation).group(1)


def contains(outer: str, inner: str) -> bool:
    """'Law 51' contains 'Law 51B' and 'Law 51B (footnote 16)'; 'Law 5' would not contain
    'Law 50'."""
    a, b = (c.replace("Law ", "").split(" ")[0] for c in (outer, inner))
    return b.startswith(a) and not (a[-1].isdigit() and b[len(a) : len(a) + 1].isdigit())


def test_a_clause_question_marks_every_clause_its_step_cites_right(content):
    qs = clause_questions()
    asked = 0
    for node in Node.objects.select_related("chart"):
        q = qs.get(f"c-clause-{node.chart.slug}-{node.key}")
        if q is None:
            continue
        asked += 1
        shown = dict(q.choices)
        right = {shown[k] for k in q.right_keys()}
        assert right == set(citations(node)), (q.id, right, node.citations)
        assert q.multiple == (len(right) > 1)
        mentioned = citations(node) + [f"Law {ref}" for ref in cited(node.text)]
        for key, text in q.choices:
            if key in q.right_keys():
                continue
            # a wrong choice is no clause the step cites, in its list or in its text
            for own in mentioned:
                assert not contains(text, own) and not contains(own, text), (q.id, text, own)
        assert len(q.choices) > len(right)  # never every choice right
    assert asked >= 100


def test_no_clause_question_about_a_step_that_says_no_clause_covers_it(content):
    qs = clause_questions()
    leaves = [n for n in Node.objects.select_related("chart") if says_no_clause_covers_it(n)]
    assert leaves  # law-57's early lead after partner has played
    for node in leaves:
        assert f"c-clause-{node.chart.slug}-{node.key}" not in qs
    assert get_question("c-clause-law-57-early-lead-after-partner") is None


def test_the_clause_that_decides_is_offered(content):
    """law-48 `held-as-played`: the card held as if played is played, by Law 45C2."""
    q = get_question("c-clause-law-48-held-as-played")
    node = Node.objects.get(chart__slug="law-48", key="held-as-played")
    for citation in citations(node):
        assert citation in dict(q.choices).values()
    assert {dict(q.choices)[k] for k in q.right_keys()} == set(citations(node))


def test_every_law_the_charts_cite_can_be_a_question_and_a_citation(content):
    """Clauses of any law, not only 48 to 57: 45C2, 47E1, 58B2, 68B2, ... as the charts cite."""
    qs = clause_questions()
    cited_by_questions = {c for q in qs.values() for c in q.cites}
    for node in Node.objects.select_related("chart"):
        if node.kind == Node.Role.JUMP or says_no_clause_covers_it(node):
            continue
        for citation in citations(node):
            if re.match(r"Law \d+[A-Z]", citation):
                ref = citation.replace("Law ", "").split(" ")[0]
                assert ref in cited_by_questions, (node.chart.slug, node.key, citation)
    laws = {law_of(f"Law {c}") for c in cited_by_questions}
    assert {"45", "47", "58", "68"} <= laws, laws


def test_a_teaching_text_cites_every_law_it_names():
    text = (
        "Law 45C2 makes it played; Laws 47E1 and 58B2 apply, then Law 60A1 and Laws 64B3, 68; "
        "at trick 13 (footnote 17) it is retracted."
    )
    assert cites_of("50B", text) == ["50B", "45C2", "47E1", "58B2", "60A1", "64B3", "68"]
