"""Templates in one home, `templates/<app>/`, and none with a line over 200 characters."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONGEST = 200


def test_every_template_lives_in_the_one_templates_folder():
    own = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "penaltyflow").rglob("templates"))
    assert own == [], f"an app's own templates folder: move it under templates/<app>/: {own}"


def test_no_template_line_is_over_200_characters():
    long = [
        f"{path.relative_to(ROOT)}:{n} ({len(line)} characters)"
        for path in sorted((ROOT / "templates").rglob("*"))
        if path.is_file() and path.suffix in {".html", ".txt", ".xml", ".js", ".json"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if len(line) > LONGEST
    ]
    assert long == [], "reflow these template lines:\n" + "\n".join(long)
