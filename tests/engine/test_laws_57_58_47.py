"""One test (at least) per clause of Laws 57 and 58B2 (plays before one's turn, two cards
at once), Law 47E1 (a lead on an opponent's wrong word) and an early lead after partner has
played, on the deal of scenario-format.md. Laws 48 to 56: test_laws.py."""

import pytest

from .helpers import TWO_TRICKS, error, notes, options, penalties, state

# --- Law 57 -------------------------------------------------------------------------

WEST_PLAYS_EARLY = [*TWO_TRICKS, {"play": "D7", "seat": "N"}, {"play": "D5", "seat": "W"}]


def test_a_defenders_play_before_his_partner_is_a_major_penalty_card_with_four_options():
    out = state(WEST_PLAYS_EARLY)
    assert penalties(out) == {("W", "D5"): "major"}
    assert out["pending"]["law"] == "57A" and out["pending"]["decider"] == "S"
    assert options(out) == [
        ("forbid", "C"),
        ("forbid", "H"),
        ("forbid", "S"),
        ("highest", None),
        ("lowest", None),
        ("require", "C"),
        ("require", "H"),
        ("require", "S"),
    ]


def test_declarer_makes_partner_play_his_highest_card_of_the_suit_led():
    out = state([*WEST_PLAYS_EARLY, {"decide": "highest"}])
    assert out["play_restriction"] == {"seat": "E", "mode": "highest"}
    assert out["legal"] == ["DK"]


def test_declarer_makes_partner_play_his_lowest_card_of_the_suit_led():
    out = state([*WEST_PLAYS_EARLY, {"decide": "lowest"}])
    assert out["play_restriction"] == {"seat": "E", "mode": "lowest"}
    assert out["legal"] == ["D2"]
    out = state([*WEST_PLAYS_EARLY, {"decide": "lowest"}, {"play": "D2"}, {"play": "D4"}])
    assert out["to_play"] == "W" and out["legal"] == ["D5"]  # the penalty card, 50D1


HEART_EARLY = [*TWO_TRICKS, {"play": "H3", "seat": "N"}, {"play": "H6", "seat": "W"}]


def test_declarer_requires_partner_to_play_a_named_suit():
    out = state([*HEART_EARLY, {"decide": "require", "suit": "C"}])
    assert out["play_restriction"] == {"seat": "E", "mode": "required", "suits": "C"}
    assert sorted(out["legal"]) == ["C5", "CA", "CK"]


def test_declarer_forbids_partner_to_play_a_named_suit():
    out = state([*HEART_EARLY, {"decide": "forbid", "suit": "S"}])
    assert out["play_restriction"] == {"seat": "E", "mode": "forbidden", "suits": "S"}
    assert sorted(out["legal"]) == ["C5", "CA", "CK", "D2", "D3", "DK"]


def test_a_partner_who_cannot_comply_plays_any_legal_card():
    # 57B and 59: East has no heart left, so "highest heart" binds nothing.
    out = state([*HEART_EARLY, {"decide": "highest"}])
    assert len(out["legal"]) == 11 and out["to_play"] == "E"


def test_declarers_premature_play_is_a_played_card_and_then_no_rectification_for_a_defender():
    out = state([*TWO_TRICKS, {"play": "D7", "seat": "N"}, {"play": "D4", "seat": "S"}])
    assert out["pending"] is None and out["to_play"] == "E"  # 57C3
    assert "57C3" in notes(out)
    out = state(
        [
            *TWO_TRICKS,
            {"play": "D7", "seat": "N"},
            {"play": "D4", "seat": "S"},
            {"play": "D5", "seat": "W"},
        ]
    )
    assert out["pending"] is None and out["penalty_cards"] == []  # 57C1
    assert out["to_play"] == "E"


EAST_THEN_WEST_AT_SOUTHS_TURN = [
    *TWO_TRICKS,
    {"play": "D7", "seat": "N"},
    {"play": "D2", "seat": "E"},
]


def test_a_legal_card_played_at_the_right_hand_opponents_turn_must_be_played_at_his_turn():
    out = state([*EAST_THEN_WEST_AT_SOUTHS_TURN, {"play": "D5", "seat": "W"}])
    assert out["penalty_cards"] == [] and out["pending"] is None
    assert out["committed_cards"] == [{"seat": "W", "card": "D5"}]
    assert out["to_play"] == "S"
    out = state([*EAST_THEN_WEST_AT_SOUTHS_TURN, {"play": "D5", "seat": "W"}, {"play": "D4"}])
    assert out["legal"] == ["D5"]


def test_an_illegal_card_played_at_the_right_hand_opponents_turn_is_a_major_penalty_card():
    out = state([*EAST_THEN_WEST_AT_SOUTHS_TURN, {"play": "C6", "seat": "W"}])
    assert penalties(out) == {("W", "C6"): "major"}
    out = state([*EAST_THEN_WEST_AT_SOUTHS_TURN, {"play": "C6", "seat": "W"}, {"play": "D4"}])
    assert sorted(out["legal"]) == ["D5", "D6", "DT"]  # 50D1(b): follow suit first


# --- Law 58B2: two or more cards played at once -------------------------------------------


def test_of_two_cards_played_at_once_the_one_meant_is_played_and_a_low_other_is_minor():
    out = state([{"play": ["H4", "S5"], "seat": "W", "meant": "H4"}])
    assert out["current_trick"] == [{"seat": "W", "card": "H4"}]
    assert penalties(out) == {("W", "S5"): "minor"}
    assert "58B2" in notes(out) and "S5" in out["hands"]["W"] and "H4" not in out["hands"]["W"]
    assert out["to_play"] == "N" and out["pending"] is None


def test_an_honour_played_with_the_card_meant_is_a_major_penalty_card():
    out = state([{"play": ["H4", "HT"], "seat": "W", "meant": "H4"}])
    assert penalties(out) == {("W", "HT"): "major"}


def test_the_other_card_of_a_defender_who_already_has_a_penalty_card_makes_both_major():
    events = [
        {"expose": "S9", "seat": "E"},
        {"play": "H4", "seat": "W"},
        {"play": "H2", "seat": "N"},
        {"play": ["HJ", "D2"], "seat": "E", "meant": "HJ"},
    ]
    out = state(events)
    assert penalties(out) == {("E", "S9"): "major", ("E", "D2"): "major"}
    assert out["current_trick"][-1] == {"seat": "E", "card": "HJ"} and out["to_play"] == "S"


def test_declarers_or_dummys_other_cards_go_back_to_the_hand():
    events = [{"play": "H4", "seat": "W"}, {"play": ["H2", "C2"], "seat": "N", "meant": "H2"}]
    out = state(events)
    assert out["penalty_cards"] == [] and "C2" in out["hands"]["N"]
    assert out["current_trick"][-1] == {"seat": "N", "card": "H2"} and out["to_play"] == "E"


def test_the_card_meant_carries_everything_a_one_card_play_does():
    # East's two cards are an opening lead out of turn: the Law 54 choice arises, and
    # refusing the card meant gives East two penalty cards, both major.
    out = state([{"play": ["HQ", "C5"], "seat": "E", "meant": "HQ"}])
    assert out["pending"]["law"] == "54" and penalties(out) == {("E", "C5"): "minor"}
    out = state([{"play": ["HQ", "C5"], "seat": "E", "meant": "HQ"}, {"decide": "refuse"}])
    assert penalties(out) == {("E", "HQ"): "major", ("E", "C5"): "major"}


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"play": ["H4", "S5"], "seat": "W", "meant": "HT"}, "must be one of the cards"),
        ({"play": ["H4", "S5"], "seat": "W"}, "'meant'"),
        ({"play": ["H4"], "seat": "W", "meant": "H4"}, "two or more"),
        ({"play": ["H4", "H4"], "seat": "W", "meant": "H4"}, "twice"),
        ({"play": ["H4", "SA"], "seat": "W", "meant": "H4"}, "West does not hold SA"),
        ({"play": "H4", "seat": "W", "meant": "H4"}, "as a list"),
        ({"play": [], "seat": "W", "meant": "H4"}, "list the cards"),
    ],
)
def test_cards_played_at_once_that_cannot_be_replayed_are_errors(event, words):
    err = error([event])
    assert err["event"] == 0 and words in err["message"]


# --- Law 47E1: a lead out of turn on an opponent's wrong word --------------------------------


def test_a_lead_out_of_turn_on_declarers_wrong_word_goes_back_with_no_rectification():
    out = state([*TWO_TRICKS, {"play": "DK", "seat": "E", "misinformed": True}])
    assert out["pending"] is None and out["penalty_cards"] == []
    assert out["to_play"] == "N" and out["current_trick"] == []
    assert "DK" in out["hands"]["E"] and "47E1" in notes(out)
    assert out["legal"] == state(TWO_TRICKS)["legal"]


def test_an_opening_lead_on_a_wrong_word_gives_declarer_no_law_54_choice():
    out = state([{"play": "HQ", "seat": "E", "misinformed": True}])
    assert out["pending"] is None and out["to_play"] == "W" and out["declarer"] == "S"
    out = state([{"play": "HQ", "seat": "E", "misinformed": True}, {"play": "H4", "seat": "W"}])
    assert out["current_trick"] == [{"seat": "W", "card": "H4"}]


@pytest.mark.parametrize(
    "events",
    [
        [{"play": "H4", "seat": "W", "misinformed": True}],  # his own lead: no irregularity
        [*TWO_TRICKS, {"play": "D4", "seat": "S", "misinformed": True}],  # declarer's lead
        [{"play": "H4", "seat": "W"}, {"play": "HQ", "seat": "E", "misinformed": True}],  # a play
        [{"play": "HJ", "seat": "E"}, {"play": "H4", "seat": "W", "misinformed": True}],  # pending
    ],
)
def test_misinformed_on_anything_but_a_defenders_lead_out_of_turn_is_an_error(events):
    err = error(events)
    assert err["event"] == len(events) - 1 and "47E1" in err["message"]


def test_misinformed_must_be_true_or_false_and_needs_a_seat():
    assert "true or false" in error([{"play": "HQ", "seat": "E", "misinformed": "yes"}])["message"]
    assert "seat" in error([{"play": "HQ", "misinformed": True}])["message"]
    err = error([{"play": ["HQ", "C5"], "seat": "E", "meant": "HQ", "misinformed": True}])
    assert "one-card" in err["message"]


# --- A lead to the next trick after partner has played (neither 57A nor 57D) -----------------

WEST_LEADS_EARLY = [
    {"play": "H4", "seat": "W"},
    {"play": "H2", "seat": "N"},
    {"play": "HJ", "seat": "E"},
    {"play": "S5", "seat": "W"},
]


def test_an_early_lead_after_partner_has_played_is_a_major_penalty_card_not_a_57a_case():
    out = state(WEST_LEADS_EARLY)
    assert penalties(out) == {("W", "S5"): "major"}
    assert out["pending"] is None and out["play_restriction"] is None
    assert out["to_play"] == "S" and len(out["current_trick"]) == 3
    assert "Director" in notes(out) and "57A" in notes(out)


def test_after_the_early_lead_partner_on_lead_faces_declarers_50d2_choice():
    out = state([*WEST_LEADS_EARLY, {"play": "H7", "seat": "S"}])  # East's jack wins
    assert out["leader"] == "E" and out["pending"]["law"] == "50D2"
    assert options(out) == [("forbid", "S"), ("no_restriction", None), ("require", "S")]


def test_an_offender_who_wins_the_trick_must_lead_his_early_card():
    events = [
        {"play": "CT", "seat": "W"},
        {"play": "C2", "seat": "N"},
        {"play": "C5", "seat": "E"},
        {"play": "S5", "seat": "W"},
        {"play": "C4", "seat": "S"},
    ]
    out = state(events)
    assert out["leader"] == "W" and out["to_play"] == "W" and out["legal"] == ["S5"]
