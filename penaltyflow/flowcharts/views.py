"""The chart pages. Every view here only reads: loading content and admin saves render
the diagrams and the map, and move the page cache on."""

from collections.abc import Iterable
from typing import Any

from django.core.cache import caches
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from penaltyflow.core.htmx import fragment_target, full_page_on_error, is_fragment
from penaltyflow.core.pagecache import for_nobody, kept_key
from penaltyflow.engine.core import laws
from penaltyflow.hands import export
from penaltyflow.hands.tableview import table_from_query

from .models import Flowchart, Node, Overview
from .steps import StepPath, StepQuery, chart_outline

# The diagram is kept in the chart row; only the pages that show it load it.
WITHOUT_RENDERING = ("svg", "pdf")


def _step_query(request: HttpRequest) -> dict[str, Any]:
    """The step's query parameters, cleaned (`StepQuery`): 400 if one is malformed."""
    query = StepQuery(request.GET)
    if not query.is_valid():
        raise BadRequest("; ".join(f"'{k}' is malformed." for k in query.errors))
    return query.cleaned_data


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    charts = Flowchart.objects.defer(*WITHOUT_RENDERING)
    overview = Overview.objects.first()
    context = {"stages": by_stage(charts), "overview": overview}
    return render(request, "flowcharts/home.html", context)


def by_stage(charts: Iterable[Flowchart]) -> list[dict[str, Any]]:
    """The charts in their order, grouped by when the irregularity happens (STAGES in
    engine/core/laws.py): [{"key": "auction", "heading": "During the auction", "charts": [...]}]."""
    groups: list[dict[str, Any]] = []
    for chart in charts:
        key, heading = laws.stage_of(chart.order) or ("other", "More charts")
        if not groups or groups[-1]["key"] != key:
            note = laws.STAGE_NOTES.get(key, "")
            groups.append({"key": key, "heading": heading, "note": note, "charts": []})
        groups[-1]["charts"].append(chart)
    return groups


@require_safe
def chart(request: HttpRequest, slug: str) -> HttpResponse:
    chart = get_object_or_404(Flowchart.objects.defer("pdf"), slug=slug)
    return render(
        request, "flowcharts/chart.html", {"chart": chart, "outline": chart_outline(chart)}
    )


STEP_QUERY = tuple(StepQuery.base_fields)  # every query parameter a step page reads


@require_safe
@full_page_on_error
@vary_on_headers("HX-Request", "HX-Target", "HX-History-Restore-Request")
def step(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The step page. Its own part (text, choices, table, diagram) is built for nobody and
    kept per content generation and address (core.pagecache); the page around it is
    rendered for the visitor. An htmx click gets the part alone (the table alone for the
    table's own clicks)."""
    # What the page around the kept part says (its title); the part reads the rest.
    page = Node.objects.select_related("chart").only("key", "label", "text", "chart__laws")
    node = get_object_or_404(page, chart__slug=slug, key=key)
    fragment = is_fragment(request)
    part = ("#table" if fragment_target(request) == "table" else "#step") if fragment else ""
    public = for_nobody(request, STEP_QUERY)
    cache_key = kept_key("step", public, node.pk, part)
    pages = caches["pages"]
    kept = pages.get(cache_key)
    if kept is None:
        kept = _step_part(public, node.pk, part)
        pages.set(cache_key, kept)
    if fragment:
        return HttpResponse(kept)
    return render(
        request, "flowcharts/step.html", {"chart": node.chart, "node": node, "kept": kept}
    )


def _step_part(public: HttpRequest, pk: int, part: str) -> str:
    """The step's own part, rendered for nobody: 400 if its path or table is tampered with."""
    nodes = Node.objects.select_related("chart", "jump_chart", "jump_node").defer("chart__pdf")
    node = nodes.get(pk=pk)
    query = _step_query(public)  # 400 if tampered with
    path = StepPath.for_node(node, query["path"], query["came"])
    example = path.example()
    table = None
    if example is not None:  # 400 for an event, view, option or card it cannot have
        table = table_from_query(
            example.scenario, public.GET, analysis=example.analysis, story=example.story
        )
    if part == "#table" and table is None:
        part = "#step"  # a step without a table swaps whole
    context = {
        "chart": node.chart,
        "node": node,
        "path": path,
        "table": table,
        "fragment": bool(part),
    }
    return render_to_string(f"flowcharts/_step.html{part}", context, request=public)


@require_safe
def chart_svg(request: HttpRequest, slug: str) -> HttpResponse:
    chart = get_object_or_404(Flowchart.objects.defer("pdf"), slug=slug)
    response = HttpResponse(chart.svg, content_type="image/svg+xml")
    response["Content-Disposition"] = f'inline; filename="{chart.slug}.svg"'
    return response


@require_safe
def chart_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    chart = get_object_or_404(Flowchart, slug=slug)
    response = HttpResponse(bytes(chart.pdf), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="penaltyflow-{chart.slug}.pdf"'
    return response


@require_safe
def step_pbn(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The step's example hand as a PBN file with its play, for any bridge program."""
    node = get_object_or_404(Node.objects.select_related("chart"), chart__slug=slug, key=key)
    query = _step_query(request)
    example = StepPath.for_node(node, query["path"], query["came"]).example()
    if example is None:
        raise Http404("This step has no example hand.")
    title = f"Law {node.chart.laws}: {node.label}"
    text = export.to_pbn(example.scenario, title=title, story=example.story)
    response = HttpResponse(text, content_type="application/x-bridge-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="penaltyflow-{slug}-{key}.pbn"'
    return response
