"""Issue 27: no question asks for the Director's judgement as a fact, and a question's
citations and wrong choices agree with the chart step it comes from."""

import pytest

from penaltyflow.engine.core.cards import is_honour
from penaltyflow.quizzes import generator
from penaltyflow.quizzes.bank import get_question, question_ids

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


def test_the_early_lead_arrow_cites_no_clause_that_does_not_apply(content):
    """law-57 `early-lead-after-partner` says 57A does not apply: its question cites no 57A."""
    q = get_question("c-leads-law-57-play-or-lead-early-lead-after-partner")
    assert q is not None
    assert "57A" not in q.cites and "Law 57A" not in q.teach
    assert "the Director decides" in q.teach


def test_48b1_is_never_a_wrong_choice_for_declarers_choice_at_the_opening_lead(content):
    """Law 48B1 sends declarer who faces his cards after an opening lead out of turn to Law 54:
    it belongs to declarer's choices there, so it is never offered as a wrong clause."""
    q = get_question("c-clause-law-54-declarer-chooses")
    wrong = {text for key, text in q.choices if key not in q.right_keys()}
    assert "Law 48B1" not in wrong and wrong


def test_no_generated_question_asks_whether_a_low_card_left_alone_stays_major(content):
    assert "several-suits-other-stays" not in generator.BY_NAME
    assert not [i for i in question_ids(limit=10**6) if i.startswith("g-several-suits-other-")]
    recipe = generator.BY_NAME["several-suits-honour-stays"]
    for n in range(10):
        d = generator.draft(recipe, n)
        seat, card = d.subject
        assert is_honour(card), (n, card)  # major whatever came before (Law 50B)
    ids = [i for i in question_ids(limit=10**6) if i.startswith("g-several-suits-honour-stays-")]
    assert len(ids) == generator.PER_RECIPE
    q = get_question(ids[0])
    assert q.state()["penalty_cards"] and "an honour is a major penalty card" in q.teach
