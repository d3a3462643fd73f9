"""A card as people read it: suit symbols, 10 for the ten, accessible names, colours."""

from penaltyflow.engine.core.cards import card_accessible_name, parse_card, rank_label
from penaltyflow.engine.core.vocab import card_label, suit_colour


def test_a_card_shows_as_suit_symbol_and_rank_with_the_ten_as_10():
    assert card_label("SK") == "♠K"
    assert card_label("hT") == "♥10"
    assert card_label("D2") == "♦2" and card_label("CA") == "♣A"
    assert card_label(parse_card("SK")) == "♠K" and card_label(parse_card("HT")) == "♥10"
    assert rank_label("ST") == "10"


def test_a_card_has_an_accessible_name():
    assert card_accessible_name("SK") == "king of spades"
    assert card_accessible_name("HT") == "ten of hearts"
    assert card_accessible_name("C2") == "two of clubs"


def test_hearts_and_diamonds_are_red_spades_and_clubs_black():
    assert [suit_colour(s) for s in "SHDC"] == ["black", "red", "red", "black"]
    assert suit_colour("♥") == "red" and suit_colour(0) == "black"


def test_a_list_of_words_is_joined_one_way_everywhere():
    """vocab.word_list is the one joiner: the quiz stories, the chart questions, the laws'
    topics and the engine's 'must first choose' all read 'a, b and c'."""
    from penaltyflow.engine.core.laws import topics
    from penaltyflow.engine.core.vocab import word_list

    assert word_list([]) == "" and word_list(["a"]) == "a"
    assert word_list(["a", "b"]) == "a and b" and word_list(["a", "b", "c"]) == "a, b and c"
    assert word_list(["a", "b", "c"], ", or ") == "a, b, or c"
    assert " and " in topics() and not topics().endswith(",")


def test_a_suit_is_one_word_for_a_card_and_another_for_the_suit():
    from penaltyflow.engine.core.vocab import suit_word, suit_words

    assert [suit_word(s) for s in "SHDC"] == ["spade", "heart", "diamond", "club"]
    assert [suit_words(s) for s in "SHDC"] == ["spades", "hearts", "diamonds", "clubs"]
