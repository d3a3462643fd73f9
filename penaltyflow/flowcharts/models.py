"""A law's procedure as a flowchart: charts, their nodes, and the choices between nodes.

What must always hold is a database constraint; what needs the whole graph
(reachability, every path ending in a ruling) is checked by `graph.validate`.
"""

import hashlib
import json
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.urls import reverse

from penaltyflow.core.pagecache import content_changed
from penaltyflow.hands.models import Example

from . import diagrams
from .graph import ChartGraph, ChoiceSpec, NodeSpec


def chart_graphs(nodes: Q | None = None, choices: Q | None = None) -> dict[int, ChartGraph]:
    """The graphs of the charts whose nodes match `nodes` (None: every chart), by the
    chart's id, in two queries whatever their number."""
    rows = Node.objects.filter(nodes or Q()).values_list(
        "chart_id", "chart__slug", "id", "key", "kind", "label", "text", "citations", "changes",
        "jump_chart__slug", "jump_node__key",
    )  # fmt: skip
    found: dict[int, ChartGraph] = {}
    specs: dict[int, NodeSpec] = {}
    for chart, slug, pk, key, kind, label, text, citations, changes, jump, jump_to in rows:
        spec = NodeSpec(key, kind, label, text, citations, changes, jump or "", jump_to or "")
        specs[pk] = spec
        found.setdefault(chart, ChartGraph(slug, [])).nodes.append(spec)
    arrows = Choice.objects.filter(choices or Q())
    for source, label, target, is_loop in arrows.values_list(
        "source_id", "label", "target__key", "is_loop"
    ):
        specs[source].choices.append(ChoiceSpec(label, target, is_loop))
    return found


class Flowchart(models.Model):
    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=200)
    laws = models.CharField(max_length=50, help_text='The laws it covers, e.g. "56" or "53, 56".')
    summary = models.TextField(help_text="One paragraph on what the chart covers.")
    edition = models.CharField(max_length=10, default="2017")
    order = models.PositiveIntegerField(default=0, help_text="Place on the home page.")
    source_file = models.CharField(max_length=300, blank=True, editable=False)
    # A hash of everything that shows on the diagram; the rendering is kept per version.
    version = models.CharField(max_length=64, blank=True, editable=False)
    svg = models.TextField(blank=True, editable=False)
    pdf = models.BinaryField(blank=True, editable=False)
    rendered_version = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["order", "slug"]

    def __str__(self) -> str:
        return f"Law {self.laws}: {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("flowcharts:chart", args=[self.slug])

    def graph(self) -> ChartGraph:
        """The chart as plain data, for the validator, the diagram and the step pages.

        Two queries, reading only the columns the graph holds (not the diagrams of
        the charts jumped to).
        """
        return chart_graphs(Q(chart=self), Q(source__chart=self)).get(self.pk) or ChartGraph(
            self.slug, []
        )

    def refresh_rendering(self, force: bool = False) -> None:
        """Render the diagram again if the content changed since it was last rendered."""
        self.version = self.compute_version()
        if force or self.version != self.rendered_version or not self.svg:
            titles = dict(Flowchart.objects.values_list("slug", "title"))
            dot = diagrams.build_digraph(self.graph(), titles)
            self.svg = diagrams.render_svg(dot)
            self.pdf = diagrams.render_pdf(dot, f"Law {self.laws}: {self.title}")
            self.rendered_version = self.version
        changed = Flowchart.objects.filter(pk=self.pk).exclude(version=self.version).exists()
        Flowchart.objects.filter(pk=self.pk).update(
            version=self.version, svg=self.svg, pdf=self.pdf, rendered_version=self.version
        )
        if changed:
            content_changed()

    @classmethod
    def refresh_all(cls, changed: Iterable["Flowchart"] | None = None) -> None:
        """After any change: every chart whose content (or a jump's title) moved is drawn anew.

        With `changed` (the charts a load wrote), only those and the charts that jump into
        them (their jump boxes show the titles) are looked at; the others cannot have moved.
        """
        charts = cls.objects.defer("svg", "pdf")
        if changed is not None:
            pks = [chart.pk for chart in changed]
            charts = charts.filter(Q(pk__in=pks) | Q(nodes__jump_chart__in=pks)).distinct()
        for chart in charts:
            chart.refresh_rendering()
        Overview.refresh()

    def compute_version(self) -> str:
        """A hash of the chart's content: nodes, choices and the charts they jump to."""
        nodes = [
            [
                n.key,
                n.kind,
                n.label,
                n.citations,
                n.text,
                n.changes,
                n.jump_chart_id,
                n.jump_node_id,
            ]
            for n in self.nodes.order_by("key")
        ]
        choices = [
            [c.source.key, c.target.key, c.label, c.order, c.is_loop]
            for c in Choice.objects.filter(source__chart=self)
            .select_related("source", "target")
            .order_by("source__key", "order", "target__key")
        ]
        # The example hands show on the step pages.
        examples = sorted(
            Choice.objects.filter(source__chart=self, example__isnull=False).values_list(
                "source__key", "target__key", "example__scenario_hash", "example__story"
            )
        ) + sorted(
            self.nodes.filter(example__isnull=False).values_list(
                "key", "example__scenario_hash", "example__story"
            )
        )
        # Titles of the charts jumped into show on the jump boxes.
        jump_titles = sorted(
            Flowchart.objects.filter(jumps_in__chart=self).values_list("slug", "title").distinct()
        )
        payload = json.dumps(
            [
                self.slug,
                self.title,
                self.laws,
                self.summary,
                self.edition,
                self.order,
                nodes,
                choices,
                jump_titles,
                examples,
            ],
            sort_keys=True,
        )
        return hashlib.sha256(payload.encode()).hexdigest()[:16]


class Node(models.Model):
    class Role(models.TextChoices):
        START = "start", "Start"
        QUESTION = "question", "Question"
        ACTION = "action", "Action"
        OUTCOME = "outcome", "Outcome"
        JUMP = "jump", "Jump to another chart"

    chart = models.ForeignKey(Flowchart, on_delete=models.CASCADE, related_name="nodes")
    key = models.SlugField(help_text="Stable, used in URLs: change it and old links break.")
    kind = models.CharField(max_length=10, choices=Role.choices)  # its Role
    label = models.CharField(max_length=120, help_text="Short text for the diagram box.")
    text = models.TextField(
        help_text="Teaching text, in plain words. Blank lines split paragraphs."
    )
    citations = models.CharField(max_length=200, help_text='e.g. "Law 50D2(a)"')
    changes = models.TextField(
        blank=True, help_text="How editions before 2017 differed here, where they did."
    )
    jump_chart = models.ForeignKey(
        Flowchart,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="jumps_in",
        help_text="For a jump: the chart it leads into.",
    )
    jump_node = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="For a jump: the step of that chart it lands on (its start if empty).",
    )
    # The hand shown at a chart's start (a choice's hand shows where it leads).
    example = models.OneToOneField(
        "hands.Example", on_delete=models.SET_NULL, null=True, blank=True, related_name="node"
    )

    class Meta:
        ordering = ["chart", "id"]
        constraints = [
            models.UniqueConstraint(fields=["chart", "key"], name="node_key_unique_in_chart"),
            models.UniqueConstraint(
                fields=["chart"], condition=Q(kind="start"), name="one_start_node_per_chart"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["start", "question", "action", "outcome", "jump"]),
                name="node_kind_known",
            ),
            models.CheckConstraint(
                condition=(Q(kind="jump") & Q(jump_chart__isnull=False))
                | (~Q(kind="jump") & Q(jump_chart__isnull=True) & Q(jump_node__isnull=True)),
                name="jump_names_a_chart",
            ),
            models.CheckConstraint(condition=~Q(key=""), name="node_key_not_empty"),
            models.CheckConstraint(condition=~Q(label=""), name="node_label_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.chart.slug}/{self.key}"

    def get_absolute_url(self) -> str:
        return reverse("flowcharts:step", args=[self.chart.slug, self.key])

    def spec(self, choices: list[ChoiceSpec] | None = None) -> NodeSpec:
        """The node as plain data (its choices as given, none by default)."""
        return NodeSpec(
            key=self.key,
            kind=self.kind,
            label=self.label,
            text=self.text,
            citations=self.citations,
            changes=self.changes,
            jump=self.jump_chart.slug if self.jump_chart else "",
            jump_to=self.jump_node.key if self.jump_node else "",
            choices=list(choices or []),
        )

    def clean(self) -> None:
        lands_on = self.jump_node if self.jump_node_id else None
        if lands_on is not None and lands_on.chart_id != self.jump_chart_id:
            raise ValidationError(
                {"jump_node": "The step it lands on must be a step of the chart it jumps to."}
            )


class Choice(models.Model):
    """An arrow from one node to another of the same chart (a trigger keeps it so)."""

    source = models.ForeignKey(Node, on_delete=models.CASCADE, related_name="choices")
    target = models.ForeignKey(Node, on_delete=models.CASCADE, related_name="choices_in")
    label = models.CharField(max_length=120)
    order = models.PositiveSmallIntegerField(default=0)
    is_loop = models.BooleanField(
        default=False,
        help_text="Goes back to an earlier step because the law itself repeats "
        "(a major penalty card still on the table brings declarer's options back).",
    )
    # The hand at the moment this choice is made.
    example = models.OneToOneField(
        "hands.Example", on_delete=models.SET_NULL, null=True, blank=True, related_name="choice"
    )

    class Meta:
        ordering = ["source", "order", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(label=""), name="choice_label_not_empty"),
            models.UniqueConstraint(fields=["source", "target"], name="one_choice_per_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.source} -[{self.label}]-> {self.target.key}"


@receiver(post_delete, sender=Node, dispatch_uid="node_example_goes_with_it")
@receiver(post_delete, sender=Choice, dispatch_uid="choice_example_goes_with_it")
def example_goes_with_its_owner(sender: type, instance: "Node | Choice", **kwargs: object) -> None:
    """A step's or a choice's example hand is deleted with it (the link is on this side)."""
    if instance.example_id is not None:
        Example.objects.filter(pk=instance.example_id).delete()


class Overview(models.Model):
    """The map of all charts and the jumps between them, kept per content version."""

    version = models.CharField(max_length=64)
    svg = models.TextField()

    def __str__(self) -> str:
        return f"Map of the charts, version {self.version}"

    @classmethod
    def refresh(cls) -> "Overview":
        """Draw the map again if the charts or the jumps between them changed (never on a GET)."""
        charts = list(Flowchart.objects.values_list("slug", "title", "laws", "order"))
        jumps = sorted(
            set(
                Node.objects.filter(kind=Node.Role.JUMP).values_list(
                    "chart__slug", "jump_chart__slug"
                )
            )
        )
        version = hashlib.sha256(json.dumps([charts, jumps]).encode()).hexdigest()[:16]
        overview = cls.objects.first() or cls(version="")
        if overview.version != version:
            overview.svg = diagrams.render_svg(diagrams.build_overview(charts, set(jumps)))
            overview.version = version
            overview.save()
            content_changed()
        return overview
