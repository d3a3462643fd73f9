"""A chart on paper (classroom/paper.py): whole on its page when its labels are legible there,
otherwise in parts, each a page, every box whole in one of them, every label 8 pt or more."""

import re

import pytest

from penaltyflow.classroom.paper import LEGIBLE_PT, PAGE_PT, _boxes, parts
from penaltyflow.flowcharts.diagrams import inline_svg
from penaltyflow.flowcharts.models import Flowchart

pytestmark = pytest.mark.django_db
VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')


def test_every_chart_prints_legibly_every_box_whole_in_a_part(content):
    split = []
    for chart in Flowchart.objects.all():
        found = parts(chart.svg)
        label = min(float(f) for f in re.findall(r'font-size="([\d.]+)"', chart.svg))
        windows = [tuple(map(float, VIEWBOX.search(p.svg).groups())) for p in found]
        for _, _, w, h in windows:  # printed at the page's width, or its height if less
            assert label * min(PAGE_PT[0] / w, PAGE_PT[1] / h) >= LEGIBLE_PT - 0.01, chart.slug
        for box in _boxes(inline_svg(chart.svg)):
            assert any(
                x <= box[0] and y <= box[1] and box[2] <= x + w and box[3] <= y + h
                for x, y, w, h in windows
            ), (chart.slug, box)
        if len(found) == 1:
            assert found[0].caption == ""
        else:
            split.append(chart.slug)
            assert [p.caption.split(":")[0] for p in found] == [
                f"Part {n} of {len(found)}" for n in range(1, len(found) + 1)
            ]
            assert all(' id="' not in p.svg for p in found)  # the chart repeated: no id twice
    assert {"law-50", "law-64"} <= set(split)  # printed whole, their labels were 4 to 5 pt
    assert "law-56" not in split
