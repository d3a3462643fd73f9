"""One case across charts: a jump carries the deal, its events and the route into the next law."""

import html
import re

import pytest

from penaltyflow.flowcharts.models import Choice, Flowchart

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]

LAW_56_TO_50 = (
    "lead-out-of-turn.is-opening-lead.told-to-lead.is-trick-13.does-declarer-accept.lead-taken-back"
)
CAME_56_50 = f"law-56.{LAW_56_TO_50}.to-law-50"
LAW_56_TO_53 = "lead-out-of-turn.is-opening-lead.told-to-lead.is-trick-13.does-declarer-accept"


def links(page: str, url: str = "") -> list[str]:
    """The page's links into the charts, absolute ({% querystring %} writes "?event=2...")."""
    path = url.split("?")[0]
    found = re.findall(r'href="((?:/charts/|\?)[^"#]*)"', page)
    return [html.unescape(path + u if u.startswith("?") else u) for u in found]


def story_of(source: str, target: str, chart: str) -> str:
    example = Choice.objects.get(
        source__chart__slug=chart, source__key=source, target__key=target
    ).example
    return " ".join(example.story.split())[:30]


def first_way_through(chart: Flowchart) -> list[tuple[str, str, str]]:
    """(choice label, from, to) from the start to a ruling or jump, taking first choices."""
    graph = chart.graph()
    walk, key, seen = [], graph.start, set()
    while graph.choices_of(key):
        seen.add(key)
        choice = next(c for c in graph.choices_of(key) if c.to not in seen)
        walk.append((choice.label, key, choice.to))
        key = choice.to
    return walk


CHOICE_LINK = re.compile(r'<a class="choice[^"]*" href="([^"]+)"')
HAND = re.compile(r'<section class="hand hand-')


def text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", response.content.decode()).split())


def test_the_jump_into_law_50_carries_the_route_and_the_deal(client, content):
    jump_page = client.get(f"/charts/law-56/to-law-50/?path={LAW_56_TO_50}").content.decode()
    landing = next(
        u for u in links(jump_page) if u.startswith("/charts/law-50/major-penalty-card/")
    )
    assert landing == f"/charts/law-50/major-penalty-card/?came={CAME_56_50}"

    page = client.get(landing)
    assert page.status_code == 200
    words = text(page)
    # The deal is the one the learner saw at the jump, not Law 50's own example.
    assert story_of("lead-taken-back", "to-law-50", "law-56") in words
    assert story_of("how-exposed", "major-penalty-card", "law-50") not in words
    # The way you came: Law 56's steps, and none of Law 50's the learner never saw.
    trail = re.search(r'<ol class="trail".*?</ol>', page.content.decode(), re.S).group(0)
    assert "Does declarer accept the lead?" in trail and "Taken back" in trail
    assert "How many penalty cards?" not in trail


def test_one_step_back_from_the_landing_goes_back_across_the_jump(client, content):
    page = client.get(f"/charts/law-50/major-penalty-card/?came={CAME_56_50}").content.decode()
    back = re.search(r'href="([^"]*)"[^>]*>← One step back', page).group(1)
    assert html.unescape(back) == f"/charts/law-56/to-law-50/?path={LAW_56_TO_50}"


def test_the_case_goes_on_while_the_deal_can_show_the_step(client, content):
    came = f"came={CAME_56_50}&path=major-penalty-card.who-is-next"
    carried = story_of("lead-taken-back", "to-law-50", "law-56")
    # Issue 18: Law 56's own case, West on lead after East's refused ♠K, is Law 50D2's case:
    # one deal from Law 56's first step to declarer's choice in Law 50.
    d2 = client.get(f"/charts/law-50/d2-declarer-chooses/?{came}")
    assert carried in text(d2) and "cannot show this step" not in text(d2)
    # "The offender plays next" is not that deal's moment: the step shows its own example.
    d1 = client.get(f"/charts/law-50/d1-first-chance/?{came}")
    words = text(d1)
    assert "The deal you brought from Law 56 cannot show this step" in words
    assert story_of("who-is-next", "d1-first-chance", "law-50") in words
    assert carried not in words
    # ... and once lost, the case does not come back further on.
    later = client.get(f"/charts/law-50/d1-can-play-it/?{came}.d1-first-chance")
    assert carried not in text(later)


def test_law_56_keeps_one_deal_along_its_main_line(content):
    """Issue 18: from the lead out of turn to the jump into Law 50, one deal."""
    main_line = [*LAW_56_TO_50.split("."), "to-law-50"]
    deals = {
        Choice.objects.get(
            source__chart__slug="law-56", source__key=a, target__key=b
        ).example.scenario["deal"]
        for a, b in zip(main_line, main_line[1:], strict=False)
    }
    assert len(deals) == 1


def test_the_jump_into_law_53_keeps_the_4_spades_deal(client, content):
    jump = client.get(f"/charts/law-56/to-law-53/?path={LAW_56_TO_53}").content.decode()
    landing = next(u for u in links(jump) if u.startswith("/charts/law-53/"))
    words = text(client.get(landing))
    assert story_of("does-declarer-accept", "to-law-53", "law-56") in words
    assert "4♠ by South" in words


def test_the_pbn_of_a_landing_step_is_the_carried_deal(client, content):
    pbn = client.get(f"/charts/law-50/major-penalty-card/hand.pbn?came={CAME_56_50}")
    deal = Choice.objects.get(
        source__chart__slug="law-56", source__key="lead-taken-back"
    ).example.scenario["deal"]
    assert pbn.status_code == 200
    assert deal.split(":")[1].split()[0] in pbn.content.decode()


@pytest.mark.parametrize(
    "query",
    [
        "came=law-56.lead-out-of-turn.to-law-50",  # not a way through Law 56
        "came=law-56.is-trick-13.does-declarer-accept.lead-taken-back.to-law-50",  # mid-way
        f"came=law-56.{LAW_56_TO_50}",  # does not end in a jump
        f"came=law-56.{LAW_56_TO_53}.to-law-53",  # into 53
        "came=no-such-chart.a.b",
        f"came={CAME_56_50}&path=card-exposed",  # the path must start where the jump landed
        "~".join([f"came={CAME_56_50}"] * 9),
    ],
)
def test_a_tampered_journey_is_a_400(client, content, query):
    assert client.get(f"/charts/law-50/major-penalty-card/?{query}").status_code == 400


def test_every_link_on_the_journey_pages_answers(client, content):
    start = f"/charts/law-56/to-law-50/?path={LAW_56_TO_50}"
    seen, queue = set(), [start]
    while queue and len(seen) < 60:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        assert response.status_code == 200, url
        if "came=" in url or url == start:
            queue.extend(u for u in links(response.content.decode(), url) if "came=" in u)
    assert len([u for u in seen if "came=" in u]) > 20


def test_a_page_two_charts_in_reads_the_database_a_dozen_times(
    client, content, django_assert_max_num_queries
):
    url = (
        f"/charts/law-50/d2-declarer-chooses/?came={CAME_56_50}&path=major-penalty-card.who-is-next"
    )
    with django_assert_max_num_queries(14):
        assert client.get(url).status_code == 200


def test_every_chart_walked_by_its_first_choices_shows_each_choices_deal(client, content):
    """From each chart's start, the first choice each time (the browser walks one chart of
    each phase so: tests/browser/test_table.py): each step reached shows the deal of the
    choice that led there, its story and its four hands."""
    for chart in Flowchart.objects.order_by("order"):
        walk = first_way_through(chart)
        assert walk, f"{chart.slug} has no way through"
        url = f"/charts/{chart.slug}/{walk[0][1]}/"
        for _label, source, target in walk:
            page = client.get(url).content.decode()
            url = next(
                html.unescape(u)
                for u in CHOICE_LINK.findall(page)
                if u.startswith(f"/charts/{chart.slug}/{target}/")
            )
            landing = client.get(url)
            assert landing.status_code == 200, url
            where = f"{chart.slug}: {source} to {target}"
            assert f'data-node="{target}"' in landing.content.decode(), where
            assert story_of(source, target, chart.slug) in html.unescape(text(landing)), where
            assert len(HAND.findall(landing.content.decode())) == 4, where
