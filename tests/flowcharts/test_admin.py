"""The admin edits charts under the same rules as the content files."""

import pytest
from django.contrib.auth.models import User

from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.flowcharts.models import Choice, Node

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(client):
    """A club director who keeps the charts."""
    user = User.objects.create_superuser("alice", "alice@example.org", "pw")
    client.force_login(user)
    return user


@pytest.fixture
def mini(good_chart, write_chart):
    (chart,) = load_charts([write_chart(good_chart)])
    return chart


def node_form(node: Node, **changes) -> dict:
    """The POST of the node's change page, its choices as they are, with `changes`."""
    choices = list(node.choices.all())
    data = {
        "key": node.key,
        "kind": node.kind,
        "label": node.label,
        "citations": node.citations,
        "text": node.text,
        "changes": node.changes,
        "jump_chart": "",
        "jump_node": "",
        "choices-TOTAL_FORMS": str(len(choices)),
        "choices-INITIAL_FORMS": str(len(choices)),
        "choices-MIN_NUM_FORMS": "0",
        "choices-MAX_NUM_FORMS": "1000",
    }
    for i, choice in enumerate(choices):
        data |= {
            f"choices-{i}-id": str(choice.pk),
            f"choices-{i}-source": str(node.pk),
            f"choices-{i}-order": str(choice.order),
            f"choices-{i}-label": choice.label,
            f"choices-{i}-target": str(choice.target_id),
        }
    return data | changes


def test_alice_rewords_a_step_and_the_diagram_follows(client, alice, mini):
    node = mini.nodes.get(key="accept")
    response = client.post(
        f"/admin/flowcharts/node/{node.pk}/change/",
        node_form(node, label="Will declarer accept the lead?"),
    )
    assert response.status_code == 302
    mini.refresh_from_db()
    assert "Will declarer accept the lead?" in mini.svg
    assert mini.rendered_version == mini.version


def test_a_question_left_with_one_choice_is_refused_with_the_node_named(client, alice, mini):
    node = mini.nodes.get(key="accept")
    before = list(Choice.objects.values_list("pk", "label", "target"))
    response = client.post(
        f"/admin/flowcharts/node/{node.pk}/change/", node_form(node, **{"choices-1-DELETE": "on"})
    )
    assert response.status_code == 200
    assert "The chart would break: node &#x27;accept&#x27;: a question needs two or more" in (
        response.content.decode()
    )
    assert list(Choice.objects.values_list("pk", "label", "target")) == before


def test_an_unmarked_loop_is_refused_in_the_admin_too(client, alice, mini):
    node = mini.nodes.get(key="retract")
    lead = mini.nodes.get(key="lead")
    response = client.post(
        f"/admin/flowcharts/node/{node.pk}/change/",
        node_form(node, **{"choices-0-target": lead.pk}),
    )
    assert response.status_code == 200
    assert "closes a loop" in response.content.decode()
    assert node.choices.get().target.key == "major"


def test_a_choice_can_only_lead_to_a_node_of_the_same_chart(
    client, alice, mini, good_chart, write_chart
):
    (other,) = load_charts([write_chart({**good_chart, "slug": "other"})])
    node = mini.nodes.get(key="retract")
    stranger = other.nodes.get(key="major")
    response = client.post(
        f"/admin/flowcharts/node/{node.pk}/change/",
        node_form(node, **{"choices-0-target": stranger.pk}),
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_deleting_a_node_others_lead_to_is_refused_on_the_chart_page(client, alice, mini):
    nodes = list(mini.nodes.order_by("pk"))
    data = {
        "slug": mini.slug,
        "title": mini.title,
        "laws": mini.laws,
        "summary": mini.summary,
        "edition": mini.edition,
        "order": mini.order,
        "nodes-TOTAL_FORMS": str(len(nodes)),
        "nodes-INITIAL_FORMS": str(len(nodes)),
        "nodes-MIN_NUM_FORMS": "0",
        "nodes-MAX_NUM_FORMS": "1000",
    }
    for i, node in enumerate(nodes):
        data |= {
            f"nodes-{i}-id": str(node.pk),
            f"nodes-{i}-chart": str(mini.pk),
            f"nodes-{i}-key": node.key,
            f"nodes-{i}-kind": node.kind,
            f"nodes-{i}-label": node.label,
            f"nodes-{i}-citations": node.citations,
            f"nodes-{i}-text": node.text,
            f"nodes-{i}-changes": node.changes,
        }
    data["nodes-2-DELETE"] = "on"  # "stands", the ruling that "Yes" leads to
    response = client.post(f"/admin/flowcharts/flowchart/{mini.pk}/change/", data)
    assert response.status_code == 200
    assert "a question needs two or more choices" in response.content.decode()
    assert mini.nodes.filter(key="stands").exists()
    del data["nodes-2-DELETE"]
    data["nodes-2-label"] = "The lead is accepted"
    assert client.post(f"/admin/flowcharts/flowchart/{mini.pk}/change/", data).status_code == 302
    assert mini.nodes.get(key="stands").label == "The lead is accepted"


def test_a_jump_cannot_land_on_a_step_of_another_chart(
    client, alice, mini, good_chart, write_chart
):
    (other,) = load_charts([write_chart({**good_chart, "slug": "other"})])
    good_chart["nodes"][4] = {
        "key": "major",
        "kind": "jump",
        "label": "On",
        "cite": "Law 56B",
        "text": "On.",
        "jump": "other",
        "jump_to": "major",
    }
    (chart,) = load_charts([write_chart(good_chart)])
    jump = chart.nodes.get(key="major")
    data = node_form(
        jump, kind="jump", jump_chart=other.pk, jump_node=chart.nodes.get(key="stands").pk
    )
    response = client.post(f"/admin/flowcharts/node/{jump.pk}/change/", data)
    assert response.status_code == 200
    assert "must be a step of the chart it jumps to" in response.content.decode()


def test_steps_are_not_deleted_one_by_one_behind_the_charts_back(client, alice, mini):
    node = mini.nodes.get(key="lead")
    assert (
        client.post(f"/admin/flowcharts/node/{node.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    assert mini.nodes.filter(key="lead").exists()


def test_the_chart_edit_page_takes_a_few_queries_whatever_its_size(client, alice, mini):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/admin/flowcharts/flowchart/{mini.pk}/change/").status_code == 200
    assert len(queries) < 40
