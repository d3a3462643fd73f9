"""The play's words, in one place: what the learner is told (`text.py`), about leads
out of turn (`lead_text.py`) and about revokes (`revoke_text.py`)."""
