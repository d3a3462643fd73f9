"""Revoke questions (Laws 61 to 64) on real deals: enough of them, every kind, and the engine's
answer is what the Laws say for what the story tells."""

from collections import Counter

import pytest

from penaltyflow.quizzes import bank, generator

pytestmark = pytest.mark.same_on_any_database

REVOKE_RECIPES = [r for r in generator.RECIPES if "revoke" in r.scene]


def revoke_questions(recipe):
    return [bank.get_question(f"g-{recipe.name}-{n:04d}") for n in range(generator.PER_RECIPE)]


def test_at_least_three_hundred_revoke_questions_of_every_engine_kind():
    kinds = Counter(r.kind for r in REVOKE_RECIPES for _ in range(generator.PER_RECIPE))
    assert sum(kinds.values()) >= 300
    assert {"penalty-card", "legal-cards", "options", "decider"} <= set(kinds)


def test_a_corrected_revoke_card_is_major_for_a_defender_and_goes_back_for_declarer():
    for r in REVOKE_RECIPES:
        if r.kind != "penalty-card" or "correct" not in r.name:
            continue
        for q in revoke_questions(r):
            state = q.state()
            (revoke,) = state["revokes"]
            assert revoke["status"] == "corrected" and revoke["law"] == "62B"
            assert q.subject == {"seat": revoke["seat"], "card": revoke["card"]}
            defender = revoke["seat"] not in (state["declarer"], state["dummy"])
            assert q.right_keys() == ({"major"} if defender else {"none"}), q.id
            assert "in place of" in q.story


def test_after_a_corrected_revoke_the_card_rules_the_next_play_and_lead():
    for r in REVOKE_RECIPES:
        if r.kind in ("legal-cards", "options", "decider"):
            for q in revoke_questions(r):
                state = q.state()
                pen = state["penalty_cards"]
                assert [p["kind"] for p in pen] == ["major"], q.id
                if r.kind == "legal-cards":  # the penalty card, unless he must follow suit
                    led = state["current_trick"][0]["card"][0] if state["current_trick"] else None
                    follows = led and any(c[0] == led for c in q.keys)
                    assert follows or q.right_keys() == {pen[0]["card"]}, q.id
                else:  # his partner is on lead: declarer chooses (Law 50D2)
                    assert state["pending"]["decider"] == state["declarer"], q.id


TRANSFER_RECIPES = [r for r in REVOKE_RECIPES if r.kind == "transfer"]


def test_every_law_64_case_is_asked_on_a_deal_played_to_the_end():
    laws = Counter()
    footnote = trick_12 = two = 0
    for r in TRANSFER_RECIPES:
        for q in revoke_questions(r):
            state = q.state()
            assert state["tricks_adjusted"] is not None and state["to_play"] is None, q.id
            total = sum(x["transfer"] for x in state["revokes"])
            assert q.right_keys() == {str(total)} and str(total) in q.keys, q.id
            assert len(q.keys) > 1 and set(q.keys) <= {"0", "1", "2", "3", "4"}
            assert all(x["law"].startswith("64") for x in state["revokes"]), q.id
            for x in state["revokes"]:
                laws[x["law"]] += 1
                trick_12 += x["trick"] == 12
            two += len(state["revokes"]) == 2
            footnote += r.name == "transfer-won-in-dummy"
            # the story says who won each revoke trick, and play went to the end
            assert "the trick of" in q.story and "Play is over" in q.story, q.id
    assert {"64A1", "64A2", "64B1", "64B2", "64B3", "64B6", "64B7"} <= set(laws), laws
    assert footnote and trick_12 and two >= 3 * 60


def law_64a_count(state, r):
    """What Law 64A counts for revoke `r` alone, read from the tricks as played: 64A1 the
    revoke trick plus one if the offending side won a later trick, 64A2 one trick."""
    side = {"N": 0, "E": 1, "S": 0, "W": 1}
    tricks = state["tricks"][r["trick"] - 1 :]
    later = any(side[t["winner"]] == side[r["seat"]] for t in tricks[1:])
    if tricks[0]["winner"] == r["seat"]:
        return 1 + later
    return int(side[tricks[0]["winner"]] == side[r["seat"]] or later)


def test_no_transfer_question_turns_on_two_revokes_sharing_one_trick():
    """The Laws do not say whether two revokes by one side may draw on the same later trick:
    every question's count is each revoke's own Law 64A count, and no note gives a Law 64A
    reason for a transfer of zero (old code: g-transfer-two-revokes-0000 answered 1, the
    second revoke 0 'because his side won the revoke trick or a later one')."""
    for r in TRANSFER_RECIPES:
        for q in revoke_questions(r):
            state = q.state()
            for x in state["revokes"]:
                if x["law"].startswith("64A"):
                    assert x["transfer"] == law_64a_count(state, x) > 0, (q.id, x)
                else:
                    assert x["transfer"] == 0 and x["law"] != "64C", (q.id, x)
            for note in state["notes"]:
                assert not ("no automatic transfer" in note and "(Law 64A" in note), (q.id, note)


def test_a_card_taken_back_after_a_correction():
    """62C2: the offender's partner's card taken back is a major penalty card; 62C1: a
    non-offender's goes back to his hand."""
    cases = (("revoke-partner-takes-back", "major"), ("revoke-opponent-takes-back", "none"))
    for name, kind in cases:
        for q in revoke_questions(generator.BY_NAME[name]):
            (revoke,) = q.state()["revokes"]
            assert revoke["status"] == "corrected" and q.subject["seat"] != revoke["seat"]
            assert q.right_keys() == {kind} and "took back the" in q.story, q.id


@pytest.mark.django_db
def test_every_revoke_question_page_shows_its_table(client):
    """A learner meets a revoke question in a round: its page, table and story, for each recipe."""
    for r in REVOKE_RECIPES:
        for n in (0, 1):
            page = client.get(f"/quiz/q/g-{r.name}-{n:04d}/")
            assert page.status_code == 200, r.name
            text = page.content.decode()
            assert "a revoke" in text and 'class="bridge-table' in text, r.name


def test_both_sides_revoked_the_explanation_gives_64c2b():
    """Issue 27 (Law 3): after revokes by both sides the Director gives one score, the likely
    result had neither revoke occurred (64C2(b)), not a vague 'restores equity' (Law 64C)."""
    for n in range(3):
        q = bank.get_question(f"g-transfer-64b7-{n:04d}")
        said = q.explanation(q.right_keys())
        assert "Law 64B7" in said and "Law 64C2(b)" in said, q.id
        assert "neither revoke" in said and "64C2(b)" in q.cites, q.id
