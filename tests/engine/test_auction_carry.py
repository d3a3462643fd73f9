"""Laws 24, 25A and 26B, and what the auction leaves to the play on the same deal:
penalty cards (24E, then 50D1 / 50D2), cards picked up (24D), a lead prohibition (26B)
at the opening lead or a later first lead, and a deal passed out."""

import json
import subprocess
import sys
from pathlib import Path

from .auction_helpers import PASSES, auction, barred, c, calls, due, error, options, state
from .helpers import penalties

ROOT = Path(__file__).resolve().parents[2]
FORMAT_DEAL = "N:AK32.K32.Q87.J32 QJ98.QJ.K32.AK54 T76.A987.AJ94.Q7 54.T654.T65.T986"
FORMAT_EVENTS = [
    {"call": "1NT", "seat": "S"},
    {"expose": "SQ", "seat": "E"},
    {"call": "pass", "seat": "W"},
    {"call": "3NT", "seat": "N"},
    {"call": "pass", "seat": "E"},
    {"call": "pass", "seat": "S"},
    {"call": "pass", "seat": "W"},
]


def ex(card, seat="E", **flags):
    return {"expose": card, "seat": seat, **flags}


def test_24a_a_single_low_card_not_led_brings_nothing_more():
    out = state([c("1H"), ex("S6")])
    assert out["auction"]["exposed"] == [{"seat": "E", "card": "S6", "led": False}]
    assert barred(out) == {}


def test_24b_an_honour_or_a_card_led_makes_partner_pass_at_his_next_turn():
    assert barred(state([c("1H"), ex("ST")])) == {"W": ("next_turn", "24B")}
    assert barred(state([c("1H"), ex("S6", led=True)])) == {"W": ("next_turn", "24B")}
    out = state([c("1H"), ex("ST"), c("1S"), c("pass"), c("pass", "W")])
    assert barred(out) == {} and out["auction"]["to_call"] == "N"


def test_24c_two_cards_make_partner_pass_at_his_next_turn():
    out = state([c("1H"), ex("S6"), ex("S7")])
    assert barred(out) == {"W": ("next_turn", "24C")}
    assert len(out["auction"]["exposed"]) == 2


def test_24d_a_card_of_the_future_declarer_goes_back_to_his_hand():
    events = [c("1H"), ex("SA", "N"), c("pass"), c("pass"), c("pass")]
    out = state(events[:2])
    assert barred(out) == {"S": ("next_turn", "24B")}
    out = state(events)
    assert out["declarer"] == "N" and out["penalty_cards"] == []
    assert out["auction"]["exposed"] == [] and "24D" in " ".join(out["notes"])
    assert out["to_play"] == "E" and out["pending"] is None


def test_24e_a_defender_s_cards_become_penalty_cards_by_law_50b():
    end = [c("pass"), c("pass"), c("pass")]
    assert penalties(state([c("1H"), ex("S6"), *end])) == {("E", "S6"): "minor"}
    assert penalties(state([c("1H"), ex("ST"), *end])) == {("E", "ST"): "major"}
    assert penalties(state([c("1H"), ex("S6", led=True), *end])) == {("E", "S6"): "major"}
    two = penalties(state([c("1H"), ex("S6"), ex("S7"), *end]))
    assert two == {("E", "S6"): "major", ("E", "S7"): "major"}


def test_24e_then_50d1_the_offender_leads_himself():
    out = state([c("1H"), ex("ST"), *PASSES])
    assert out["to_play"] == "E" and out["legal"] == ["ST"]


def test_24e_then_50d2_the_format_s_example():
    out = state(FORMAT_EVENTS, deal=FORMAT_DEAL, dealer="S")
    assert out["contract"] == "3NT" and out["declarer"] == "S"
    assert penalties(out) == {("E", "SQ"): "major"}
    assert out["pending"]["decider"] == "S" and out["pending"]["law"] == "50D2"
    assert options(out) == [("forbid", "S"), ("no_restriction", None), ("require", "S")]
    after = state([*FORMAT_EVENTS[:2]], deal=FORMAT_DEAL, dealer="S")
    assert barred(after) == {"W": ("next_turn", "24B")}
    assert barred(state(FORMAT_EVENTS[:3], deal=FORMAT_DEAL, dealer="S")) == {}


def test_led_and_deliberate_belong_to_their_phase():
    err = error([c("1H"), ex("S6", deliberate=True)])
    assert err["event"] == 1 and "deliberate" in err["message"]
    out = state([c("1H"), *PASSES, ex("S6", deliberate=True)])  # the play's Law 49 exposure
    assert penalties(out) == {("E", "S6"): "major"}


def test_25a_an_unintended_call_is_replaced_with_no_lead_restriction():
    out = state([c("1H"), {"change": "1S", "seat": "N", "unintended": True}])
    assert calls(out) == [("N", "1H", "withdrawn", "25A"), ("N", "1S", "stands", None)]
    assert due(out) == [] and barred(out) == {} and out["auction"]["to_call"] == "E"


def test_25a_the_intended_call_is_ruled_as_if_made_then():
    out = state([c("1H"), c("1S"), {"change": "1D", "seat": "E", "unintended": True}])
    assert calls(out)[1:] == [("E", "1S", "withdrawn", "25A"), ("E", "1D", "pending", None)]
    assert out["pending"]["law"] == "27"


def test_25a5_an_unintended_final_pass_reopens_the_auction():
    out = state([c("1H"), *PASSES, {"change": "2S", "seat": "W", "unintended": True}])
    assert out["contract"] is None and out["auction"]["over"] is False
    assert calls(out)[-2:] == [("W", "pass", "withdrawn", "25A"), ("W", "2S", "stands", None)]
    assert out["auction"]["to_call"] == "N"
    events = [c("1H"), ex("ST"), c("pass"), c("pass"), c("pass")]
    out = state([*events, {"change": "2S", "seat": "W", "unintended": True}])
    assert out["penalty_cards"] == [] and out["auction"]["exposed"][0]["card"] == "ST"
    assert not any("24E" in entry["note"] for entry in out["log"])


def test_25a_limits():
    err = error(
        [
            c("1H"),
            *PASSES,
            {"play": "ST", "seat": "E"},
            {"change": "2S", "seat": "W", "unintended": True},
        ]
    )
    assert err["event"] == 5 and "opening lead" in err["message"]
    err = error(
        [c("1H"), c("1D"), {"decide": "accept"}, {"change": "1S", "seat": "E", "unintended": True}]
    )
    assert err["event"] == 3 and "right after" in err["message"]
    late = [c("1H"), *PASSES, c("2S", "E"), {"change": "3S", "seat": "E", "unintended": True}]
    err = error(late)
    assert err["event"] == 5 and "39A" in err["message"]


# West's insufficient 2D is replaced by 4D (27B2): East must pass throughout, and North
# plays 4H, so East, West's partner, makes the opening lead.
WEST_OFFENDS = [
    c("1H"), c("pass"), c("2H"), c("2D"), {"decide": "refuse"}, c("4D"),
    c("4H"), c("pass"), c("pass"), c("pass"),
]  # fmt: skip


def test_26b_at_the_opening_lead():
    out = state(WEST_OFFENDS)
    assert out["contract"] == "4H" and out["declarer"] == "N" and out["leader"] == "E"
    assert out["pending"]["decider"] == "N" and out["pending"]["law"] == "26B"
    assert options(out) == [
        ("forbid", "C"),
        ("forbid", "H"),
        ("forbid", "S"),
        ("no_restriction", None),
    ]
    assert due(out) == [("E", "W", "SHC")] and out["to_play"] is None
    out = state([*WEST_OFFENDS, {"decide": "forbid", "suit": "S"}])
    assert out["lead_restriction"] == {"seat": "E", "suits": "S", "mode": "forbidden"}
    assert out["to_play"] == "E" and not any(card.startswith("S") for card in out["legal"])
    assert due(out) == [] and "26B" in " ".join(out["notes"])
    out = state([*WEST_OFFENDS, {"decide": "no_restriction"}])
    assert out["lead_restriction"] is None and "ST" in out["legal"]


def test_26b_the_prohibition_lasts_while_that_defender_keeps_the_lead():
    events = [*WEST_OFFENDS, {"decide": "forbid", "suit": "S"}]
    events += [{"play": "HQ"}, {"play": "H7"}, {"play": "H4"}, {"play": "HK"}]
    out = state(events)
    assert out["leader"] == "N" and out["lead_restriction"] is None


# East's insufficient 1D is replaced by 3D (27B2): North plays 4H and East leads; West's
# first turn to lead comes when his DT wins the first trick.
EAST_OFFENDS = [
    c("1H"), c("1D"), {"decide": "refuse"}, c("3D"), c("pass"), c("pass"),
    c("4H"), c("pass"), c("pass"), c("pass"),
]  # fmt: skip


def test_26b_at_a_later_first_turn_to_lead():
    out = state(EAST_OFFENDS)
    assert out["declarer"] == "N" and out["to_play"] == "E" and out["pending"] is None
    assert due(out) == [("W", "E", "SHC")]
    trick = [{"play": "D2"}, {"play": "D4"}, {"play": "DT"}, {"play": "D7"}]
    out = state([*EAST_OFFENDS, *trick])
    assert out["leader"] == "W" and out["pending"]["law"] == "26B"
    assert options(out) == [
        ("forbid", "C"),
        ("forbid", "H"),
        ("forbid", "S"),
        ("no_restriction", None),
    ]
    out = state([*EAST_OFFENDS, *trick, {"decide": "forbid", "suit": "C"}])
    assert out["lead_restriction"] == {"seat": "W", "suits": "C", "mode": "forbidden"}
    assert not any(card.startswith("C") for card in out["legal"]) and due(out) == []


def test_26b_not_when_the_offender_becomes_declarer_or_dummy():
    out = state(EAST_OFFENDS[:5])
    assert due(out) == [("W", "E", "SHC")]  # during the auction: if he becomes a defender
    out = state([*EAST_OFFENDS[:6], c("pass")])  # East plays 3D
    assert out["declarer"] == "E" and due(out) == [] and out["pending"] is None


def test_26b_and_50d2_due_at_the_same_lead_are_not_modelled():
    events = [*WEST_OFFENDS[:6], ex("DT", "W"), *WEST_OFFENDS[6:]]
    err = error(events)
    assert err["event"] == 10 and "same lead" in err["message"]


def test_a_deal_passed_out_has_no_play():
    out = state([c("pass")] * 4)
    assert out["auction"]["passed_out"] and out["contract"] is None and out["legal"] == []
    err = error([c("pass")] * 4 + [{"play": "SA", "seat": "E"}])
    assert err["event"] == 4


def test_the_scenario_command_reads_an_auction():
    raw = json.dumps(auction(FORMAT_EVENTS, deal=FORMAT_DEAL, dealer="S")).encode()
    proc = subprocess.run(
        [sys.executable, "manage.py", "scenario", "-"],
        input=raw, cwd=ROOT, capture_output=True, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (
        out["contract"] == "3NT" and out["auction"]["over"] and out["lead_restrictions_due"] == []
    )
    bad = json.dumps(auction([c("1H"), c("1Z")])).encode()
    proc = subprocess.run(
        [sys.executable, "manage.py", "scenario", "-"],
        input=bad, cwd=ROOT, capture_output=True, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 1 and json.loads(proc.stdout)["error"]["event"] == 1
