"""The authored statements: loaded and checked like the charts, file and item named on error."""

import pytest
import yaml
from django.core.management import CommandError, call_command

from penaltyflow.quizzes import content

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


def test_the_project_has_sixty_statements_or_more_each_checked():
    items = content.load()
    assert len(items) >= 60
    assert {True, False} == {i["answer"] for i in items}
    assert len({i["id"] for i in items}) == len(items)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"answer": "yes"}, "answer must be true or false"),
        ({"law": "12C"}, "is not a clause of Laws 48 to 57"),
        ({"step": "law-50/no-such-step"}, "is not a step of any chart"),
        ({"why": "Because it is so, really."}, "must cite a clause"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_bad_item_is_named_with_its_file(tmp_path, change, message):
    path = write(tmp_path, [GOOD, {**GOOD, "id": "second-one", **change}])
    with pytest.raises(content.QuizContentError) as err:
        content.load(tmp_path)
    assert str(path) in str(err.value) and "'second-one'" in str(err.value)
    assert message in str(err.value)


def test_a_doubled_id_and_a_missing_field_are_named(tmp_path):
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
