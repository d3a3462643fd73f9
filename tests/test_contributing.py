"""CONTRIBUTING.md stays true: every path its package map and its "Where a new thing goes"
table name is in the repository (a file moved or renamed fails here, not in a reader's hands)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
# A path: a backticked word with a slash or a file's ending, no spaces (commands have them).
PATH = re.compile(r"`([\w.*<>-]+(?:/[\w.*<>-]*)+|[\w-]+\.(?:py|yaml|md|html|sha256|js))`")


def section(title: str) -> str:
    text = CONTRIBUTING.split(f"## {title}\n", 1)[1]
    return text.split("\n## ", 1)[0]


def named_paths(text: str) -> list[str]:
    """Paths from the table rows, each as written from the repository's root."""
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    return [p for row in rows for p in PATH.findall(row)]


def test_the_tables_name_paths():
    assert len(named_paths(section("Where a new thing goes"))) >= 20
    assert len(named_paths(section("The package map"))) >= 15


def test_every_path_in_where_a_new_thing_goes_exists():
    table = section("Where a new thing goes")
    missing = [
        p for p in named_paths(table) if "<" not in p and "*" not in p and not (ROOT / p).exists()
    ]
    assert missing == [], f"CONTRIBUTING.md names paths that are not there: {missing}"


def test_every_path_in_the_package_map_exists():
    """A row's first cell is a path from the root; the files in its second cell are in it."""
    missing = []
    for line in section("The package map").splitlines():
        if not line.startswith("| `"):
            continue
        cells = line.split("|")
        homes = PATH.findall(cells[1]) or re.findall(r"`([^`]+)`", cells[1])
        for home in homes:
            if not (ROOT / home).exists():
                missing.append(home)
        home = ROOT / homes[0]
        for name in PATH.findall(cells[2]):
            found = (
                "<" in name
                or "*" in name
                or (ROOT / name).exists()
                or (home / name).exists()
                or (home.is_dir() and any(home.rglob(name.rstrip("/").split("/")[-1])))
            )
            if not found:
                missing.append(f"{name} (in {homes[0]})")
    assert missing == [], f"the package map names paths that are not there: {missing}"


def test_there_is_one_package_map():
    assert "## One app per concept" not in CONTRIBUTING
    assert "## Where things live" not in CONTRIBUTING
