"""Every generated question stays the question it was: ids are seeded by recipe name, and
learners' review cards point at them. `drafts.sha256` pins a digest of every generated question
of every recipe as the bank makes it from its draft (its deal, events, story, question and
teaching text); a change that alters one on purpose rewrites the file with
`PYTHONPATH=. .venv/bin/python tests/quizzes/test_draft_digest.py` and says why in its commit.
The order of the recipes is pinned too: it is the bank's order."""

import hashlib
import json
import os
from pathlib import Path

if __name__ == "__main__":  # run as a script to pin the questions again: Django first
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    django.setup()

from penaltyflow.quizzes import bank, generator  # noqa: E402

PINNED = Path(__file__).with_name("drafts.sha256")


def digest(recipe) -> str:
    h = hashlib.sha256()
    for n in range(generator.PER_RECIPE):
        q = bank.generated(f"g-{recipe.name}-{n:04d}")
        doc = {
            "scenario": q.scenario,
            "story": q.story,
            "kind": q.kind,
            "prompt": q.prompt,
            "subject": q.subject,
            "teach": q.teach,
            "law": q.law,
            "step": q.step,
        }
        h.update(json.dumps(doc, sort_keys=True, ensure_ascii=False).encode())
    return h.hexdigest()


def digests() -> dict[str, str]:
    return {r.name: digest(r) for r in generator.RECIPES}


def pinned() -> dict[str, str]:
    rows = (line.split() for line in PINNED.read_text().splitlines() if line.strip())
    return {name: value for value, name in rows}


def test_every_draft_of_every_recipe_is_the_pinned_one():
    now = digests()
    then = pinned()
    assert list(now) == list(then), "recipes added, gone or moved: " + str(set(now) ^ set(then))
    changed = [name for name in now if now[name] != then[name]]
    assert not changed, f"drafts changed: {changed}"


if __name__ == "__main__":
    PINNED.write_text("".join(f"{v}  {k}\n" for k, v in digests().items()))
    print(f"wrote {PINNED}")
