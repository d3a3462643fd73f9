"""A site of its own for the tests that start a server as `make run` does."""

from pathlib import Path

import yaml

from bench.serving import set_up, site_env
from tests.conftest import GOOD_CHART


def one_chart_site(root: Path) -> dict:
    """A site in `root` (its var/ and content/) with one small chart, migrated and
    loaded as `make setup` does; returns its environment."""
    charts = root / "content" / "charts"
    charts.mkdir(parents=True)
    (charts / "mini-56.yaml").write_text(
        yaml.safe_dump(GOOD_CHART, allow_unicode=True, sort_keys=False)
    )
    env = site_env(root / "var", root / "content")
    set_up(env)
    return env
