"""The engine's shared core, below both phases: cards, seats and deals as small
integers (`cards.py`), every bridge word (`vocab.py`), the laws taught (`laws.py`).
It imports nothing from the phases above it."""
