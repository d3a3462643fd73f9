"""Play goes on before the Director is called: cards put on the table while the choice on a
lead out of turn is still open (Laws 53A, 53B, 53C, 55, 57C1, 57C3, 60C; Law 54's preamble
and the offender's partner facing a card, left to the Director). On the deal of
scenario-format.md; test_laws.py has the choice itself."""

import pytest

from penaltyflow.engine import EngineError, parse_card, parse_seat, replay

from .helpers import TWO_TRICKS, error, notes, options, penalties, scenario, state

# North is on lead for trick 3; South leads the D4 from his own hand (55B2: his other
# hand should lead), then calls dummy's D7 before West has played.
PLAYED_ON = [*TWO_TRICKS, {"play": "D4", "seat": "S"}, {"play": "D7", "seat": "N"}]

# East wins trick 1 with the CA and should lead; South leads the D4 (55B1: a defender's
# lead), then calls dummy's D7.
EAST_ON_LEAD = [
    {"play": "C6", "seat": "W"},
    {"play": "C2", "seat": "N"},
    {"play": "CA", "seat": "E"},
    {"play": "C4", "seat": "S"},
]
PLAYED_ON_55B1 = [*EAST_ON_LEAD, {"play": "D4", "seat": "S"}, {"play": "D7", "seat": "N"}]


# --- Law 57C3 and 60C: declarer plays on from his other hand ---------------------------


def test_declarers_card_from_his_other_hand_is_played_and_the_defenders_still_choose():
    out = state(PLAYED_ON)
    # 57C3: a premature play by declarer is a played card
    assert out["current_trick"] == [{"seat": "S", "card": "D4"}, {"seat": "N", "card": "D7"}]
    assert "D7" not in out["hands"]["N"]
    # 60C: the offending side's play does not take away the defenders' choice (55A)
    assert out["pending"]["decider"] == "W" and out["pending"]["law"] == "55"
    assert options(out) == [("accept", None), ("refuse", None)]
    assert out["to_play"] is None and out["legal"] == []
    assert "57C3" in notes(out) and "60C" in notes(out)


def test_declarers_card_played_on_must_follow_suit():
    # Law 44: dummy holds diamonds, so his spade is refused, and nothing is played
    events = [*TWO_TRICKS, {"play": "D4", "seat": "S"}]
    err = error([*events, {"play": "SA", "seat": "N"}])
    assert err["event"] == 9 and "SA" in err["message"]
    table = replay(scenario(events))
    with pytest.raises(EngineError):
        table.play(parse_seat("N"), parse_card("SA"))
    assert table.trick == [(parse_seat("S"), parse_card("D4"))]
    assert table.pending is not None and table.pending.situation == "declarer_lead"


def test_a_card_from_the_hand_next_in_rotation_accepts_the_lead_after_declarer_played_on():
    out = state([*PLAYED_ON, {"play": "D5", "seat": "W"}])  # 53A
    assert out["pending"] is None and out["leader"] == "S"
    assert [c["seat"] for c in out["current_trick"]] == ["S", "N", "W"]
    assert out["to_play"] == "E" and sorted(out["legal"]) == ["D2", "D3", "DK"]
    assert out["penalty_cards"] == []


def test_a_card_from_the_defender_on_the_right_makes_the_lead_stand_with_no_rectification():
    # The published ruling: 53C (the lead stands, Law 57 applies), and declarer has played
    # from both hands, so East's early card is not rectified (57C1); West plays freely.
    out = state([*PLAYED_ON, {"play": "D2", "seat": "E"}])
    assert out["pending"] is None and out["leader"] == "S"
    assert [c["seat"] for c in out["current_trick"]] == ["S", "N", "E"]
    assert out["penalty_cards"] == [] and out["play_restriction"] is None
    assert out["to_play"] == "W" and sorted(out["legal"]) == ["D5", "D6", "DT"]
    assert "53C" in notes(out) and "57C1" in notes(out)
    out = state([*PLAYED_ON, {"play": "D2", "seat": "E"}, {"play": "DT", "seat": "W"}])
    assert out["tricks"][-1]["cards"][-1] == {"seat": "W", "card": "DT"}
    assert out["tricks"][-1]["winner"] == "W" and out["leader"] == "W"


def test_without_the_card_from_the_other_hand_the_defender_on_the_right_is_rectified():
    # Declarer played from one hand only: 53C, then 57A (the contrast with 57C1)
    out = state([*TWO_TRICKS, {"play": "D4", "seat": "S"}, {"play": "D2", "seat": "E"}])
    assert penalties(out) == {("E", "D2"): "major"} and out["pending"]["law"] == "57A"


def test_the_defenders_accept_in_words_and_the_card_played_on_stays():
    out = state([*PLAYED_ON, {"decide": "accept"}])
    assert out["pending"] is None and out["leader"] == "S" and out["to_play"] == "W"
    assert out["current_trick"] == [{"seat": "S", "card": "D4"}, {"seat": "N", "card": "D7"}]


def test_refused_after_playing_on_from_the_hand_that_should_lead_both_cards_go_back():
    # 55B2: whether dummy's D7 goes back (47A) or stands as the lead (57C3) is not in the
    # Laws. The engine replays one reading, it goes back, and says that it is one reading.
    out = state([*PLAYED_ON, {"decide": "refuse"}])
    assert out["current_trick"] == [] and out["penalty_cards"] == []
    assert "D4" in out["hands"]["S"] and "D7" in out["hands"]["N"]
    assert out["to_play"] == "N" and len(out["legal"]) == 11  # 55B2: any card from dummy
    assert "47A" in notes(out) and "57C3" in notes(out) and "Director" in notes(out)


def test_refused_after_playing_on_when_a_defender_should_lead_both_cards_go_back():
    # 55B1: the defender leads; dummy's card, played to a lead taken back, goes back too
    # (47A), and neither is a penalty card (48A).
    out = state(PLAYED_ON_55B1)
    assert out["pending"]["decider"] == "W"
    out = state([*PLAYED_ON_55B1, {"decide": "refuse"}])
    assert out["current_trick"] == [] and out["penalty_cards"] == []
    assert "D4" in out["hands"]["S"] and "D7" in out["hands"]["N"]
    assert out["to_play"] == "E" and len(out["legal"]) == 12
    assert "55B" in notes(out) and "47A" in notes(out) and "Director" not in notes(out)


def test_the_proper_leader_leads_after_declarer_played_on_and_both_cards_go_back():
    # 53B: East, whose lead it was, leads a club though he holds diamonds: his lead stands,
    # and every card played in error to the trick goes back.
    out = state([*PLAYED_ON_55B1, {"play": "CK", "seat": "E"}])
    assert out["current_trick"] == [{"seat": "E", "card": "CK"}]
    assert out["leader"] == "E" and out["to_play"] == "S"
    assert "D4" in out["hands"]["S"] and "D7" in out["hands"]["N"]
    assert out["penalty_cards"] == []


# --- Law 54 preamble, 53B, 60C: the offender's partner faces a card too ------------------


def test_the_offenders_partner_facing_the_opening_lead_too_is_left_to_the_director():
    # East faced the opening lead out of turn; West, the proper leader (East's partner, so
    # not 53B), faces a card before declarer chooses. Law 54 covers only a face-down lead.
    err = error([{"play": "HJ", "seat": "E"}, {"play": "S5", "seat": "W"}])
    assert err["event"] == 1
    assert "West" in err["message"] and "S5" in err["message"] and "HJ" in err["message"]
    assert "Director" in err["message"] and "54" in err["message"]
    table = replay(scenario([{"play": "HJ", "seat": "E"}]))
    before = table.to_json()
    with pytest.raises(EngineError):
        table.play(parse_seat("W"), parse_card("S5"))
    after = table.to_json()
    for key in ("current_trick", "hands", "pending", "penalty_cards", "to_play"):
        assert after[key] == before[key], key


def test_the_offenders_partner_leading_too_at_a_later_trick_is_left_to_the_director():
    events = [*TWO_TRICKS, {"play": "DK", "seat": "E"}, {"play": "D5", "seat": "W"}]
    err = error(events)
    assert err["event"] == 9 and "West" in err["message"] and "Director" in err["message"]
