"""The bridge table on a quiz page: ONE adapter to the hands app's table.

The hands app draws a step's example at one moment (`hands.tableview`). A quiz
question has a scenario, not an Example row, so this builds the same view from
the scenario alone; when `hands.tableview.build_table(scenario)` lands, this
function is the one place to switch.
"""

from types import SimpleNamespace

from django.http import QueryDict

from penaltyflow.hands import tableview


def table_for(question):
    """The table at the question's moment (all four hands), or None without a hand."""
    if question.scenario is None:
        return None
    example = SimpleNamespace(scenario=question.scenario, analysis={}, story=question.story)
    return tableview.build(example, QueryDict(""), "", {})
