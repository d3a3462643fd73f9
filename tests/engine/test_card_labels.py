"""A card as people read it: suit symbols, 10 for the ten, accessible names, colours."""

from penaltyflow.engine.core.cards import card_accessible_name, card_label, rank_label
from penaltyflow.engine.core.vocab import suit_colour


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
    assert suit_colour("♥") == "red" and suit_colour(0) == "black"
