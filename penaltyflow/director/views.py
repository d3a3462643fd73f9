import re
from collections.abc import Iterable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from penaltyflow.engine.core import laws

from .models import QuickGuide


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """Rule at the table: what happened?"""
    guides = QuickGuide.objects.defer("nodes")
    return render(request, "director/index.html", {"stages": by_stage(guides)})


def by_stage(guides: Iterable[QuickGuide]) -> list[dict[str, Any]]:
    """The situations grouped by when they happen in a deal, as the home page groups the
    charts (STAGES in engine/core/laws.py), each group in the situations' order:
    [{"key": "auction", "heading": "During the auction", "guides": [...]}]."""
    order = [key for key, *_ in laws.STAGES]
    groups: dict[tuple[str, str], list[QuickGuide]] = {}
    for guide in guides:  # in their order
        first = re.match(r"\d+", guide.laws)
        stage = (first and laws.stage_of(int(first.group()))) or ("other", "More situations")
        groups.setdefault(stage, []).append(guide)
    ranked = sorted(groups, key=lambda s: order.index(s[0]) if s[0] in order else len(order))
    return [
        {"key": key, "heading": heading, "guides": groups[key, heading]} for key, heading in ranked
    ]


@require_safe
def guide(request: HttpRequest, slug: str) -> HttpResponse:
    guide = get_object_or_404(QuickGuide, slug=slug)
    return _node_page(request, guide, guide.start)


@require_safe
def node(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    guide = get_object_or_404(QuickGuide, slug=slug)
    if key == guide.start:
        return redirect(guide.get_absolute_url(), permanent=True)
    return _node_page(request, guide, key)


def _node_page(request: HttpRequest, guide: QuickGuide, key: str) -> HttpResponse:
    node = guide.nodes.get(key)
    if node is None:
        raise Http404("No such question in this situation.")
    trail, current = [], node
    while "parent" in current:  # the answers given so far, from the start
        parent = guide.nodes[current["parent"]]
        trail.append({"ask": parent["ask"], "answer": current["answer"]})
        current = parent
    context = {
        "guide": guide,
        "node": node,
        "trail": trail[::-1],
        "back_url": guide.node_url(node["parent"])
        if "parent" in node
        else reverse("director:index"),
        "answers": [
            {"label": answer["label"], "url": guide.node_url(answer["to"])}
            for answer in node.get("answers", ())
        ],
    }
    if "ruling" in node:
        chart, step = node["step"].split("/")
        context["step_url"] = reverse("flowcharts:step", args=[chart, step])
        if node["next"]:
            context["next_guide"] = (
                QuickGuide.objects.defer("nodes").filter(slug=node["next"]).first()
            )
    return render(request, "director/node.html", context)


def kept_urls() -> list[str]:
    """Every quick-mode page, for the offline copy."""
    urls = [reverse("director:index")]
    for guide in QuickGuide.objects.all():
        urls += [guide.node_url(key) for key in guide.nodes]
    return urls
