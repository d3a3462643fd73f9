"""`make run` loads the content each time it starts: a load whose files and code have not
changed since the last one writes nothing and says so; a changed file is loaded, and the
kinds that read it load again; `--force` loads anyway; an admin edit is put back."""

import io
import re

import pytest
import yaml
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from penaltyflow.flowcharts.models import Flowchart, Node
from tests.conftest import GOOD_CHART

WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


def load(command: str, *args: str, **options) -> tuple[str, list[str]]:
    """What the command says, and the SQL writes it made."""
    out = io.StringIO()
    with CaptureQueriesContext(connection) as queries:
        call_command(command, *args, stdout=out, **options)
    return out.getvalue(), [q["sql"] for q in queries if WRITES.match(q["sql"])]


@pytest.fixture
def chart_dir(tmp_path, settings, db):
    """A content folder with one small chart in it."""
    settings.CONTENT_DIR = tmp_path
    (tmp_path / "charts").mkdir()
    path = tmp_path / "charts" / "mini-56.yaml"
    path.write_text(yaml.safe_dump(GOOD_CHART, allow_unicode=True, sort_keys=False))
    return path


def rewrite(path, change) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def test_the_chart_loader_says_which_chart_it_is_on(chart_dir):
    said, writes = load("loadcharts")
    assert "Loading 1 chart files" in said
    assert "Chart 1 of 1: mini-56, 2 example hands" in said
    assert writes
    assert Node.objects.get(chart__slug="mini-56", key="stands").text == "Play goes on."


def test_a_second_load_of_unchanged_charts_writes_nothing_and_says_it_skipped(chart_dir):
    load("loadcharts")
    said, writes = load("loadcharts")
    assert writes == []
    assert "as they were at the last load: nothing to do" in said
    assert "Chart 1 of" not in said


def test_a_changed_chart_file_is_loaded(chart_dir):
    load("loadcharts")
    rewrite(chart_dir, lambda data: data["nodes"][2].update(text="Play goes on, from dummy."))
    said, writes = load("loadcharts")
    assert "Chart 1 of 1: mini-56" in said and writes
    assert Node.objects.get(chart__slug="mini-56", key="stands").text == "Play goes on, from dummy."


def test_force_loads_unchanged_files(chart_dir):
    load("loadcharts")
    said, writes = load("loadcharts", force=True)
    assert "Chart 1 of 1: mini-56" in said and writes


def test_an_admin_edit_is_put_back_by_the_next_load(chart_dir):
    load("loadcharts")
    node = Node.objects.get(chart__slug="mini-56", key="stands")
    node.text = "Edited in the admin."
    node.save()
    Flowchart.refresh_all()  # as the admin does after a save: the content generation moves on
    said, _ = load("loadcharts")
    assert "Chart 1 of 1: mini-56" in said
    assert Node.objects.get(pk=node.pk).text == "Play goes on."


def test_a_named_file_always_loads_and_the_next_full_load_is_done_again(chart_dir):
    load("loadcharts")
    said, writes = load("loadcharts", str(chart_dir))
    assert "Chart 1 of 1: mini-56" in said and writes
    said, writes = load("loadcharts")
    assert "Chart 1 of 1: mini-56" in said and writes
    assert load("loadcharts")[1] == []


def test_the_quiz_loads_again_when_the_charts_it_reads_changed(chart_dir):
    load("loadcharts")
    load("loadquiz")
    said, writes = load("loadquiz")
    assert writes == [] and "nothing to do" in said
    rewrite(chart_dir, lambda data: data["nodes"][1].update(label="Does declarer accept it?"))
    load("loadcharts")
    said, writes = load("loadquiz")
    assert "Quiz bank:" in said and writes


@pytest.mark.parametrize("command", ["loadquiz", "loadlessons", "loadquick"])
def test_the_projects_content_loads_once_then_is_skipped(content, command):
    said, writes = load(command)
    assert writes and "nothing to do" not in said
    said, writes = load(command)
    assert writes == []
    assert "as they were at the last load: nothing to do (--force loads them anyway)" in said


def test_setup_says_each_step_and_a_second_run_writes_nothing(content, settings, tmp_path):
    """`make setup` runs `manage.py setup`: the project's content, a line a step; the next
    start finds nothing changed, says so for each kind, and writes nothing."""
    settings.STATIC_ROOT = tmp_path / "static"
    said, writes = load("setup")
    steps = [line for line in said.splitlines() if line.startswith("== Set-up")]
    assert [line.split(":")[0] for line in steps] == [f"== Set-up {n} of 6" for n in range(1, 7)]
    charts = len(list((settings.CONTENT_DIR / "charts").glob("*.yaml")))
    assert f"Chart {charts} of {charts}:" in said and "Quiz bank:" in said and writes
    said, writes = load("setup")
    assert writes == []
    assert said.count("as they were at the last load: nothing to do") == 4
