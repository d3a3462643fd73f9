"""The question bank: every question by its id, and the listing (shared/quiz-contract.md).

`get_question(qid)`, `question_ids(law=None, kind=None, limit=100)`, `index()`; a
`Question` (`question.py`) has `public_json()`, `right_keys()` and `grade(keys)`.

Three sources, one id space:
- `g-<recipe>-<nnnn>`: generated on real deals (`generator.py`); the right answer is
  read from the engine's replay of the question's scenario, as `manage.py scenario`
  prints it, never stored;
- `c-...`: built from the charts in the database (`chartquestions.py`);
- `t-...`: authored true/false statements on the known traps (`content/quiz/*.yaml`);
- `d-<recipe>-<20 hex digits>`: drawn for one class (`draw`): the same recipe on a fresh
  deal from a secret seed, kept as a `models.DrawnQuestion`. It is read and answered like
  any other, but never listed (`index` holds the bank alone), and its id cannot be guessed.
"""

from __future__ import annotations

import re
import secrets
from functools import cache, lru_cache

from penaltyflow.engine.core.vocab import SEATS

from . import chartquestions, content, generator
from .citations import cites_of
from .kinds import KINDS, EngineKind
from .question import Question

_ID = re.compile(r"g-([a-z0-9-]+)-(\d{4})")


def _step_url(step: str) -> str:
    return f"/charts/{step}/"


_DRAWN = re.compile(r"d-([a-z0-9-]+)-([0-9a-f]{20})")


# Every generated question, once made, is kept: at most the bank (recipes x PER_RECIPE, some
# 12 KB each), as an id outside it is refused before it is made. An LRU smaller than the bank
# kept none of them through a pass over it (the lesson builder's search, the listing's kinds).
@cache
def generated(qid: str) -> Question | None:
    m = _ID.fullmatch(qid)
    if not m:
        return None
    recipe = generator.BY_NAME.get(m.group(1))
    n = int(m.group(2))
    if recipe is None or n >= generator.PER_RECIPE:
        return None
    return _made(recipe, n, qid)


def _made(recipe: generator.Recipe, n: int | str, qid: str) -> Question:
    """Question `n` of the recipe (a number of the bank, or a drawn question's seed)."""
    d = generator.draft(recipe, n)
    kind = KINDS[d.kind]
    assert isinstance(kind, EngineKind), f"{recipe.name}: {d.kind} is not judged by the engine"
    subject = None
    if d.subject is not None:
        seat, card = d.subject  # an auction question may ask about a seat alone
        subject = {"seat": SEATS[seat]}
        if card is not None:
            subject["card"] = generator.CARD_NAMES[card]
    q = Question(
        id=qid,
        kind=d.kind,
        law=recipe.law,
        prompt=d.prompt,
        scenario=d.scenario(),
        subject=subject,
        choices=[],
        step=_step_url(recipe.step),
        story=" ".join(d.story),
        teach=d.teach,
        cites=cites_of(recipe.law, d.teach),
    )
    q.choices = kind.choices(q.state(), subject, qid)
    return q


@lru_cache(maxsize=1024)
def _drawn_made(qid: str, recipe: str, seed: str) -> Question | None:
    r = generator.BY_NAME.get(recipe)
    return _made(r, seed, qid) if r is not None else None


def drawn(qid: str) -> Question | None:
    """A question drawn for a class, if one was drawn with this id."""
    if not _DRAWN.fullmatch(qid):
        return None
    from .models import DrawnQuestion

    row = DrawnQuestion.objects.filter(qid=qid).values_list("recipe", "seed").first()
    return _drawn_made(qid, *row) if row else None


@lru_cache(maxsize=256)
def _told(recipe: str) -> frozenset:
    """The deals and the (prompt, story) of the bank's questions of a recipe."""
    told = set()
    for n in range(generator.PER_RECIPE):
        q = generated(f"g-{recipe}-{n:04d}")
        if q is not None:
            told |= {(q.prompt, q.story), (q.scenario or {}).get("deal")}
    return frozenset(told)


def draw(qid: str) -> str | None:
    """A fresh question for one class standing for the generated bank question `qid`: the
    same recipe on a deal from a secret seed, unlike every question of the bank (its deal,
    its words); its id. None when `qid` is not generated (a chart question, a statement)."""
    m = _ID.fullmatch(qid) if isinstance(qid, str) else None
    recipe = generator.BY_NAME.get(m.group(1)) if m else None
    if recipe is None:
        return None
    from .models import DrawnQuestion

    for _ in range(20):
        seed = secrets.token_hex(10)
        new_id = f"d-{recipe.name}-{seed}"
        try:
            q = _drawn_made(new_id, recipe.name, seed)  # kept: the class reads it next
        except RuntimeError:  # no moment from this seed: draw another
            continue
        assert q is not None
        if {(q.prompt, q.story), (q.scenario or {}).get("deal")} & _told(recipe.name):
            continue
        DrawnQuestion.objects.create(qid=new_id, recipe=recipe.name, seed=seed, drawn_from=qid)
        return new_id
    return None


def generated_index() -> list[tuple[str, str, str]]:
    """(id, law, kind) of every generated question, without generating any: question 0 of
    every recipe, then question 1 of every recipe, ..., so any stretch mixes them all."""
    return [
        (f"g-{r.name}-{n:04d}", r.law, r.kind)
        for n in range(generator.PER_RECIPE)
        for r in generator.RECIPES
    ]


_GENERATED_INDEX = generated_index()


def _others() -> list[Question]:
    """The chart questions and the authored statements (both cached by their loaders)."""
    return chartquestions.questions() + content.statements()


def get_question(qid: str) -> Question | None:
    if not isinstance(qid, str):
        return None
    if qid.startswith("g-"):
        return generated(qid)
    if qid.startswith("d-"):
        return drawn(qid)
    return next((q for q in _others() if q.id == qid), None)


def index(include_retired: bool = False) -> list[tuple[str, str, str]]:
    """(id, law, kind) of the whole bank in its stable order: generated, charts, statements."""
    rows = _interleave(_GENERATED_INDEX, [(q.id, q.law, q.kind) for q in _others()])
    if include_retired:
        return rows
    from .models import retired_ids

    gone = retired_ids()
    return [row for row in rows if row[0] not in gone] if gone else rows


def _interleave(generated: list, others: list) -> list:
    """A few chart questions and statements after each round of recipes: every page of
    the listing holds every sort of question."""
    step = len(generator.RECIPES)
    per = -(-len(others) // max(1, len(generated) // step))  # spread evenly
    out = []
    for i in range(0, len(generated), step):
        out += generated[i : i + step]
        out += others[(i // step) * per : (i // step + 1) * per]
    out += others[(len(generated) // step) * per :]
    return out


def matching(law: str | None = None, kind: str | None = None) -> list[str]:
    return [
        qid
        for qid, qlaw, qkind in index()
        if (not law or qlaw.startswith(law)) and (not kind or qkind == kind)
    ]


def question_ids(law: str | None = None, kind: str | None = None, limit: int = 100) -> list[str]:
    return matching(law, kind)[: max(0, limit)]


def recipe_of(qid: str) -> str:
    """The recipe a generated question was made by ("g-transfer-64b1-0007" ->
    "transfer-64b1"): one recipe's questions share their explanation. A chart question or a
    statement is a recipe of its own (its id)."""
    m = _ID.fullmatch(qid)
    return m.group(1) if m else qid
