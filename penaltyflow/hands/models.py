import hashlib
import json

from django.db import models


class Example(models.Model):
    """A real hand at the moment a choice of a chart is made (or at a chart's start).

    The scenario is in the public format of shared/scenario-format.md; the loader
    replays it with the rules engine before it is saved. The chart's `Choice` or
    `Node` points here (`choice.example`, `node.example`; back: `example.choice`,
    `example.node`): hands knows nothing of charts.
    """

    story = models.TextField(help_text="What happened at the table, in a few sentences.")
    scenario = models.JSONField(help_text="deal, contract, declarer, events")
    shows = models.JSONField(help_text="What the engine must find after the events.")
    # Double-dummy tricks for each of declarer's options, at each decision of the
    # example: computed once when the example is loaded, never per request.
    analysis = models.JSONField(default=dict, blank=True)
    scenario_hash = models.CharField(max_length=64, editable=False)

    def __str__(self) -> str:
        return f"Example {self.pk}: {self.story[:60]}"

    @staticmethod
    def hash_scenario(scenario: dict) -> str:
        return hashlib.sha256(json.dumps(scenario, sort_keys=True).encode()).hexdigest()
