"""A lesson item (a chart step or a quiz question) as the projector, phones and handout show it.

`resolve` is also how the lesson loader checks an item: what it cannot resolve
cannot be taught.

Nothing shown while a question is open gives its answer away: its `table` is the
moment before the ruling (the quiz's own `table_for`), and it has no diagram until
the answer is shown (`answer_table`, `answer_diagram`): the box that teaches it is
its answer, or says it. A step asked as a question (`hide`: its choices without where
they lead) shows its table before the ruling too: no transfer counted, no card's
status, no note of the clause that applies.
"""

import re
from dataclasses import dataclass, field

from django.core.exceptions import BadRequest
from django.urls import Resolver404
from django.urls import resolve as resolve_url

from penaltyflow.flowcharts.diagrams import dom_id, inline_svg, mark_groups
from penaltyflow.flowcharts.models import Flowchart, Node
from penaltyflow.flowcharts.steps import StepPath, step_url
from penaltyflow.hands.tableview import TableData, before_ruling, build_table

from . import questions


class ItemError(Exception):
    """An item that names a step or a question that does not exist."""


@dataclass
class ItemView:
    is_question: bool  # a quiz question, or a chart step
    title: str
    text: str = ""
    cite: str = ""
    node_kind: str = ""
    chart: Flowchart | None = None
    node_key: str = ""
    marks: dict[str, str] = field(default_factory=dict)  # the diagram's marks (StepPath.marks)
    story: str = ""
    table: TableData | None = None  # what is shown while a question is open: before the ruling
    ruled_table: TableData | None = None  # a question's table once answered (a step: None)
    choices: list[tuple[str, str]] = field(default_factory=list)  # (label, where it leads or "")
    url: str = ""  # the step page on the site
    question: object | None = None  # quizzes.question.Question
    qid: str | None = None
    hide: bool = False  # where the choices lead stays hidden: so does the diagram

    @property
    def answer_choices(self) -> list[tuple[str, str]]:
        return list(self.question.choices) if self.question else []

    @property
    def multiple(self) -> bool:
        return bool(self.question and self.question.multiple)

    @property
    def right_keys(self) -> set[str]:
        return set(self.question.right_keys()) if self.question else set()

    @property
    def right_texts(self) -> str:
        """The right answer in words, for the handout's answer key."""
        right = self.right_keys
        return "; ".join(text for key, text in self.answer_choices if key in right)

    @property
    def answer_table(self) -> TableData | None:
        """The table once the answer is shown: the ruled table of a question."""
        return self.ruled_table or self.table

    @property
    def diagram(self) -> str:
        """A step's diagram, the current box and the way to it marked; a question has none
        while it is open (see `answer_diagram`)."""
        if self.is_question:
            return ""
        return self.answer_diagram

    @property
    def answer_diagram(self) -> str:
        """The diagram once the answer is shown: a question's chart, its box marked."""
        if self.chart is None or self.hide:
            return ""
        return mark_groups(inline_svg(self.chart.svg), self.marks)

    @property
    def diagram_zoomed(self) -> str:
        """The diagram for the projector: a big chart framed around the current box."""
        return zoom(self.diagram, self.node_key)

    @property
    def answer_diagram_zoomed(self) -> str:
        return zoom(self.answer_diagram, self.node_key)

    def grade(self, keys: set[str]):
        return self.question.grade(keys)


def _svg_id(key: str) -> str:
    return re.escape(f"node-{key}").replace(r"\-", "(?:-|&#45;)")


_VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"')
_TRANSLATE = re.compile(r'<g id="graph0"[^>]*translate\(([-\d.]+) ([-\d.]+)\)')
_NUMBERS = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")
BIG = 900  # points: a chart wider or taller than this is shown around the current box


def zoom_diagram(svg: str, current: str) -> str:
    """A big chart, framed around the current box so a room can read it (the rest is cut)."""
    box, shift = _VIEWBOX.search(svg), _TRANSLATE.search(svg)
    node = re.search(rf'<g id="{_svg_id(current)}" class="node[^"]*">(.*?)</g>', svg, re.S)
    if not (box and shift and node):
        return svg
    x0, y0, width, height = map(float, box.groups())
    if width <= BIG and height <= BIG:
        return svg
    shape = re.search(r'\s(?:points|d)="([^"]+)"', node.group(1))
    pairs = [(float(a), float(b)) for a, b in _NUMBERS.findall(shape.group(1) if shape else "")]
    if not pairs:
        return svg
    tx, ty = map(float, shift.groups())
    cx = (min(p[0] for p in pairs) + max(p[0] for p in pairs)) / 2 + tx
    cy = (min(p[1] for p in pairs) + max(p[1] for p in pairs)) / 2 + ty
    w = min(width, max(640.0, width * 0.5))
    h = min(height, w * 1.15)
    left = min(max(x0, cx - w / 2), x0 + width - w)
    top = min(max(y0, cy - h / 2), y0 + height - h)
    return _VIEWBOX.sub(f'viewBox="{left:.1f} {top:.1f} {w:.1f} {h:.1f}"', svg, count=1)


def zoom(svg: str, current: str) -> str:
    return zoom_diagram(svg, current) if svg else ""


def _node(chart: str, key: str) -> Node:
    node = (
        Node.objects.select_related("chart", "jump_chart", "jump_node")
        .defer("chart__pdf")
        .filter(chart__slug=chart, key=key)
        .first()
    )
    if node is None:
        if not Flowchart.objects.filter(slug=chart).exists():
            raise ItemError(f"there is no chart '{chart}'")
        raise ItemError(f"chart '{chart}' has no step '{key}'")
    return node


def step_view(chart: str, key: str, path: str = "", hide: bool = False) -> ItemView:
    node = _node(chart, key)
    try:
        where = StepPath.for_node(node, path or None)
    except BadRequest:
        raise ItemError(f"'{path}' is not a way through chart '{chart}' to '{key}'") from None
    example = where.example()
    table = build_table(example.scenario, story=example.story) if example else None
    if table is not None and hide:  # a step asked as a question: the table before its ruling
        table = before_ruling(table)
    choices = [(c.label, "" if hide else c.target.label) for c in where.choices]
    if node.kind == Node.Role.JUMP and node.jump_chart:
        choices.append((f"Go on in Law {node.jump_chart.laws}", node.jump_chart.title))
    return ItemView(
        is_question=False,
        title=node.label,
        text=node.text,
        cite=node.citations,
        node_kind=node.kind,
        chart=node.chart,
        node_key=node.key,
        marks=where.marks,
        story=example.story if example else "",
        table=table,
        choices=choices,
        url=step_url(chart, key, where.keys),
        hide=hide,
    )


def question_view(qid: str) -> ItemView:
    question = questions.get_question(qid)
    if question is None:
        raise ItemError(f"there is no quiz question '{qid}'")
    view = ItemView(
        is_question=True,
        title=question.prompt,
        cite=f"Law {question.law}" if question.law else "",
        question=question,
        qid=qid,
        story=getattr(question, "story", ""),
        table=questions.table_for(question),
        ruled_table=questions.table_for(question, ruled=True),
        url=question.step or "",
    )
    # The chart step that teaches it: its diagram, with that box marked.
    try:
        match = resolve_url(question.step or "")
    except Resolver404:
        match = None
    if match and match.url_name == "step":
        try:
            node = _node(match.kwargs["slug"], match.kwargs["key"])
        except ItemError:
            node = None
        if node is not None:
            view.chart, view.node_key = node.chart, node.key
            view.node_kind = node.kind
            view.marks = {dom_id(node.key): "current"}
    return view


def resolve(spec: dict) -> ItemView:
    """The item of a lesson or a session (plain data, as LessonItem.spec gives it)."""
    if spec.get("kind") == "question":
        return question_view(spec["question"])
    return step_view(spec["chart"], spec["node"], spec.get("path", ""), spec.get("hide", False))
