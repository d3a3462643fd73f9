"""A chart example may start at the first call: the loader replays it through the engine."""

import pytest

from penaltyflow.hands.examples import ExampleError, check_example, parse_example

DEAL = "N:AK32.K32.Q87.J32 QJ98.QJ.K32.AK54 T76.A987.AJ94.Q7 54.T654.T65.T986"
EVENTS = [
    {"call": "1NT", "seat": "S"},
    {"expose": "SQ", "seat": "E"},
    {"call": "pass", "seat": "W"},
    {"call": "3NT", "seat": "N"},
    {"call": "pass", "seat": "E"},
    {"call": "pass", "seat": "S"},
    {"call": "pass", "seat": "W"},
]


def example(shows, **scenario):
    return parse_example(
        {
            "story": "East drops the queen of spades during the auction.",
            "scenario": {
                "deal": DEAL,
                "dealer": "S",
                "vulnerable": "NS",
                "events": EVENTS,
                **scenario,
            },
            "shows": shows,
        }
    )


def test_an_example_with_an_auction_is_checked_against_the_engine():
    shows = {
        "penalty_cards": [{"seat": "E", "card": "SQ", "kind": "major"}],
        "decider": "S",
        "pending": ["require S", "forbid S", "no_restriction"],
        "declarer": "S",
        "contract": "3NT",
    }
    table = check_example(example(shows))
    assert table is not None and table.declarer == 2


def test_an_example_whose_auction_says_otherwise_is_refused():
    with pytest.raises(ExampleError, match="contradicts"):
        check_example(example({"penalty_cards": [{"seat": "E", "card": "SQ", "kind": "minor"}]}))


def test_an_example_with_both_an_auction_and_a_contract_is_refused():
    with pytest.raises(ExampleError, match="not both"):
        check_example(example({"declarer": "S"}, contract="3NT"))


def test_an_example_may_stop_during_the_auction():
    shows = {"pending": ["rectify"], "decider": "E", "contract": None}  # 36B4, out of rotation
    spec = example(shows)
    spec.scenario["events"] = [{"call": "1NT", "seat": "S"}, {"call": "X", "seat": "N"}]
    assert check_example(spec) is None
