"""PBN export and the BBO handviewer link (penaltyflow.hands.export). No database."""

from urllib.parse import parse_qs, urlsplit

import pytest
from endplay.parsers import pbn
from endplay.types import Deal, Denom, Player

from penaltyflow.engine import ScenarioError
from penaltyflow.hands.export import HANDVIEWER, bbo_handviewer_url, to_pbn

# The deal of scenario-format.md:
#   North  S AKQ2   H K32   D Q87   C J32
#   East   S T9876  H QJ    D K32   C AK5
#   South  S J3     H A987  D AJ94  C Q74
#   West   S 54     H T654  D T65   C T986
DEAL = "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986"

# East faces the HJ as the opening lead out of turn; declarer refuses it (54D), then
# requires a heart (50D2(a)): the HJ goes back to East's hand. West leads the H4,
# South wins the HA and leads a diamond to the next trick, West playing low.
RETRACTED = [
    {"play": "HJ", "seat": "E"},
    {"decide": "refuse"},
    {"decide": "require", "suit": "H"},
    {"play": "H4"},
    {"play": "HK"},
    {"play": "HQ"},
    {"play": "HA"},
    {"play": "D4"},
    {"play": "D5"},
]


def scenario(events, contract="4S", declarer="S"):
    return {"deal": DEAL, "contract": contract, "declarer": declarer, "events": events}


def names(cards) -> list[str]:
    return ["SHDC"[int(c.suit)] + "23456789TJQKA"[int(c.rank).bit_length() - 3] for c in cards]


def parsed(text: str):
    (board,) = pbn.loads(text)
    return board


def test_pbn_parses_back_to_the_same_deal_declarer_contract_and_play():
    text = to_pbn(scenario(RETRACTED), title="Law 54D", story="East leads out of turn.")
    board = parsed(text)
    assert board.deal.to_pbn() == Deal(DEAL).to_pbn()
    assert board.contract.declarer == Player.south
    assert board.contract.level == 4 and board.contract.denom == Denom.spades
    assert board.dealer == Player.south
    assert names(board.play) == ["H4", "HK", "HQ", "HA", "D4", "D5"]
    assert board.info["Event"] == "PenaltyFlow example"


def test_pbn_has_the_tags_the_play_section_and_the_comment():
    text = to_pbn(scenario(RETRACTED), event="Club night", title="Law 54D", story="A {story}.")
    lines = text.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    for tag in (
        '[Event "Club night"]',
        '[Site ""]',
        '[Board "1"]',
        '[Dealer "S"]',
        '[Vulnerable "None"]',
        '[Deal "S:J3.A987.AJ94.Q74 54.T654.T65.T986 AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5"]',
        '[Declarer "S"]',
        '[Contract "4S"]',
        '[Result ""]',
    ):
        assert tag in lines
    play = lines.index('[Play "W"]')
    # One line a trick, columns W N E S; the trick in progress padded with "-".
    assert lines[play + 1 : play + 3] == ["H4 HK HQ HA", "D5 - - D4"]
    assert "{Law 54D\n\nA {story).}" in text
    assert text.endswith("\n\n")


def test_a_retracted_lead_out_of_turn_is_not_a_play():
    text = to_pbn(scenario(RETRACTED))
    play_section = text[text.index("[Play") :]
    assert "HJ" not in play_section
    assert "HJ" not in names(parsed(text).play)


def test_an_unanswered_lead_out_of_turn_and_a_penalty_card_are_not_plays():
    text = to_pbn(scenario([{"play": "HJ", "seat": "E"}]))
    assert "[Play" not in text
    assert parsed(text).play == []
    exposed = [{"expose": "SK", "seat": "W"}, {"play": "H4", "seat": "W"}]
    with pytest.raises(ScenarioError):  # West does not hold the SK: the engine says so
        to_pbn(scenario(exposed))
    exposed = [{"expose": "S5", "seat": "W"}, {"play": "H4", "seat": "W"}]
    board = parsed(to_pbn(scenario(exposed)))
    assert names(board.play) == ["H4"]


def test_declarer_spreads_his_hand_and_the_export_names_the_new_declarer():
    # Law 54A: South spreads, North becomes declarer and East's lead is the opening lead.
    events = [{"play": "HJ", "seat": "E"}, {"decide": "spread"}, {"play": "H7"}]
    text = to_pbn(scenario(events))
    assert '[Declarer "N"]' in text and '[Dealer "N"]' in text and '[Play "E"]' in text
    board = parsed(text)
    assert board.contract.declarer == Player.north
    assert names(board.play) == ["HJ", "H7"]
    url = parse_qs(urlsplit(bbo_handviewer_url(scenario(events))).query)
    assert url["d"] == ["n"] and url["p"] == ["hjh7"]


def test_bbo_url_has_the_four_hands_the_auction_and_the_play():
    url = bbo_handviewer_url(scenario(RETRACTED))
    assert url.startswith(HANDVIEWER + "?")
    query = parse_qs(urlsplit(url).query)
    assert query["n"] == ["sakq2hk32dq87cj32"]
    assert query["e"] == ["st9876hqjdk32cak5"]
    assert query["s"] == ["sj3ha987daj94cq74"]
    assert query["w"] == ["s54ht654dt65ct986"]
    assert query["d"] == ["s"] and query["v"] == ["-"]
    assert query["a"] == ["4sppp"]
    assert query["p"] == ["h4hkhqhad4d5"]


@pytest.mark.parametrize(
    "contract, auction", [("3NT", "3nppp"), ("4SX", "4sdppp"), ("6HXX", "6hdrppp")]
)
def test_bbo_auction_shows_the_contract_by_declarer(contract, auction):
    query = parse_qs(urlsplit(bbo_handviewer_url(scenario([], contract=contract))).query)
    assert query["a"] == [auction]
    assert "p" not in query


# --- a scenario from the first call (issue 29) ---------------------------------------------

AUCTION_DEAL = "N:K72.AKJ65.43.AQ8 A93.82.AKJ97.J64 QJ84.Q73.Q82.KT3 T65.T94.T65.9752"
# North opens 1H, East bids 1D (insufficient); South does not accept it; East passes in its
# place (27B2), South bids 3NT, West must pass, and so on; West leads the C2.
AUCTION = [
    {"call": "1H", "seat": "N"},
    {"call": "1D", "seat": "E"},
    {"decide": "refuse"},
    {"call": "pass", "seat": "E"},
    {"call": "3NT", "seat": "S"},
    {"call": "pass", "seat": "W"},
    {"call": "pass", "seat": "N"},
    {"call": "pass", "seat": "E"},
    {"decide": "no_restriction"},
    {"play": "C2", "seat": "W"},
]


def from_first_call(events, dealer="N", vulnerable="NS"):
    return {"deal": AUCTION_DEAL, "dealer": dealer, "vulnerable": vulnerable, "events": events}


def test_pbn_carries_dealer_vulnerability_and_the_legal_auction_with_a_note():
    text = to_pbn(from_first_call(AUCTION))
    assert '[Dealer "N"]' in text and '[Vulnerable "NS"]' in text
    assert '[Auction "N"]\n1H Pass =1= 3NT Pass\nPass Pass\n' in text
    assert '[Note "1:East\'s 1D, insufficient, withdrawn (Law 27B)"]' in text
    board = parsed(text)
    assert board.dealer == Player.north
    assert board.contract.declarer == Player.south and board.contract.denom == Denom.nt
    calls = [str(c) for c in board.auction]
    assert len(calls) == 6 and "withdrawn" in board.auction[1].announcement
    assert names(board.play) == ["C2"]


def test_pbn_of_an_auction_not_over_has_the_calls_so_far_and_no_contract():
    text = to_pbn(from_first_call(AUCTION[:2]))
    assert '[Contract ""]' in text and '[Declarer ""]' in text
    assert '[Auction "N"]\n1H =1=\n[Note "1:East\'s 1D, insufficient, awaits the ruling"]' in text
    assert "[Play" not in text


def test_the_bbo_link_carries_the_dealer_the_vulnerability_and_the_auction():
    query = parse_qs(urlsplit(bbo_handviewer_url(from_first_call(AUCTION, "N", "All"))).query)
    assert query["d"] == ["n"] and query["v"] == ["b"]
    assert query["a"] == ["1hp3nppp"]  # the legal auction: the withdrawn 1D is not in it
    assert query["p"] == ["c2"]
    early = parse_qs(urlsplit(bbo_handviewer_url(from_first_call(AUCTION[:4], "N", "EW"))).query)
    assert early["d"] == ["n"] and early["v"] == ["e"] and early["a"] == ["1hp"]
    assert "p" not in early
