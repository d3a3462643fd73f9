"""Rendering helpers: suit symbols, 10 for the ten, accessible names, colours."""

from penaltyflow.engine.cards import parse_pbn
from penaltyflow.engine.render import (
    card_accessible_name,
    card_label,
    hand_lines,
    hand_text,
    rank_label,
    suit_colour,
    suit_css_class,
)


def test_a_card_shows_as_suit_symbol_and_rank_with_the_ten_as_10():
    assert card_label("SK") == "♠K"
    assert card_label("hT") == "♥10"
    assert card_label("D2") == "♦2" and card_label("CA") == "♣A"
    assert rank_label("ST") == "10"


def test_a_card_has_an_accessible_name():
    assert card_accessible_name("SK") == "king of spades"
    assert card_accessible_name("HT") == "ten of hearts"
    assert card_accessible_name("C2") == "two of clubs"


def test_hearts_and_diamonds_are_red_spades_and_clubs_black():
    assert [suit_colour(s) for s in "SHDC"] == ["black", "red", "red", "black"]
    assert suit_css_class("H") == "suit-red" and suit_css_class(0) == "suit-black"


def test_a_hand_renders_as_four_suit_lines_high_to_low_with_a_void_as_a_dash():
    hand = ["S2", "SA", "ST", "HK", "C3", "CT", "C4", "DQ"]
    lines = hand_lines(hand)
    assert [line["symbol"] for line in lines] == ["♠", "♥", "♦", "♣"]
    assert lines[0]["ranks"] == ["A", "10", "2"]
    assert lines[3]["text"] == "10 4 3"
    assert hand_lines(["SA"])[1] == {
        "suit": "H",
        "symbol": "♥",
        "colour": "red",
        "ranks": [],
        "text": "—",
    }
    north = parse_pbn("N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986")[0]
    assert hand_text(north) == "♠ A K Q 2\n♥ K 3 2\n♦ Q 8 7\n♣ J 3 2"
