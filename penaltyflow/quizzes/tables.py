"""The bridge table on a quiz page: the one place the quizzes ask the hands app for it.

`hands.tableview.build_table(scenario)` gives the table as plain data. The quiz draws
it with its own template (`quizzes/_table.html`): no stepping through events and no
"try a card" links, which would give a "which cards" question's answer away.
"""

from penaltyflow.hands.tableview import TableData, build_table


def table_for(question) -> TableData | None:
    """The table at the question's moment (all four hands), or None without a hand."""
    if question.scenario is None:
        return None
    return build_table(question.scenario, story=question.story)
