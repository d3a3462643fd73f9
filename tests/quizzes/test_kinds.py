"""A quiz kind is one object in `kinds.KINDS` and one partial: every question of the bank
names one, and its page draws the choices the way its kind says."""

import re

import pytest
from django.template.loader import get_template
from django.utils.html import escape

from penaltyflow.engine.core.vocab import SUIT_SYMBOLS
from penaltyflow.quizzes import bank
from penaltyflow.quizzes.bank import get_question
from penaltyflow.quizzes.kinds import ENGINE_KINDS, KINDS, EngineKind

pytestmark = pytest.mark.same_on_any_database


def test_every_kind_has_a_title_and_a_partial_that_exists():
    for name, kind in KINDS.items():
        assert kind.name == name and kind.title and kind.title != name
        get_template(kind.template)  # raises if the partial is missing
    assert set(ENGINE_KINDS) >= {"legal-cards", "penalty-card", "options", "decider"}
    assert all(isinstance(KINDS[name], EngineKind) for name in ENGINE_KINDS)


def test_every_kind_the_generator_asks_is_one_object_that_asks_its_own_question():
    """One registry: a recipe names a kind of `KINDS`, that kind's own `ask` puts the
    question, and its partial exists; the generator holds no list of kinds of its own."""
    from penaltyflow.quizzes import generator
    from penaltyflow.quizzes.generator import recipes

    asked = {r.kind for r in generator.RECIPES}
    assert asked and asked <= set(ENGINE_KINDS)
    for name in asked:
        kind = KINDS[name]
        assert type(kind).ask is not EngineKind.ask, f"{name} does not ask its own question"
        get_template(kind.template)
    for r in generator.RECIPES[:: max(1, len(generator.RECIPES) // 8)]:
        d = generator.draft(r, 0)
        assert d.kind == r.kind and d.prompt
    assert getattr(recipes, "KINDS", KINDS) is KINDS and not hasattr(recipes, "ASK")


def test_every_question_of_the_bank_is_of_a_kind_in_the_table(content):
    kinds = {kind for _, _, kind in bank.index(include_retired=True)}
    assert kinds <= set(KINDS)
    assert kinds >= {"legal-cards", "penalty-card", "options", "decider", "true-false"}


def test_several_answers_may_be_right_exactly_where_the_kind_says(content):
    """An engine kind says it for all its questions; a stored kind (a chart's clause, a
    statement) for each question: "tick every one" exactly where more than one is right."""
    seen = set()
    for qid, _, kind in bank.index():
        engine = KINDS[kind].engine
        if engine and kind in seen:
            continue
        seen.add(kind)
        q = get_question(qid)
        several = KINDS[kind].multiple if engine else len(q.right) > 1
        assert q.multiple is several, qid
        assert q.public_json()["multiple"] is several


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_s_page_draws_its_choices_through_its_partial(client, kind):
    ids = bank.question_ids(kind=kind, limit=1)
    if not ids:
        pytest.skip(f"no {kind} question in the bank yet")
    q = get_question(ids[0])
    html = client.get(f"/quiz/q/{q.id}/").content.decode()
    assert f'data-kind="{kind}"' in html and escape(q.kind_name) in html
    inputs = re.findall(r'<input type="(\w+)" name="answer" value="([^"]+)"', html)
    assert sorted(value for _, value in inputs) == sorted(q.keys)
    if kind == "legal-cards":  # cards of the hand to play, tapped before the table
        assert {t for t, _ in inputs} == {"checkbox"}
        assert html.count('class="tap-card ') == len(q.keys)
        assert html.index('class="tap-cards"') < html.index('class="bridge-table"')
    else:
        assert {t for t, _ in inputs} == {"checkbox" if q.multiple else "radio"}
        assert 'class="tap-card ' not in html
    # the question and its answers come first, the table after them (a phone reads down)
    if 'class="bridge-table"' in html:
        assert html.index('name="answer"') < html.index('class="bridge-table"')
    if kind == "transfer":  # a number to pick, one button each, the deal played to the end
        assert html.count('class="answer-choice number-choice') == len(q.keys) >= 2
        assert q.state()["trick"] == 13 or not q.state()["to_play"]


@pytest.mark.django_db
def test_a_question_of_every_recipe_shows_its_page_before_and_after_the_answer(client, settings):
    """A revoke corrected (Law 62) once broke the table's story: a 500 on 186 questions."""
    from penaltyflow.quizzes import generator

    settings.QUIZ_ANSWERS_PER_MINUTE = 10_000  # one browser answers them all

    for recipe in generator.RECIPES:
        qid = f"g-{recipe.name}-0000"
        assert client.get(f"/quiz/q/{qid}/").status_code == 200, qid
        keys = get_question(qid).keys[:1]
        assert client.post(f"/quiz/q/{qid}/answer", {"answer": keys}).status_code == 200, qid


@pytest.mark.django_db
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_s_partial_draws_its_choices_for_a_class_s_phone_handout_and_preview(kind):
    """The classroom draws a question's answers through its kind's partial, never its own
    list: every kind's partial draws every choice on a phone, on paper and in the preview."""
    ids = bank.question_ids(kind=kind, limit=1)
    if not ids:
        pytest.skip(f"no {kind} question in the bank yet")
    q = get_question(ids[0])
    partial = get_template(KINDS[kind].template)
    phone = partial.render({"q": q, "part": "phone", "open": True, "chosen": set(), "right": set()})
    keys = re.findall(r'name="answer" value="([^"]+)"', phone)
    assert sorted(keys) == sorted(q.keys)
    assert phone.count("<button") == (0 if q.multiple else len(q.keys))
    closed = partial.render({"q": q, "part": "phone", "open": False, "chosen": set()})
    assert closed.count(" disabled") == len(q.keys)
    paper = partial.render({"q": q, "part": "paper"})
    assert paper.count('class="box"') == len(q.keys) and "name=" not in paper
    preview = partial.render({"q": q, "part": "preview"})
    assert preview.count("<li>") == len(q.keys) and "name=" not in preview
    plain = [t for _, t in q.choices if not set(t) & set(SUIT_SYMBOLS + "<&'")]
    for text in plain:  # (the suits filter draws a suit symbol in a span of its own)
        assert escape(text) in paper and escape(text) in preview


@pytest.mark.django_db
def test_a_final_contract_question_shows_the_auction_not_the_contract(client, settings):
    """The table of "what is the final contract" says no contract, declarer or dummy until
    the question is answered; the answer's page then shows them."""
    settings.QUIZ_ANSWERS_PER_MINUTE = 10_000
    for qid in bank.question_ids(kind="final-contract", limit=6):
        q = get_question(qid)
        html = client.get(f"/quiz/q/{qid}/").content.decode()
        table = html[html.index('class="quiz-deal"') :]
        assert "<dt>Contract</dt>" not in table and 'class="role"' not in table, qid
        assert "the auction is over" in table, qid
        after = client.post(f"/quiz/q/{qid}/answer", {"answer": q.keys[:1]}).content.decode()
        assert "<dt>Contract</dt>" in after and 'class="role"' in after, qid
