"""One test (at least) per clause of Laws 61 to 64 that the engine replays, and the errors
of scenario-format.md's *Revokes*. Deals played to the end use `played_out` (North-South
play their highest legal card, East-West their lowest), and each test checks the tricks
it rests on before the transfer, so it cannot pass by luck of the play."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from penaltyflow.engine import Table, parse_card, replay
from penaltyflow.engine.core.cards import CARD_NAMES
from penaltyflow.engine.play.simulate import play_out, random_deal

from .helpers import TWO_TRICKS, error, notes, options, penalties, played_out, scenario, state

# DEAL (helpers.py), 4S by South, West leads:
#   North  S AKQ2   H K32   D Q87   C J32
#   East   S T9876  H QJ    D K32   C AK5
#   South  S J3     H A987  D AJ94  C Q74
#   West   S 54     H T654  D T65   C T986
# A deal where North-South hold every card above East-West's in each suit.
TOP = "N:AKQJ.AKQJ.AKQ.AK 6543.6543.876.T9 T987.T987.JT9.QJ 2.2.5432.8765432"

EAST_DISCARDS_C5 = [{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "C5", "revoke": True}]
EAST_RUFFS_S6 = [{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "S6", "revoke": True}]


def winners(out, first=1):
    return [t["winner"] for t in out["tricks"][first - 1 :]]


def the_revoke(out):
    assert len(out["revokes"]) == 1, out["revokes"]
    return out["revokes"][0]


# --- Law 61A: what a revoke is ---------------------------------------------------------


def test_61a_a_failure_to_follow_suit_marked_revoke_is_played_and_play_goes_on():
    out = state(EAST_DISCARDS_C5)
    assert out["current_trick"][-1] == {"seat": "E", "card": "C5"}
    assert out["to_play"] == "S" and out["pending"] is None
    assert out["revokes"] == [
        {"seat": "E", "trick": 1, "suit": "H", "card": "C5", "status": "open", "transfer": None,
         "law": None}
    ]  # fmt: skip
    assert "61A" in notes(out)
    assert out["tricks_adjusted"] is None


def test_61a_a_revoke_not_marked_is_an_error_naming_the_event():
    err = error([{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "C5"}])
    assert err["event"] == 2
    assert "revoke" in err["message"] and "44C" in err["message"]


def test_61a_a_revoke_flag_on_a_legal_play_is_an_error():
    err = error([{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "HJ", "revoke": True}])
    assert err["event"] == 2
    assert "no revoke" in err["message"] and "HJ" in err["message"]


def test_61a_a_revoke_flag_on_a_lead_that_breaks_nothing_is_an_error():
    err = error([{"play": "C9", "seat": "W", "revoke": True}])
    assert err["event"] == 0 and "no revoke" in err["message"]


# East's HQ exposed: a major penalty card, so declarer chooses for West's opening lead (50D2).
HQ_EXPOSED = [{"expose": "HQ", "seat": "E"}]


def test_61a_leading_another_suit_than_the_one_declarer_required_is_a_revoke():
    out = state([*HQ_EXPOSED, {"decide": "require", "suit": "H"}, {"play": "C9", "revoke": True}])
    r = the_revoke(out)
    assert (r["seat"], r["trick"], r["card"], r["suit"]) == ("W", 1, "C9", "C")
    assert "50D2(a)" in notes(out)


def test_61a_leading_a_suit_declarer_forbade_is_a_revoke():
    out = state([*HQ_EXPOSED, {"decide": "forbid", "suit": "H"}, {"play": "H6", "revoke": True}])
    assert the_revoke(out)["card"] == "H6"


def test_61a_without_the_flag_a_broken_lead_restriction_is_an_error():
    err = error([*HQ_EXPOSED, {"decide": "require", "suit": "H"}, {"play": "C9"}])
    assert err["event"] == 2 and '"revoke": true' in err["message"]


# Law 57A: after TWO_TRICKS North leads the D7 and West plays the DT before his partner East.
WEST_EARLY = [*TWO_TRICKS, {"play": "D7", "seat": "N"}, {"play": "D6", "seat": "W"}]


def test_61a_breaking_a_57a_restriction_is_a_revoke():
    out = state([*WEST_EARLY, {"decide": "lowest"}])
    assert out["to_play"] == "E" and out["legal"] == ["D2"]
    out = state([*WEST_EARLY, {"decide": "lowest"}, {"play": "DK", "revoke": True}])
    r = the_revoke(out)
    assert (r["seat"], r["card"], r["suit"]) == ("E", "DK", "D")
    assert "57A(2)" in notes(out)


def test_59_a_player_who_cannot_comply_does_not_revoke():
    # After TWO_TRICKS East has no heart. North leads the H3 and West plays the H6 before
    # East (57A); declarer wants East's highest heart, but he has none: Law 59, no revoke.
    events = [*TWO_TRICKS, {"play": "H3", "seat": "N"}, {"play": "H6", "seat": "W"},
              {"decide": "highest"}]  # fmt: skip
    out = state(events)
    assert out["to_play"] == "E" and len(out["legal"]) == 11
    err = error([*events, {"play": "C5", "revoke": True}])
    assert err["event"] == 11 and "Law 59" in err["message"]


def test_61a_failing_to_play_a_penalty_card_is_law_52_not_a_revoke():
    events = [
        {"expose": "HQ", "seat": "E"},
        {"decide": "no_restriction"},
        {"play": "H4", "seat": "W"},
        {"play": "H2"},
    ]
    assert state(events)["legal"] == ["HQ"]
    err = error([*events, {"play": "HJ", "revoke": True}])
    assert err["event"] == 4 and "Law 52" in err["message"]


# --- Law 62: correcting a revoke ---------------------------------------------------------


def test_62b1_a_defenders_corrected_card_becomes_a_major_penalty_card_whatever_its_rank():
    out = state([*EAST_DISCARDS_C5, {"correct": "HJ"}])
    assert out["current_trick"] == [{"seat": "W", "card": "H4"}, {"seat": "N", "card": "H2"},
                                    {"seat": "E", "card": "HJ"}]  # fmt: skip
    assert penalties(out) == {("E", "C5"): "major"}
    assert "C5" in out["hands"]["E"] and "HJ" not in out["hands"]["E"]
    assert the_revoke(out)["status"] == "corrected"
    assert (the_revoke(out)["transfer"], the_revoke(out)["law"]) == (0, "62B")
    assert "62B1" in notes(out)


def test_62a_a_revoke_may_be_corrected_after_its_trick_is_complete_until_a_lead_to_the_next():
    out = state([*EAST_DISCARDS_C5, {"play": "HA"}, {"correct": "HQ"}])
    assert out["tricks_won"] == {"NS": 1, "EW": 0} and out["trick"] == 2
    assert out["tricks"][0]["cards"][2] == {"seat": "E", "card": "HQ"}
    assert penalties(out) == {("E", "C5"): "major"}


def test_62b1_then_law_50d2_when_the_offenders_partner_gains_the_lead():
    # After TWO_TRICKS: North leads the D7, East revokes with the C5, South D4, West DT wins.
    events = [*TWO_TRICKS, {"play": "D7", "seat": "N"}, {"play": "C5", "revoke": True},
              {"play": "D4"}, {"play": "DT"}]  # fmt: skip
    out = state([*events, {"correct": "D2"}])
    assert out["tricks"][-1]["winner"] == "W"
    assert penalties(out) == {("E", "C5"): "major"}
    assert out["pending"]["law"] == "50D2" and out["pending"]["decider"] == "S"
    assert options(out) == [("forbid", "C"), ("no_restriction", None), ("require", "C")]


def test_62b_the_correction_must_be_a_card_the_offender_may_legally_play():
    err = error([*EAST_DISCARDS_C5, {"correct": "SA"}])
    assert err["event"] == 3 and "does not hold SA" in err["message"]
    err = error([*EAST_DISCARDS_C5, {"correct": "CA"}])
    assert err["event"] == 3 and "62B" in err["message"] and "HQ HJ" in err["message"]
    err = error([*EAST_DISCARDS_C5, {"correct": "C5"}])
    assert err["event"] == 3 and "card that revoked" in err["message"]


def test_62b2_declarers_corrected_card_goes_back_to_his_hand():
    # West leads the D5, North DQ, East D2, South (holding diamonds) discards the C4.
    events = [{"play": "D5", "seat": "W"}, {"play": "DQ"}, {"play": "D2"},
              {"play": "C4", "revoke": True}]  # fmt: skip
    out = state([*events, {"correct": "D4"}])
    assert out["penalty_cards"] == [] and "C4" in out["hands"]["S"]
    assert "62B2" in notes(out)


def test_62c1_a_non_offender_may_take_back_his_card_and_play_again():
    out = state([*EAST_DISCARDS_C5, {"play": "HA"}, {"correct": "HJ", "withdraw": ["S"]}])
    assert out["trick"] == 1 and out["to_play"] == "S"
    assert "HA" in out["hands"]["S"] and penalties(out) == {("E", "C5"): "major"}
    assert "62C1" in notes(out)
    out = state([*EAST_DISCARDS_C5, {"play": "HA"}, {"correct": "HJ", "withdraw": ["S"]},
                 {"play": "H7"}])  # fmt: skip
    assert out["tricks"][0]["winner"] == "E"  # South ducked this time: East's HJ wins


# After TWO_TRICKS: North leads the D7, East revokes (C5), South plays D4, West DT.
EAST_SECOND = [*TWO_TRICKS, {"play": "D7", "seat": "N"}, {"play": "C5", "revoke": True},
               {"play": "D4"}, {"play": "DT"}]  # fmt: skip


def test_62c2_the_offenders_partner_may_withdraw_after_a_non_offender_did_and_his_card_is_major():
    out = state([*EAST_SECOND, {"correct": "DK", "withdraw": ["S", "W"]}])
    assert [c["card"] for c in out["current_trick"]] == ["D7", "DK"]
    assert penalties(out) == {("E", "C5"): "major", ("W", "DT"): "major"}
    assert "62C2" in notes(out)
    out = state([*EAST_SECOND, {"correct": "DK", "withdraw": ["S", "W"]}, {"play": "DA"}])
    assert out["to_play"] == "W" and out["legal"] == ["DT"]  # 50D1: his penalty card now


def test_62c2_the_offenders_partner_may_not_withdraw_alone():
    err = error([*EAST_SECOND, {"correct": "DK", "withdraw": ["W"]}])
    assert err["event"] == 12 and "62C2" in err["message"]


def test_62c_withdraw_may_name_only_a_seat_that_played_after_the_revoke():
    err = error([*EAST_SECOND, {"correct": "DK", "withdraw": ["N"]}])
    assert err["event"] == 12
    assert "North did not play to trick 3 after East's revoke" in err["message"]
    err = error([*EAST_SECOND, {"correct": "DK", "withdraw": ["S", "S"]}])
    assert err["event"] == 12 and "twice" in err["message"]


def test_a_correction_with_no_revoke_is_an_error():
    err = error([{"play": "H4", "seat": "W"}, {"correct": "H2"}])
    assert err["event"] == 1 and "no revoke" in err["message"]


# --- Law 63: establishment -----------------------------------------------------------------


def test_63a1_the_revoke_is_established_when_the_offenders_partner_plays_to_the_next_trick():
    events = [*EAST_DISCARDS_C5, {"play": "HA"}, {"play": "H7"}]
    assert state(events)["revokes"][0]["status"] == "open"  # a non-offender led
    out = state([*events, {"play": "H5"}])
    assert the_revoke(out)["status"] == "established"
    assert "63A1" in notes(out)


def test_63a1_the_revoke_is_established_when_the_offender_leads_to_the_next_trick():
    out = state([*EAST_RUFFS_S6, {"play": "HA"}, {"play": "C5"}])
    assert out["tricks"][0]["winner"] == "E"
    assert the_revoke(out)["status"] == "established"


def test_63b_an_established_revoke_can_no_longer_be_corrected():
    events = [*EAST_DISCARDS_C5, {"play": "HA"}, {"play": "H7"}, {"play": "H5"}]
    err = error([*events, {"correct": "HJ"}])
    assert err["event"] == 6 and "63B" in err["message"]


def test_a_correction_after_a_lead_to_the_next_trick_is_not_modelled():
    err = error([*EAST_DISCARDS_C5, {"play": "HA"}, {"play": "H7"}, {"correct": "HJ"}])
    assert err["event"] == 5 and "not modelled" in err["message"]


# --- Law 64: the adjustment at the end of play -------------------------------------------------


def test_64a1_revoke_trick_won_by_the_offender_and_a_later_one_two_tricks():
    out = state(played_out(EAST_RUFFS_S6))
    assert winners(out)[0] == "E" and {"E", "W"} & set(winners(out, 2))
    r = the_revoke(out)
    assert (r["status"], r["transfer"], r["law"]) == ("established", 2, "64A1")
    ns, ew = out["tricks_won"]["NS"], out["tricks_won"]["EW"]
    assert out["tricks_adjusted"] == {"NS": ns + 2, "EW": ew - 2}
    assert "64A1" in notes(out)


def test_64a1_revoke_trick_won_by_the_offender_and_no_later_one_one_trick():
    # TOP in 4H: East ruffs West's diamond lead with the H6 though he holds diamonds.
    events = [{"play": "D2", "seat": "W"}, {"play": "DA"}, {"play": "H6", "revoke": True}]
    out = state(played_out(events, deal=TOP, contract="4H"), deal=TOP, contract="4H")
    assert winners(out)[0] == "E" and set(winners(out, 2)) <= {"N", "S"}
    r = the_revoke(out)
    assert (r["transfer"], r["law"]) == (1, "64A1")
    assert out["tricks_won"] == {"NS": 12, "EW": 1}
    assert out["tricks_adjusted"] == {"NS": 13, "EW": 0}


def test_64a2_revoke_trick_not_won_by_the_offender_but_his_side_won_later_one_trick():
    out = state(played_out(EAST_DISCARDS_C5))
    assert winners(out)[0] == "S" and {"E", "W"} & set(winners(out, 2))
    assert (the_revoke(out)["transfer"], the_revoke(out)["law"]) == (1, "64A2")


def test_64a_footnote_19_a_trick_won_in_dummy_is_not_won_by_declarer():
    # West leads the D5, dummy's DQ wins, and declarer South (holding diamonds) discards.
    events = [{"play": "D5", "seat": "W"}, {"play": "DQ"}, {"play": "D2"},
              {"play": "C4", "revoke": True}]  # fmt: skip
    out = state(played_out(events))
    assert winners(out)[0] == "N"
    r = the_revoke(out)
    assert (r["seat"], r["transfer"], r["law"]) == ("S", 1, "64A2")
    assert out["tricks_adjusted"]["EW"] == out["tricks_won"]["EW"] + 1


def test_64b1_no_transfer_when_the_offending_side_won_no_trick_from_the_revoke_on():
    events = [{"play": "D2", "seat": "W"}, {"play": "DA"}, {"play": "S6", "revoke": True}]
    out = state(played_out(events, deal=TOP, contract="3NT"), deal=TOP, contract="3NT")
    assert set(winners(out)) <= {"N", "S"}
    assert (the_revoke(out)["transfer"], the_revoke(out)["law"]) == (0, "64B1")
    assert out["tricks_adjusted"] == out["tricks_won"] == {"NS": 13, "EW": 0}
    assert "64C" in notes(out)


def test_64b2_a_second_revoke_in_the_same_suit_by_the_same_player_transfers_nothing():
    # East discards the C5 on trick 1 (established when West plays to trick 2), then
    # discards the CK on trick 2, still holding hearts.
    events = [*EAST_DISCARDS_C5, {"play": "HA"}, {"play": "H7"}, {"play": "H5"}, {"play": "HK"},
              {"play": "CK", "revoke": True}]  # fmt: skip
    out = state(played_out(events))
    first, second = out["revokes"]
    assert (first["trick"], first["law"]) == (1, "64A2") and first["transfer"] == 1
    assert (second["trick"], second["transfer"], second["law"]) == (2, 0, "64B2")


def test_64b3_no_transfer_for_a_revoke_by_dummy():
    out = state(played_out([{"play": "H4", "seat": "W"}, {"play": "C2", "revoke": True}]))
    r = the_revoke(out)
    assert (r["seat"], r["transfer"], r["law"]) == ("N", 0, "64B3")
    assert out["tricks_adjusted"] == out["tricks_won"]


def test_64b6_no_transfer_for_a_revoke_on_trick_12():
    events = played_out([])[:44]  # eleven tricks, then trick 12 begins
    table = replay(scenario(events))
    assert table.trick_no == 12
    # play on until a seat holds the suit led and a card of another suit, then revoke
    while True:
        table = replay(scenario(events))
        seat = table.turn
        held = table.hands[seat]
        off = [c for c in range(52) if held >> c & 1 and table.trick and c // 13 != table.led_suit]
        if table.trick and off and len(table.legal_cards()) < bin(held).count("1"):
            break
        events.append({"play": table.legal_cards()[0]})
    events.append({"play": CARD_NAMES[off[0]], "revoke": True})
    out = state(played_out(events))
    r = the_revoke(out)
    assert (r["trick"], r["transfer"], r["law"]) == (12, 0, "64B6")
    assert out["tricks_adjusted"] == out["tricks_won"]


def test_64b7_no_transfer_when_both_sides_revoked_and_both_are_established():
    # East discards the C5 on trick 1. South wins and leads the D4; dummy's DQ wins trick 2
    # and leads the D7 to trick 3, where South discards the C4 though he holds diamonds.
    events = [*EAST_DISCARDS_C5, {"play": "HA"}, {"play": "D4"}, {"play": "D5"}, {"play": "DQ"},
              {"play": "D2"}, {"play": "D7"}, {"play": "D3"}, {"play": "C4", "revoke": True},
              {"play": "D6"}]  # fmt: skip
    out = state(played_out(events))
    assert [(r["seat"], r["status"]) for r in out["revokes"]] == [
        ("E", "established"),
        ("S", "established"),
    ]
    assert [(r["transfer"], r["law"]) for r in out["revokes"]] == [(0, "64B7"), (0, "64B7")]
    assert out["tricks_adjusted"] == out["tricks_won"]


def test_a_corrected_revoke_transfers_nothing_at_the_end():
    out = state(played_out([*EAST_DISCARDS_C5, {"correct": "HJ"}]))
    r = the_revoke(out)
    assert (r["status"], r["transfer"], r["law"]) == ("corrected", 0, "62B")
    assert out["tricks_adjusted"] == out["tricks_won"]


def test_tricks_adjusted_is_the_tricks_won_at_the_end_of_a_deal_without_revokes():
    out = state(played_out([]))
    assert out["revokes"] == [] and out["tricks_adjusted"] == out["tricks_won"]
    assert state([])["tricks_adjusted"] is None


@pytest.mark.parametrize(
    "event",
    [
        {"play": ["HJ", "HQ"], "seat": "E", "meant": "HJ", "revoke": True},
        {"play": "C5", "seat": "E", "revoke": "yes"},
        {"correct": "HJ", "withdraw": "S"},
        {"correct": "HJ", "withdraw": ["X"]},
        {"correct": "HJ", "seat": "E"},
    ],
)
def test_malformed_revoke_events_are_named(event):
    err = error([{"play": "H4", "seat": "W"}, {"play": "H2"}, event])
    assert err["event"] == 2 and err["message"]


# --- random deals with revokes (the simulator the bench uses) -------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_deals_with_revokes_end_with_every_revoke_settled_and_13_tricks_credited(seed):
    rng = random.Random(seed)
    table = Table(random_deal(rng), int(rng.random() * 5), int(rng.random() * 4), 4)
    play_out(table, rng, rate=0.3)
    played = sorted(c for _, cards, _ in table.tricks for _, c in cards)
    assert played == list(range(52)) and table.hands == [0, 0, 0, 0]
    out = table.to_json()
    for r in out["revokes"]:
        assert r["status"] in ("corrected", "established")
        assert (r["status"] == "corrected") == (r["law"] == "62B")
        assert r["transfer"] in (0, 1, 2) and r["law"]
    adjusted = out["tricks_adjusted"]
    assert adjusted["NS"] + adjusted["EW"] == 13 and min(adjusted.values()) >= 0
    moved = sum(r["transfer"] for r in out["revokes"] if r["status"] == "established")
    assert abs(adjusted["NS"] - out["tricks_won"]["NS"]) <= moved


def test_the_simulator_makes_and_corrects_revokes():
    rng = random.Random(7)
    statuses = []
    for _ in range(200):
        table = Table(random_deal(rng), int(rng.random() * 5), int(rng.random() * 4), 4)
        play_out(table, rng, rate=0.1)
        statuses += [r.status for r in table.revokes]
    assert statuses.count("corrected") > 20 and statuses.count("established") > 20


def test_a_forked_table_plays_on_without_changing_the_original():
    table = replay(scenario([*EAST_DISCARDS_C5, {"play": "HA"}]))
    before = table.to_json()
    child = table.fork()
    child.correct(parse_card("HJ"))
    child.play(2, parse_card("H7"))
    assert table.to_json() == before
    assert child.revokes[0].status == "corrected" and table.revokes[0].status == "open"
