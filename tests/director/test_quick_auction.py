"""Issue 29 §4, the auction in the quick mode: each situation is walked from "Rule at the
table" as a director taps it, to the chart step that rules it, in four taps at most; the
Director's judgements are asked as his, with both answers; and every page is kept offline."""

import html
import re

import pytest
from django.core.management import call_command

from penaltyflow.director.models import QuickGuide
from penaltyflow.director.views import kept_urls

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]

_LINK = re.compile(
    r'<a class="quick-answer" href="([^"]+)">.*?<span class="quick-answer-label">(.*?)</span>', re.S
)


@pytest.fixture
def quick(content):
    call_command("loadquick", verbosity=0)


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def tap(client, url: str, label: str) -> str:
    """The address the big button reading `label` on the page at `url` leads to."""
    response = client.get(url)
    assert response.status_code == 200, url
    links = {text_of(inner): href for href, inner in _LINK.findall(response.content.decode())}
    assert label in links, f"{label!r} not offered at {url}: {sorted(links)}"
    return links[label]


# The common cases: the situation's button, the answers tapped, the ruling's heading, the
# chart step that teaches it and a clause the ruling cites.
WALKS = {
    "insufficient-accepted": (
        "An insufficient bid",
        ["Yes: he accepts it, or he called over it"],
        "The insufficient bid stands",
        "law-27/accepted",
        "Law 27A1",
    ),
    "insufficient-lowest-same": (
        "An insufficient bid",
        [
            "No: he does not accept it",
            "The lowest sufficient bid in the same suit or notrump",
        ],
        "No rectification: the auction goes on",
        "law-27/lowest-same",
        "Law 27B1(a)",
    ),
    "insufficient-other-bid": (
        "An insufficient bid",
        ["No: he does not accept it", "Any other sufficient bid, or a pass"],
        "Partner must pass for the rest of the auction",
        "law-27/partner-passes",
        "Law 27B2",
    ),
    "insufficient-comparable": (
        "An insufficient bid",
        [
            "No: he does not accept it",
            "A call that may be comparable (the Director judges)",
            "Yes: I judge it comparable",
        ],
        "No rectification: the call is comparable",
        "law-27/comparable-call",
        "Law 27B1(b)",
    ),
    "insufficient-slip": (
        "An insufficient bid",
        ["The offender says it is not the bid he meant", "Yes: I judge it a slip", "No"],
        "The bid he meant replaces it",
        "law-25/call-replaced",
        "Law 25A1",
    ),
    "insufficient-double": (
        "An insufficient bid",
        ["No: he does not accept it", "A double or redouble"],
        "The double is cancelled; partner passes throughout",
        "law-27/double-cancelled",
        "Law 27B3",
    ),
    "out-of-turn-in-rotation": (
        "A call out of turn",
        ["It skipped his right-hand opponent, who had to pass"],
        "In rotation: no rectification",
        "law-29/in-rotation-28a",
        "Law 28A",
    ),
    "out-of-turn-accepted": (
        "A call out of turn",
        ["His left-hand opponent called over it"],
        "Accepted: the call stands",
        "law-29/accepted",
        "Law 29A",
    ),
    "out-of-turn-cancelled": (
        "A call out of turn",
        ["The player whose turn it was, an opponent, called"],
        "Cancelled: the auction goes on",
        "law-29/cancelled-28b",
        "Law 28B",
    ),
    "out-of-turn-pass": (
        "A call out of turn",
        [
            "Nothing yet: his left-hand opponent does not accept it",
            "A pass, at his right-hand opponent's turn",
        ],
        "He passes at his next turn",
        "law-29/pass-30a",
        "Law 30A",
    ),
    "out-of-turn-bid-repeated": (
        "A call out of turn",
        [
            "Nothing yet: his left-hand opponent does not accept it",
            "A bid, at his right-hand opponent's turn",
            "He passed",
        ],
        "He repeats the bid: no rectification",
        "law-29/repeat-31a1",
        "Law 31A1",
    ),
    "out-of-turn-bid-not-comparable": (
        "A call out of turn",
        [
            "Nothing yet: his left-hand opponent does not accept it",
            "A bid, at his right-hand opponent's turn",
            "He bid, doubled or redoubled",
            "No: I judge it not comparable",
        ],
        "Partner must pass at his next turn",
        "law-29/partner-passes",
        "Law 31A2(b)",
    ),
    "card-shown-honour": (
        "A card shown during the auction",
        ["One honour (A K Q J 10), or a card led too early", "Yes: the card was just exposed"],
        "Partner must pass at his next turn",
        "law-24/partner-passes-24b",
        "Law 24B",
    ),
    "card-shown-low": (
        "A card shown during the auction",
        ["One card, 9 or lower, not led", "Yes: the card was just exposed"],
        "No rectification for now",
        "law-24/no-bar-24a",
        "Law 24A",
    ),
    "card-shown-defender": (
        "A card shown during the auction",
        [
            "One honour (A K Q J 10), or a card led too early",
            "It has ended: the offender is a defender",
        ],
        "A major penalty card",
        "law-24/penalty-card-24e",
        "Law 24E",
    ),
    "card-shown-declarer": (
        "A card shown during the auction",
        ["Two or more cards", "It has ended: the offender is declarer or dummy"],
        "The cards go back into the hand",
        "law-24/cards-back-24d",
        "Law 24D",
    ),
    "final-pass-declaring-side": (
        "A call after the final pass",
        ["A defender passed, or declarer or dummy called"],
        "Cancelled: nothing more",
        "law-36/cancelled-39b",
        "Law 39B",
    ),
    "final-pass-defender-bid": (
        "A call after the final pass",
        ["A defender bid, doubled or redoubled", "No: the Director was called"],
        "Cancelled; declarer may forbid one suit at the lead",
        "law-36/lead-restriction-39c",
        "Law 39C",
    ),
}


@pytest.mark.parametrize("case", WALKS)
def test_each_common_auction_case_is_reached_in_four_taps(client, quick, case):
    situation, answers, ruling, step, clause = WALKS[case]
    url = tap(client, "/table/", situation)
    taps = 0
    for answer in answers:
        url = tap(client, url, answer)
        taps += 1
    assert taps <= 4
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    heading = re.search(r'<h1 class="quick-ruling">(.*?)</h1>', page, re.S).group(1)
    assert text_of(heading) == ruling
    cite = re.search(r'<p class="quick-cite">(.*?)</p>', page, re.S).group(1)
    assert clause in text_of(cite)
    tell = text_of(re.search(r'<section class="quick-tell".*?</section>', page, re.S).group(0))
    assert tell.startswith("Tell the players") and len(tell) > len("Tell the players") + 20
    chart, key = step.split("/")
    assert f'href="/charts/{chart}/{key}/">Learn this step' in page  # said once, in the chart
    assert url in kept_urls()  # and kept for the phone offline


# The questions whose answer is the Director's judgement: (situation, question node).
JUDGEMENTS = [
    ("insufficient-bid", "is-comparable"),
    ("insufficient-bid", "is-unintended"),
    ("call-out-of-turn", "pass-comparable"),
    ("call-out-of-turn", "bid-rho-comparable"),
    ("call-out-of-turn", "bid-comparable"),
    ("call-out-of-turn", "double-rho-comparable"),
    ("call-out-of-turn", "double-comparable"),
]


@pytest.mark.parametrize(("slug", "key"), JUDGEMENTS)
def test_the_directors_judgements_are_asked_as_his_with_both_answers(client, quick, slug, key):
    guide = QuickGuide.objects.get(slug=slug)
    node = guide.nodes[key]
    assert "do you judge" in node["ask"].lower()  # the director at the table is asked
    assert "judgement" in node["hint"] and "Either answer is possible" in node["hint"]
    labels = [answer["label"] for answer in node["answers"]]
    assert len(labels) == 2 and labels[0].startswith("Yes: I judge")  # both answers
    assert labels[1].startswith("No: I judge")
    rulings = []
    for answer in node["answers"]:  # each answer leads on, to a ruling or a question
        after = guide.nodes[answer["to"]]
        rulings += (
            [after] if "ruling" in after else [guide.nodes[a["to"]] for a in after["answers"]]
        )
    judged = [ruling for ruling in rulings if ruling["tell"].startswith(("I judge", "I do not"))]
    assert len({ruling["step"] for ruling in rulings}) >= 2  # each answer its own ruling
    assert len(judged) >= 2  # said as the Director's judgement
    for ruling in judged:  # and its "Why" says what the other judgement would have brought
        assert "Judged" in ruling["more"]


def test_a_bid_the_left_hand_opponent_called_over_is_accepted(quick):
    """Law 27A1: any call by the left-hand opponent accepts the insufficient bid; the
    director is told so where he answers, and an early replacement is cancelled."""
    guide = QuickGuide.objects.get(slug="insufficient-bid")
    first = guide.nodes[guide.start]
    assert "a pass included (Law 27A1)" in first["hint"]
    accepted = guide.nodes["accepted"]
    assert "cancelled (Law 27C)" in accepted["more"]
    assert "no rectification" in accepted["tell"].lower()


def test_the_situations_are_grouped_by_when_they_happen(client, quick):
    """The auction's situations under "During the auction", before the play's, each group in
    its situations' order; every situation listed once."""
    page = client.get("/table/").content.decode()
    sections = re.findall(
        r'<section class="quick-stage".*?<h2[^>]*>(.*?)</h2>(.*?)</section>', page, re.S
    )
    headings = [heading for heading, _ in sections]
    assert headings[:2] == ["During the auction", "During the play"]
    listed = {
        heading: [text_of(label) for _, label in _LINK.findall(body)] for heading, body in sections
    }
    auction = listed["During the auction"]
    assert auction[0] == "An insufficient bid" and "A lead out of turn" not in auction
    assert "A lead out of turn" in listed["During the play"]
    titles = [title for titles in listed.values() for title in titles]
    assert sorted(titles) == sorted(QuickGuide.objects.values_list("title", flat=True))
