"""The quick mode's pages: one question, big answers, the ruling with its clause and what to say."""

import re

import pytest
from django.core.management import call_command

from penaltyflow.director.models import QuickGuide

pytestmark = pytest.mark.same_on_any_database


@pytest.fixture
def quick(content):
    call_command("loadquick", verbosity=0)


def test_the_home_page_leads_to_rule_at_the_table(client, quick):
    home = client.get("/").content.decode()
    assert 'href="/table/"' in home and "Rule at the table" in home
    index = client.get("/table/").content.decode()
    for guide in QuickGuide.objects.all():
        assert f'href="{guide.get_absolute_url()}"' in index and guide.title in index


def test_every_question_and_ruling_page_shows_one_thing_and_links_on(
    client, quick, django_assert_max_num_queries
):
    for guide in QuickGuide.objects.all():
        for key, node in guide.nodes.items():
            with django_assert_max_num_queries(2):
                response = client.get(guide.node_url(key))
            assert response.status_code == 200
            page = response.content.decode()
            assert page.count("<h1") == 1
            assert "bridge-table" not in page and 'class="teaching"' not in page
            if "ruling" in node:
                assert node["cite"] in page and "Tell the players" in page
                step = re.search(r'href="(/charts/[^"]+)">Learn this step', page).group(1)
                assert client.get(step).status_code == 200
                if node["more"]:
                    assert '<details class="quick-more">' in page  # only when asked
            else:
                for answer in node["answers"]:
                    assert f'href="{guide.node_url(answer["to"])}"' in page


def test_unknown_situations_and_questions_are_404(client, quick):
    assert client.get("/table/no-such-thing/").status_code == 404
    assert client.get("/table/lead-out-of-turn/no-such-question/").status_code == 404
    start = client.get("/table/lead-out-of-turn/who-led/")
    assert start.status_code == 301 and start["Location"] == "/table/lead-out-of-turn/"


def test_back_goes_to_the_question_before_and_the_trail_shows_the_answers(client, quick):
    page = client.get("/table/lead-out-of-turn/lead-taken-back/").content.decode()
    assert 'href="/table/lead-out-of-turn/declarer-accepts/">← Back' in page
    for said in ("A defender, later in the play", "No, he wants it taken back"):
        assert said in page
