"""/healthz for a load balancer, and robots.txt for crawlers."""

import pytest
from django.db import connection

from penaltyflow.flowcharts.loader import load_charts

pytestmark = pytest.mark.django_db


def test_healthz_is_200_when_the_database_answers_with_the_charts(client, good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    response = client.get("/healthz")
    assert response.status_code == 200 and response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"]


def test_healthz_is_503_when_the_database_does_not_answer(client, good_chart, write_chart):
    load_charts([write_chart(good_chart)])
    with connection.cursor() as cursor:  # undone with the test's transaction
        cursor.execute("ALTER TABLE flowcharts_flowchart RENAME TO flowcharts_flowchart_gone")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert b"does not answer" in response.content


def test_robots_txt_keeps_crawlers_off_the_variant_addresses(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert lines[0] == "User-agent: *"
    for name in ("event", "view", "try", "option"):
        assert f"Disallow: /*?*{name}=" in lines
    assert "Disallow: /admin/" in lines
    assert "Disallow: /" not in lines  # the charts and steps themselves stay open
