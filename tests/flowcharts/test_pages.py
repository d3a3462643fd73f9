"""Every page through the test client: as a full page, and as the htmx fragment."""

import re

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from penaltyflow.core.pagecache import forget_stamp
from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.flowcharts.models import Flowchart

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]
HTMX = {"HTTP_HX_REQUEST": "true"}


def marks(html: str, dom_id: str) -> list[str]:
    """The classes of the diagram's group `dom_id` (Graphviz writes "-" as "&#45;")."""
    ident = dom_id.replace("-", "&#45;")
    match = re.search(f'<g id="{re.escape(ident)}" class="([^"]*)"', html)
    assert match, f"no group {dom_id} in the diagram"
    return match.group(1).split()


@pytest.fixture
def mini(good_chart, write_chart):
    (chart,) = load_charts([write_chart(good_chart)])
    return chart


def test_the_home_page_lists_the_charts_by_law(client, content):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    positions = [html.index(f'href="/charts/law-{n}/"') for n in (50, 53, 56)]
    assert positions == sorted(positions)
    assert "A defender leads out of turn" in html


def test_the_header_names_every_law_a_chart_teaches(client, content):
    """The tagline on every page says which laws the site covers: no chart outside it."""
    html = client.get("/").content.decode()
    tagline = re.search(r'<span class="tagline">([^<]*)</span>', html).group(1)
    ranges = [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:–(\d+))?", tagline)]
    assert ranges, tagline
    for laws in Flowchart.objects.values_list("laws", flat=True):
        for law in map(int, re.findall(r"\d+", laws)):
            assert any(a <= law <= b for a, b in ranges), (law, tagline)


def test_the_home_page_maps_how_the_laws_lead_into_each_other(client, content):
    html = client.get("/").content.decode()
    overview = html[html.index('id="map-heading"') :]
    assert 'xlink:href="/charts/law-56/"' in overview
    assert 'id="jump&#45;law&#45;56&#45;&#45;law&#45;50"' in overview  # Law 56 leads into 50
    assert 'id="jump&#45;law&#45;56&#45;&#45;law&#45;53"' in overview


def test_the_map_is_drawn_once_per_content_version(client, content, monkeypatch):
    client.get("/")
    calls = []
    monkeypatch.setattr("graphviz.Digraph.pipe", lambda *a, **k: calls.append(1))
    caches["pages"].clear()
    client.get("/")
    assert calls == []


def test_the_chart_page_shows_the_diagram_and_the_steps_as_text(client, mini):
    html = client.get("/charts/mini-56/").content.decode()
    assert '<svg class="chart-svg"' in html
    assert 'xlink:href="/charts/mini-56/accept/"' in html
    outline = html[html.index('id="outline-heading"') :]
    assert "Does declarer accept the lead?" in outline
    assert 'Yes → <a href="#step-stands">The lead stands</a>' in outline
    assert 'href="/charts/mini-56/lead/">Step through it' in html


def test_a_step_page_teaches_cites_and_offers_the_choices(client, mini):
    response = client.get("/charts/mini-56/accept/?path=lead")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<h1" in html and "Does declarer accept the lead?" in html
    assert "Law 56A" in html
    assert 'href="/charts/mini-56/stands/?path=lead.accept"' in html
    assert 'hx-get="/charts/mini-56/retract/?path=lead.accept"' in html
    assert 'hx-push-url="true"' in html
    assert '<svg class="chart-svg"' in html  # the whole page, with the diagram
    assert "current" in marks(html, "node-accept") and "visited" in marks(html, "node-lead")
    assert "walked" in marks(html, "edge-lead--accept")
    assert "visited" not in marks(html, "node-stands")
    assert "<style" not in html  # the marks are classes; site.css says how they look


def test_an_htmx_request_gets_only_the_step(client, mini):
    response = client.get("/charts/mini-56/accept/?path=lead", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("<title>")
    assert '<section id="step"' in html
    assert "<html" not in html
    # The diagram comes along out of band, marked for the new step.
    assert '<figure id="diagram" class="diagram"' in html and 'hx-swap-oob="true"' in html
    assert "current" in marks(html, "node-accept")
    assert "<title>Does declarer accept the lead? · Law 56 · PenaltyFlow</title>" in html
    # Caches between (a browser's, a proxy's) keep the fragment, the whole page, a history
    # restore and each target apart, as the site's own page cache does.
    vary = {name.strip() for name in response["Vary"].split(",")}
    assert vary >= {"HX-Request", "HX-History-Restore-Request", "HX-Target"}


def test_a_history_restore_gets_the_whole_page(client, mini):
    headers = {**HTMX, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}
    html = client.get("/charts/mini-56/accept/", **headers).content.decode()
    assert "<html" in html and "<svg" in html


def test_a_step_without_a_path_shows_the_shortest_way_there(client, mini):
    html = client.get("/charts/mini-56/major/").content.decode()
    assert "walked" in marks(html, "edge-accept--retract")
    assert "walked" in marks(html, "edge-retract--major")
    back = "/charts/mini-56/retract/?path=lead.accept"
    assert f'href="{back}" hx-get="{back}">← One step back' in html


def test_the_step_text_is_escaped_and_suits_are_coloured(client, good_chart, write_chart):
    good_chart["nodes"][0]["text"] = "East leads the ♥J <script>alert(1)</script>"
    load_charts([write_chart(good_chart)])
    html = client.get("/charts/mini-56/lead/").content.decode()
    assert '<span class="suit red" title="hearts">♥</span>J' in html
    assert "<script>alert(1)</script>" not in html


@pytest.mark.parametrize(
    "url",
    [
        "/charts/no-such-chart/",
        "/charts/mini-56/no-such-step/",
        "/charts/no-such/lead/",
        "/charts/no-such.svg",
        "/charts/no-such.pdf",
    ],
)
def test_unknown_charts_and_steps_get_the_sites_404_page(client, mini, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "There is no such page" in response.content.decode()
    assert "PenaltyFlow" in response.content.decode()


@pytest.mark.parametrize(
    "path",
    [
        "stands",
        "lead.stands",
        "accept",
        "lead.lead.accept",
        "lead.accept.retract.lead",
        "nope",
        "lead." + ".".join(["accept"] * 50),
        "lead..accept",
    ],
)
def test_a_path_the_chart_cannot_produce_is_a_400(client, mini, path):
    response = client.get("/charts/mini-56/major/", {"path": path})
    assert response.status_code == 400
    assert "not a way through the chart" in response.content.decode()


def test_pages_refuse_to_be_posted_to(client, mini):
    assert client.post("/charts/mini-56/lead/").status_code == 405


def test_the_diagram_downloads_as_svg_and_pdf(client, mini):
    svg = client.get("/charts/mini-56.svg")
    assert svg["Content-Type"] == "image/svg+xml"
    assert svg.content.startswith(b"<?xml")
    pdf = client.get("/charts/mini-56.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert 'filename="penaltyflow-mini-56.pdf"' in pdf["Content-Disposition"]


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/charts/mini-56/",
        "/charts/mini-56/accept/?path=lead",
        "/charts/mini-56.svg",
        "/charts/mini-56.pdf",
        "/charts/mini-56/retract/?path=lead.accept&event=2&try=CA",
    ],
)
def test_a_get_only_reads(client, mini, url):
    """Loading and admin saves draw the diagrams and the map; a GET never writes, even when a
    chart was edited outside them (it then shows the last drawing until the next save)."""
    node = mini.nodes.get(key="stands")
    node.label = "The lead is accepted"
    node.save()
    Flowchart.objects.filter(pk=mini.pk).update(version="stale")
    caches["pages"].clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    writes = [
        q["sql"]
        for q in queries
        if not q["sql"].lstrip().upper().startswith(("SELECT", "SAVEPOINT", "RELEASE"))
    ]
    assert writes == []
    assert Flowchart.objects.get(pk=mini.pk).version == "stale"


def test_an_admin_save_draws_the_edited_chart_again(client, mini):
    node = mini.nodes.get(key="stands")
    node.label = "The lead is accepted"
    node.save()
    Flowchart.refresh_all()  # what the loader and every admin save end with
    assert "The lead is accepted" in client.get("/charts/mini-56.svg").content.decode()


def count_queries(client, url, **headers) -> int:
    """Queries to build the page anew, nothing of it kept from an earlier request, once what
    is read once per content generation (the charts' graphs) has been read."""
    client.get(url, **headers)
    caches["pages"].clear()
    forget_stamp()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, **headers).status_code == 200
    return len(queries)


def test_a_step_page_takes_a_few_queries_whatever_the_size_of_the_chart(
    client, good_chart, write_chart
):
    load_charts([write_chart(good_chart)])
    with CaptureQueriesContext(connection) as first:  # every chart's graph read, in two queries
        client.get("/charts/mini-56/major/?path=lead.accept.retract")
    small = count_queries(client, "/charts/mini-56/major/?path=lead.accept.retract")
    assert len(first) <= small + 2
    with_table = count_queries(client, "/charts/mini-56/retract/?path=lead.accept")
    # The same chart with forty more steps between the question and the ruling.
    nodes = good_chart["nodes"]
    nodes[3]["choices"] = [{"label": "Next", "to": "extra-0"}]
    for i in range(40):
        following = f"extra-{i + 1}" if i < 39 else "major"
        nodes.append(
            {
                "key": f"extra-{i}",
                "kind": "action",
                "label": f"Step {i}",
                "cite": "-",
                "text": "-",
                "choices": [{"label": "Next", "to": following}],
            }
        )
    load_charts([write_chart(good_chart)])
    path = ".".join(["lead", "accept", "retract"] + [f"extra-{i}" for i in range(40)])
    big = count_queries(client, f"/charts/mini-56/major/?path={path}")
    assert small == big == with_table <= 6  # the page's node (its title), then the part's own
    assert count_queries(client, "/charts/mini-56/retract/?path=lead.accept") == with_table
    assert count_queries(client, "/charts/mini-56/retract/?event=2&view=W", **HTMX) == with_table


def test_the_home_and_chart_pages_take_a_fixed_few_queries(client, mini):
    client.get("/")  # the first visit after new content draws the map of the charts
    assert count_queries(client, "/") == 2
    assert count_queries(client, "/charts/mini-56/") == 2  # the chart; its graph is kept


def test_a_page_is_built_once_per_content_version(client, good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    url = "/charts/mini-56/accept/?path=lead"
    assert "Does declarer accept the lead?" in client.get(url).content.decode()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url)
    # the step's node, for the page's title; its own part is kept, not built again
    assert len(queries) == 1 and "Does declarer accept the lead?" in again.content.decode()
    good_chart["nodes"][1]["label"] = "Will declarer accept the lead?"
    load_charts([write_chart(good_chart)])
    assert "Will declarer accept the lead?" in client.get(url).content.decode()


def test_the_fragment_and_the_page_are_kept_apart(client, mini):
    url = "/charts/mini-56/accept/?path=lead"
    assert "<html" in client.get(url).content.decode()
    assert "<html" not in client.get(url, **HTMX).content.decode()
    assert "<html" in client.get(url).content.decode()


def test_an_htmx_click_on_a_stale_link_goes_to_the_error_page(client, mini):
    response = client.get("/charts/mini-56/gone-step/", **HTMX)
    assert response["HX-Redirect"] == "/charts/mini-56/gone-step/"
    response = client.get("/charts/mini-56/major/", {"path": "lead.stands"}, **HTMX)
    assert response["HX-Redirect"] == "/charts/mini-56/major/?path=lead.stands"


@pytest.mark.parametrize("path", ["//evil.example/", "//evil.example/charts/"])
def test_an_htmx_error_never_redirects_to_another_site(client, path):
    # The test client would read //host/ as a host, so the raw path is given as the server has it.
    response = client.get("/", PATH_INFO=path, **HTMX)
    assert response.status_code == 404
    assert "HX-Redirect" not in response


def test_content_that_goes_back_to_an_earlier_version_is_not_served_stale(
    client, good_chart, write_chart
):
    url = "/charts/mini-56/accept/?path=lead"
    load_charts([write_chart(good_chart)])
    assert "Does declarer accept the lead?" in client.get(url).content.decode()
    edited = {**good_chart, "nodes": [dict(n) for n in good_chart["nodes"]]}
    edited["nodes"][1]["label"] = "Will declarer accept the lead?"
    load_charts([write_chart(edited)])
    assert "Will declarer accept the lead?" in client.get(url).content.decode()
    load_charts([write_chart(good_chart)])
    html = client.get(url).content.decode()
    assert "Does declarer accept the lead?" in html and "Will declarer" not in html


def test_query_parameters_the_page_does_not_read_share_its_cached_copy(client, mini):
    url = "/charts/mini-56/accept/?path=lead"
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url + "&utm_source=newsletter")
    assert page.status_code == 200 and len(queries) == 1  # the node; its part is kept
    assert "utm_source" not in page.content.decode()  # and no link carries what it does not read


def test_a_summary_edit_shows_on_the_home_page(client, good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    assert "Declarer accepts the lead" in client.get("/").content.decode()
    load_charts([write_chart({**good_chart, "summary": "A new summary."})])
    assert "A new summary." in client.get("/").content.decode()
