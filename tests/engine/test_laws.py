"""One test (at least) per clause of Laws 48 to 56, on the deal of scenario-format.md.
Law 57, 58B2 and 47E1: test_laws_57_58_47.py."""

from .helpers import TWO_TRICKS, error, notes, options, penalties, state

OPENING_H4 = [{"play": "H4", "seat": "W"}, {"play": "H2", "seat": "N"}]


# --- Law 48A -------------------------------------------------------------------


def test_a_card_exposed_by_declarer_or_dummy_is_never_a_penalty_card():
    out = state([{"expose": "SA", "seat": "N"}, {"expose": "HA", "seat": "S", "deliberate": True}])
    assert out["penalty_cards"] == []
    assert "48A" in notes(out)
    assert out["to_play"] == "W" and out["pending"] is None
    assert len(out["legal"]) == 13


def test_declarer_need_not_play_a_card_he_dropped():
    events = [{"expose": "HA", "seat": "S"}, *OPENING_H4, {"play": "HJ", "seat": "E"}]
    out = state(events)
    assert out["to_play"] == "S"
    assert sorted(out["legal"]) == ["H7", "H8", "H9", "HA"]
    out = state([*events, {"play": "H7"}])
    assert out["tricks"][0]["cards"][-1] == {"seat": "S", "card": "H7"}
    assert out["tricks"][0]["winner"] == "E" and out["penalty_cards"] == []


# --- Laws 49 and 50B ---------------------------------------------------------------


def test_a_nine_dropped_by_accident_is_a_minor_penalty_card():
    out = state([{"expose": "S9", "seat": "E"}])
    assert penalties(out) == {("E", "S9"): "minor"}
    # 50C: his partner has no lead restriction, so no 50D2 choice arises
    assert out["pending"] is None and out["to_play"] == "W" and len(out["legal"]) == 13


def test_a_ten_exposed_by_accident_is_a_major_penalty_card():
    out = state([{"expose": "ST", "seat": "E"}])
    assert penalties(out) == {("E", "ST"): "major"}
    assert "honour" in notes(out)


def test_a_low_card_exposed_deliberately_is_a_major_penalty_card():
    out = state([{"expose": "S6", "seat": "E", "deliberate": True}])
    assert penalties(out) == {("E", "S6"): "major"}


def test_the_penalty_card_stays_face_up_until_it_is_played():
    events = [{"expose": "S9", "seat": "E"}, *OPENING_H4, {"play": "HJ"}, {"play": "HA"}]
    out = state(events)
    assert penalties(out) == {("E", "S9"): "minor"}
    assert "S9" in out["hands"]["E"]


# --- Law 50C: minor penalty card ----------------------------------------------------

MINOR_S9 = [
    {"expose": "S9", "seat": "E"},
    {"play": "S5", "seat": "W"},
    {"play": "S2", "seat": "N"},
]


def test_a_minor_penalty_card_bars_other_low_cards_of_its_suit_but_not_an_honour():
    out = state(MINOR_S9)
    assert out["to_play"] == "E"
    assert sorted(out["legal"]) == ["S9", "ST"]
    assert "50C" in notes(out)


def test_playing_the_honour_instead_leaves_the_minor_penalty_card_on_the_table():
    out = state([*MINOR_S9, {"play": "ST", "seat": "E"}])
    assert penalties(out) == {("E", "S9"): "minor"}
    assert out["to_play"] == "S"


def test_another_low_card_of_the_minor_penalty_cards_suit_is_a_law_52_irregularity():
    out = state([*MINOR_S9, {"play": "S8", "seat": "E"}])
    assert out["pending"]["law"] == "52B"
    assert options(out) == [("accept", None), ("refuse", None)]


# --- Law 50D1 -----------------------------------------------------------------------

MAJOR_CK_NO_RESTRICTION = [
    {"expose": "CK", "seat": "E"},
    {"decide": "no_restriction"},
]


def test_a_major_penalty_card_must_be_played_at_the_first_legal_opportunity():
    out = state(
        [*MAJOR_CK_NO_RESTRICTION, {"play": "C6", "seat": "W"}, {"play": "C2", "seat": "N"}]
    )
    assert out["to_play"] == "E"
    assert out["legal"] == ["CK"]
    assert "East must play CK now (Law 50D1(a))." in out["notes"]


def test_following_suit_comes_before_a_major_penalty_card_of_another_suit():
    out = state([*OPENING_H4, {"expose": "CK", "seat": "E"}])
    assert penalties(out) == {("E", "CK"): "major"}
    assert out["to_play"] == "E"
    assert sorted(out["legal"]) == ["HJ", "HQ"]
    assert "50D1(b)" in notes(out)
    out = state([*OPENING_H4, {"expose": "CK", "seat": "E"}, {"play": "HQ"}, {"play": "HA"}])
    assert penalties(out) == {("E", "CK"): "major"}  # still there for the next opportunity


# --- Law 50D2 -----------------------------------------------------------------------

REFUSED_HJ = [{"play": "HJ", "seat": "E"}, {"decide": "refuse"}]


def test_partner_of_a_defender_with_a_major_penalty_card_may_not_lead_until_declarer_chooses():
    out = state(REFUSED_HJ)
    assert out["to_play"] is None and out["legal"] == []
    assert out["pending"]["decider"] == "S" and out["pending"]["law"] == "50D2"
    assert options(out) == [("forbid", "H"), ("no_restriction", None), ("require", "H")]
    laws = {o["decide"]: o["law"] for o in out["pending"]["options"]}
    assert laws == {"require": "50D2(a)", "forbid": "50D2(a)", "no_restriction": "50D2(b)"}
    assert "W" not in [o.get("seat") for o in out["current_trick"]]
    err = error([*REFUSED_HJ, {"play": "H4", "seat": "W"}])
    assert err["event"] == 2


def test_declarer_requires_the_suit_of_the_penalty_card():
    out = state([*REFUSED_HJ, {"decide": "require", "suit": "H"}])
    assert out["penalty_cards"] == []
    assert out["lead_restriction"] == {"seat": "W", "suits": "H", "mode": "required"}
    assert sorted(out["legal"]) == ["H4", "H5", "H6", "HT"]
    out = state([*REFUSED_HJ, {"decide": "require", "suit": "H"}, {"play": "H4"}])
    assert out["lead_restriction"] is None  # a requirement binds one lead


def test_declarer_forbids_the_suit_of_the_penalty_card():
    out = state([*REFUSED_HJ, {"decide": "forbid", "suit": "h"}])
    assert out["penalty_cards"] == []
    assert out["lead_restriction"] == {"seat": "W", "suits": "H", "mode": "forbidden"}
    assert not [c for c in out["legal"] if c[0] == "H"] and len(out["legal"]) == 9


def test_with_no_restriction_partner_leads_anything_and_the_penalty_card_stays():
    out = state([*REFUSED_HJ, {"decide": "no_restriction"}])
    assert out["lead_restriction"] is None and len(out["legal"]) == 13
    assert penalties(out) == {("E", "HJ"): "major"}


# --- Law 51 -------------------------------------------------------------------------

TWO_CLUBS = [
    {"expose": "CA", "seat": "E"},
    {"expose": "CK", "seat": "E"},
]


def test_declarer_designates_which_of_two_playable_penalty_cards_is_played():
    events = [*TWO_CLUBS, {"decide": "no_restriction"}, {"play": "C6"}, {"play": "C2"}]
    out = state(events)
    assert out["pending"]["law"] == "51A" and out["pending"]["decider"] == "S"
    assert options(out) == [("designate", "CA"), ("designate", "CK")]
    out = state([*events, {"decide": "designate", "card": "ck"}])
    assert out["to_play"] == "E" and out["legal"] == ["CK"]
    out = state([*events, {"decide": "designate", "card": "CK"}, {"play": "CK"}])
    assert penalties(out) == {("E", "CA"): "major"}


def test_several_penalty_cards_in_one_suit_give_the_51b1_options():
    out = state(TWO_CLUBS)
    assert options(out) == [("forbid", "C"), ("no_restriction", None), ("require", "C")]
    laws = {o["decide"]: o["law"] for o in out["pending"]["options"]}
    assert laws["require"] == "51B1(a)" and laws["forbid"] == "51B1(b)"


def test_requiring_the_suit_of_several_penalty_cards_picks_them_all_up():
    out = state([*TWO_CLUBS, {"decide": "require", "suit": "C"}])
    assert out["penalty_cards"] == []
    assert sorted(out["legal"]) == ["C6", "C8", "C9", "CT"]


def test_forbidding_the_suit_of_several_penalty_cards_picks_them_all_up():
    out = state([*TWO_CLUBS, {"decide": "forbid", "suit": "C"}])
    assert out["penalty_cards"] == []
    assert out["lead_restriction"]["mode"] == "forbidden"


TWO_SUITS = [{"expose": "HQ", "seat": "E"}, {"expose": "CK", "seat": "E"}]


def test_penalty_cards_in_several_suits_give_the_51b2_options():
    out = state(TWO_SUITS)
    assert options(out) == [
        ("forbid", "C"),
        ("forbid", "H"),
        ("forbid", "HC"),
        ("no_restriction", None),
        ("require", "C"),
        ("require", "H"),
    ]
    laws = {(o["decide"], o.get("suit")): o["law"] for o in out["pending"]["options"]}
    assert laws[("require", "C")] == "51B2(a)"
    assert laws[("forbid", "HC")] == "51B2(b)"
    assert laws[("no_restriction", None)] == "51B2(c)"


def test_requiring_one_of_several_suits_picks_up_only_that_suits_penalty_cards():
    out = state([*TWO_SUITS, {"decide": "require", "suit": "C"}])
    assert penalties(out) == {("E", "HQ"): "major"}
    assert out["lead_restriction"] == {"seat": "W", "suits": "C", "mode": "required"}


def test_forbidding_several_suits_picks_up_each_forbidden_suits_penalty_cards():
    out = state([*TWO_SUITS, {"decide": "forbid", "suit": "CH"}])
    assert out["penalty_cards"] == []
    assert out["lead_restriction"] == {"seat": "W", "suits": "HC", "mode": "forbidden"}
    assert all(c[0] in "SD" for c in out["legal"])


# --- Law 52 ---------------------------------------------------------------------------

WRONG_C5 = [
    *MAJOR_CK_NO_RESTRICTION,
    {"play": "C6", "seat": "W"},
    {"play": "C2", "seat": "N"},
    {"play": "C5", "seat": "E"},
]


def test_a_card_played_instead_of_a_major_penalty_card_stays_played():
    out = state(WRONG_C5)
    assert out["current_trick"][-1] == {"seat": "E", "card": "C5"}  # 52A
    assert out["pending"]["law"] == "52B" and out["pending"]["decider"] == "S"
    assert options(out) == [("accept", None), ("refuse", None)]


def test_declarer_accepts_the_wrong_card_and_the_penalty_card_remains():
    out = state([*WRONG_C5, {"decide": "accept"}])
    assert penalties(out) == {("E", "CK"): "major"}  # 52B1(c)
    assert out["to_play"] == "S" and out["pending"] is None


def test_declarer_refuses_the_wrong_card_and_the_penalty_card_is_substituted():
    out = state([*WRONG_C5, {"decide": "refuse"}])
    assert out["current_trick"][-1] == {"seat": "E", "card": "CK"}
    assert penalties(out) == {("E", "C5"): "major"}  # 52B2
    assert out["to_play"] == "S"


def test_declarer_must_accept_a_wrong_card_once_he_has_played_after_it():
    out = state([*WRONG_C5, {"play": "CQ", "seat": "S"}])
    assert out["pending"] is None and out["tricks"][0]["winner"] == "S"
    assert penalties(out) == {("E", "CK"): "major"}
    assert "52B1(b)" in " ".join(e["note"] for e in out["log"])
    assert out["tricks"][0]["cards"][2] == {"seat": "E", "card": "C5"}
    err = error([*WRONG_C5, {"play": "CQ", "seat": "S"}, {"decide": "refuse"}])
    assert err["event"] == len(WRONG_C5) + 1


# --- Laws 53 and 56: a defender's lead out of turn ---------------------------------------

EAST_LEADS_DK = [*TWO_TRICKS, {"play": "DK", "seat": "E"}]  # North's lead


def test_a_defenders_lead_out_of_turn_gives_declarer_accept_or_refuse():
    out = state(EAST_LEADS_DK)
    assert out["pending"] == {
        "decider": "S",
        "law": "56",
        "options": [{"decide": "accept", "law": "53A"}, {"decide": "refuse", "law": "56B"}],
    }
    assert out["to_play"] is None and out["legal"] == []


def test_declarer_accepts_a_lead_out_of_turn_by_statement():
    out = state([*EAST_LEADS_DK, {"decide": "accept"}])
    assert out["leader"] == "E" and out["to_play"] == "S"
    assert sorted(out["legal"]) == ["D4", "D9", "DA", "DJ"]
    assert out["penalty_cards"] == []


def test_a_play_by_the_next_hand_accepts_a_lead_out_of_turn():
    out = state([*EAST_LEADS_DK, {"play": "DA", "seat": "S"}])
    assert out["pending"] is None and out["leader"] == "E"
    assert out["current_trick"] == [{"seat": "E", "card": "DK"}, {"seat": "S", "card": "DA"}]
    assert out["to_play"] == "W"


def test_a_refused_lead_out_of_turn_is_a_major_penalty_card():
    out = state([*EAST_LEADS_DK, {"decide": "refuse"}])
    assert penalties(out) == {("E", "DK"): "major"}  # 56B
    assert out["to_play"] == "N" and out["current_trick"] == [] and out["pending"] is None
    out = state([*EAST_LEADS_DK, {"decide": "refuse"}, {"play": "D7", "seat": "N"}])
    assert out["legal"] == ["DK"]


def test_the_proper_leader_of_the_other_side_may_make_his_proper_lead():
    out = state([*EAST_LEADS_DK, {"play": "CJ", "seat": "N"}])
    assert out["pending"] is None and out["leader"] == "N"
    assert out["current_trick"] == [{"seat": "N", "card": "CJ"}]  # 53B: his lead stands
    assert penalties(out) == {("E", "DK"): "major"}
    assert sorted(out["legal"]) == ["C5", "CA", "CK"]  # 50D1(b): follow suit first
    # what becomes of East's card is the Director's judgement: the note gives both readings
    said = " ".join(out["notes"])
    assert "Director's judgement" in said and "major penalty card" in said
    assert "goes back to his hand" in said and "Law 16C" in said


def test_a_lead_out_of_turn_at_trick_13_must_be_retracted():
    from penaltyflow.engine import Table, parse_pbn
    from penaltyflow.engine.core.cards import CARD_NAMES, SEATS, sorted_cards

    from .helpers import DEAL

    table = Table(parse_pbn(DEAL), 0, 2, 4)
    events = []
    while table.trick_no < 13:
        seat = table.to_play
        card = sorted_cards(table.legal_mask())[0]
        events.append({"play": CARD_NAMES[card], "seat": SEATS[seat]})
        table.play(seat, card)
    offender = next(s for s in (1, 3) if s != table.to_play)
    card = CARD_NAMES[sorted_cards(table.hands[offender])[0]]
    out = state([*events, {"play": card, "seat": SEATS[offender]}])
    assert out["trick"] == 13
    assert options(out) == [("refuse", None)]
    assert "footnote 17" in notes(out)


# --- Law 53C and 55: declarer's lead out of turn -----------------------------------------

SOUTH_LEADS_D4 = [*TWO_TRICKS, {"play": "D4", "seat": "S"}]  # North's lead


def test_declarers_lead_from_the_wrong_hand_is_the_defenders_choice():
    out = state(SOUTH_LEADS_D4)
    # 55A: either defender may accept; the one next in turn (West) prevails, so he decides
    assert out["pending"]["decider"] == "W" and out["pending"]["law"] == "55"
    assert options(out) == [("accept", None), ("refuse", None)]


def test_a_defender_accepts_declarers_lead_out_of_turn():
    out = state([*SOUTH_LEADS_D4, {"decide": "accept"}])
    assert out["leader"] == "S" and out["to_play"] == "W"
    out = state([*SOUTH_LEADS_D4, {"play": "D5", "seat": "W"}])  # 53A by playing
    assert out["leader"] == "S" and out["to_play"] == "N"


def test_declarers_refused_lead_goes_back_with_no_penalty_card():
    out = state([*SOUTH_LEADS_D4, {"decide": "refuse"}])
    assert out["penalty_cards"] == [] and out["current_trick"] == []
    assert out["to_play"] == "N" and "D4" in out["hands"]["S"]
    assert "55B" in notes(out)


def test_dummys_lead_when_declarer_should_lead_is_decided_by_the_defender_next_in_turn():
    events = [*OPENING_H4, {"play": "HJ"}, {"play": "HA"}, {"play": "SA", "seat": "N"}]
    out = state(events)
    assert out["pending"]["decider"] == "E" and out["pending"]["law"] == "55"
    out = state([*events, {"decide": "refuse"}])
    assert out["to_play"] == "S" and out["penalty_cards"] == []


def test_when_the_defender_on_the_right_plays_to_declarers_lead_it_stands_and_law_57_applies():
    out = state([*SOUTH_LEADS_D4, {"play": "D2", "seat": "E"}])
    assert out["leader"] == "S" and out["current_trick"] == [{"seat": "S", "card": "D4"}]
    assert penalties(out) == {("E", "D2"): "major"}
    assert out["pending"]["law"] == "57A"
    assert "53C" in notes(out)


# --- Law 54: faced opening lead out of turn ---------------------------------------------


def test_an_opening_lead_out_of_turn_gives_declarer_three_options():
    out = state([{"play": "HJ", "seat": "E"}])
    assert out["pending"]["law"] == "54" and out["pending"]["decider"] == "S"
    assert options(out) == [("accept", None), ("refuse", None), ("spread", None)]
    laws = {o["decide"]: o["law"] for o in out["pending"]["options"]}
    assert laws == {"spread": "54A", "accept": "54B", "refuse": "54D"}


def test_declarer_spreads_his_hand_and_becomes_dummy():
    out = state([{"play": "HJ", "seat": "E"}, {"decide": "spread"}])
    assert out["declarer"] == "N" and out["dummy"] == "S"
    assert out["leader"] == "E" and out["to_play"] == "S"
    assert out["current_trick"] == [{"seat": "E", "card": "HJ"}]


def test_after_an_accepted_opening_lead_out_of_turn_the_second_card_comes_from_declarers_hand():
    out = state([{"play": "HJ", "seat": "E"}, {"decide": "accept"}])
    assert out["declarer"] == "S" and out["dummy"] == "N"
    assert out["to_play"] == "S"
    assert sorted(out["legal"]) == ["H7", "H8", "H9", "HA"]
    out = state([{"play": "HJ", "seat": "E"}, {"play": "HA", "seat": "S"}])  # accepted by playing
    assert out["pending"] is None and out["to_play"] == "W"


def test_declarer_who_saw_dummys_cards_must_accept_the_opening_lead():
    out = state([{"play": "HJ", "seat": "E"}], declarer_saw_dummy=True)
    assert options(out) == [("accept", None)]
    assert out["pending"]["options"][0]["law"] == "54C"


def test_a_refused_opening_lead_is_a_major_penalty_card_and_the_50d2_options_arise_at_once():
    out = state(REFUSED_HJ)
    assert penalties(out) == {("E", "HJ"): "major"}
    assert out["pending"]["law"] == "50D2" and out["leader"] == "W"


def test_a_declaring_side_opening_lead_is_outside_the_engine():
    err = error([{"play": "SA", "seat": "N"}])
    assert err["event"] == 0 and "54E" in err["message"]


# --- Law 54A: declarer who starts to spread must spread; 54B2; 54C ---------------------------


def test_declarer_who_exposes_a_card_starting_to_spread_must_spread():
    events = [{"play": "HJ", "seat": "E"}, {"expose": "SJ", "seat": "S"}]
    out = state(events)
    assert options(out) == [("spread", None)]
    assert out["pending"]["options"][0]["law"] == "54A" and "54A" in notes(out)
    assert out["penalty_cards"] == []
    assert "not an option" in error([*events, {"decide": "accept"}])["message"]
    out = state([*events, {"decide": "spread"}])
    assert out["declarer"] == "N" and out["dummy"] == "S"


def test_a_dummy_card_seen_before_declarer_chooses_means_he_must_accept():
    out = state([{"play": "HJ", "seat": "E"}, {"expose": "SA", "seat": "N"}])
    assert options(out) == [("accept", None)]
    assert out["pending"]["options"][0]["law"] == "54C"


def test_declarers_card_seen_when_he_must_already_accept_changes_nothing():
    out = state(
        [{"play": "HJ", "seat": "E"}, {"expose": "SJ", "seat": "S"}], declarer_saw_dummy=True
    )
    assert options(out) == [("accept", None)]


def test_dummys_card_played_second_after_an_accepted_opening_lead_stands_under_54b2():
    out = state([{"play": "HJ", "seat": "E"}, {"decide": "accept"}, {"play": "H2", "seat": "N"}])
    assert out["current_trick"] == [{"seat": "E", "card": "HJ"}, {"seat": "N", "card": "H2"}]
    assert out["to_play"] == "S" and "54B2" in notes(out) and "57C3" not in notes(out)
    out = state(
        [
            {"play": "HJ", "seat": "E"},
            {"decide": "accept"},
            {"play": "H2", "seat": "N"},
            {"play": "HA", "seat": "S"},
        ]
    )
    assert out["to_play"] == "W"
