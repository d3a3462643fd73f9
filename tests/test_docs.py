"""The docs a clone has: every link stays inside the repository and leads to a file that
is there, none points at the project's old `shared/` folder (which a clone lacks), every
setting read from the environment is in docs/operations.md's table, and the sample
scenario in docs/examples/ is one `manage.py scenario` replays."""

import ast
import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted(
    [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "content" / "README.md"]
    + list((ROOT / "docs").rglob("*.md"))
)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SHARED = re.compile(r"(\.\./)+shared\b|(?<![\w/.-])shared/[\w./-]+\.(md|py)\b")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_stays_in_the_repository_and_leads_to_a_file(doc):
    text = doc.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        assert not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I), f"{doc}: {target} leaves it"
        path = (doc.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT), f"{doc}: {target} leads out of the repository"
        assert path.exists(), f"{doc}: {target} does not exist"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_doc_points_at_the_old_shared_folder(doc):
    found = [m.group(0) for m in SHARED.finditer(doc.read_text(encoding="utf-8"))]
    assert found == [], f"{doc} points at files a clone does not have: {found}"


def environment_names(path: Path) -> set[str]:
    """The names a module reads from the environment: os.environ.get("X"),
    os.environ["X"], and its own helpers called with a name (env_bool("X"))."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = ast.unparse(node.func)
            if func in {"os.environ.get", "os.getenv"} or func.startswith("env_"):
                names.add(node.args[0].value)
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
            if isinstance(node.slice, ast.Constant):
                names.add(node.slice.value)
    return names


def test_every_environment_variable_of_the_settings_is_in_the_docs_table():
    names = environment_names(ROOT / "penaltyflow" / "settings.py")
    assert {"LOG_LEVEL", "STATIC_ROOT", "PENALTYFLOW_CONTENT_DIR", "SECRET_KEY"} <= names
    table = [
        line
        for line in (ROOT / "docs" / "operations.md").read_text().splitlines()
        if line.startswith("| `")
    ]
    documented = {name for line in table for name in re.findall(r"`([A-Z_]+)`", line.split("|")[1])}
    missing = names - documented
    assert not missing, f"{missing}: read in settings.py, not in docs/operations.md's table"
    # DATABASE_URL is read by dj_database_url.config(), called in settings.py.
    stale = documented - names - {"DATABASE_URL"}
    assert not stale, f"{stale}: in docs/operations.md's table, no longer read in settings.py"


@pytest.mark.parametrize("example", sorted((ROOT / "docs" / "examples").glob("*.json")), ids=str)
def test_the_sample_scenarios_replay(example):
    out = io.StringIO()
    call_command("scenario", str(example), stdout=out)
    state = json.loads(out.getvalue())
    assert state["ok"] is True
    assert state["notes"], "a sample shows something happening"


def test_the_sample_lead_out_of_turn_says_what_the_docs_say_it_does():
    out = io.StringIO()
    call_command("scenario", str(ROOT / "docs" / "examples" / "lead-out-of-turn.json"), stdout=out)
    state = json.loads(out.getvalue())
    assert state["lead_restriction"] == {"seat": "W", "suits": "H", "mode": "required"}
    assert state["to_play"] == "W" and set(state["legal"]) == {"HT", "H6", "H5", "H4"}


def test_the_sample_auction_gives_what_the_docs_say():
    """docs/scenario-format.md: East's queen exposed in the auction is a major penalty card
    once South declares 3NT, and South chooses under 50D2 before West's opening lead."""
    out = io.StringIO()
    example = ROOT / "docs" / "examples" / "card-exposed-in-the-auction.json"
    call_command("scenario", str(example), stdout=out)
    state = json.loads(out.getvalue())
    assert (state["contract"], state["declarer"]) == ("3NT", "S")
    assert state["penalty_cards"] == [{"seat": "E", "card": "SQ", "kind": "major"}]
    assert state["pending"]["decider"] == "S"
    options = {(o["decide"], o.get("suit")) for o in state["pending"]["options"]}
    assert options == {("require", "S"), ("forbid", "S"), ("no_restriction", None)}
