"""The admin edits charts under the same rules as the loader.

An edit is checked by building the chart as it would be after the save and
running the graph validator on it; a broken chart is refused with the node named.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import ForeignKey
from django.forms import ModelChoiceField
from django.http import HttpRequest

from penaltyflow.hands.models import Example

from .graph import ChartGraph, ChoiceSpec, validate
from .models import Choice, Flowchart, Node


def _known_charts() -> dict[str, set[str]]:
    known: dict[str, set[str]] = {
        slug: set() for slug in Flowchart.objects.values_list("slug", flat=True)
    }
    for slug, key in Node.objects.values_list("chart__slug", "key"):
        known[slug].add(key)
    return known


def _raise_if_invalid(graph: ChartGraph) -> None:
    known = _known_charts()
    known[graph.slug] = {n.key for n in graph.nodes}
    errors = validate(graph, known)
    if errors:
        raise forms.ValidationError([f"The chart would break: {e}" for e in errors])


class ChoiceFormSet(forms.BaseInlineFormSet):
    """A node's choices, checked with the node's own edits as the chart would have them."""

    def clean(self) -> None:
        super().clean()
        node: Node = self.instance
        if any(self.errors) or node.chart_id is None:
            return
        old_key = Node.objects.filter(pk=node.pk).values_list("key", flat=True).first()
        rename = {old_key: node.key} if old_key else {}
        choices = []
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE") or not data.get("target"):
                continue
            target = data["target"]
            key = node.key if target.pk == node.pk else target.key
            choices.append((data.get("order", 0), ChoiceSpec(data["label"], key, data["is_loop"])))
        nodes = [
            replace(
                spec,
                choices=[replace(c, to=rename.get(c.to, c.to)) for c in spec.choices],
            )
            for spec in node.chart.graph().nodes
            if spec.key != old_key
        ]
        nodes.append(node.spec([c for _, c in sorted(choices, key=lambda oc: oc[0])]))
        _raise_if_invalid(ChartGraph(node.chart.slug, nodes))


class NodeFormSet(forms.BaseInlineFormSet):
    """A chart's nodes edited together: deletions and renames checked on the whole graph."""

    def clean(self) -> None:
        super().clean()
        chart: Flowchart = self.instance
        if any(self.errors) or chart.pk is None:
            return
        current = {spec.key: spec for spec in chart.graph().nodes}
        keys_by_pk = dict(chart.nodes.values_list("pk", "key"))
        rename, deleted, nodes = {}, set(), []
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data:
                continue
            old = keys_by_pk.get(form.instance.pk)
            if data.get("DELETE"):
                deleted.add(old)
                continue
            node = form.instance
            if old:
                rename[old] = node.key
            nodes.append((old, node))
        specs = []
        for old, node in nodes:
            kept = current[old].choices if old else []
            choices = [replace(c, to=rename.get(c.to, c.to)) for c in kept if c.to not in deleted]
            specs.append(node.spec(choices))
        _raise_if_invalid(ChartGraph(chart.slug, specs))


def _node_field(db_field: ForeignKey[Any, Any], kwargs: dict[str, Any]) -> None:
    """Node drop-downs name each node by its chart: read the charts in the same query."""
    if db_field.name in ("jump_node", "target"):
        kwargs.setdefault("queryset", Node.objects.select_related("chart").order_by("chart", "key"))


class ChoiceInline(admin.TabularInline):
    model = Choice
    fk_name = "source"
    formset = ChoiceFormSet
    fields = ("order", "label", "target", "is_loop")
    extra = 1

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        if db_field.name == "target":
            # Only nodes of the same chart: a choice never leaves its chart.
            match = request.resolver_match
            node_id = match.kwargs.get("object_id") if match else None
            nodes = Node.objects.filter(pk=node_id) if node_id else Node.objects.none()
            chart_id = nodes.values_list("chart_id", flat=True).first()
            kwargs["queryset"] = (
                Node.objects.filter(chart_id=chart_id).select_related("chart").order_by("key")
            )
        _node_field(db_field, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class NodeInline(admin.StackedInline):
    model = Node
    fk_name = "chart"
    formset = NodeFormSet
    fields = ("key", "kind", "label", "citations", "text", "changes", "jump_chart", "jump_node")
    extra = 0
    show_change_link = True

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        _node_field(db_field, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(Flowchart)
class FlowchartAdmin(admin.ModelAdmin):
    list_display = ("laws", "title", "slug", "edition", "version", "source_file")
    search_fields = ("title", "slug", "laws")
    readonly_fields = ("version", "rendered_version", "source_file")
    fields = ("slug", "title", "laws", "summary", "edition", "order", *readonly_fields)
    inlines = [NodeInline]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a chart starts life as a content file (content/README.md)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        Flowchart.refresh_all()


@admin.register(Node)
class NodeAdmin(admin.ModelAdmin):
    list_display = ("key", "chart", "kind", "label", "citations")
    list_filter = ("chart", "kind")
    search_fields = ("key", "label", "text", "citations")
    fields = (
        "chart",
        "key",
        "kind",
        "label",
        "citations",
        "text",
        "changes",
        "jump_chart",
        "jump_node",
    )
    inlines = [ChoiceInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Node | None = None) -> tuple[str, ...]:
        return ("chart",) if obj else ()

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # new steps come with their arrows, in the chart's content file

    def has_delete_permission(self, request: HttpRequest, obj: Node | None = None) -> bool:
        return False  # delete a step from its chart's page, where the whole chart is checked

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        _node_field(db_field, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        # A choice that now leads elsewhere no longer has the hand that showed its old branch.
        retargeted = [
            f.instance.pk for f in formset.forms if f.instance.pk and "target" in f.changed_data
        ]
        super().save_formset(request, form, formset, change)
        Example.objects.filter(choice__in=retargeted).delete()

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        Flowchart.refresh_all()
