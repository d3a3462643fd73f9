"""The play (Laws 40 to 71 as taught): a `Table` and its moves, above the core.

`pending.py` a decision pending (`Pending`) and `EngineError`, `state.py` the state the
rules read and change (`TableState`, `Revoke`); `legal.py`,
`leads.py`, `decisions.py` and `revoke.py` the rules; `table.py` the `Table` that
plays them; `output.py` the table as a dict; `simulate.py` random deals and play for
the tests and the bench; `words/` everything the learner is told about the play.
It never imports the auction."""
