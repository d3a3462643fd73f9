"""What must always hold is held by the database itself, whatever writes to it."""

import pytest
from django.db import IntegrityError, transaction

from penaltyflow.flowcharts.loader import load_charts
from penaltyflow.flowcharts.models import Choice, Flowchart, Node

pytestmark = pytest.mark.django_db


@pytest.fixture
def chart(good_chart, write_chart):
    (chart,) = load_charts([write_chart(good_chart)])
    return chart


def refused(**fields):
    with pytest.raises(IntegrityError), transaction.atomic():
        Node.objects.create(**fields)


def test_a_node_key_is_unique_in_its_chart(chart):
    refused(chart=chart, key="accept", kind="outcome", label="x", text="x", citations="x")


def test_the_same_key_may_live_in_two_charts(chart):
    other = Flowchart.objects.create(slug="other", title="Other", laws="50", summary="-")
    Node.objects.create(chart=other, key="accept", kind="outcome", label="x", text="x")


def test_a_chart_has_at_most_one_start(chart):
    refused(chart=chart, key="second", kind="start", label="x", text="x", citations="x")


def test_a_jump_names_a_chart(chart):
    refused(chart=chart, key="jump", kind="jump", label="x", text="x", citations="x")


def test_only_a_jump_names_a_chart(chart):
    refused(chart=chart, key="odd", kind="outcome", label="x", text="x", jump_chart=chart)


def test_a_node_kind_is_one_of_five(chart):
    refused(chart=chart, key="odd", kind="maybe", label="x", text="x")


def test_a_choice_joins_two_nodes_of_one_chart(chart):
    other = Flowchart.objects.create(slug="other", title="Other", laws="50", summary="-")
    stranger = Node.objects.create(chart=other, key="s", kind="outcome", label="x", text="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        Choice.objects.create(source=chart.nodes.get(key="accept"), target=stranger, label="Huh")
    choice = Choice.objects.get(source__key="accept", target__key="stands")
    choice.target = stranger
    with pytest.raises(IntegrityError), transaction.atomic():
        choice.save()


def test_a_node_with_choices_cannot_move_to_another_chart(chart):
    other = Flowchart.objects.create(slug="other", title="Other", laws="50", summary="-")
    with pytest.raises(IntegrityError), transaction.atomic():
        Node.objects.filter(chart=chart, key="accept").update(chart=other)


def test_a_choice_has_a_label(chart):
    with pytest.raises(IntegrityError), transaction.atomic():
        Choice.objects.create(
            source=chart.nodes.get(key="lead"), target=chart.nodes.get(key="major"), label=""
        )
