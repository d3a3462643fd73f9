"""A chart on paper at a size one can read: a big chart (Laws 50, 51, 64...) printed whole on
one page had labels of 4 to 5 pt; here it is cut into parts, each a page of its own, its
labels at LEGIBLE_PT or more on A4 and on US Letter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from penaltyflow.flowcharts.diagrams import inline_svg

LEGIBLE_PT = 8.0  # the smallest label on paper
# What a chart may take of a page, in points: A4 or US Letter less their margins (paper-*.css;
# the narrower and the shorter of the two), less the chart's heading and a part's caption
# (handout.css prints a chart at most 230 mm, 652 pt, high).
PAGE_PT = (516.0, 645.0)
WHERE = ("top", "middle", "bottom")
ACROSS = ("left", "centre", "right")


def _place(i: int, n: int, words: tuple[str, str, str]) -> str:
    """'top', 'middle' or 'bottom' (or left, centre, right) for part i of n along one side."""
    if n == 1:
        return ""
    return words[0] if i == 0 else words[2] if i == n - 1 else words[1]


_VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')
_SIZE = re.compile(r'width="[\d.]+pt" height="[\d.]+pt"')
_FONT = re.compile(r'font-size="([\d.]+)"')
_ID = re.compile(r'\sid="[^"]*"')
_TRANSLATE = re.compile(r'<g id="graph0"[^>]*translate\(([-\d.]+) ([-\d.]+)\)')
_NODE = re.compile(r'<g id="[^"]*" class="node[^"]*">(.*?)</g>', re.S)
_POINTS = re.compile(r'\s(?:points|d)="([^"]+)"')
_PAIR = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")


def _boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """Every box of the chart (left, top, right, bottom), in the units of its viewBox."""
    shift = _TRANSLATE.search(svg)
    tx, ty = map(float, shift.groups()) if shift else (0.0, 0.0)
    boxes = []
    for node in _NODE.finditer(svg):
        shape = _POINTS.search(node.group(1))
        pairs = [(float(a), float(b)) for a, b in _PAIR.findall(shape.group(1) if shape else "")]
        if pairs:
            xs, ys = [p[0] + tx for p in pairs], [p[1] + ty for p in pairs]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


def _cuts(spans: list[tuple[float, float]], start: float, length: float, most: float) -> list:
    """Where windows `most` long start along one side of the chart, so that every box's span
    lies whole in one of them: each next window starts at the first box the last one cut."""
    if length <= most:
        return [start]
    found, end = [], start + length
    left = start
    while True:
        left = min(left, end - most)
        found.append(left)
        rest = [a for a, b in spans if b > left + most]
        if not rest or left >= end - most:
            return found
        left = max(min(rest) - 4, left + 1)


@dataclass
class Part:
    svg: str  # ready to inline
    caption: str  # "Part 2 of 4: top right", or "" for a chart whole on its page
    width: float  # of the chart's units it shows
    height: float


def parts(svg: str) -> list[Part]:
    """The chart whole, if its labels are legible on one page; otherwise the parts of it,
    in reading order (left to right, then down), each a page's worth at a legible size."""
    inline = inline_svg(svg)
    box = _VIEWBOX.search(inline)
    if box is None:
        return [Part(inline, "", 0, 0)]
    x0, y0, width, height = map(float, box.groups())
    label = min((float(f) for f in _FONT.findall(inline)), default=14.0)
    scale = LEGIBLE_PT / label  # points on paper per unit of the chart, at least
    most_w, most_h = PAGE_PT[0] / scale, PAGE_PT[1] / scale  # of the chart's units, a page
    if width <= most_w and height <= most_h:
        return [Part(inline, "", width, height)]
    boxes = _boxes(inline)
    w, h = min(width, most_w), min(height, most_h)
    lefts = _cuts([(b[0], b[2]) for b in boxes], x0, width, w)
    tops = _cuts([(b[1], b[3]) for b in boxes], y0, height, h)
    # every box in the first part that holds it whole; a part that holds none is left out
    used = set()
    for b in boxes:
        col = next((i for i, x in enumerate(lefts) if x <= b[0] and b[2] <= x + w), 0)
        row = next((i for i, y in enumerate(tops) if y <= b[1] and b[3] <= y + h), 0)
        used.add((row, col))
    windows = (
        sorted(used) if boxes else [(r, c) for r in range(len(tops)) for c in range(len(lefts))]
    )
    plain = _ID.sub("", inline)  # the same chart several times: no id twice on the page
    found = []
    for n, (r, c) in enumerate(windows, start=1):
        left, top = lefts[c], tops[r]
        where = " ".join(
            x for x in (_place(r, len(tops), WHERE), _place(c, len(lefts), ACROSS)) if x
        )
        part = _VIEWBOX.sub(f'viewBox="{left:.1f} {top:.1f} {w:.1f} {h:.1f}"', plain, count=1)
        part = _SIZE.sub(f'width="{w:.0f}pt" height="{h:.0f}pt"', part, count=1)
        found.append(Part(part, f"Part {n} of {len(windows)}: {where}", w, h))
    return found
