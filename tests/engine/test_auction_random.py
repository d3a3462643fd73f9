"""Random auctions: whatever the events, the engine answers with a state or a clear error
naming an event (never an internal error), and the state holds together: someone is to
call unless a decision is pending or the auction is over, and an auction over has a
contract unless passed out."""

import json
import random

from penaltyflow.engine import run
from penaltyflow.engine.core.cards import CARD_NAMES

from .helpers import DEAL

CALLS = ["pass"] * 6 + ["X", "XX", "8C"]
CALLS += [f"{level}{strain}" for level in range(1, 5) for strain in ("C", "D", "H", "S", "NT")]


def random_event(rng: random.Random) -> dict:
    r = rng.random()
    if r < 0.6:
        event = {"call": rng.choice(CALLS)}
        if rng.random() < 0.5:
            event["seat"] = rng.choice("NESW")
        for flag in ("comparable", "artificial"):
            if rng.random() < 0.1:
                event[flag] = True
        return event
    if r < 0.8:
        return {"decide": rng.choice(["accept", "refuse", "rectify", "no_restriction"])}
    if r < 0.87:
        return {"expose": rng.choice(CARD_NAMES), "seat": rng.choice("NESW"), "led": r < 0.85}
    if r < 0.93:
        return {"change": rng.choice(CALLS), "seat": rng.choice("NESW"), "unintended": True}
    return {"play": rng.choice(CARD_NAMES)}


def test_random_auctions_give_a_state_or_a_clear_error():
    rng = random.Random(2017)
    applied = 0
    for _ in range(300):
        events: list[dict] = []
        for _ in range(rng.randint(1, 16)):
            event = random_event(rng)
            status, out = run(json.dumps({"deal": DEAL, "dealer": "N", "events": [*events, event]}))
            if status == 1:
                assert out["error"]["event"] == len(events), out
                assert "Internal error" not in out["error"]["message"], (events, event, out)
                continue
            events.append(event)
            applied += 1
            a = out["auction"]
            if out["pending"] is None and not a["over"]:
                assert a["to_call"] is not None, events
            if a["over"] and not a["passed_out"]:
                assert out["contract"] is not None and out["declarer"] is not None, events
            if a["over"]:
                assert a["barred"] == [] and a["exposed"] == [] and a["to_call"] is None
    assert applied > 600  # the walk goes well into the auction, not stopped at once
