"""The auction charts (issue 29): every route through Laws 24, 25A, 26, 28 to 32 and 36 to 39
ends at a ruling the engine gives for the deal that leads there, and cites the clause the
engine applies."""

import json

import pytest

from penaltyflow.engine.scenario import run
from penaltyflow.flowcharts.models import Choice, Flowchart, Node

from .test_law_content import step, words

pytestmark = pytest.mark.django_db

AUCTION_CHARTS = ["law-24", "law-25", "law-26", "law-29", "law-36"]


def laws_in(state: dict) -> set[str]:
    """Every clause the engine names in its state: on the calls, the bars, the call owed, the
    decision pending and the lead restrictions due."""
    auction = state.get("auction") or {}
    found = {c.get("law") for c in auction.get("calls", [])}
    found |= {b["law"] for b in auction.get("barred", [])}
    found |= {(auction.get("required_call") or {}).get("law")}
    pending = state.get("pending") or {}
    found |= {pending.get("law")} | {o.get("law") for o in pending.get("options", [])}
    found |= {r["law"] for r in state.get("lead_restrictions_due", [])}
    return {law for law in found if law}


def clause(law: str):
    def check(state: dict) -> bool:
        return law in laws_in(state)

    check.law = law  # type: ignore[attr-defined]
    return check


def no_rectification(state: dict) -> bool:
    auction = state["auction"] or {}
    return not auction.get("barred") and not state["lead_restrictions_due"]


def cards_back(state: dict) -> bool:
    return state["declarer"] is not None and not state["penalty_cards"]


def penalty_card(state: dict) -> bool:
    return bool(state["penalty_cards"])


def forbidden(state: dict) -> bool:
    return (state["lead_restriction"] or {}).get("mode") == "forbidden"


def free_lead(state: dict) -> bool:
    return state["to_play"] is not None and state["lead_restriction"] is None


# (chart, the steps from its start to a ruling, what the engine finds at the last arrow,
# the clause the ruling step cites)
ROUTES = [
    ("law-29", ["call-out-of-rotation", "rho-must-pass", "in-rotation-28a"], clause("28A"), "28A"),
    ("law-29", ["rho-must-pass", "who-called-next", "cancelled-28b"], clause("28B"), "28B"),
    ("law-29", ["who-called-next", "accepted"], clause("29A"), "29A"),
    ("law-29", ["who-called-next", "lho-accepts", "accepted"], clause("29A"), "29A"),
    (
        "law-29",
        ["lho-accepts", "what-call", "pass-artificial", "pass-whose-turn", "pass-30a"],
        clause("30A"),
        "30A",
    ),  # fmt: skip
    (
        "law-29",
        ["pass-whose-turn", "pass-30b", "comparable", "no-rectification"],
        clause("30B1(b)(i)"),
        "30B1(b)(i)",
    ),  # fmt: skip
    ("law-29", ["what-call", "bid-whose-turn", "rho-calls", "repeat-31a1"], clause("31A1"), "31A1"),
    ("law-29", ["rho-calls", "comparable", "partner-passes"], clause("31A2(b)"), "31A2(b)"),
    (
        "law-29",
        ["what-call", "double-whose-turn", "rho-calls-32", "repeat-32a1"],
        clause("32A1"),
        "32A1",
    ),  # fmt: skip
    ("law-29", ["partner-passes", "to-law-26"], clause("26B"), "26B"),
    ("law-24", ["what-was-exposed", "no-bar-24a"], no_rectification, "24A"),
    ("law-24", ["what-was-exposed", "partner-passes-24b"], clause("24B"), "24B"),
    ("law-24", ["what-was-exposed", "partner-passes-24c"], clause("24C"), "24C"),
    ("law-24", ["offender-side", "cards-back-24d"], cards_back, "24D"),
    ("law-24", ["offender-side", "penalty-card-24e", "to-law-50"], penalty_card, "24E"),
    ("law-25", ["was-it-unintended", "partner-called", "call-replaced"], clause("25A"), "25A1"),
    ("law-25", ["was-it-unintended", "call-stands-25b"], no_rectification, "25A2"),
    ("law-25", ["partner-called", "too-late"], no_rectification, "25A4"),
    ("law-26", ["offender-defends", "nothing-at-the-lead"], no_rectification, "26B"),
    ("law-26", ["replaced-comparable", "no-restriction-26a"], no_rectification, "26A"),
    (
        "law-26",
        ["replaced-comparable", "lead-restriction", "declarer-chooses", "suit-forbidden"],
        forbidden,
        "26B",
    ),  # fmt: skip
    ("law-26", ["declarer-chooses", "lead-free"], free_lead, "26B"),
    ("law-36", ["which-call", "lho-called-36", "all-cancelled-36a"], clause("36A"), "36A"),
    ("law-36", ["lho-called-36", "in-turn-36", "substitute-36b"], clause("36B2"), "36B2"),
    ("law-36", ["in-turn-36", "out-of-turn-36b4"], clause("36B4"), "36B4"),
    ("law-36", ["which-call", "lho-called-37", "stands-37a"], clause("37A"), "37A"),
    ("law-36", ["lho-called-37", "cancelled-37b"], clause("37B2"), "37B2"),
    ("law-36", ["which-call", "lho-called-38", "cancelled-38d"], clause("38C"), "38D"),
    ("law-36", ["lho-called-38", "cancelled-38"], clause("26B"), "38C"),
    ("law-36", ["which-call", "who-called-39", "cancelled-39b"], clause("39A"), "39B"),
    ("law-36", ["who-called-39", "lho-called-39", "cancelled-39b-lho"], clause("39A"), "39B"),
    ("law-36", ["lho-called-39", "lead-restriction-39c", "to-law-26"], clause("26B"), "26B"),
]


def _choice(chart: str, source: str, target: str) -> Choice:
    return Choice.objects.select_related("example", "target").get(
        source__chart__slug=chart, source__key=source, target__key=target
    )


def _state(choice: Choice) -> dict:
    status, state = run(json.dumps(choice.example.scenario))
    assert status == 0, state
    return state


@pytest.mark.parametrize(
    "chart,path,engine_finds,cite", ROUTES, ids=[f"{r[0]}:{r[1][-1]}" for r in ROUTES]
)
def test_the_route_reaches_the_ruling_the_engine_gives(content, chart, path, engine_finds, cite):
    arrows = [_choice(chart, a, b) for a, b in zip(path, path[1:], strict=False)]
    state = _state(arrows[-1])
    assert engine_finds(state), (chart, path[-1], laws_in(state))
    ruling = arrows[-1].target
    assert f"Law {cite}" in ruling.citations, (ruling.key, ruling.citations)
    if hasattr(engine_finds, "law") and ruling.kind in (Node.Role.OUTCOME, Node.Role.JUMP):
        assert f"Law {engine_finds.law}" in ruling.citations, ruling.citations


def test_every_ruling_of_the_auction_charts_is_reached_by_a_tested_route(content):
    tested = {(chart, path[-1]) for chart, path, _, _ in ROUTES}
    endings = set(
        Node.objects.filter(
            chart__slug__in=AUCTION_CHARTS, kind__in=[Node.Role.OUTCOME, Node.Role.JUMP]
        ).values_list("chart__slug", "key")
    )
    assert endings and endings <= tested, sorted(endings - tested)


def test_every_choice_of_the_auction_charts_has_its_deal_from_the_first_call(content):
    choices = Choice.objects.filter(source__chart__slug__in=AUCTION_CHARTS).select_related(
        "example"
    )
    assert choices.count() > 60
    for choice in choices:
        assert choice.example is not None, choice
        assert "dealer" in choice.example.scenario, choice


@pytest.mark.parametrize(
    "chart,key,both",
    [
        ("law-29", "comparable", ["Yes: the Director judges it", "No: it is not comparable"]),
        ("law-29", "pass-artificial", ["Yes: the Director judges it", "No: a plain pass"]),
        ("law-26", "replaced-comparable", ["Yes: the Director judged it", "No: not comparable"]),
        ("law-25", "was-it-unintended", ["Yes: a mechanical error", "No: he meant it"]),
    ],
)  # fmt: skip
def test_the_directors_judgement_is_a_question_with_both_branches(
    client, content, chart, key, both
):
    text = words(step(client, f"/charts/{chart}/{key}/"))
    assert "judge" in text
    for label in both:
        assert label in text


def test_the_penalty_card_from_the_auction_goes_on_in_law_50(client, content):
    jump = Node.objects.get(chart__slug="law-24", key="to-law-50")
    assert (jump.jump_chart.slug, jump.jump_node.key) == ("law-50", "how-many-cards")
    page = step(client, "/charts/law-24/penalty-card-24e/")
    assert "Law 24E" in words(page)
    assert '<span class="face">♣A</span><span class="kind-tag">major</span>' in page
    assert "East must play ♣ A now (Law 50D1(a))" in words(page)


def test_the_comparable_call_is_dated_to_2017_and_partners_old_bar_is_said(content):
    assert "2017" in Node.objects.get(chart__slug="law-29", key="comparable").changes
    old = Node.objects.get(chart__slug="law-29", key="bid-31b").changes
    assert "whole auction" in old and "Since 2017" in old


def test_the_auction_charts_are_on_the_home_page_under_the_auction(client, content):
    page = step(client, "/")
    auction = page.index('id="stage-auction"')
    play = page.index('id="stage-play"')
    revokes = page.index('id="stage-after"')
    assert auction < play < revokes
    for slug in AUCTION_CHARTS:
        assert auction < page.index(f'href="/charts/{slug}/"') < play, slug
    assert play < page.index('href="/charts/law-50/"') < revokes
    assert revokes < page.index('href="/charts/law-61/"')
    assert "often found only later" in words(page[revokes : page.index('href="/charts/law-61/"')])
    assert set(AUCTION_CHARTS) <= set(Flowchart.objects.values_list("slug", flat=True))
