"""Engine-judged questions on real deals, generated from seeds. No Django here.

Each recipe (`recipes.RECIPES`, a table) starts from a named scene (`scenes.SCENES`: a
random deal played to a moment that teaches, such as partner on lead with a major penalty
card, or a lead out of turn at trick 13), makes its follow-up moves and asks one of the
engine kinds of `quiz-contract.md`. The recipe only sets the scene: the right answer is read
from the engine's replay of the finished scenario (`question.Question.state`), never written
here. `draft(recipe, n)` is deterministic: the same recipe and number always give the same
deal, events, story and question, so ids are stable (`tests/quizzes/drafts.sha256`).
"""

from __future__ import annotations

import random

from penaltyflow.engine.core.cards import CARD_NAMES

from .play import Draft, Skip
from .recipes import RECIPES, Recipe

__all__ = ["BY_NAME", "CARD_NAMES", "OPTION_NAMES", "PER_RECIPE", "RECIPES", "Recipe", "draft"]

PER_RECIPE = 60  # questions per recipe in the bank
ATTEMPTS = 400  # deals tried per question before a recipe is called broken (a test checks)
OPTION_NAMES = (
    "accept",
    "refuse",
    "spread",
    "require",
    "forbid",
    "no_restriction",
    "designate",
    "highest",
    "lowest",
)


def draft(r: Recipe, n: int | str) -> Draft:
    """Question `n` of recipe `r`: the first deal from its seeds that gives the moment.
    `n` is a number of the bank, or the secret seed of a question drawn for a class."""
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{r.name}:{n}:{attempt}")
        d = Draft.new(rng, saw_dummy=r.saw_dummy)
        try:
            r.play(d)
        except Skip:
            continue
        return d
    raise RuntimeError(f"recipe {r.name} found no moment for question {n}")


BY_NAME = {r.name: r for r in RECIPES}
