"""The bridge table on a quiz page: the one place the quizzes ask the hands app for it.

`hands.tableview.build_table(scenario)` gives the table as plain data; `quizzes/_table.html`
draws it with `hands/table.html`, still: no stepping through events and no "try a card"
links, which would give a "which cards" question's answer away. Until the question is
answered, the table is the moment before the ruling (`tableview.before_ruling`): the
card asked about face up where it lies, no card's status shown. A question that asks for the
final contract shows the table as the auction leaves it, before anyone is told the contract:
no contract, no declarer or dummy, nobody to play (`auction_only`).
"""

import copy

from penaltyflow.hands.tableview import TableData, before_ruling, build_table


def table_for(question, ruled: bool = False) -> TableData | None:
    """The table at the question's moment (all four hands), or None without a hand.

    `ruled`: the table as the law leaves it, for a question answered (its feedback shown).
    """
    if question.scenario is None:
        return None
    table = build_table(question.scenario, story=question.story)
    # the replay done for the table serves the grade too (a deal from the first call is graded
    # on the whole board's state, auction and all: Question.state)
    if question._state is None and "dealer" not in question.scenario:
        question._state = table.final_state
    if ruled:
        return table
    table = before_ruling(table, exposed_card(question))
    return auction_only(table) if question.kind_type.asks_for_the_contract else table


def auction_only(table: TableData) -> TableData:
    """The table with the contract unsaid: the hands and the auction as called."""
    table = copy.deepcopy(table)
    table.in_auction = True
    table.contract = table.declarer = table.to_play = ""
    for seat in table.seats:
        seat.role = ""
        seat.to_play = False
    if table.auction is not None:
        table.auction.contract = table.auction.declarer = ""
    return table


def exposed_card(question) -> tuple[str, str] | None:
    """The card a "what is this card now" question is about: (seat, card), or None."""
    subject = question.subject
    if question.kind_type.asks_about_a_card and subject:
        return subject["seat"], subject["card"]
    return None
