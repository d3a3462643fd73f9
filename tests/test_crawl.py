"""A crawl of the app's own links: each answers 200, no learner reads the engine's names, and
each page has the security policy and nothing inline that it would block (tests/pagechecks.py).

From every step page, table links (events, views, options, cards tried) are
followed, breadth first, and each page's links are followed in turn. The
text a learner reads (and the labels a screen reader reads) must hold no
option names as the engine spells them ("require S", "no_restriction"), no card
codes ("HQ"), and not the word "engine".
"""

import html
import os
import random
import re

import pytest

from penaltyflow.flowcharts.models import Node
from tests.pagechecks import policy_problems

pytestmark = pytest.mark.django_db

LINK = re.compile(r'(?:href|hx-get)="([/?][^"#]*)"')
SKIP = re.compile(r"\.(pbn|pdf|svg)(\?|$)|^/(admin|static)/")
ENGINE_WORDS = re.compile(
    r"(?i:\bengine\b|\bmodell?ed\b)|no_restriction|\b(?:require|forbid|highest|lowest|designate"
    r"|spread) [SHDC]{1,4}\b|\b[SHDC][2-9TJQKA]\b"
)
TABLE_PARAMETER = re.compile(r"[?&](event|view|option|try)=")


def learner_text(page: str) -> str:
    """What a learner reads or hears: the text and the aria-labels, not the markup."""
    page = re.sub(r"<(script|style|title)\b.*?</\1>", " ", page, flags=re.S)
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + labels)


def links(page: str, url: str) -> set[str]:
    """The page's own links, absolute ({% querystring %} writes "?event=2&path=...")."""
    path = url.split("?")[0]
    found = {html.unescape(path + u if u.startswith("?") else u) for u in LINK.findall(page)}
    return {u for u in found if not SKIP.search(u)}


@pytest.mark.every_page
def test_every_link_answers_and_no_engine_word_reaches_a_learner_and_the_policy_holds(
    client, content
):
    """Every step page, then table states drawn at random (seeded) from the pages read.

    CRAWL_BUDGET pages in all (default 500: every chart and step page, then table states); set it
    high for a full crawl.
    """
    budget = int(os.environ.get("CRAWL_BUDGET", "500"))
    rng = random.Random(8)
    steps = [f"/charts/{n.chart.slug}/{n.key}/" for n in Node.objects.select_related("chart")]
    charts = sorted({u.rsplit("/", 2)[0] + "/" for u in steps})
    queue, seen, problems, read = ["/", *charts, *steps], set(), [], 0
    while queue and read < budget:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        read += 1
        if response.status_code != 200:
            problems.append(f"{url} answers {response.status_code}")
            continue
        if not response["Content-Type"].startswith("text/html"):
            continue  # an icon, the manifest, the service worker: it answered
        problems += policy_problems(url, response)
        page = response.content.decode()
        for word in sorted({m.group(0) for m in ENGINE_WORDS.finditer(learner_text(page))}):
            problems.append(f"{url} says {word!r}")
        onward = sorted(links(page, url) - seen)
        table = [u for u in onward if TABLE_PARAMETER.search(u)]
        # A card tried, an option applied and a jump on each page, and a few more links.
        tries = [u for u in table if "try=" in u]
        options = [u for u in table if "option=" in u]
        jumps = [u for u in onward if "came=" in u]  # into another law, with the case
        picked = {*tries[:1], *tries[-1:], *options, *jumps[:1]}
        picked |= set(rng.sample(onward, min(3, len(onward))))
        queue.extend(sorted(picked))
    print(f"crawl: {read} pages read, {len(problems)} problems")  # shown with pytest -s
    assert read >= min(budget, 300)
    for kind in ("try=", "option=", "event=", "view=", "came="):  # the crawl reached them all
        assert any(kind in u for u in seen), kind
    assert problems == []
