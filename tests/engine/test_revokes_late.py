"""Two revokes by one side with too few tricks for both (the Laws leave that count open: the
engine never gives a Law 64A reason for a count of zero), and a revoke on trick 12 that is
corrected though established (Law 62D1, the exception in Law 63B), with Law 62D2 / 16C."""

import pytest

from penaltyflow.engine import replay

from .helpers import error, notes, played_out, scenario, state

# TOP: North-South hold every card above East-West's in each suit.
#   North  S AKQJ  H AKQJ  D AKQ   C AK
#   East   S 6543  H 6543  D 876   C T9
#   South  S T987  H T987  D JT9   C QJ
#   West   S 2     H 2     D 5432  C 8765432
TOP = "N:AKQJ.AKQJ.AKQ.AK 6543.6543.876.T9 T987.T987.JT9.QJ 2.2.5432.8765432"

# 4H by South. Trick 1: East discards the C9 on West's diamond lead (holding diamonds) and
# dummy's DA wins. Trick 2: West ruffs dummy's SA with the H2 (holding the S2) and wins.
TWO_BY_EW = [
    {"play": "D2", "seat": "W"}, {"play": "DA"}, {"play": "C9", "revoke": True}, {"play": "D9"},
    {"play": "SA"}, {"play": "S3"}, {"play": "S7"}, {"play": "H2", "revoke": True},
]  # fmt: skip
# Then North-South draw East's trumps, so East-West win no other trick.
DRAW_TRUMPS = [
    {"play": "D3"}, {"play": "DK"}, {"play": "D6"}, {"play": "DT"},
    {"play": "HA"}, {"play": "H3"}, {"play": "H7"}, {"play": "D4"},
    {"play": "HK"}, {"play": "H4"}, {"play": "H8"}, {"play": "D5"},
    {"play": "HQ"}, {"play": "H5"}, {"play": "H9"}, {"play": "C2"},
    {"play": "HJ"}, {"play": "H6"}, {"play": "HT"}, {"play": "C3"},
]  # fmt: skip


def top(events, contract="4H"):
    return state(played_out(events, deal=TOP, contract=contract), deal=TOP, contract=contract)


def test_a_revoke_left_with_no_trick_to_transfer_gets_no_64a_reason_for_zero():
    out = top([*TWO_BY_EW, *DRAW_TRUMPS])
    won = [t["winner"] for t in out["tricks"]]
    assert won.count("E") + won.count("W") == 1 and won[1] == "W"  # only the revoke trick 2
    first, second = out["revokes"]
    assert (first["seat"], first["transfer"], first["law"]) == ("E", 1, "64A2")
    # Law 64A1 counts one trick for West's revoke, but the one trick East-West won from
    # trick 1 on has gone across for East's: the engine cannot give it twice.
    assert (second["seat"], second["transfer"]) == ("W", 0)
    assert not second["law"].startswith("64A"), second
    said = notes(out)
    assert "no automatic transfer, because he won" not in said
    assert "no automatic transfer, because his side won the revoke trick" not in said
    west = next(n for n in out["notes"] if n.startswith("West's revoke"))
    assert "Laws do not say" in west and "64C" in west
    assert out["tricks_adjusted"] == {"NS": 13, "EW": 0}


def test_a_revoke_cut_short_says_what_law_64a_would_count():
    out = top(TWO_BY_EW)  # East-West also win a later trick here
    first, second = out["revokes"]
    assert (first["transfer"], second["transfer"], second["law"]) == (1, 1, "64A1")
    west = next(n for n in out["notes"] if n.startswith("West's revoke"))
    assert "would count two tricks" in west and "Laws do not say" in west


# --- Law 62D: a revoke on trick 12 ---------------------------------------------------

# 3NT by South on TOP, played out: North-South win every trick and North leads trick 12
# holding the SJ HJ; East holds S6 H6, South S7 H7, West C8 C7.
TO_TRICK_12 = played_out([], deal=TOP, contract="3NT")[:44]
# East discards the H6 on the SJ though he holds the S6, before his partner West plays.
EAST_REVOKES_12 = [
    *TO_TRICK_12,
    {"play": "SJ"}, {"play": "H6", "revoke": True}, {"play": "S7"}, {"play": "C7"},
]  # fmt: skip
TRICK_13 = [{"play": "HJ"}, {"play": "S6"}, {"play": "H7"}, {"play": "C8"}]


def nt(events):
    return state(events, deal=TOP, contract="3NT")


def test_63b_a_trick_12_revoke_once_established_is_not_said_to_be_beyond_correction():
    out = nt([*EAST_REVOKES_12, {"play": "HJ"}, {"play": "S6"}])
    (r,) = out["revokes"]
    assert (r["trick"], r["status"]) == (12, "established")
    said = notes(out)
    assert "no longer be corrected" not in said
    assert "62D1" in said and "returned to the board" in said


def test_62d1_an_established_trick_12_revoke_is_corrected_after_play():
    before = replay(scenario([*EAST_REVOKES_12, *TRICK_13], deal=TOP, contract="3NT"))
    assert before.finished and before.revokes[0].status == "established"
    out = nt([*EAST_REVOKES_12, *TRICK_13, {"correct": "S6"}])
    (r,) = out["revokes"]
    assert (r["status"], r["transfer"], r["law"]) == ("corrected", 0, "62D1")
    twelve, thirteen = out["tricks"][11], out["tricks"][12]
    assert {"seat": "E", "card": "S6"} in twelve["cards"]
    assert {"seat": "E", "card": "H6"} in thirteen["cards"]
    assert out["tricks_adjusted"] == out["tricks_won"] == {"NS": 13, "EW": 0}
    assert out["to_play"] is None and "62D1" in notes(out)


def test_62d2_a_defender_who_revoked_on_trick_12_before_his_partner_brings_in_16c():
    out = nt([*EAST_REVOKES_12, *TRICK_13, {"correct": "S6"}])
    assert "62D2" in notes(out) and "16C" in notes(out)
    at_the_revoke = nt(EAST_REVOKES_12[:-2])  # East has revoked; West has not played yet
    assert "62D2" in notes(at_the_revoke) and "judges" in notes(at_the_revoke)


def test_62d1_the_correction_must_be_the_offenders_other_card():
    err = error([*EAST_REVOKES_12, *TRICK_13, {"correct": "S7"}], deal=TOP, contract="3NT")
    assert "62D1" in err["message"] and "S6" in err["message"]


def test_62d1_before_trick_13_is_complete_the_error_says_the_revoke_must_still_be_corrected():
    err = error(
        [*EAST_REVOKES_12, {"play": "HJ"}, {"play": "S6"}, {"correct": "S6"}],
        deal=TOP,
        contract="3NT",
    )
    assert "62D1" in err["message"] and "no longer be corrected" not in err["message"]


def test_62c_on_trick_12_a_non_offender_may_not_withdraw_a_card_that_followed_suit():
    err = error(
        [*EAST_REVOKES_12, *TRICK_13, {"correct": "S6", "withdraw": ["S"]}],
        deal=TOP,
        contract="3NT",
    )
    assert "44C" in err["message"]


# --- Law 67B1: a player who played no card to a trick, found later --------------------

# DEAL (helpers.py), 4S by South. West leads the H4, dummy plays the H2 and East, holding
# the HQ J, plays nothing; South plays the H7. Found later, the Director places East's HQ.
EAST_PLACED_HQ = [
    {"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "HQ", "defective": True},
    {"play": "H7"},
]  # fmt: skip


def test_67b1_the_placed_card_is_a_revoke_that_does_not_change_who_won_the_trick():
    out = state(EAST_PLACED_HQ)
    # East's HQ would beat the H7, but the card placed does not change ownership
    assert out["tricks"][0]["winner"] == "S" and out["to_play"] == "S"
    (r,) = out["revokes"]
    assert (r["seat"], r["trick"], r["card"], r["status"]) == ("E", 1, "HQ", "established")
    assert any("67B1" in line["note"] for line in out["log"])


def test_67b1_one_trick_is_transferred_as_law_64a2_counts():
    out = state(played_out(EAST_PLACED_HQ))
    won = [t["winner"] for t in out["tricks"]]
    assert won[0] == "S" and {"E", "W"} & set(won[1:])
    (r,) = out["revokes"]
    assert (r["transfer"], r["law"]) == (1, "64A2")
    assert out["tricks_adjusted"]["NS"] == out["tricks_won"]["NS"] + 1
    assert "67B1" in notes(out) and "64A2" in notes(out)


def test_67b1a_he_must_place_a_card_of_the_suit_led_if_he_has_one():
    err = error([{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "C5", "defective": True}])
    assert err["event"] == 2 and "67B1(a)" in err["message"]


def test_67b1_a_defective_card_is_never_a_lead():
    err = error([{"play": "H4", "seat": "W", "defective": True}])
    assert err["event"] == 0 and "67B1" in err["message"]


@pytest.mark.parametrize(
    "event",
    [
        {"play": "HQ", "defective": "yes"},
        {"play": "HQ", "defective": True, "revoke": True},
        {"play": ["HQ", "HJ"], "meant": "HQ", "defective": True},
    ],
)
def test_67b1_malformed_defective_events_are_named(event):
    err = error([{"play": "H4", "seat": "W"}, {"play": "H2"}, event])
    assert err["event"] == 2 and "defective" in err["message"]
