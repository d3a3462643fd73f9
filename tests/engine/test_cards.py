"""The card model and PBN parsing, cross-checked against endplay."""

import random

import pytest
from endplay.types import Deal, Player

from penaltyflow.engine import CardError, parse_card, parse_pbn, parse_seat
from penaltyflow.engine.core.cards import deal_pbn, hand_pbn, is_honour, parse_contract
from penaltyflow.engine.play.simulate import random_deal

from .helpers import DEAL


def test_cards_parse_case_insensitively_and_ten_is_t_or_10():
    assert parse_card("SA") == parse_card("sa") == parse_card(" Sa ")
    assert parse_card("ST") == parse_card("st") == parse_card("S10")
    for bad in ("ZZ", "S1", "", "SAA", 5, None, "X2"):
        with pytest.raises(CardError):
            parse_card(bad)


def test_the_honours_are_ace_king_queen_jack_and_ten():
    assert [r for r in "AKQJT98765432" if is_honour(parse_card("H" + r))] == list("AKQJT")


def test_seats_and_contracts_parse_and_doubling_is_ignored():
    assert parse_seat("w") == 3
    assert parse_contract("3NT") == (3, 4) and parse_contract("4sx") == (4, 0)
    assert parse_contract("6HXX") == (6, 1)
    for bad in ("8S", "0NT", "4", "S4", "4Z", 4, "4NTXXX"):
        with pytest.raises(CardError):
            parse_contract(bad)
    for bad in ("Q", "5", "", 5, "NE"):
        with pytest.raises(CardError):
            parse_seat(bad)


@pytest.mark.parametrize(
    "deal",
    [
        "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74",  # three hands
        "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T98",  # 12 cards
        "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T98A",  # CA twice
        "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T98Z",
        "X:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986",
        "AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986",
        "N:AKQ2.K32.Q87 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986",
        5,
    ],
)
def test_a_deal_that_is_not_52_different_cards_13_a_hand_is_refused(deal):
    with pytest.raises(CardError):
        parse_pbn(deal)


def test_pbn_round_trips_from_any_first_seat():
    hands = parse_pbn(DEAL)
    for first in range(4):
        assert parse_pbn(deal_pbn(hands, first)) == hands
    assert hand_pbn(hands[0]) == "AKQ2.K32.Q87.J32"


def test_our_pbn_parsing_agrees_with_endplay_on_random_deals():
    rng = random.Random(48)
    players = (Player.north, Player.east, Player.south, Player.west)
    for _ in range(300):
        hands = random_deal(rng)
        first = rng.randrange(4)
        text = deal_pbn(hands, first)
        theirs = Deal(text)
        ours = parse_pbn(text)
        assert ours == hands
        for seat, player in enumerate(players):
            assert theirs[player].to_pbn() == hand_pbn(ours[seat])
        assert parse_pbn(theirs.to_pbn()) == hands
