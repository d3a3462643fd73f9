"""The auction (Laws 17 to 39), a phase of its own beside the play.

`state.py` holds the auction (`Auction`: the calls, whose turn, who must pass, what is
pending); `rules.py` its moves (`call`, `decide`), `exposed.py` Laws 24 and 25A
(`expose`, `change`); `text.py` its words; `calls.py` the calls themselves. It imports
only the shared core below it (`engine/core/`); the play never imports it, and the
scenario entry point (`engine/board.py`, `engine/scenario.py`) joins the two. The names
below are the auction's face for the site; no module of the engine imports them from here.
"""

from .calls import CallError, parse_call
from .exposed import change, expose
from .rules import call, decide
from .state import VULNERABLE, Auction, AuctionError

__all__ = [
    "VULNERABLE",
    "Auction",
    "AuctionError",
    "CallError",
    "call",
    "change",
    "decide",
    "expose",
    "parse_call",
]
