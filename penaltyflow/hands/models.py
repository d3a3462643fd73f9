import hashlib
import json

from django.db import models
from django.db.models import Q


class Example(models.Model):
    """A real hand at the moment a choice of a chart is made (or at a chart's start).

    The scenario is in the public format of shared/scenario-format.md; the loader
    replays it with the rules engine before it is saved.
    """

    choice = models.OneToOneField(
        "flowcharts.Choice",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="example",
    )
    node = models.OneToOneField(
        "flowcharts.Node",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="example",
    )
    story = models.TextField(help_text="What happened at the table, in a few sentences.")
    scenario = models.JSONField(help_text="deal, contract, declarer, events")
    shows = models.JSONField(help_text="What the engine must find after the events.")
    # Double-dummy tricks for each of declarer's options, at each decision of the
    # example: computed once when the example is loaded, never per request.
    analysis = models.JSONField(default=dict, blank=True)
    scenario_hash = models.CharField(max_length=64, editable=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(Q(choice__isnull=False) & Q(node__isnull=True))
                | (Q(choice__isnull=True) & Q(node__isnull=False)),
                name="example_belongs_to_a_choice_or_a_node",
            ),
        ]

    def __str__(self) -> str:
        return f"Example for {self.choice or self.node}"

    @staticmethod
    def hash_scenario(scenario: dict) -> str:
        return hashlib.sha256(json.dumps(scenario, sort_keys=True).encode()).hexdigest()
