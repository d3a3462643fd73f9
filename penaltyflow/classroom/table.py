"""The one place the classroom asks the hands app for a bridge table.

Every item with a hand (a chart step's example, a question's deal) is drawn
from the plain data this returns.
"""

from django.http import QueryDict

from penaltyflow.hands import tableview
from penaltyflow.hands.models import Example


def build_table(scenario: dict, story: str = ""):
    """The table at the end of the scenario's events, all four hands shown."""
    example = Example(scenario=scenario, story=story, shows={}, analysis={})
    return tableview.build(example, QueryDict(""), "", {})
