"""The auction from the first call: calls, turns, sufficiency (Law 18), Law 19, the end of
the auction (Law 22), the output and the errors of scenario-format.md's auction section."""

import json

import pytest

from penaltyflow.engine import run

from .auction_helpers import PASSES, auction, c, calls, error, state
from .helpers import scenario


def test_an_empty_auction_waits_for_the_dealer():
    out = state([], dealer="E")
    a = out["auction"]
    assert a["to_call"] == "E" and a["dealer"] == "E" and a["vulnerable"] == "None"
    assert a["calls"] == [] and a["over"] is False and a["passed_out"] is False
    assert a["barred"] == [] and a["required_call"] is None and a["exposed"] == []
    assert out["contract"] is None and out["declarer"] is None and out["dummy"] is None
    assert out["to_play"] is None and out["leader"] is None and out["legal"] == []
    assert out["trick"] == 1 and out["pending"] is None and out["lead_restrictions_due"] == []


def test_calls_go_clockwise_from_the_dealer_17b_17c():
    out = state([c("1C"), c("1D"), c("pass", "N"), c("2D")], dealer="S")
    assert calls(out) == [
        ("S", "1C", "stands", None),
        ("W", "1D", "stands", None),
        ("N", "pass", "stands", None),
        ("E", "2D", "stands", None),
    ]
    assert out["auction"]["to_call"] == "S"


def test_calls_are_read_in_any_case_and_written_back_in_the_format_s_case():
    out = state([c("1nt"), c("x"), c("xx"), c("PASS"), c("Pass"), c("pass")])
    assert [e["call"] for e in out["auction"]["calls"]] == [
        "1NT",
        "X",
        "XX",
        "pass",
        "pass",
        "pass",
    ]


@pytest.mark.parametrize("bad", ["1Z", "0S", "P", 3, "", "1N", "NT", "X1"])
def test_what_is_not_a_call_is_an_error(bad):
    err = error([c("1H"), c(bad)])
    assert err["event"] == 1 and "not a call" in err["message"]


def test_22a_three_passes_after_a_bid_end_the_auction_and_give_the_contract():
    out = state([c("1H"), c("pass"), c("2H"), *PASSES])
    assert out["auction"]["over"] and not out["auction"]["passed_out"]
    assert out["contract"] == "2H" and out["declarer"] == "N" and out["dummy"] == "S"
    assert out["leader"] == "E" and out["to_play"] == "E" and out["auction"]["to_call"] is None
    assert "H5" not in out["legal"] and "HQ" in out["legal"]


def test_declarer_is_the_first_of_his_side_to_name_the_strain():
    out = state([c("1H"), c("pass"), c("2C"), c("pass"), c("4H"), *PASSES])
    assert out["contract"] == "4H" and out["declarer"] == "N"
    out = state([c("1C"), c("pass"), c("1H"), c("pass"), c("4H"), *PASSES])
    assert out["declarer"] == "S" and out["leader"] == "W"


def test_doubles_and_redoubles_go_into_the_contract():
    out = state([c("1H"), c("X"), c("pass"), c("pass"), c("XX"), *PASSES])
    assert out["contract"] == "1HXX" and out["declarer"] == "N"
    out = state([c("1H"), c("X"), c("2H"), *PASSES])
    assert out["contract"] == "2H"  # a double is superseded by a later bid (19C)


def test_22b_four_passes_pass_the_deal_out_with_no_play():
    out = state([c("pass")] * 4)
    assert out["auction"]["over"] and out["auction"]["passed_out"]
    assert out["contract"] is None and out["declarer"] is None and out["to_play"] is None
    for later in ({"play": "SA", "seat": "E"}, c("1H", "N"), {"expose": "SA", "seat": "N"}):
        err = error([c("pass")] * 4 + [later])
        assert err["event"] == 4 and "passed out" in err["message"]


def test_18_an_insufficient_bid_waits_for_the_lho():
    out = state([c("1S"), c("1H")])
    assert calls(out)[-1] == ("E", "1H", "pending", None)
    assert out["pending"]["decider"] == "S" and out["pending"]["law"] == "27"
    assert out["auction"]["to_call"] is None
    # The same level in a higher denomination, and a higher level, are sufficient (18B, 18E).
    out = state([c("1H"), c("1S"), c("1NT"), c("2C")])
    assert [e["status"] for e in out["auction"]["calls"]] == ["stands"] * 4


@pytest.mark.parametrize(
    "events",
    [
        [c("X")],  # nothing to double
        [c("1H"), c("pass"), c("X")],  # partner's bid
        [c("1H"), c("X"), c("X")],  # a double to double
        [c("1H"), c("pass"), c("pass"), c("XX")],  # no double to redouble
        [c("1H"), c("X"), c("pass"), c("pass"), c("X")],  # a double of a double
    ],
)
def test_19_a_double_or_redouble_law_19_does_not_permit_goes_to_law_36(events):
    out = state(events)
    assert out["pending"]["law"] == "36" and out["pending"]["options"][0]["decide"] == "rectify"


def test_19_doubles_and_redoubles_law_19_permits():
    out = state([c("1H"), c("pass"), c("pass"), c("X"), c("pass"), c("pass"), c("XX")])
    assert out["pending"] is None and out["auction"]["to_call"] == "W"
    out = state([c("1H"), c("X"), c("XX")])
    assert out["pending"] is None and out["auction"]["to_call"] == "W"


def test_a_scenario_without_an_auction_has_auction_null_and_nothing_else_new():
    status, out = run(json.dumps(scenario([{"play": "HJ", "seat": "E"}])))
    assert status == 0 and out["auction"] is None and out["lead_restrictions_due"] == []
    assert out["contract"] == "4S" and out["pending"]["law"] == "54"


def test_vulnerability_is_echoed():
    assert state([], vulnerable="ew")["auction"]["vulnerable"] == "EW"
    assert state([], vulnerable="ALL")["auction"]["vulnerable"] == "All"


@pytest.mark.parametrize(
    "extra, words",
    [
        ({"dealer": "Q"}, "not a seat"),
        ({"vulnerable": "both"}, "vulnerable"),
        ({"vulnerable": 1}, "vulnerable"),
        ({"contract": "4S"}, "not both"),
        ({"declarer": "S"}, "not both"),
    ],
)
def test_errors_in_the_document_name_no_event(extra, words):
    data = auction([c("1H")])
    data.update(extra)
    status, out = run(json.dumps(data))
    assert status == 1 and out["error"]["event"] is None and words in out["error"]["message"]


@pytest.mark.parametrize(
    "events, index, words",
    [
        ([c("1H"), {"play": "SA", "seat": "E"}], 1, "auction is not over"),
        ([c("1H"), {"correct": "SA"}], 1, "auction is not over"),
        ([c("1H"), {"decide": "accept"}], 1, "Nothing is pending"),
        ([c("1H"), c("1D"), {"decide": "rectify"}], 2, "not an option"),
        ([c("1H"), c("1D"), c("pass", "W")], 2, "may not call now"),
        ([c("1H"), c("1NT", comparable=True)], 1, "comparable"),
        ([c("1H"), c("1NT", artificial=True)], 1, "artificial"),
        ([c("1H"), {"expose": "SA", "seat": "E", "deliberate": True}], 1, "deliberate"),
        ([c("1H"), {"expose": "SA", "seat": "E"}], 1, "does not hold"),
        ([c("1H"), {"call": "2H", "seat": "E", "alert": True}], 1, "no field 'alert'"),
        ([c("1H"), {"change": "2H", "seat": "N"}], 1, "25B"),
        ([c("1H"), {"change": "2H", "seat": "E", "unintended": True}], 1, "no call"),
        ([c("1H"), c("pass"), {"change": "2H", "seat": "N", "unintended": True}], 2, "right after"),
        ([c("1H"), c("1D"), {"decide": "refuse"}, c("8D")], 3, "not modelled"),
    ],
)
def test_the_errors_of_the_auction_name_their_event(events, index, words):
    err = error(events)
    assert err["event"] == index and words in err["message"], err


def test_a_call_once_the_opening_lead_is_faced_is_an_error():
    events = [c("1H"), c("pass"), c("pass"), c("pass"), {"play": "ST", "seat": "E"}, c("2S", "E")]
    err = error(events)
    assert err["event"] == 5 and "opening lead" in err["message"]


def test_led_after_the_auction_is_an_error():
    events = [c("1H"), *PASSES, {"expose": "SA", "seat": "E", "led": True}]
    err = error(events)
    assert err["event"] == 4 and "'led'" in err["message"]


def test_a_call_needs_its_seat_when_nobody_is_to_call():
    err = error([c("1H"), c("1D"), c("pass")])
    assert err["event"] == 2 and "seat" in err["message"]


def test_the_format_s_example():
    out = state([c("1H", "N"), c("1D", "E"), {"decide": "refuse"}, c("3D", "E"), c("4H", "S")])
    assert out["auction"] == {
        "dealer": "N",
        "vulnerable": "None",
        "calls": [
            {"seat": "N", "call": "1H", "status": "stands"},
            {"seat": "E", "call": "1D", "status": "withdrawn", "law": "27B"},
            {"seat": "E", "call": "3D", "status": "stands", "law": "27B2"},
            {"seat": "S", "call": "4H", "status": "stands"},
        ],
        "to_call": "W",
        "over": False,
        "passed_out": False,
        "barred": [{"seat": "W", "until": "auction_end", "law": "27B2"}],
        "required_call": None,
        "exposed": [],
    }
    assert out["lead_restrictions_due"] == [
        {"seat": "W", "offender": "E", "suits": "SHC", "law": "26B"}
    ]
    assert out["contract"] is None and out["declarer"] is None and out["pending"] is None


def test_every_note_names_the_event_that_brought_it():
    out = state([c("1H"), c("1D"), {"decide": "refuse"}, c("3D"), c("pass"), c("pass")])
    events = {entry["event"] for entry in out["log"]}
    assert events == {1, 2, 3}
    assert any("27B2" in entry["note"] and entry["event"] == 3 for entry in out["log"])
    # The last pass brought no note; the bar in force is a standing note.
    assert out["notes"] == ["West must pass whenever it is his turn to call (Law 27B2)."]
    out = state([c("1H"), c("1D")])
    assert len(out["notes"]) == len(set(out["notes"])) == 2
