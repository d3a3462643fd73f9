from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from penaltyflow.hands import export, tableview

from .models import Flowchart, Node, Overview
from .pagecache import cached_by_content, content_stamp
from .steps import StepPath, chart_outline

# The diagram is kept in the chart row; only the pages that show it load it.
WITHOUT_RENDERING = ("svg", "pdf")


def _chart_with_diagram(slug: str) -> Flowchart:
    chart = get_object_or_404(Flowchart.objects.defer("pdf"), slug=slug)
    if chart.rendered_version != chart.version or not chart.svg:
        chart.refresh_rendering()  # only after an edit that skipped the loader
    return chart


@require_safe
@cached_by_content
def home(request: HttpRequest) -> HttpResponse:
    charts = Flowchart.objects.defer(*WITHOUT_RENDERING)
    overview = Overview.current(content_stamp())
    return render(request, "flowcharts/home.html", {"charts": charts, "overview": overview})


@require_safe
@cached_by_content
def chart(request: HttpRequest, slug: str) -> HttpResponse:
    chart = _chart_with_diagram(slug)
    return render(
        request, "flowcharts/chart.html", {"chart": chart, "outline": chart_outline(chart)}
    )


@require_safe
@cached_by_content
def step(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    node = get_object_or_404(
        Node.objects.select_related("chart", "jump_chart", "jump_node").defer("chart__pdf"),
        chart__slug=slug,
        key=key,
    )
    # 400 if tampered with
    path = StepPath.for_node(node, request.GET.get("path"), request.GET.get("came"))
    example = path.example()
    hand = None
    if example is not None:  # 400 for an event, view, option or card it cannot have
        hand = tableview.build(
            example,
            request.GET,
            request.path,
            {"came": request.GET.get("came"), "path": request.GET.get("path")},
        )
    context = {"chart": node.chart, "node": node, "path": path, "hand": hand}
    template = "flowcharts/step.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#step"
    return render(request, template, context)


@require_safe
def chart_svg(request: HttpRequest, slug: str) -> HttpResponse:
    chart = _chart_with_diagram(slug)
    response = HttpResponse(chart.svg, content_type="image/svg+xml")
    response["Content-Disposition"] = f'inline; filename="{chart.slug}.svg"'
    return response


@require_safe
def chart_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    chart = get_object_or_404(Flowchart, slug=slug)
    if chart.rendered_version != chart.version or not chart.pdf:
        chart.refresh_rendering()
    response = HttpResponse(bytes(chart.pdf), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="penaltyflow-{chart.slug}.pdf"'
    return response


@require_safe
def step_pbn(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The step's example hand as a PBN file with its play, for any bridge program."""
    node = get_object_or_404(Node.objects.select_related("chart"), chart__slug=slug, key=key)
    example = StepPath.for_node(node, request.GET.get("path"), request.GET.get("came")).example()
    if example is None:
        raise Http404("This step has no example hand.")
    title = f"Law {node.chart.laws}: {node.label}"
    text = export.to_pbn(example.scenario, title=title, story=example.story)
    response = HttpResponse(text, content_type="application/x-bridge-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="penaltyflow-{slug}-{key}.pbn"'
    return response
