"""The bank for teachers: by law and kind, how often answered and how often right,
and retiring a bad question (it is then neither listed nor asked)."""

from django.contrib import admin
from django.db.models import F, FloatField
from django.db.models.functions import Cast, NullIf

from .citations import QUIZ_LAWS
from .models import QuestionStat


class LawFilter(admin.SimpleListFilter):
    title = "law"
    parameter_name = "law"

    def lookups(self, request, model_admin):
        return [(law, f"Law {law}") for law in QUIZ_LAWS]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(law__startswith=self.value())
        return queryset


@admin.register(QuestionStat)
class QuestionStatAdmin(admin.ModelAdmin):
    list_display = ["qid", "law", "kind", "prompt", "answered", "percent", "retired", "page"]
    list_filter = [LawFilter, "kind", "retired"]
    search_fields = ["qid", "prompt"]
    readonly_fields = ["qid", "law", "kind", "prompt", "answered", "right"]
    fields = ["qid", "law", "kind", "prompt", "answered", "right", "retired"]
    actions = ["retire", "restore"]
    list_per_page = 100

    def has_add_permission(self, request):
        return False  # the bank comes from the generator, the charts and the content files

    def has_delete_permission(self, request, obj=None):
        return False  # retire instead: answers keep their question id

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(share=Cast(F("right"), FloatField()) * 100 / NullIf(F("answered"), 0))
        )

    @admin.display(description="% right", ordering="share")
    def percent(self, obj):
        value = obj.percent_right
        return "–" if value is None else f"{value}%"

    @admin.display(description="page")
    def page(self, obj):
        from django.utils.html import format_html

        return format_html('<a href="/quiz/q/{}/">open</a>', obj.qid)

    @admin.action(description="Retire the selected questions")
    def retire(self, request, queryset):
        n = queryset.update(retired=True)
        self.message_user(request, f"{n} question(s) retired: no longer listed or asked.")

    @admin.action(description="Put the selected questions back in the bank")
    def restore(self, request, queryset):
        n = queryset.update(retired=False)
        self.message_user(request, f"{n} question(s) back in the bank.")
