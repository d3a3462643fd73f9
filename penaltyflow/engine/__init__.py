"""PenaltyFlow's rules engine: the laws taught (2017; the list is `laws.py`) on a deal in
play. No Django here.

Entry points: `replay(scenario) -> Table`, `run(raw) -> (status, dict)`, and the
`Table` moves `play`, `play_several` (Law 58B2), `misinformed_lead` (Law 47E1),
`expose`, `decide` with `legal_cards()`, `check_play()`, `to_json()`.
"""

from .cards import CardError, parse_card, parse_pbn, parse_seat
from .scenario import ScenarioError, apply_event, new_table, replay, run
from .table import EngineError, Pending, Table

__all__ = [
    "CardError",
    "EngineError",
    "Pending",
    "ScenarioError",
    "Table",
    "apply_event",
    "new_table",
    "parse_card",
    "parse_pbn",
    "parse_seat",
    "replay",
    "run",
]
