"""The step page reads `path` and `came` through its form (`StepQuery`): a tampered one is a
400 page on the step and on its PBN download, never a 500."""

import pytest
from django.test import Client

from penaltyflow.flowcharts.models import Node

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query",
    [{"path": "lead\x00"}, {"came": "law-56\x00"}, {"path": "nowhere"}, {"came": "no-chart"}],
)
def test_a_tampered_path_or_came_is_a_400(query):
    node = Node.objects.exclude(example=None).select_related("chart").order_by("id").first()
    url = f"/charts/{node.chart.slug}/{node.key}/"
    client = Client()
    assert client.get(url).status_code == 200
    response = client.get(url, query)
    assert response.status_code == 400
    assert b"Nothing has been changed" in response.content
    assert client.get(f"{url}hand.pbn", query).status_code == 400
