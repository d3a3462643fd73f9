"""The authored statements: loaded and checked like the charts, file and item named on error."""

import io

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.db.models import F

from penaltyflow.core.models import ContentGeneration
from penaltyflow.core.pagecache import forget_stamp
from penaltyflow.flowcharts.models import Node
from penaltyflow.quizzes import chartquestions, content
from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.models import Statement

GOOD = {
    "id": "ten-is-honour",
    "law": "50B",
    "says": "A 10 dropped by accident is a minor penalty card.",
    "answer": False,
    "why": "The 10 is an honour (Law 50B).",
    "step": "law-50/is-it-an-honour",
}


def write(tmp_path, items, name="traps.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump({"statements": items}))
    return path


def test_the_project_has_sixty_statements_or_more_each_checked(db):
    items = content.load()
    assert len(items) >= 60
    assert {True, False} == {i["answer"] for i in items}
    assert len({i["id"] for i in items}) == len(items)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"answer": "yes"}, "answer must be true or false"),
        ({"law": "12C"}, "is not a clause of the laws taught"),
        ({"step": "law-50/no-such-step"}, "is not a step of any chart"),
        ({"why": "Because it is so, really."}, "must cite a clause"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_bad_item_is_named_with_its_file(tmp_path, change, message, db):
    path = write(tmp_path, [GOOD, {**GOOD, "id": "second-one", **change}])
    with pytest.raises(content.QuizContentError) as err:
        content.load(tmp_path)
    assert str(path) in str(err.value) and "'second-one'" in str(err.value)
    assert message in str(err.value)


def test_a_statement_may_test_any_law_taught_revokes_too(tmp_path, db):
    """The clauses a statement may test come from the one list of laws (engine/core/laws.py):
    Law 64B7 is taught, so a statement on it loads; Law 12C is not."""
    on_64 = {
        **GOOD,
        "id": "revoke-after-trick-twelve",
        "law": "64B7",
        "why": "Nothing moves for a revoke made after trick twelve (Law 64B7).",
        "step": "law-64/play-ends",
    }
    write(tmp_path, [on_64])
    assert [i["law"] for i in content.load(tmp_path)] == ["64B7"]


def test_a_doubled_id_and_a_missing_field_are_named(tmp_path, db):
    write(tmp_path, [GOOD], "a.yaml")
    write(tmp_path, [GOOD], "b.yaml")
    with pytest.raises(
        content.QuizContentError, match="b.yaml: statement 'ten-is-honour': id already used"
    ):
        content.load(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    write(other, [{k: v for k, v in GOOD.items() if k != "why"}])
    with pytest.raises(content.QuizContentError, match="statement 'ten-is-honour': missing why"):
        content.load(other)


def test_loadquiz_stops_on_a_bad_file_and_names_it(tmp_path, settings, db):
    (tmp_path / "quiz").mkdir()
    (tmp_path / "charts").symlink_to(settings.CONTENT_DIR / "charts")
    write(tmp_path / "quiz", [{**GOOD, "answer": "maybe"}])
    settings.CONTENT_DIR = tmp_path
    with pytest.raises(CommandError, match="traps.yaml: statement 'ten-is-honour'"):
        call_command("loadquiz")


def test_loadquiz_puts_the_statements_in_the_database_and_the_site_reads_them_there(
    tmp_path, settings, db
):
    (tmp_path / "quiz").mkdir()
    (tmp_path / "charts").symlink_to(settings.CONTENT_DIR / "charts")
    write(tmp_path / "quiz", [GOOD])
    settings.CONTENT_DIR = tmp_path
    call_command("loadquiz", stdout=io.StringIO())
    assert list(Statement.objects.values_list("slug", flat=True)) == ["ten-is-honour"]
    assert get_question("t-ten-is-honour").prompt == f"True or false? {GOOD['says']}"
    assert get_question("t-ten-is-minor") is None  # the project's statements are gone
    (tmp_path / "quiz" / "traps.yaml").unlink()  # the files are read only by loadquiz
    assert get_question("t-ten-is-honour") is not None


def test_a_running_worker_sees_statements_another_process_loaded(client, db):
    """The statements, the chart questions and the question page are kept per content
    generation: a change committed anywhere (another worker, another server) is seen
    once the generation is read again (within STAMP_SECONDS), with no restart."""
    qid = "t-" + Statement.objects.values_list("slug", flat=True).first()
    node = Node.objects.filter(kind=Node.Role.QUESTION).first()  # "Where does it lead?" asks it
    assert not any("A box relabelled elsewhere" in q.prompt for q in chartquestions.questions())
    assert client.get(f"/quiz/q/{qid}/").status_code == 200  # built and kept
    # another process's `loadquiz` and a chart edit: rows changed, the generation moved on
    Statement.objects.filter(slug=qid[2:]).update(says="A brand new statement in plain words.")
    Node.objects.filter(pk=node.pk).update(label="A box relabelled elsewhere")
    ContentGeneration.objects.update(value=F("value") + 1)
    # Up to STAMP_SECONDS later (never asserted: a test is not decided by the clock), this
    # worker reads the generation again:
    forget_stamp()
    assert get_question(qid).prompt == "True or false? A brand new statement in plain words."
    assert "brand new statement" in client.get(f"/quiz/q/{qid}/").content.decode()
    assert any("A box relabelled elsewhere" in q.prompt for q in chartquestions.questions())


def test_a_step_is_checked_against_the_charts_in_the_database(tmp_path, db):
    """loadcharts has put the charts in the database: loadquiz reads their steps there (not
    the charts' YAML again), and with no chart loaded it says what to run first."""
    write(tmp_path, [GOOD])
    assert [i["step"] for i in content.load(tmp_path)] == [GOOD["step"]]
    Node.objects.filter(chart__slug="law-50", key="is-it-an-honour").delete()
    with pytest.raises(content.QuizContentError, match="is not a step of any chart"):
        content.load(tmp_path)  # the step is still in content/charts/law-50.yaml
    Node.objects.all().delete()
    with pytest.raises(content.QuizContentError, match="run `manage.py loadcharts` first"):
        content.load(tmp_path)


def test_the_same_statements_loaded_again_keep_every_kept_page(db):
    """`loadquiz --force` on unchanged files writes nothing and keeps the content generation
    (every worker's kept pages stay); one statement changed moves it on."""
    items = content.load()
    generation = ContentGeneration.objects.get().value
    content.store(items)
    assert ContentGeneration.objects.get().value == generation
    items[0] = {**items[0], "says": items[0]["says"] + " Really."}
    content.store(items)
    assert ContentGeneration.objects.get().value != generation
    assert Statement.objects.get(slug=items[0]["id"]).says.endswith(" Really.")
