"""Laws 36 to 39: inadmissible calls, with the LHO calling first (36A, 37A, 38D, 39B) or
the Director rectifying (36B, 37B, 38B, 38C, 39C)."""

from .auction_helpers import PASSES, barred, c, calls, due, options, state

# East's insufficient 1D is replaced by 3D (27B2): West must pass throughout.
WEST_BARRED = [c("1H"), c("1D"), {"decide": "refuse"}, c("3D"), c("pass")]


def test_36_a_double_law_19_does_not_permit_waits_for_the_lho():
    out = state([c("1H"), c("pass"), c("X")])  # South doubles his partner's bid
    assert calls(out)[-1] == ("S", "X", "pending", None)
    assert out["pending"]["law"] == "36" and out["pending"]["decider"] == "W"
    assert options(out) == [("rectify", None)]


def test_36a_the_lho_calls_first_everything_from_the_double_on_is_cancelled():
    out = state([c("1H"), c("pass"), c("X"), c("2C", "W")])
    assert calls(out)[2:] == [("S", "X", "cancelled", "36A"), ("W", "2C", "cancelled", "36A")]
    assert out["auction"]["to_call"] == "S" and barred(out) == {} and due(out) == []
    out = state([c("1H"), c("pass"), c("X"), c("2C", "W"), c("2H")])
    assert calls(out)[-1] == ("S", "2H", "stands", None)


def test_36b_rectified_a_legal_call_at_once_and_partner_passes_throughout():
    out = state([c("1H"), c("pass"), c("X"), {"decide": "rectify"}])
    assert calls(out)[-1] == ("S", "X", "cancelled", "36B")
    assert barred(out) == {"N": ("auction_end", "36B2")} and out["auction"]["to_call"] == "S"
    out = state([c("1H"), c("pass"), c("X"), {"decide": "rectify"}, c("2H")])
    assert calls(out)[-1] == ("S", "2H", "stands", "36B2") and due(out) == [("N", "S", "SDC")]
    out = state([c("1H"), c("pass"), c("X"), {"decide": "rectify"}, c("2H", comparable=True)])
    assert due(out) == [] and barred(out) == {"N": ("auction_end", "36B2")}  # 26A


def test_36_a_barred_player_s_double_law_19_does_not_permit_is_law_36_not_37():
    out = state([*WEST_BARRED, c("X", "W")])  # West doubles his partner's 3D
    assert out["pending"]["law"] == "36"


def test_37_a_bid_by_a_player_required_to_pass():
    out = state([*WEST_BARRED, c("3H", "W")])
    assert out["pending"]["law"] == "37" and out["pending"]["decider"] == "N"
    assert options(out) == [("rectify", None)]


def test_37a_the_lho_calls_first_both_calls_stand_and_a_bar_to_the_end_still_holds():
    out = state([*WEST_BARRED, c("3H", "W"), c("4H", "N")])
    assert calls(out)[-2:] == [("W", "3H", "stands", "37A"), ("N", "4H", "stands", None)]
    assert barred(out) == {"W": ("auction_end", "27B2")} and out["auction"]["to_call"] == "E"
    assert due(out) == [("W", "E", "SHC")]  # only East's: no 26B for West's call (37A)
    # A bar for one turn is used up by the call that stood.
    events = [c("1H"), c("pass", "S"), {"decide": "refuse"}, c("1S"), c("2H"), c("pass", "W")]
    out = state(events)
    assert calls(out)[-2] == ("S", "2H", "stands", "37A") and barred(out) == {}


def test_37b_rectified_a_pass_instead_and_both_of_the_side_pass_throughout():
    out = state([*WEST_BARRED, c("3H", "W"), {"decide": "rectify"}])
    assert calls(out)[-2:] == [("W", "3H", "cancelled", "37B"), ("W", "pass", "stands", "37B2")]
    assert barred(out) == {"E": ("auction_end", "37B2"), "W": ("auction_end", "27B2")}
    assert due(out) == [("W", "E", "SHC"), ("E", "W", "SHDC")]
    assert out["auction"]["to_call"] == "N"


def test_38_a_bid_of_more_than_seven_is_ruled_never_played():
    out = state([c("8H")])
    assert calls(out) == [("N", "8H", "pending", None)] and out["pending"]["law"] == "38"
    out = state([c("8H"), {"decide": "rectify"}])
    assert calls(out) == [("N", "8H", "cancelled", "38B"), ("N", "pass", "stands", "38C")]
    assert barred(out) == {"N": ("auction_end", "38C"), "S": ("auction_end", "38C")}
    assert due(out) == [("S", "N", "SHDC")] and out["auction"]["to_call"] == "E"


def test_38d_the_lho_called_first_no_26b():
    out = state([c("1H"), c("8S"), c("pass", "S")])
    assert calls(out)[1:] == [
        ("E", "8S", "cancelled", "38B"),
        ("S", "pass", "cancelled", "38B"),
        ("E", "pass", "stands", "38C"),
    ]
    assert barred(out) == {"E": ("auction_end", "38C"), "W": ("auction_end", "38C")}
    assert due(out) == [] and out["auction"]["to_call"] == "S"


def test_38c_the_substituted_pass_may_end_the_auction():
    out = state([c("1H"), c("pass"), c("pass"), c("8C"), {"decide": "rectify"}])
    assert out["contract"] == "1H" and out["declarer"] == "N" and out["auction"]["over"]
    assert due(out) == [("E", "W", "SHDC")]  # East is the opening leader, West the offender
    assert out["pending"]["law"] == "26B"


def test_39a_a_call_after_the_final_pass_is_cancelled():
    out = state([c("1H"), *PASSES, c("2S", "E")])
    assert calls(out)[-1] == ("E", "2S", "cancelled", "39A")
    assert out["pending"]["law"] == "39" and out["pending"]["decider"] == "S"
    assert options(out) == [("rectify", None)] and out["to_play"] is None


def test_39b_nothing_more_for_a_defender_s_pass_a_declaring_side_call_or_the_lho_first():
    for events in (
        [c("pass", "E")],
        [c("2H", "N")],
        [c("3H", "S")],
        [c("2S", "E"), c("pass", "S")],
    ):
        out = state([c("1H"), *PASSES, *events])
        assert all(status == "cancelled" for _, _, status, _ in calls(out)[4:])
        assert out["pending"] is None and out["to_play"] == "E" and due(out) == []
        assert out["contract"] == "1H"


def test_39c_rectified_26b_may_apply():
    out = state([c("1H"), *PASSES, c("2S", "E"), {"decide": "rectify"}])
    assert due(out) == [("W", "E", "SHDC")]
    assert out["pending"] is None and out["to_play"] == "E"  # West's first lead comes later
