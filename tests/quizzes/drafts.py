"""Every draft of every recipe, made once in a test process for all the tests that read them
(test_stories.py, test_draft_digest.py): made when a test first needs them, not when the
tests are collected (every process of `make test` collects them all)."""

import functools

from penaltyflow.quizzes import generator


@functools.cache
def drafts_of(recipe: str) -> list:
    """(recipe, n, draft) for every draft of the recipe."""
    r = generator.BY_NAME[recipe]
    return [(r.name, n, generator.draft(r, n)) for n in range(generator.PER_RECIPE)]


def all_drafts() -> list:
    return [d for r in generator.RECIPES for d in drafts_of(r.name)]
