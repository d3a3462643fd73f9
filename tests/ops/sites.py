"""A site of its own for the tests that start a server as `make run` does."""

import atexit
import shutil
import tempfile
from pathlib import Path

import yaml

from bench.serving import set_up, site_env
from tests.conftest import GOOD_CHART

_SET_UP: list[Path] = []  # this process's first site's var/, migrated and loaded


def one_chart_site(root: Path) -> dict:
    """A site in `root` (its var/ and content/) with one small chart, migrated and
    loaded as `make setup` does; returns its environment. The first site of a test process
    is set up so (two commands, seconds); the others start as a copy of its var/."""
    charts = root / "content" / "charts"
    charts.mkdir(parents=True)
    (charts / "mini-56.yaml").write_text(
        yaml.safe_dump(GOOD_CHART, allow_unicode=True, sort_keys=False)
    )
    if not _SET_UP:
        first = Path(tempfile.mkdtemp(prefix="penaltyflow-site-")) / "var"
        atexit.register(shutil.rmtree, first.parent, ignore_errors=True)
        set_up(site_env(first, root / "content"))
        _SET_UP.append(first)
    shutil.copytree(_SET_UP[0], root / "var")
    return site_env(root / "var", root / "content")
