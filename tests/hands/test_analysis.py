"""Double-dummy values of declarer's options (penaltyflow.hands.analysis). No database."""

import pytest
from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

from penaltyflow.engine import ScenarioError
from penaltyflow.hands.analysis import NothingPending, contract_result, option_tricks

# South plays 4S. East leads the HK out of turn (it was West's lead); declarer refuses
# it, so the HK is a major penalty card and West, on lead, waits for declarer (50D2).
#   North  S AJ8632  H A752  D Q2     C 9
#   East   S 94      H KQ96  D 953    C AKJ5
#   South  S Q7      H T83   D AKT86  C T43
#   West   S KT5     H J4    D J74    C Q8762
DEAL = "N:AJ8632.A752.Q2.9 94.KQ96.953.AKJ5 Q7.T83.AKT86.T43 KT5.J4.J74.Q8762"
EVENTS = [{"play": "HK", "seat": "E"}, {"decide": "refuse"}]


def scenario(events=EVENTS, contract="4S", declarer="S", deal=DEAL):
    return {"deal": deal, "contract": contract, "declarer": declarer, "events": events}


def ep_name(card) -> str:
    return "SHDC"[int(card.suit)] + "23456789TJQKA"[int(card.rank).bit_length() - 3]


def west_leads() -> dict[str, int]:
    """East-West's double-dummy tricks for each opening lead by West, straight from endplay."""
    deal = Deal(DEAL)
    deal.first, deal.trump = Player.west, Denom.spades
    return {ep_name(c): s for c, s in solve_board(deal)}


def by_option(results) -> dict[str, int]:
    return {
        " ".join(filter(None, (r["option"]["decide"], r["option"].get("suit")))): r[
            "declarer_tricks"
        ]
        for r in results
    }


def test_requiring_and_forbidding_the_penalty_cards_suit_give_different_results():
    results = option_tricks(scenario())
    assert by_option(results) == {"require H": 10, "forbid H": 9, "no_restriction": 9}
    first = results[0]
    assert first["option"] == {"decide": "require", "suit": "H"}
    assert first["label"] == "Require a heart lead"
    assert first["law"] == "50D2(a)"
    assert first["decider"] == "S"
    assert first["result"] == "made exactly"
    assert results[1]["label"] == "Forbid a heart lead"
    assert results[1]["result"] == "one down"


def test_require_and_forbid_agree_with_endplay_alone():
    # Once declarer requires or forbids hearts the HK is an ordinary card again, so the
    # first trick is free but for West's choice of lead: best lead among the allowed ones.
    leads = west_leads()
    hearts = [s for c, s in leads.items() if c[0] == "H"]
    others = [s for c, s in leads.items() if c[0] != "H"]
    got = by_option(option_tricks(scenario()))
    assert got["require H"] == 13 - max(hearts)
    assert got["forbid H"] == 13 - max(others)


def test_no_restriction_agrees_with_a_minimax_written_on_endplay_alone():
    # The HK stays a major penalty card: East must play it to a heart lead (he holds
    # every other suit, so to any other lead he follows freely).
    leads = west_leads()
    worst = []
    for lead, ew in leads.items():
        if lead[0] != "H":
            worst.append(13 - ew)
            continue
        deal = Deal(DEAL)
        deal.first, deal.trump = Player.west, Denom.spades
        deal.play(lead)
        best_north = []
        for north in deal.legal_moves():
            d = deal.copy()
            d.play(north)
            d.play("HK")  # East's penalty card, forced
            best_north.append(max(s for _, s in solve_board(d)))  # South's best, for NS
        worst.append(max(best_north))
    got = by_option(option_tricks(scenario()))
    assert got["no_restriction"] == min(worst)


def test_upto_looks_at_the_lead_out_of_turn_itself():
    results = option_tricks(scenario(), upto=1)
    assert [r["option"]["decide"] for r in results] == ["spread", "accept", "refuse"]
    assert all(r["law"].startswith("54") for r in results)
    got = by_option(results)
    assert got["refuse"] == max(v for k, v in by_option(option_tricks(scenario())).items())


def test_a_defender_decides_under_law_55():
    # Trick 1 goes to South's DA; dummy then leads the C9 out of turn: East decides.
    events = [
        {"play": "D4", "seat": "W"},
        {"play": "D2", "seat": "N"},
        {"play": "D3", "seat": "E"},
        {"play": "DA", "seat": "S"},
        {"play": "C9", "seat": "N"},
    ]
    results = option_tricks(scenario(events))
    assert {r["decider"] for r in results} == {"E"}
    assert [r["law"] for r in results] == ["55A", "55B"]
    # Independently: accepted, the C9 stands and East plays next; taken back, South
    # leads what he likes. North-South already have trick 1.
    deal = Deal("N:AJ8632.A752.Q.9 94.KQ96.95.AKJ5 Q7.T83.KT86.T43 KT5.J4.J7.Q8762")
    deal.first, deal.trump = Player.north, Denom.spades
    deal.play("C9")
    accepted = 1 + 12 - max(s for _, s in solve_board(deal))
    deal = Deal("N:AJ8632.A752.Q.9 94.KQ96.95.AKJ5 Q7.T83.KT86.T43 KT5.J4.J7.Q8762")
    deal.first, deal.trump = Player.south, Denom.spades
    refused = 1 + max(s for _, s in solve_board(deal))
    assert by_option(results) == {"accept": accepted, "refuse": refused}


def test_nothing_pending_is_a_clear_error():
    with pytest.raises(NothingPending, match="No decision is pending"):
        option_tricks(scenario(EVENTS + [{"decide": "require", "suit": "H"}]))
    with pytest.raises(NothingPending, match="first 0 events"):
        option_tricks(scenario(), upto=0)


def test_a_scenario_that_cannot_be_replayed_raises_scenario_error():
    with pytest.raises(ScenarioError):
        option_tricks(scenario([{"play": "SA", "seat": "E"}]))


@pytest.mark.parametrize(
    "tricks, contract, text",
    [
        (10, "4S", "made exactly"),
        (11, "4S", "made with one overtrick"),
        (13, "1NT", "made with six overtricks"),
        (9, "4SX", "one down"),
        (5, "3NT", "four down"),
        (12, "6H", "made exactly"),
    ],
)
def test_contract_result(tricks, contract, text):
    assert contract_result(tricks, contract) == text
