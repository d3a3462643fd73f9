"""Law 27: an insufficient bid, accepted (27A1) or replaced (27B1 to 27B4, 27C)."""

from .auction_helpers import barred, c, calls, due, error, options, state

# North opens 1H; East's 1D does not supersede it.
INSUFFICIENT = [c("1H"), c("1D")]
REFUSED = [*INSUFFICIENT, {"decide": "refuse"}]


def test_27a1_the_lho_accepts_the_insufficient_bid_by_deciding():
    out = state([*INSUFFICIENT, {"decide": "accept"}])
    assert calls(out)[1] == ("E", "1D", "stands", "27A1")
    assert out["auction"]["to_call"] == "S" and barred(out) == {} and due(out) == []
    # It is treated as legal: later bids must supersede it, not North's 1H.
    out = state([*INSUFFICIENT, {"decide": "accept"}, c("1H")])
    assert calls(out)[-1] == ("S", "1H", "stands", None)
    out = state([*INSUFFICIENT, {"decide": "accept"}, c("1C")])
    assert out["pending"]["law"] == "27" and out["pending"]["decider"] == "W"


def test_27a1_the_lho_accepts_by_calling():
    out = state([*INSUFFICIENT, c("pass", "S")])
    assert calls(out)[1:] == [("E", "1D", "stands", "27A1"), ("S", "pass", "stands", None)]
    assert out["auction"]["to_call"] == "W" and out["pending"] is None


def test_27_the_options_and_who_decides():
    out = state(INSUFFICIENT)
    assert out["pending"]["decider"] == "S" and out["pending"]["law"] == "27"
    assert options(out) == [("accept", None), ("refuse", None)]
    assert calls(out)[1] == ("E", "1D", "pending", None)


def test_27b_refused_the_offender_replaces_it_at_once():
    out = state(REFUSED)
    assert calls(out)[1] == ("E", "1D", "withdrawn", "27B")
    assert out["auction"]["to_call"] == "E" and out["pending"] is None


def test_27b1a_the_lowest_sufficient_bid_in_the_same_denomination_brings_nothing_more():
    out = state([*REFUSED, c("2D")])
    assert calls(out)[-1] == ("E", "2D", "stands", "27B1(a)")
    assert barred(out) == {} and due(out) == [] and out["auction"]["to_call"] == "S"


def test_27b1a_needs_neither_bid_to_be_artificial():
    out = state([c("1H"), c("1D", artificial=True), {"decide": "refuse"}, c("2D")])
    assert calls(out)[-1] == ("E", "2D", "stands", "27B2")
    out = state([*REFUSED, c("2D", artificial=True)])
    assert calls(out)[-1] == ("E", "2D", "stands", "27B2")
    assert barred(out) == {"W": ("auction_end", "27B2")}


def test_27b1a_is_not_a_comparable_call():
    err = error([*REFUSED, c("2D", comparable=True)])
    assert err["event"] == 3 and "27B1(a)" in err["message"]


def test_27b1b_a_comparable_call_brings_nothing_more():
    for replacement in ("2NT", "pass", "X"):
        out = state([*REFUSED, c(replacement, comparable=True)])
        assert calls(out)[-1] == ("E", replacement, "stands", "27B1(b)")
        assert barred(out) == {} and due(out) == []


def test_27b2_any_other_sufficient_bid_or_pass_bars_partner_and_may_bring_26b():
    out = state([*REFUSED, c("3D")])
    assert calls(out)[-1] == ("E", "3D", "stands", "27B2")
    assert barred(out) == {"W": ("auction_end", "27B2")}
    assert due(out) == [("W", "E", "SHC")]  # East has specified diamonds
    out = state([*REFUSED, c("pass")])
    assert barred(out) == {"W": ("auction_end", "27B2")} and due(out) == [("W", "E", "SHDC")]


def test_27b2_partner_passes_whenever_it_is_his_turn():
    out = state([*REFUSED, c("3D"), c("pass"), c("pass"), c("4D"), c("pass")])
    assert barred(out) == {"W": ("auction_end", "27B2")}  # still, after his pass
    out = state([*REFUSED, c("3D"), c("pass"), c("3H", "W")])
    assert out["pending"]["law"] == "37"


def test_27b3_a_double_is_cancelled_and_replaced_again():
    out = state([*REFUSED, c("X")])
    assert calls(out)[-1] == ("E", "X", "cancelled", "27B3")
    assert barred(out) == {"W": ("auction_end", "27B3")}
    assert out["auction"]["to_call"] == "E" and due(out) == []
    out = state([*REFUSED, c("X"), c("2D")])
    assert calls(out)[-1] == ("E", "2D", "stands", "27B3")
    assert due(out) == [("W", "E", "SHC")]
    # A comparable second replacement only takes away Law 26B (26A): partner still passes.
    out = state([*REFUSED, c("X"), c("2NT", comparable=True)])
    assert barred(out) == {"W": ("auction_end", "27B3")} and due(out) == []


def test_27b4_a_second_insufficient_bid_the_lho_may_accept():
    out = state([*REFUSED, c("1C")])
    assert calls(out)[-1] == ("E", "1C", "pending", None)
    assert out["pending"]["law"] == "27B4" and out["pending"]["decider"] == "S"
    out = state([*REFUSED, c("1C"), {"decide": "refuse"}])
    assert calls(out)[-1] == ("E", "1C", "cancelled", "27B4")
    assert barred(out) == {"W": ("auction_end", "27B4")} and out["auction"]["to_call"] == "E"
    out = state([*REFUSED, c("1C"), {"decide": "refuse"}, c("2C")])
    assert calls(out)[-1] == ("E", "2C", "stands", "27B4") and due(out) == [("W", "E", "SHD")]


def test_27b4_accepted_the_second_insufficient_bid_stands():
    out = state([*REFUSED, c("1C"), {"decide": "accept"}])
    assert calls(out)[-1] == ("E", "1C", "stands", "27A1")
    assert out["auction"]["to_call"] == "S"
    out = state([*REFUSED, c("1C"), {"decide": "accept"}, c("1D")])
    assert out["pending"] is None  # 1D supersedes the accepted 1C


def test_27c_a_replacement_before_any_ruling_waits_for_the_lho():
    out = state([*INSUFFICIENT, c("2D", "E")])
    assert calls(out)[1:] == [("E", "1D", "pending", None), ("E", "2D", "pending", "27C")]
    assert out["pending"]["law"] == "27C" and out["pending"]["decider"] == "S"
    assert options(out) == [("accept", None), ("refuse", None)]


def test_27c_accepted_the_insufficient_bid_stands_and_the_replacement_is_cancelled():
    out = state([*INSUFFICIENT, c("2D", "E"), {"decide": "accept"}])
    assert calls(out)[1:] == [("E", "1D", "stands", "27A1"), ("E", "2D", "cancelled", "27C")]
    assert out["auction"]["to_call"] == "S"
    out = state([*INSUFFICIENT, c("2D", "E"), c("pass", "S")])  # accepted by calling
    assert calls(out)[1:3] == [("E", "1D", "stands", "27A1"), ("E", "2D", "cancelled", "27C")]


def test_27c_refused_the_replacement_is_ruled_under_27b():
    out = state([*INSUFFICIENT, c("2D", "E"), {"decide": "refuse"}])
    assert calls(out)[1:] == [("E", "1D", "withdrawn", "27B"), ("E", "2D", "stands", "27B1(a)")]
    assert out["auction"]["to_call"] == "S"
    out = state([*INSUFFICIENT, c("4D", "E"), {"decide": "refuse"}])
    assert calls(out)[-1] == ("E", "4D", "stands", "27B2") and barred(out)["W"][1] == "27B2"
    out = state([*INSUFFICIENT, c("X", "E"), {"decide": "refuse"}])
    assert calls(out)[-1] == ("E", "X", "cancelled", "27B3") and out["auction"]["to_call"] == "E"


def test_a_call_by_a_third_player_while_27_is_pending_is_an_error():
    err = error([*INSUFFICIENT, c("pass", "W")])
    assert err["event"] == 2 and "may not call now" in err["message"]
