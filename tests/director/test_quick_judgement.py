"""Issue 27, in the quick mode: the route a director takes at the table reaches the chart
step that rules the case, and the points the Laws leave to the Director are said as his
judgement, the same as on the chart step."""

import html
import re

import pytest
from django.core.management import call_command

from penaltyflow.director.models import QuickGuide
from penaltyflow.flowcharts.models import Node

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]


@pytest.fixture
def quick(content):
    call_command("loadquick", verbosity=0)


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def answers(guide: QuickGuide, key: str) -> list[tuple[str, str]]:
    return [(a["label"], a["to"]) for a in guide.nodes[key]["answers"]]


def test_declarer_led_out_of_turn_then_the_proper_defender_led_reaches_53b(client, quick):
    """Law 53C says "but see B": the defender whose lead it was makes his own lead, it
    stands, and declarer's card goes back, no penalty card (Law 48A), no Law 57."""
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    offered = answers(guide, "declarer-which-defender")
    to = dict(offered)
    label = "The defender whose lead it was led his own card"
    ruling = guide.nodes[to[label]]
    assert ruling["step"] == "law-53/proper-lead-stands"
    assert "Law 53B" in ruling["cite"] and "Law 48A" in ruling["cite"]
    assert "57A" not in ruling["cite"] and "major" not in ruling["tell"]
    assert "not a penalty card" in ruling["tell"] and ruling["taps"] <= 4
    # "take the first answer that fits": it comes before the defender on the right (53C)
    labels = [lbl for lbl, _ in offered]
    assert labels.index(label) < labels.index("The defender on its right has played to it")
    text = page(client, guide.node_url(to[label]))
    assert "declarer's card goes back" in text and "Law 53B" in text


def test_declarer_played_on_from_his_other_hand_follows_the_law_55_chart(client, quick):
    """Issue 27 (Law 7): declarer leads out of turn and calls a card from dummy before a
    defender plays. The quick mode asks it as the law-55 chart does; when the defender on the
    right then plays, every card stands (53C, 57C1): no major penalty card, no 57A options."""
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    offered = answers(guide, "declarer-what-happened")
    labels = [label for label, _ in offered]
    played_on = "Declarer played from his other hand too, before either defender played"
    # "take the first answer that fits": before the answer for a defender's card
    assert labels.index(played_on) < labels.index("A defender has put a card on the table")
    question = dict(offered)[played_on]
    steps = {label: guide.nodes[to] for label, to in answers(guide, question)}
    assert {node["step"] for node in steps.values()} == {
        "law-55/played-on-still-open",
        "law-55/played-on-accepted",
        "law-55/every-card-stands",
    }
    right = steps["Yes, the defender on the right of the lead played to it"]
    assert "Law 57C1" in right["cite"] and "57A" not in right["cite"]
    assert "major" not in right["ruling"] + right["tell"] and right["taps"] <= 4
    assert "nobody has a penalty card" in page(client, guide.node_url("every-card-stands"))
    still_open = steps["No: the Director was called at once"]
    said = page(client, guide.node_url("played-on-still-open"))
    assert "the Director judges" in said and "Law 57C3" in said and "Law 47A" in said
    assert "Law 60C" in still_open["cite"]
    # a defender on lead who leads his own card is 53B, not a card played to declarer's
    assert "Law 53B" in guide.nodes[question]["hint"]
    chart = Node.objects.get(chart__slug="law-55", key="played-on")
    assert "Law 53B" in chart.text and "Law 53B" in chart.citations
    # the ruling for the defender on the right when declarer had not played on says 57C1
    assert "Law 57C1" in guide.nodes["wrong-defender"]["more"]


def test_the_53b_card_is_the_directors_judgement_in_the_chart_and_the_quick_mode(client, quick):
    step = Node.objects.get(chart__slug="law-53", key="proper-lead-stands")
    text = " ".join(step.text.split())
    assert "the Director judges" in text
    assert "major penalty card" in text and "with no penalty card" in text  # both readings
    assert "Law 16C" in text and "Law 48A" in text
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    ruling = guide.nodes["proper-lead"]
    assert ruling["step"] == "law-53/proper-lead-stands"
    assert "major penalty card" not in ruling["ruling"]  # not a flat ruling
    said = page(client, guide.node_url("proper-lead"))
    assert "the Director judges" in said
    assert "major penalty card" in said and "goes back to the hand" in said
    assert "usual reading" not in said


def test_the_early_lead_after_partner_played_gives_both_readings(client, quick):
    step = Node.objects.get(chart__slug="law-57", key="early-lead-after-partner")
    text = " ".join(step.text.split())
    assert "Director" in text and "lead out of turn" in text and "may accept" in text
    assert "penalty card" in text and "PenaltyFlow teaches" not in text
    guide = QuickGuide.objects.get(slug="played-too-early")
    said = page(client, guide.node_url("early-lead"))
    assert "most Directors" not in said and "usual ruling" not in said
    assert "lead out of turn" in said and "major penalty card" in said


def test_54a_and_54b_are_separate_answers(quick):
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    offered = dict(answers(guide, "opening-choice"))
    spread = guide.nodes[offered["Spread his hand and become dummy"]]
    accept = guide.nodes[offered["Accept it and play the hand"]]
    assert spread["cite"] == "Law 54A" and accept["cite"] == "Law 54B"
    assert not [label for label in offered if "Accept" in label and "dummy" in label]


def test_a_defenders_card_held_up_at_his_turn_is_played_45c1(client, quick):
    guide = QuickGuide.objects.get(slug="card-exposed")
    to = dict(answers(guide, "whose-card"))
    ruling = guide.nodes[to["A defender's, held up as if to play it, at his turn"]]
    assert ruling["step"] == "law-49/held-as-played" and ruling["cite"] == "Law 45C1"
    assert "not a penalty card" in ruling["ruling"] and ruling["taps"] <= 4
    assert "counts as played" in page(client, guide.node_url("defender-held"))


def test_playing_before_the_ruling_gives_up_the_rectification_60a1(client, quick):
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    for key in ("accepted-by-play", "declarer-accepted-by-play"):
        assert "Law 60A1" in guide.nodes[key]["cite"]
        assert "Law 60A1" in page(client, guide.node_url(key))


def test_a_defender_who_plays_before_declarer_leads_again_has_a_major_card_60b(client, quick):
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    to = dict(answers(guide, "defenders-choose"))
    label = "Taken back, then a defender played before declarer led from the right hand"
    ruling = guide.nodes[to[label]]
    assert ruling["step"] == "law-55/card-goes-back" and "Law 60B" in ruling["cite"]
    assert "major penalty card" in ruling["tell"] and ruling["taps"] <= 4
    assert ruling["next"] == "penalty-card-partner-leads"


def test_an_opponent_who_played_after_two_cards_may_change_his_card_58b3(client, quick):
    guide = QuickGuide.objects.get(slug="card-exposed")
    assert "Law 58B3" in guide.nodes["two-cards"]["cite"]
    assert "take his card back" in page(client, guide.node_url("two-cards"))


def test_a_revoke_the_answers_that_take_precedence_come_first(quick):
    """'Take the first answer that fits': both sides revoking on one trick (62C3: one revoke
    may still be open, and both are corrected) and a penalty card not played (Law 52: he may
    not take his card back) come before 'Not yet', whose ruling has the offender take his
    card back, and before the answers that lead to a transfer."""
    guide = QuickGuide.objects.get(slug="revoke")
    labels = [label for label, _ in answers(guide, "is-it-established")]
    first = labels.index("Not yet")
    assert labels.index("Both sides revoked on this trick, one side has played on") < first
    assert labels.index("It was a penalty card he had to play") < first
    assert "first answer that fits" in guide.nodes["is-it-established"]["hint"]


def test_the_offenders_partner_leads_too_is_the_directors_ruling_both_readings(client, quick):
    """A defender leads out of turn and his partner leads too before declarer chooses: the
    law-56 chart leaves it to the Director with two readings; the quick mode follows it and
    rules neither as fact."""
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    to = dict(answers(guide, "declarer-accepts"))
    label = "Before he chose, the offender's partner led too"
    ruling = guide.nodes[to[label]]
    assert ruling["step"] == "law-56/partner-led-too" and ruling["taps"] <= 4
    assert "penalty card" not in ruling["ruling"]
    said = page(client, guide.node_url(to[label]))
    assert "the Director decides" in said and "declarer still chooses" in said
    assert "Law 56B" in said and "Law 50B" in said


def test_at_the_opening_lead_the_offenders_partner_leads_too(client, quick):
    """Law 54's preamble: his face-down lead is withdrawn and declarer still chooses; a faced
    card is the Director's ruling, both readings (the law-54 chart), neither said as fact."""
    guide = QuickGuide.objects.get(slug="lead-out-of-turn")
    to = dict(answers(guide, "opening-choice"))
    down = guide.nodes[to["Before he chose, the offender's partner led face down"]]
    up = guide.nodes[to["Before he chose, the offender's partner led face up"]]
    assert down["step"] == "law-54/partner-face-down" and down["taps"] <= 4
    assert "not a penalty card" in down["tell"] and "still choose" in down["tell"]
    assert up["step"] == "law-54/partner-face-up" and up["taps"] <= 4
    assert "penalty card" not in up["ruling"]
    said = page(client, guide.node_url("opening-partner-face-up"))
    assert "the Director decides" in said and "Law 54D" in said and "Law 50B" in said


def test_a_deemed_revoke_of_law_67b1_is_counted_by_the_quick_revoke_route(quick):
    """A club ruling: a player with a card too many, found late. The quick route counts it as
    the law-61 chart does (64A2): the offender never won that trick."""
    guide = QuickGuide.objects.get(slug="revoke")
    hint = guide.nodes["who-won"]["hint"]
    assert "Law 67B1" in hint and "did not win it himself" in hint
    assert "The player who revoked" in dict(answers(guide, "who-won"))
