"""Shared scenario helpers for the engine tests (no Django, no database)."""

import json

from penaltyflow.engine import run

# The deal of scenario-format.md. Hands, for reading the tests:
#   North  S AKQ2   H K32   D Q87   C J32
#   East   S T9876  H QJ    D K32   C AK5
#   South  S J3     H A987  D AJ94  C Q74
#   West   S 54     H T654  D T65   C T986
DEAL = "N:AKQ2.K32.Q87.J32 T9876.QJ.K32.AK5 J3.A987.AJ94.Q74 54.T654.T65.T986"

# Two regular tricks: South wins the first with HA, North the second with HK,
# and East is then void in hearts. North is on lead for trick 3.
TWO_TRICKS = [
    {"play": "H4", "seat": "W"},
    {"play": "H2", "seat": "N"},
    {"play": "HJ", "seat": "E"},
    {"play": "HA", "seat": "S"},
    {"play": "H7", "seat": "S"},
    {"play": "H5", "seat": "W"},
    {"play": "HK", "seat": "N"},
    {"play": "HQ", "seat": "E"},
]


def scenario(events, contract="4S", declarer="S", deal=DEAL, **extra):
    return {"deal": deal, "contract": contract, "declarer": declarer, "events": events, **extra}


def state(events, **kw):
    """The state after the events; fails the test if the scenario is an error."""
    status, out = run(json.dumps(scenario(events, **kw)))
    assert status == 0, out
    assert out["ok"] is True
    return out


def error(events, **kw):
    status, out = run(json.dumps(scenario(events, **kw)))
    assert status == 1, out
    assert set(out) == {"ok", "error"} and out["ok"] is False
    return out["error"]


def options(out):
    """Pending options as comparable tuples: (decide, suit or card or None)."""
    assert out["pending"] is not None, out
    return sorted((o["decide"], o.get("suit") or o.get("card")) for o in out["pending"]["options"])


def penalties(out):
    return {(p["seat"], p["card"]): p["kind"] for p in out["penalty_cards"]}


def notes(out):
    return " ".join(out["notes"])


def played_out(events, **kw):
    """The events, then every remaining card to the end of play: North-South play their
    highest legal card, East-West their lowest (the engine's list decides the order of
    suits). Fails the test if a decision comes up on the way."""
    from penaltyflow.engine import parse_card, replay

    events = list(events)
    while True:
        table = replay(scenario(events, **kw))
        if table.finished:
            return events
        assert table.pending is None, table.to_json()["pending"]
        legal = sorted(table.legal_cards(), key=lambda c: parse_card(c) % 13)
        card = legal[-1] if table.turn in (0, 2) else legal[0]
        events.append({"play": card})
