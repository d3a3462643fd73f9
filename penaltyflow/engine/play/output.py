"""The state of play as the scenario format's JSON (`Table.to_json`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import CARD_NAMES, sorted_cards, suits_text
from ..core.vocab import SEATS
from . import legal, revoke
from .words import text

if TYPE_CHECKING:
    from .state import TableState


# --- output --------------------------------------------------------------


def table_json(t: TableState) -> dict[str, Any]:
    lr: dict[str, str] | None = None
    if t.lead_req is not None:
        lr = {
            "seat": SEATS[t.lead_req[0]],
            "suits": suits_text(t.lead_req[1]),
            "mode": "required",
        }
    elif t.lead_forbid is not None:
        lr = {
            "seat": SEATS[t.lead_forbid[0]],
            "suits": suits_text(t.lead_forbid[1]),
            "mode": "forbidden",
        }
    pr = None
    if t.play_restr is not None:
        seat, mode, bits = t.play_restr
        pr = {"seat": SEATS[seat], "mode": mode}
        if mode in ("required", "forbidden"):
            pr["suits"] = suits_text(bits)
    return {
        "ok": True,
        "contract": t.contract_text(),
        "declarer": SEATS[t.declarer],
        "dummy": SEATS[t.dummy],
        "trick": t.trick_no,
        "leader": SEATS[t.leader],
        "current_trick": [{"seat": SEATS[s], "card": CARD_NAMES[c]} for s, c in t.trick],
        "tricks_won": {"NS": t.won[0], "EW": t.won[1]},
        "to_play": SEATS[t.to_play] if t.to_play is not None else None,
        "pending": t.pending.to_json() if t.pending is not None else None,
        "penalty_cards": [
            {
                "seat": SEATS[owner],
                "card": CARD_NAMES[c],
                "kind": "major" if t.major_mask >> c & 1 else "minor",
            }
            for owner in range(4)
            for c in sorted_cards(t.pen_mask[owner])
        ],
        "lead_restriction": lr,
        "play_restriction": pr,
        "legal": [CARD_NAMES[c] for c in sorted_cards(legal.legal_mask(t))],
        "notes": t.notes + text.state_notes(t),
        "finished": t.finished,
        "committed_cards": [
            {"seat": SEATS[s], "card": CARD_NAMES[c]} for s, c in enumerate(t.committed) if c >= 0
        ],
        "hands": {SEATS[s]: t.hand_cards(s) for s in range(4)},
        "tricks": [
            {
                "leader": SEATS[leader],
                "cards": [{"seat": SEATS[s], "card": CARD_NAMES[c]} for s, c in cards],
                "winner": SEATS[winner],
            }
            for leader, cards, winner in t.tricks
        ],
        "revokes": [r.to_json() for r in t.revokes],
        "tricks_adjusted": revoke.tricks_adjusted(t),
        "log": [{"event": i, "note": t} for i, t in t.log],
    }
