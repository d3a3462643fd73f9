"""Every generated question stays the question it was: ids are seeded by recipe name, and
learners' review cards point at them. `drafts.sha256` pins a digest of every draft of every
recipe (its deal, events, story, question and teaching text); a change that alters one on
purpose rewrites the file with `PYTHONPATH=. .venv/bin/python tests/quizzes/test_draft_digest.py`
and says why in its commit. The order of the recipes is pinned too: it is the bank's order."""

import hashlib
import json
from pathlib import Path

from penaltyflow.quizzes import generator
from tests.quizzes.drafts import drafts_of

PINNED = Path(__file__).with_name("drafts.sha256")


def digest(recipe) -> str:
    h = hashlib.sha256()
    for _, _, d in drafts_of(recipe.name):
        doc = {
            "scenario": d.scenario(),
            "story": d.story,
            "kind": d.kind,
            "prompt": d.prompt,
            "subject": list(d.subject) if d.subject else None,
            "teach": d.teach,
            "law": recipe.law,
            "step": recipe.step,
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
