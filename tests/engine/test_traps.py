"""The traps a learner (and an engine) falls into, one test each."""

from .helpers import TWO_TRICKS, notes, options, penalties, state


def test_the_ten_is_an_honour_so_an_exposed_ten_is_a_major_penalty_card():
    assert penalties(state([{"expose": "ST", "seat": "E"}])) == {("E", "ST"): "major"}
    assert penalties(state([{"expose": "S9", "seat": "E"}])) == {("E", "S9"): "minor"}


def test_a_second_penalty_card_makes_the_first_minor_one_major_too():
    out = state([{"expose": "S9", "seat": "E"}])
    assert penalties(out) == {("E", "S9"): "minor"}
    out = state([{"expose": "S9", "seat": "E"}, {"expose": "D2", "seat": "E"}])
    assert penalties(out) == {("E", "S9"): "major", ("E", "D2"): "major"}
    assert "every one of them is major" in notes(out)


def test_following_suit_comes_before_a_major_penalty_card_of_another_suit():
    out = state([{"play": "H4", "seat": "W"}, {"play": "H2"}, {"expose": "DK", "seat": "E"}])
    assert sorted(out["legal"]) == ["HJ", "HQ"]
    assert "DK" not in out["legal"]


def test_a_void_defender_discards_the_major_penalty_card_rather_than_ruff():
    # After two tricks East has no heart; spades are trumps; DK is a major penalty card.
    events = [*TWO_TRICKS, {"expose": "DK", "seat": "E"}, {"play": "H3", "seat": "N"}]
    out = state(events)
    assert out["to_play"] == "E" and out["legal"] == ["DK"]
    ruff = state([*events, {"play": "S6", "seat": "E"}])  # ruffing instead is Law 52
    assert ruff["pending"]["law"] == "52B"


LOSE_AND_REGAIN = [
    {"play": "HJ", "seat": "E"},
    {"decide": "refuse"},
    {"decide": "forbid", "suit": "H"},
    # West keeps the lead with DT: the prohibition goes on
    {"play": "DT", "seat": "W"},
    {"play": "D7", "seat": "N"},
    {"play": "D2", "seat": "E"},
    {"play": "D4", "seat": "S"},
]


def test_a_prohibition_lasts_while_partner_keeps_the_lead_and_ends_when_he_loses_it():
    out = state(LOSE_AND_REGAIN)
    assert out["leader"] == "W"
    assert out["lead_restriction"] == {"seat": "W", "suits": "H", "mode": "forbidden"}
    assert not [c for c in out["legal"] if c[0] == "H"]
    # East wins the next trick with DK: West has lost the lead
    lost = [*LOSE_AND_REGAIN, {"play": "D6"}, {"play": "D8"}, {"play": "DK"}, {"play": "D9"}]
    out = state(lost)
    assert out["leader"] == "E" and out["lead_restriction"] is None
    assert "prohibition" in notes(out)


def test_the_50d2_options_come_back_each_time_partner_has_the_lead_while_the_card_is_there():
    events = [{"expose": "CK", "seat": "E"}, {"decide": "no_restriction"}]
    events += [{"play": "DT"}, {"play": "D7"}, {"play": "D2"}, {"play": "D4"}]  # West wins
    out = state(events)
    assert out["leader"] == "W" and out["pending"]["law"] == "50D2"
    assert options(out) == [("forbid", "C"), ("no_restriction", None), ("require", "C")]


def test_after_declarer_requires_or_forbids_the_suit_the_card_is_an_ordinary_card_again():
    for choice in ("require", "forbid"):
        events = [{"play": "HJ", "seat": "E"}, {"decide": "refuse"}]
        events += [{"decide": choice, "suit": "H"}]
        events += [
            {"play": "H4" if choice == "require" else "D5"},
            {"play": "H2" if choice == "require" else "D7"},
        ]
        out = state(events)
        assert out["penalty_cards"] == []
        assert "HJ" in out["hands"]["E"]
        if choice == "require":  # East may play either heart: HJ is not forced any more
            assert sorted(out["legal"]) == ["HJ", "HQ"]
        else:
            assert sorted(out["legal"]) == ["D2", "D3", "DK"]


def test_declarers_dropped_card_is_nothing():
    out = state([{"expose": "SA", "seat": "N"}, {"expose": "DA", "seat": "S"}])
    assert out["penalty_cards"] == [] and out["pending"] is None
    out = state(
        [{"expose": "DA", "seat": "S"}, {"play": "D5", "seat": "W"}, {"play": "D7"}, {"play": "D2"}]
    )
    assert sorted(out["legal"]) == ["D4", "D9", "DA", "DJ"]


def test_declarer_must_accept_a_wrong_card_once_he_has_played_after_it():
    events = [{"expose": "CK", "seat": "E"}, {"decide": "no_restriction"}]
    events += [{"play": "C6"}, {"play": "C2"}, {"play": "C5", "seat": "E"}]
    out = state([*events, {"play": "C4", "seat": "S"}])
    assert out["pending"] is None or out["pending"]["law"] != "52B"
    assert penalties(out) == {("E", "CK"): "major"}


def test_after_an_accepted_opening_lead_out_of_turn_the_second_card_comes_from_declarers_hand():
    out = state([{"play": "D2", "seat": "E"}, {"decide": "accept"}])
    assert out["to_play"] == "S" and out["dummy"] == "N"
    out = state([{"play": "D2", "seat": "E"}, {"decide": "accept"}, {"play": "DA"}])
    assert out["current_trick"][1] == {"seat": "S", "card": "DA"}
    assert out["to_play"] == "W"


def after_east_leads_the_club_jack_out_of_turn(*events: dict) -> dict:
    """3NT by South: South won trick 1 with the ♥A and should lead; East leads the ♣J."""
    from penaltyflow.engine import replay

    trick_one = [{"play": "H2", "seat": "W"}, {"play": "H3"}, {"play": "HJ"}, {"play": "HA"}]
    scenario = {
        "deal": "N:J764.753.KJ92.Q8 A95.J98.765.JT94 KQ3.AK4.AQ84.K52 T82.QT62.T3.A763",
        "contract": "3NT",
        "declarer": "S",
        "events": trick_one + [{"play": "CJ", "seat": "E"}, *events],
    }
    return replay(scenario).to_json()


def test_a_proper_leader_next_in_rotation_who_does_not_follow_makes_his_proper_lead():
    """53B: South, next in rotation and the proper leader, plays the ♦A though he holds
    clubs: that is his proper lead, not a revoke, and East's ♣J becomes a major penalty card."""
    state = after_east_leads_the_club_jack_out_of_turn({"play": "DA", "seat": "S"})
    assert state["current_trick"] == [{"seat": "S", "card": "DA"}]
    assert state["penalty_cards"] == [{"seat": "E", "card": "CJ", "kind": "major"}]
    assert state["to_play"] == "W"


def test_the_next_hand_following_suit_accepts_the_lead_out_of_turn():
    state = after_east_leads_the_club_jack_out_of_turn({"play": "C2", "seat": "S"})
    assert state["current_trick"] == [{"seat": "E", "card": "CJ"}, {"seat": "S", "card": "C2"}]
    assert state["penalty_cards"] == []
