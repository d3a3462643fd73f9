"""PenaltyFlow's rules engine: the laws taught (2017; the list is `core/laws.py`) on a deal in
play. No Django here.

Entry points: `replay(scenario) -> Table`, `run(raw) -> (status, dict)`, and the
`Table` moves `play`, `play_several` (Law 58B2), `misinformed_lead` (Law 47E1),
`expose`, `decide` with `legal_cards()`, `check_play()`, `to_json()`. A scenario that
starts at the first call: `replay_board(scenario) -> Board` (the auction, then the table).
"""

from .board import Board
from .core.cards import CardError, parse_card, parse_pbn, parse_seat
from .play.pending import EngineError, Pending
from .play.table import Table
from .scenario import ScenarioError, apply_event, new_table, replay, replay_board, run

__all__ = [
    "Board",
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
    "replay_board",
    "run",
]
