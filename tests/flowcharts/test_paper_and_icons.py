"""What a browser asks for besides the page, and what goes on paper."""

import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

A4 = (595, 842)  # points
LETTER = (612, 792)


def test_every_chart_pdf_is_one_page_that_fits_a4_and_letter(client, content):
    for slug in ("law-50", "law-51", "law-56"):  # the tallest, a wide one, a small one
        pdf = client.get(f"/charts/{slug}.pdf").content
        boxes = re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", pdf)
        assert len(boxes) == 1, slug
        width, height = map(float, boxes[0])
        for paper in (A4, LETTER):
            assert width <= paper[0] and height <= paper[1], (slug, width, height)
        assert b"/FontFile" in pdf  # the labels are text, not pictures of text


def test_the_favicon_is_there(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert re.search(r"/favicon(\.[0-9a-f]{12})?\.svg$", response["Location"])
    icon = Path(settings.STATICFILES_DIRS[0]) / "favicon.svg"
    assert icon.read_text().startswith("<svg")
    assert 'rel="icon"' in client.get("/").content.decode()


def test_each_page_describes_itself_for_search_engines(client, content):
    home = client.get("/").content.decode()
    step = client.get("/charts/law-50/major-penalty-card/").content.decode()
    described = re.compile(r'<meta name="description" content="([^"]+)">')
    assert "penalty cards" in described.search(home).group(1)
    assert described.search(step).group(1).startswith("Law 50, Major penalty card: A major")
