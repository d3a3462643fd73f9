"""Laws 28 to 32: calls out of rotation, accepted (29A) or cancelled (29B, 30, 31, 32),
calls deemed in rotation (28A, 28B), and Law 17D3's limit."""

from .auction_helpers import barred, c, calls, due, error, options, state

# North deals and opens 1H. It is East's turn; South (East's LHO) bids 2H at his RHO's turn.
AT_RHO = [c("1H"), c("2H", "S")]
REFUSED_AT_RHO = [*AT_RHO, {"decide": "refuse"}]


def test_29_a_call_out_of_rotation_waits_for_the_offender_s_lho():
    out = state(AT_RHO)
    assert calls(out)[-1] == ("S", "2H", "pending", None)
    assert out["pending"]["decider"] == "W" and out["pending"]["law"] == "29"
    assert options(out) == [("accept", None), ("refuse", None)]
    assert out["auction"]["to_call"] is None


def test_29a_accepted_it_stands_as_if_in_rotation():
    out = state([*AT_RHO, {"decide": "accept"}])
    assert calls(out)[-1] == ("S", "2H", "stands", "29A")
    assert out["auction"]["to_call"] == "W"  # East has lost his turn
    out = state([*AT_RHO, c("pass", "W")])  # accepted by calling
    assert calls(out)[-2:] == [("S", "2H", "stands", "29A"), ("W", "pass", "stands", None)]
    assert out["auction"]["to_call"] == "N"


def test_29b_refused_it_is_cancelled_and_the_turn_goes_back():
    out = state(REFUSED_AT_RHO)
    assert calls(out)[-1] == ("S", "2H", "cancelled", "29B")
    assert out["auction"]["to_call"] == "E"


def test_28a_the_lho_of_a_player_required_to_pass_calls_in_rotation():
    # East's insufficient 1D is replaced by 3D (27B2): West must pass throughout.
    events = [c("1H"), c("1D"), {"decide": "refuse"}, c("3D"), c("pass"), c("3H", "N")]
    out = state(events)
    assert out["auction"]["calls"][-2] == {
        "seat": "W", "call": "pass", "status": "stands", "law": "28A", "deemed": True,
    }  # fmt: skip
    assert calls(out)[-1] == ("N", "3H", "stands", None) and out["pending"] is None
    assert out["auction"]["to_call"] == "E"


def test_28b_the_player_whose_turn_it_was_calls_and_cancels_the_call_out_of_rotation():
    out = state([*AT_RHO, c("pass", "E")])
    assert calls(out)[-2:] == [("S", "2H", "cancelled", "28B"), ("E", "pass", "stands", None)]
    assert out["auction"]["to_call"] == "S" and barred(out) == {} and due(out) == []
    # The dealer opens over his RHO's call made before him: 28B, though he is the LHO.
    out = state([c("1S", "W"), c("1H", "N")])
    assert calls(out) == [("W", "1S", "cancelled", "28B"), ("N", "1H", "stands", None)]


def test_30a_a_pass_at_rho_s_turn_the_offender_passes_at_his_next_turn():
    out = state([c("1H"), c("pass", "S"), {"decide": "refuse"}])
    assert barred(out) == {"S": ("next_turn", "30A")} and out["auction"]["to_call"] == "E"
    out = state([c("1H"), c("pass", "S"), {"decide": "refuse"}, c("1S"), c("pass")])
    assert barred(out) == {} and due(out) == []
    out = state([c("1H"), c("pass", "S"), {"decide": "refuse"}, c("1S"), c("2H")])
    assert out["pending"]["law"] == "37"


def test_30b1_a_pass_at_partner_s_turn_partner_calls_freely_then_the_offender_s_call():
    base = [c("pass", "S"), {"decide": "refuse"}, c("1H", "N"), c("pass", "E")]
    out = state(base)
    assert barred(out) == {} and out["auction"]["to_call"] == "S"
    out = state([*base, c("2H")])  # not comparable: partner passes at his next turn
    assert barred(out) == {"N": ("next_turn", "30B1(b)")} and due(out) == [("N", "S", "SDC")]
    out = state([*base, c("2H", comparable=True)])
    assert calls(out)[-1] == ("S", "2H", "stands", "30B1(b)(i)")
    assert barred(out) == {} and due(out) == []


def test_30b1_also_at_lho_s_turn_before_the_offender_has_called():
    out = state([c("pass", "W"), {"decide": "refuse"}, c("1H", "N"), c("1S", "E"), c("2H")])
    assert out["auction"]["to_call"] == "W" and barred(out) == {}
    out = state([c("pass", "W"), {"decide": "refuse"}, c("1H"), c("1S"), c("2H"), c("2S")])
    assert barred(out) == {"E": ("next_turn", "30B1(b)")}


def test_30c_an_artificial_pass_out_of_rotation_is_ruled_under_law_31():
    events = [c("1H"), c("pass", "S", artificial=True), {"decide": "refuse"}, c("pass", "E")]
    out = state(events)
    assert out["auction"]["required_call"] == {"seat": "S", "call": "pass", "law": "31A1"}
    assert barred(out) == {}


def test_31a1_rho_passes_the_offender_repeats_his_call():
    out = state([*REFUSED_AT_RHO, c("pass", "E")])
    assert out["auction"]["required_call"] == {"seat": "S", "call": "2H", "law": "31A1"}
    out = state([*REFUSED_AT_RHO, c("pass", "E"), c("2H", "S")])
    assert calls(out)[-1] == ("S", "2H", "stands", "31A1")
    assert out["auction"]["required_call"] is None and barred(out) == {} and due(out) == []
    err = error([*REFUSED_AT_RHO, c("pass", "E"), c("3H", "S")])
    assert err["event"] == 4 and "must repeat" in err["message"]


def test_31a1_with_27a2_the_repeat_of_an_insufficient_bid_is_ruled_under_law_27():
    events = [c("1H"), c("1D", "S"), {"decide": "refuse"}, c("pass", "E"), c("1D", "S")]
    out = state(events)
    assert out["pending"]["law"] == "27" and out["pending"]["decider"] == "W"
    out = state([*events, {"decide": "refuse"}, c("3D")])
    assert calls(out)[-1] == ("S", "3D", "stands", "27B2")
    assert barred(out) == {"N": ("auction_end", "27B2")}
    # The repeat may carry 'artificial' only because it is insufficient.
    out = state([*events[:-1], c("1D", "S", artificial=True), {"decide": "refuse"}, c("2D")])
    assert calls(out)[-1] == ("S", "2D", "stands", "27B2")
    err = error([*REFUSED_AT_RHO, c("pass", "E"), c("2H", "S", artificial=True)])
    assert err["event"] == 4 and "artificial" in err["message"]


def test_31a1_the_repeat_keeps_the_artificial_flag_of_the_call_out_of_rotation():
    events = [c("1H"), c("1D", "S", artificial=True), {"decide": "refuse"}, c("pass", "E")]
    out = state([*events, c("1D", "S"), {"decide": "refuse"}, c("2D")])
    assert calls(out)[-1] == ("S", "2D", "stands", "27B2")  # not 27B1(a)


def test_31a2_rho_bids_the_offender_calls_freely():
    out = state([*REFUSED_AT_RHO, c("2S", "E"), c("3H", "S")])
    assert calls(out)[-1] == ("S", "3H", "stands", None)
    assert barred(out) == {"N": ("next_turn", "31A2(b)")} and due(out) == [("N", "S", "SDC")]
    out = state([*REFUSED_AT_RHO, c("2S", "E"), c("3H", "S", comparable=True)])
    assert calls(out)[-1] == ("S", "3H", "stands", "31A2(a)")
    assert barred(out) == {} and due(out) == []
    out = state([*REFUSED_AT_RHO, c("2S", "E"), c("3H", "S"), c("pass"), c("pass", "N")])
    assert barred(out) == {}  # the bar was for his next turn only


def test_31_an_illegal_call_by_the_rho_after_the_cancelled_call_is_not_modelled():
    err = error([*REFUSED_AT_RHO, c("1D", "E")])
    assert err["event"] == 3 and "not modelled" in err["message"]


def test_31b_a_bid_at_partner_s_turn():
    base = [c("1H", "S"), {"decide": "refuse"}, c("1S", "N"), c("pass", "E")]
    out = state(base)
    assert calls(out)[0] == ("S", "1H", "cancelled", "29B") and barred(out) == {}
    out = state([*base, c("2H")])
    assert barred(out) == {"N": ("next_turn", "31A2(b)")} and due(out) == [("N", "S", "SDC")]
    out = state([*base, c("2H", comparable=True)])
    assert calls(out)[-1] == ("S", "2H", "stands", "31A2(a)") and barred(out) == {}


def test_32a_a_double_at_rho_s_turn():
    base = [c("1H"), c("pass"), c("X", "W")]
    out = state(base)
    assert out["pending"]["law"] == "32" and out["pending"]["decider"] == "N"
    out = state([*base, {"decide": "refuse"}, c("pass", "S")])
    assert out["auction"]["required_call"] == {"seat": "W", "call": "X", "law": "32A1"}
    out = state([*base, {"decide": "refuse"}, c("pass", "S"), c("X", "W")])
    assert calls(out)[-1] == ("W", "X", "stands", "32A1") and barred(out) == {}
    out = state([*base, {"decide": "refuse"}, c("2H", "S"), c("pass", "W")])
    assert barred(out) == {"E": ("next_turn", "32A2(b)")} and due(out) == [("E", "W", "SHDC")]
    out = state([*base, {"decide": "refuse"}, c("2H", "S"), c("pass", "W", comparable=True)])
    assert calls(out)[-1] == ("W", "pass", "stands", "32A2(a)") and barred(out) == {}


def test_32b_a_double_at_partner_s_turn():
    base = [c("1H"), c("X", "W"), {"decide": "refuse"}]
    out = state(base)
    assert out["auction"]["to_call"] == "E"
    out = state([*base, c("pass", "E"), c("2H", "S"), c("pass", "W")])
    assert barred(out) == {"E": ("next_turn", "32A2(b)")}
    out = state([*base, c("pass", "E"), c("2H", "S"), c("X", "W", comparable=True)])
    assert calls(out)[-1] == ("W", "X", "stands", "32A2(a)") and barred(out) == {}


def test_32_an_inadmissible_double_out_of_rotation_is_never_accepted():
    base = [c("1H"), c("X", "S")]  # South doubles his partner's bid at East's turn
    out = state(base)
    assert out["pending"]["law"] == "36" and options(out) == [("rectify", None)]
    out = state([*base, {"decide": "rectify"}])
    assert calls(out)[-1] == ("S", "X", "cancelled", "36B")
    assert barred(out) == {"N": ("auction_end", "36B4")} and out["auction"]["to_call"] == "E"
    out = state([*base, {"decide": "rectify"}, c("pass", "E"), c("2H", "S")])
    assert calls(out)[-1] == ("S", "2H", "stands", "36B4") and due(out) == [("N", "S", "SDC")]
    out = state([*base, c("pass", "W")])  # 36A: the LHO calls first
    assert calls(out)[1:] == [("S", "X", "cancelled", "36A"), ("W", "pass", "cancelled", "36A")]
    assert out["auction"]["to_call"] == "E" and barred(out) == {}


def test_out_of_rotation_errors():
    bar = [c("1H"), c("1D"), {"decide": "refuse"}, c("3D")]  # West barred (27B2)
    err = error([*bar, c("pass", "W")])
    assert err["event"] == 4 and "rectification" in err["message"]
    err = error([c("1H"), c("pass"), c("2S", "E")])  # at his LHO's turn, having called
    assert err["event"] == 2 and "change of call" in err["message"]
    err = error([c("1H"), c("X", "N")])  # a double at his LHO's turn
    assert err["event"] == 1 and "32C" in err["message"]
    err = error([c("1H"), c("X", "S"), {"decide": "rectify"}, c("pass", "E"), c("X", "N")])
    assert err["event"] == 4


def test_17d3_an_accepted_pass_out_of_rotation_among_the_last_three_is_not_modelled():
    events = [c("1H"), c("pass"), c("pass", "W"), {"decide": "accept"}, c("pass", "N")]
    err = error([*events, c("pass", "E")])
    assert "17D3" in err["message"]
