"""Every page under tampered input: a 200, 400, 404 or 405, never a 500 and never a traceback.

A step page takes `path`, `event`, `view`, `option` and `try` from the query; a
learner can edit the address, share half of it, or replay an old one, and a bot
sends anything. Whatever comes in, the answer is a page, the site's 400 page
("Nothing has been changed") or a 404, and the htmx fragment is only ever
served to an htmx request that is not restoring history.

Explicit nasty cases, each its own test, on the small chart of conftest (cheap
to load); the same cases on a rotating sample of the real charts' steps; every
page with every method and some unknown addresses; and a bounded hypothesis
fuzz over every chart.

Cases that once were 500s stay here as tests: `event` or `option` made of a digit
`int()` refuses ("²", "①") or of more than 4300 digits (the query form takes 1
to 4 ASCII digits), and a slug or key of some 200 characters (the page cache's
key is a fixed-length digest).
"""

import functools
import string
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from penaltyflow.engine import replay_board
from penaltyflow.engine.core.cards import CARD_NAMES
from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.flowcharts.models import Flowchart
from penaltyflow.flowcharts.steps import SEPARATOR, StepPath

pytestmark = pytest.mark.django_db

ALLOWED = {200, 400, 404, 405}
TRACEBACK = (
    b"Traceback (most recent call last)",
    b'File "/',
    b"Exception Value",
    b"Exception Type",
    b"Internal Server Error",
    b"Something went wrong on our side",  # the 500 page
)
HEADERS = {
    "plain": {},
    "htmx": {"HTTP_HX_REQUEST": "true"},
    "restore": {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"},
    "restore-only": {"HTTP_HX_HISTORY_RESTORE_REQUEST": "true"},
    "htmx-junk": {
        "HTTP_HX_REQUEST": "TRUE\x00",
        "HTTP_HX_CURRENT_URL": "javascript:alert(1)",
        "HTTP_HX_TARGET": "</section><script>",
        "HTTP_HX_TRIGGER": "\u202e",
    },
}
FOUR_THOUSAND_THREE_HUNDRED_AND_ONE_NINES = "9" * 4301  # past int()'s 4300-digit limit


def is_fragment_request(headers: dict) -> bool:
    """What django-htmx makes of the headers: a fragment unless restoring history."""
    return (
        headers.get("HTTP_HX_REQUEST") == "true"
        and headers.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
    )


def check(response, what: str, headers: dict | None = None, step: bool = False) -> list[str]:
    """Every way `response` breaks the rules, as messages naming the request."""
    problems = []
    if response.get("HX-Redirect"):
        # An htmx click that lands on an error is sent there as a full page (the same
        # address without the htmx headers, which these tests also request).
        if not is_fragment_request(headers or {}):
            problems.append(f"{what}: HX-Redirect answered to a request that is not htmx")
        return problems
    body = b"".join(response.streaming_content) if response.streaming else response.content
    status = response.status_code
    if status not in ALLOWED:
        problems.append(f"{what}: status {status}")
    for marker in TRACEBACK:
        if marker in body:
            problems.append(f"{what}: {marker.decode()!r} in the body")
    if status == 400 and b"Nothing has been changed" not in body:
        problems.append(f"{what}: a 400 without the site's 400 page")
    if step and status == 200:
        # The fragment for htmx swaps, the whole page for everyone else: never the other way.
        fragment = b"<html" not in body
        if fragment != is_fragment_request(headers or {}):
            shape = "the fragment" if fragment else "the full page"
            problems.append(f"{what}: {shape} served for headers {sorted(headers or {})}")
        if b'id="step"' not in body:
            problems.append(f"{what}: no step panel")
    return problems


@pytest.fixture
def web(client):
    """The test client, answering a 500 as a browser sees it rather than raising."""
    client.raise_request_exception = False
    return client


def get(web, url: str, pairs: list[tuple[str, str]], headers: dict):
    query = urlencode(pairs)
    return web.get(f"{url}?{query}" if query else url, **headers), f"GET {url}?{query[:200]}"


# --- the steps, and what their example hand holds -----------------------------------------


@dataclass(frozen=True)
class Step:
    slug: str
    key: str
    path: str  # the way here that the site links to ("" at the start)
    keys: tuple[str, ...]  # every key of the chart
    events: int  # events in its example; -1 without one
    pending: bool  # a decision is due at the example's moment
    options: int  # how many options that decision has
    to_play: tuple[str, ...]  # the cards of the hand to play at that moment
    others: tuple[str, ...]  # the cards of the other three hands

    @property
    def url(self) -> str:
        return f"/charts/{self.slug}/{self.key}/"


def chart_steps(slug: str | None = None) -> list[Step]:
    steps = []
    charts = Flowchart.objects.defer("svg", "pdf")
    for chart in charts.filter(slug=slug) if slug else charts:
        graph = chart.graph()
        nodes = {n.key: n for n in chart.nodes.all()}
        for key in graph.reading_order():
            keys = graph.route_to(key)
            example = StepPath(chart, nodes[key], graph, keys).example()
            events, pending, options, to_play, others = -1, False, 0, (), ()
            if example is not None:
                state = replay_board(example.scenario).to_json()
                events = len(example.scenario.get("events", []))
                pending = state["pending"] is not None
                options = len(state["pending"]["options"]) if pending else 0
                seat = state["to_play"]
                to_play = tuple(state["hands"][seat]) if seat else ()
                others = tuple(c for s, h in state["hands"].items() if s != seat for c in h)
            steps.append(
                Step(
                    chart.slug,
                    key,
                    SEPARATOR.join(keys),
                    tuple(graph.by_key),
                    events,
                    pending,
                    options,
                    to_play,
                    others,
                )
            )
    return steps


@functools.cache
def session_steps() -> tuple[Step, ...]:
    """The steps of the session's charts (tests/conftest.py), which the tests here that read
    them all leave as they found them: replayed once a process."""
    return tuple(chart_steps())


# --- explicit nasty cases ---------------------------------------------------------------
# Each builds the query for a step. `needs` picks the kind of step it is about on the
# small chart; `expect` is the status it must get there (None: any allowed one).


@dataclass(frozen=True)
class Case:
    id: str
    query: object  # Step -> list of (name, value)
    needs: str = "any"  # "any", "pending" (a decision is due) or "to_play" (a card may be tried)
    expect: int | None = None
    headers: str = "plain"


def _path(step: Step) -> list[tuple[str, str]]:
    return [("path", step.path)] if step.path else []


def _first(cards: tuple[str, ...], fallback: str = "SA") -> str:
    return cards[0] if cards else fallback


CASES = [
    # path
    Case("path-unknown-key", lambda s: [("path", s.path + ".no-such-step")], expect=400),
    Case("path-only-unknown", lambda s: [("path", "no-such-step")], expect=400),
    Case("path-repeated-key", lambda s: [("path", f"{s.path}.{s.path}")], expect=400),
    Case("path-ends-with-self", lambda s: [("path", f"{s.path}.{s.key}")], expect=400),
    Case("path-double-separator", lambda s: [("path", s.path.replace(".", "..") + "..")]),
    Case("path-lone-separator", lambda s: [("path", ".")], expect=400),
    Case("path-leading-separator", lambda s: [("path", "." + s.path)], expect=400),
    Case("path-slashes", lambda s: [("path", s.path.replace(".", "/") + "/")]),
    Case("path-huge", lambda s: [("path", SEPARATOR.join(s.keys) * 2000)], expect=400),
    Case("path-every-key", lambda s: [("path", SEPARATOR.join(s.keys))], expect=400),
    Case("path-unicode", lambda s: [("path", s.path + ".ünïcødé-☃.\u202e")], expect=400),
    Case("path-nul", lambda s: [("path", s.path + "\x00")], expect=400),
    Case("path-twice", lambda s: _path(s) + [("path", "no-such-step")], expect=400),
    Case("path-empty", lambda s: [("path", "")], expect=200),
    # event
    Case("event-negative", lambda s: _path(s) + [("event", "-1")], expect=400),
    Case("event-huge", lambda s: _path(s) + [("event", str(10**40))], expect=400),
    Case(
        "event-4301-digits",
        lambda s: _path(s) + [("event", FOUR_THOUSAND_THREE_HUNDRED_AND_ONE_NINES)],
        expect=400,
    ),
    Case("event-superscript-two", lambda s: _path(s) + [("event", "²")], expect=400),
    Case("event-float", lambda s: _path(s) + [("event", "1.5")], expect=400),
    Case("event-word", lambda s: _path(s) + [("event", "next")], expect=400),
    Case("event-nul", lambda s: _path(s) + [("event", "1\x00")], expect=400),
    Case("event-plus-sign", lambda s: _path(s) + [("event", "+1")], expect=400),
    Case("event-two-values", lambda s: _path(s) + [("event", "1"), ("event", "2")]),
    Case("event-past-the-end", lambda s: _path(s) + [("event", str(s.events + 1))]),
    # view
    Case("view-junk", lambda s: _path(s) + [("view", "everyone")], expect=400),
    Case("view-lower-case-seat", lambda s: _path(s) + [("view", "n")]),
    Case("view-nul", lambda s: _path(s) + [("view", "N\x00")], expect=400),
    Case("view-dotless-i", lambda s: _path(s) + [("view", "ı")]),  # "ı".upper() == "I"
    Case("view-sharp-s", lambda s: _path(s) + [("view", "ß")]),  # "ß".upper() == "SS"
    # option
    Case(
        "option-out-of-range",
        lambda s: _path(s) + [("option", str(s.options))],
        needs="pending",
        expect=400,
    ),
    Case("option-negative", lambda s: _path(s) + [("option", "-1")], "pending", 400),
    Case("option-junk", lambda s: _path(s) + [("option", "accept")], "pending", 400),
    Case("option-superscript-two", lambda s: _path(s) + [("option", "²")], "pending", 400),
    Case(
        "option-4301-digits",
        lambda s: _path(s) + [("option", FOUR_THOUSAND_THREE_HUNDRED_AND_ONE_NINES)],
        "pending",
        400,
    ),
    Case("option-when-none-is-due", lambda s: _path(s) + [("option", "0")], "to_play", 400),
    Case("option-two-values", lambda s: _path(s) + [("option", "0"), ("option", "99")], "pending"),
    # try
    Case("try-junk", lambda s: _path(s) + [("try", "joker")], "to_play", 400),
    Case("try-nul", lambda s: _path(s) + [("try", "S\x00A")], "to_play", 400),
    Case(
        "try-lower-case",
        lambda s: _path(s) + [("try", _first(s.to_play).lower())],
        "to_play",
        200,
    ),
    Case(
        "try-card-in-another-hand",
        lambda s: _path(s) + [("try", _first(s.others))],
        "to_play",
        400,
    ),
    Case(
        "try-while-a-decision-is-due",
        lambda s: _path(s) + [("try", _first(s.others))],
        "pending",
        400,
    ),
    Case(
        "try-after-an-option",
        lambda s: _path(s) + [("option", "0"), ("try", _first(s.others))],
        "pending",
    ),
    Case(
        "try-two-values",
        lambda s: _path(s) + [("try", _first(s.to_play)), ("try", "joker")],
        "to_play",
    ),
    Case("try-at-the-deal", lambda s: _path(s) + [("event", "0"), ("try", "SA")], "to_play"),
    # everything at once, with and without htmx
    Case(
        "all-junk-htmx",
        lambda s: [("path", "x"), ("event", "x"), ("view", "x"), ("option", "x"), ("try", "x")],
        headers="htmx",
        expect=400,
    ),
    Case("unknown-parameters", lambda s: _path(s) + [("utm_source", "\x00"), ("", "")], expect=200),
    Case("too-many-parameters", lambda s: [(f"p{i}", "1") for i in range(1001)], expect=400),
    Case("fragment", lambda s: _path(s) + [("event", "1")], "to_play", 200, "htmx"),
    Case("history-restore", lambda s: _path(s) + [("event", "1")], "to_play", 200, "restore"),
    Case("history-restore-only", lambda s: _path(s), "pending", 200, "restore-only"),
    Case("junk-htmx-headers", lambda s: _path(s), "pending", 200, "htmx-junk"),
]


# The nastiest, each its own test on the small chart; every case runs on the real charts below.
NASTIEST = [
    "event-superscript-two",
    "event-4301-digits",
    "option-superscript-two",
    "option-4301-digits",
    "event-huge",
    "event-two-values",
    "path-huge",
    "path-nul",
    "path-unicode",
    "path-repeated-key",
    "path-twice",
    "view-nul",
    "view-dotless-i",
    "option-out-of-range",
    "option-when-none-is-due",
    "try-lower-case",
    "try-card-in-another-hand",
    "try-while-a-decision-is-due",
    "try-after-an-option",
    "all-junk-htmx",
    "too-many-parameters",
    "history-restore",
    "junk-htmx-headers",
]
BY_ID = {case.id: case for case in CASES}


@pytest.fixture
def mini_steps(good_chart, write_chart):
    """The small chart of conftest: `retract` has a decision due, `stands` a card to play."""
    load_charts([write_chart(good_chart)])
    steps = {s.key: s for s in chart_steps("mini-56")}
    return {"any": steps["retract"], "pending": steps["retract"], "to_play": steps["stands"]}


@pytest.mark.parametrize("case", [BY_ID[i] for i in NASTIEST], ids=NASTIEST)
def test_a_nasty_query_gets_a_page_or_the_400_page(web, mini_steps, case):
    step = mini_steps[case.needs]
    headers = HEADERS[case.headers]
    response, what = get(web, step.url, case.query(step), headers)
    problems = check(response, what, headers, step=True)
    if response.get("HX-Redirect"):  # where the browser then goes, as a full page
        response = web.get(response["HX-Redirect"])
        problems += check(response, f"{what} (followed)", step=True)
    if case.expect is not None and response.status_code != case.expect:
        problems.append(f"{what}: {response.status_code}, not {case.expect}")
    # hand.pbn reads only `path`, checked as on the page; the rest is ignored.
    response, what = get(web, step.url + "hand.pbn", case.query(step), headers)
    problems += check(response, what, headers)
    assert not problems, "\n".join(problems)


@pytest.mark.same_on_any_database  # each case reaches PostgreSQL in the test above
def test_the_nasty_queries_on_the_real_charts(web, content):
    """Every case on a rotating sample of the real steps: each step gets a few cases."""
    steps = session_steps()
    assert len(steps) > 100
    problems = []
    for index, step in enumerate(steps):
        for offset in range(3):
            case = CASES[(index * 3 + offset) % len(CASES)]
            if case.needs == "pending" and not step.pending:
                continue
            if case.needs == "to_play" and not step.to_play:
                continue
            headers = HEADERS[case.headers]
            response, what = get(web, step.url, case.query(step), headers)
            problems += check(response, f"[{case.id}] {what}", headers, step=True)
    assert not problems, "\n".join(problems)


# --- every page, every method, unknown addresses -------------------------------------------


UNKNOWN = [
    "/nope/",
    "/charts/",
    "/charts/no-such-chart/",
    "/charts/no-such-chart.svg",
    "/charts/no-such-chart.pdf",
    "/charts/law-56/no-such-step/",
    "/charts/law-56/no-such-step/hand.pbn",
    "/charts/law-56/lead-out-of-turn/hand.pdf",
    "/charts/law-50/lead-out-of-turn/",  # a step of another chart
    "/charts/l%C3%A4w-56/",
    "/charts/law-56%00/",
    "/charts/law-56/%00/",
    "/charts/law-56/lead-out-of-turn/extra/",
    "/static/nope.css",
]


@pytest.mark.every_page
def test_every_page_answers_every_method_and_unknown_addresses_are_404(web, content):
    steps = session_steps()
    charts = sorted({s.slug for s in steps})
    pages = ["/"] + [p for slug in charts for p in (f"/charts/{slug}/", f"/charts/{slug}.svg")]
    pages.append(f"/charts/{charts[0]}.pdf")
    problems = []
    for page in pages:
        problems += check(web.get(page), f"GET {page}")
    others = sorted(set(HEADERS) - {"plain"})
    for index, step in enumerate(steps):
        # Each step with one kind of htmx headers, in turn (test_crawl.py reads each step as a
        # plain page: a 200 with no traceback).
        name = others[index % len(others)]
        headers = HEADERS[name]
        response, what = get(web, step.url, _path(step), headers)
        problems += check(response, f"[{name}] {what}", headers, step=True)
        if response.status_code != 200:
            problems.append(f"[{name}] {what}: {response.status_code} for a link of the site")
        response, what = get(web, step.url + "hand.pbn", _path(step), {})
        problems += check(response, what)
        if response.status_code != (404 if step.events < 0 else 200):
            problems.append(f"{what}: {response.status_code}")
    # POST and the rest: a 405 everywhere, on every ninth step.
    sample = pages + [u for s in steps[::9] for u in (s.url, s.url + "hand.pbn")]
    for url in sample:
        for method in ("post", "put", "delete"):
            response = getattr(web, method)(url, {"event": "1"})
            problems += check(response, f"{method.upper()} {url}")
            if response.status_code != 405:
                problems.append(f"{method.upper()} {url}: {response.status_code}, not 405")
    for url in UNKNOWN:
        response = web.get(url)
        problems += check(response, f"GET {url}")
        if response.status_code != 404:
            problems.append(f"GET {url}: {response.status_code}, not 404")
        problems += check(web.post(url), f"POST {url}")  # 405 where the pattern matches
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "url",
    [
        "/charts/" + "a" * 300 + "/",
        "/charts/law-56/" + "a" * 300 + "/",
        "/charts/" + "a" * 300 + "/" + "b" * 300 + "/",
    ],
    ids=["chart", "step", "both"],
)
def test_an_overlong_address_is_a_404(web, url):
    """The page cache's key holds the slug and key from the address: past 250 characters
    the cache warns (an error under these tests' settings; memcached raises InvalidCacheKey)."""
    response = web.get(url)
    assert not check(response, f"GET {url[:40]}...{url[-20:]}")
    assert response.status_code == 404


# --- the fuzz ---------------------------------------------------------------------------


def junk(min_size: int = 0, max_size: int = 30):
    # Any character but a lone surrogate (it cannot be sent as UTF-8), NUL included.
    return st.text(st.characters(codec="utf-8"), min_size=min_size, max_size=max_size)


NUMBERS = st.one_of(
    st.integers(-3, 40).map(str),
    st.integers().map(str),
    st.floats().map(str),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=3),
    st.sampled_from(
        ["", " 1", "1 ", "+1", "0x1", "1e3", "00", "-0", "1\x00", "NaN", "١", "𝟙", "²", "①"]
    ),
    junk(),
)
VIEWS = st.one_of(st.sampled_from(["all", "ALL", "n", "N", "e", "S", "w", "x", "NS", ""]), junk())
CARDS = sorted(CARD_NAMES)
CARD_TEXT = st.one_of(
    st.sampled_from(CARDS),
    st.sampled_from(CARDS).map(str.lower),
    st.sampled_from(CARDS).map(lambda c: c.replace("T", "10")),
    st.sampled_from(["", "S1", "S11", "ZA", "AS", "10", " SA", "SA ", "S\x00A", "🂡"]),
    junk(max_size=6),
)


def values(strategy, at_most: int = 3):
    """No value, one, or several for the same parameter (`?event=1&event=2`)."""
    return st.lists(strategy, max_size=at_most)


# A path is drawn as a recipe, made into text for the step at hand (so the strategy itself
# never depends on the database): mostly the site's own path, so the other parameters are
# read at all; else the keys of the chart in any order, with junk, repeats and separators.
PATH_VARIANTS = (
    "{sep}",
    "{sep}{sep}{sep}",
    "{path}{sep}",
    "{sep}{path}",
    "{path}{sep}{path}",
    "{doubled}",
    "{path}\x00",
    "{all_keys}",
    "{path}{sep}{key}",
)
PATHS = st.one_of(
    st.integers(0, 9).map(lambda n: ("site",) if n < 6 else ("keys", [n])),
    st.tuples(st.just("keys"), st.lists(st.one_of(st.integers(0, 60), junk(0, 12)), max_size=8)),
    st.tuples(st.just("variant"), st.integers(0, len(PATH_VARIANTS) - 1), st.integers(0, 60)),
    st.tuples(st.just("junk"), junk()),
)


def make_path(recipe: tuple, step: Step) -> str:
    keys = step.keys
    if recipe[0] == "site":
        return step.path
    if recipe[0] == "keys":
        parts = [keys[p % len(keys)] if isinstance(p, int) else p for p in recipe[1]]
        return SEPARATOR.join(parts)
    if recipe[0] == "variant":
        return PATH_VARIANTS[recipe[1]].format(
            sep=SEPARATOR,
            path=step.path,
            doubled=step.path.replace(SEPARATOR, SEPARATOR * 2),
            all_keys=SEPARATOR.join(keys) * 500,
            key=keys[recipe[2] % len(keys)],
        )
    return recipe[1]


QUERY = st.fixed_dictionaries(
    {
        "path": values(PATHS),
        "event": values(NUMBERS),
        "view": values(VIEWS),
        "option": values(NUMBERS),
        "try": values(CARD_TEXT),
        "": st.lists(st.tuples(junk(1, 8), junk()), max_size=2),  # unknown parameters
    }
)


def make_query(query: dict, step: Step) -> list[tuple[str, str]]:
    pairs = [("path", make_path(recipe, step)) for recipe in query["path"]]
    for name in ("event", "view", "option", "try"):
        pairs += [(name, value) for value in query[name]]
    known = {"path", "event", "view", "option", "try"}
    return pairs + [(k, v) for k, v in query[""] if k not in known]


@pytest.fixture
def real_steps(content):
    return session_steps()


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,  # the same examples every run: a failure here is not luck
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    which=st.integers(0, 10_000),
    query=QUERY,
    headers=st.sampled_from(sorted(HEADERS)),
    pbn=st.booleans(),
)
def test_fuzz_every_chart_with_hostile_queries_and_headers(
    web, real_steps, which, query, headers, pbn
):
    step = real_steps[which % len(real_steps)]
    url = step.url + ("hand.pbn" if pbn else "")
    response, what = get(web, url, make_query(query, step), HEADERS[headers])
    assert check(response, what, HEADERS[headers], step=not pbn) == []


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    segment=st.text(string.ascii_letters + string.digits + "-_.%~", min_size=1, max_size=20).filter(
        lambda s: not s.lower().startswith(("admin", "static"))
    ),
    method=st.sampled_from(["get", "post", "put", "head"]),
)
def test_fuzz_unknown_addresses(segment, method, client):
    """No database needed: no chart is loaded, so nothing under /charts/ exists."""
    client.raise_request_exception = False
    for url in (f"/{segment}/", f"/charts/{segment}/", f"/charts/{segment}/x/hand.pbn"):
        response = getattr(client, method)(url)
        assert check(response, f"{method.upper()} {url}") == []
