"""Shared helpers for the auction tests: scenarios that start at the first call."""

import json

from penaltyflow.engine import run

from .helpers import DEAL

# The deal of scenario-format.md (see helpers.py):
#   North  S AKQ2   H K32   D Q87   C J32
#   East   S T9876  H QJ    D K32   C AK5
#   South  S J3     H A987  D AJ94  C Q74
#   West   S 54     H T654  D T65   C T986


def auction(events, dealer="N", deal=DEAL, **extra):
    return {"deal": deal, "dealer": dealer, "events": events, **extra}


def state(events, **kw):
    """The state after the events; fails the test if the scenario is an error."""
    status, out = run(json.dumps(auction(events, **kw)))
    assert status == 0, out
    return out


def error(events, **kw):
    status, out = run(json.dumps(auction(events, **kw)))
    assert status == 1, out
    assert set(out) == {"ok", "error"} and out["ok"] is False
    return out["error"]


def c(call, seat=None, **flags):
    """A call event."""
    event = {"call": call, **flags}
    if seat is not None:
        event["seat"] = seat
    return event


def calls(out):
    """The calls as (seat, call, status, law) tuples."""
    return [(e["seat"], e["call"], e["status"], e.get("law")) for e in out["auction"]["calls"]]


def barred(out):
    return {b["seat"]: (b["until"], b["law"]) for b in out["auction"]["barred"]}


def options(out):
    assert out["pending"] is not None, out
    return sorted((o["decide"], o.get("suit")) for o in out["pending"]["options"])


def due(out):
    return [(d["seat"], d["offender"], d["suits"]) for d in out["lead_restrictions_due"]]


PASSES = [c("pass"), c("pass"), c("pass")]
