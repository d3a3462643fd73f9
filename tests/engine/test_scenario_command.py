"""`manage.py scenario`: JSON out, exit 0 or exit 1 with only the JSON error, never a traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import DEAL, scenario

ROOT = Path(__file__).resolve().parents[2]
GOOD = scenario(
    [{"play": "HJ", "seat": "E"}, {"decide": "refuse"}, {"decide": "require", "suit": "H"}]
)


def run_command(raw: bytes, monkeypatch, path: str = "-") -> tuple[int, dict]:
    """call_command with stdin patched; returns (exit status, parsed stdout). In this process:
    anything but an exit with a status would be raised here (in a shell, a traceback)."""
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    out = io.StringIO()
    status = 0
    try:
        call_command("scenario", path, stdout=out)
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def subprocess_run(raw: bytes, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "scenario", *(args or ("-",))],
        input=raw,
        cwd=ROOT,
        capture_output=True,
        timeout=60,
    )


def test_the_command_prints_the_state_and_exits_0():
    proc = subprocess_run(json.dumps(GOOD).encode())
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] is True and out["to_play"] == "W"
    assert out["lead_restriction"] == {"seat": "W", "suits": "H", "mode": "required"}
    for key in (
        "declarer", "dummy", "trick", "leader", "current_trick", "tricks_won", "to_play",
        "pending", "penalty_cards", "lead_restriction", "play_restriction", "legal", "notes",
    ):  # fmt: skip
        assert key in out


def test_the_command_reads_a_file(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(GOOD))
    proc = subprocess_run(b"", str(path))
    assert proc.returncode == 0 and json.loads(proc.stdout)["ok"] is True


@pytest.mark.parametrize(
    "raw",
    [
        b"{not json",
        b"",
        b"[]",
        json.dumps(scenario([{"play": "SA", "seat": "E"}])).encode(),
    ],
)
def test_the_command_exits_1_with_only_the_json_error(raw, monkeypatch):
    status, out = run_command(raw, monkeypatch)
    assert status == 1
    assert out["ok"] is False and set(out["error"]) == {"event", "message"}


# What only a real process shows: bytes that are not UTF-8 on its standard input, and a lone
# surrogate (valid JSON) that cannot be written back to its standard output as UTF-8.
@pytest.mark.parametrize(
    "raw",
    [
        b"\xff\xfe\x00garbage",
        json.dumps(scenario([{"decide": "\ud800"}])).encode(),
        json.dumps(scenario([{"play": "\udfff", "seat": "E"}])).encode(),
    ],
)
def test_the_command_exits_1_with_only_the_json_error_and_no_traceback(raw):
    proc = subprocess_run(raw)
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["ok"] is False and set(out["error"]) == {"event", "message"}
    assert b"Traceback" not in proc.stderr


def test_a_missing_file_is_a_json_error_too(monkeypatch):
    status, out = run_command(b"", monkeypatch, "/nonexistent/scenario.json")
    assert status == 1 and out["error"]["event"] is None


def test_the_error_names_the_event_that_could_not_be_applied(monkeypatch):
    events = [{"play": "H4", "seat": "W"}, {"play": "SK", "seat": "W"}]
    status, out = run_command(json.dumps(scenario(events)).encode(), monkeypatch)
    assert status == 1
    assert out == {"ok": False, "error": {"event": 1, "message": "West does not hold SK."}}


BAD_CASES = [
    {"deal": 5, "contract": "4S", "declarer": "S", "events": []},
    {"deal": DEAL, "contract": "4S", "declarer": "S", "events": {"play": "SA"}},
    {"deal": DEAL, "contract": "8S", "declarer": "S", "events": []},
    {"deal": DEAL, "contract": "4S", "declarer": "Q", "events": []},
    {"deal": DEAL[:-1], "contract": "4S", "declarer": "S", "events": []},
    scenario([{"play": "H4", "seat": 5}]),
    scenario([{"play": "ZZ", "seat": "W"}]),
    scenario([{"decide": "explode"}]),
    scenario(
        [{"play": "HJ", "seat": "E"}, {"decide": "refuse"}, {"decide": "require", "suit": "X"}]
    ),
    scenario([{"play": "HJ", "seat": "E"}, {"decide": "refuse"}, {"decide": "require"}]),
    scenario([{"play": "HJ", "seat": "E"}, {"decide": "designate", "card": "HJ"}]),
    scenario([{"play": "H4", "expose": "H4", "seat": "W"}]),
    scenario([{"expose": "H4"}]),
    scenario([{"expose": "H4", "seat": "W", "deliberate": "yes"}]),
    scenario(["play SA"]),
    scenario([{"play": "H4", "seat": "W"}, {"play": "C2", "seat": "N"}]),  # a revoke
    scenario([{"play": "H4", "seat": "W", "colour": "red"}]),
    scenario([{"play": ["H4", "S5"], "seat": "W", "meant": "HT"}]),  # meant not among them
    scenario([{"play": ["H4", "S5"], "seat": "W"}]),  # no meant
    scenario([{"play": ["H4", 5], "seat": "W", "meant": "H4"}]),
    scenario([{"play": ["H4", "S5"], "seat": "W", "meant": ["H4"]}]),
    scenario([{"play": "H4", "seat": "W", "meant": "H4"}]),
    scenario([{"play": "H4", "seat": "W", "misinformed": True}]),  # in turn
    scenario([{"play": "HQ", "seat": "E", "misinformed": 1}]),
    [1, 2, 3],
    "deal",
]


@pytest.mark.parametrize("case", BAD_CASES)
def test_bad_scenarios_are_json_errors(case, monkeypatch):
    status, out = run_command(json.dumps(case).encode(), monkeypatch)
    assert status == 1
    assert out["ok"] is False and isinstance(out["error"]["message"], str)
    assert out["error"]["event"] is None or isinstance(out["error"]["event"], int)


def test_the_command_replays_cards_played_at_once_and_a_misinformed_lead(monkeypatch):
    events = [
        {"play": "HQ", "seat": "E", "misinformed": True},
        {"play": ["H4", "S5"], "seat": "W", "meant": "H4"},
    ]
    status, out = run_command(json.dumps(scenario(events)).encode(), monkeypatch)
    assert status == 0, out
    assert out["current_trick"] == [{"seat": "W", "card": "H4"}]
    assert out["penalty_cards"] == [{"seat": "W", "card": "S5", "kind": "minor"}]
    assert "HQ" in out["hands"]["E"] and out["to_play"] == "N"


@pytest.mark.parametrize(
    ("event", "words"),
    [
        ({"play": ["H4", "S5"], "seat": "W", "meant": "HT"}, "must be one of the cards"),
        ({"play": ["H4", "S5"], "seat": "W"}, "need 'meant'"),
        ({"play": "H4", "seat": "W", "misinformed": True}, "Law 47E1"),
    ],
)
def test_the_new_event_forms_name_their_error(event, words, monkeypatch):
    status, out = run_command(json.dumps(scenario([event])).encode(), monkeypatch)
    assert status == 1 and out["error"]["event"] == 0
    assert words in out["error"]["message"]


def test_play_after_trick_13_is_an_error(monkeypatch):
    from penaltyflow.engine import Table, parse_pbn
    from penaltyflow.engine.core.cards import CARD_NAMES, SEATS, sorted_cards

    table = Table(parse_pbn(DEAL), 0, 2, 4)
    events = []
    while not table.finished:
        seat, card = table.to_play, sorted_cards(table.legal_mask())[0]
        events.append({"play": CARD_NAMES[card], "seat": SEATS[seat]})
        table.play(seat, card)
    status, out = run_command(json.dumps(scenario(events)).encode(), monkeypatch)
    assert status == 0 and out["tricks_won"]["NS"] + out["tricks_won"]["EW"] == 13
    assert out["to_play"] is None and out["legal"] == []
    status, out = run_command(json.dumps(scenario([*events, {"play": "SA"}])).encode(), monkeypatch)
    assert status == 1 and out["error"]["event"] == 52


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
cards = st.sampled_from(["SA", "st", "HJ", "H4", "ZZ", "C2", "DK", "S10", "", "H"]) | st.text(
    max_size=3
)
seats = st.sampled_from(["N", "E", "S", "W", "w", 5, "Q", None, ""])
verbs = st.sampled_from(
    ["accept", "refuse", "spread", "require", "forbid", "no_restriction", "designate",
     "highest", "lowest", "explode"]
)  # fmt: skip
events = st.one_of(
    st.fixed_dictionaries({"play": cards}, optional={"seat": seats}),
    st.fixed_dictionaries(
        {"play": st.lists(cards, max_size=3) | cards},
        optional={"seat": seats, "meant": cards, "misinformed": st.booleans() | json_values},
    ),
    st.fixed_dictionaries(
        {"expose": cards, "seat": seats}, optional={"deliberate": st.booleans() | json_values}
    ),
    st.fixed_dictionaries(
        {"decide": verbs},
        optional={"suit": st.sampled_from(["S", "H", "D", "C", "X", "SH", "", 3]), "card": cards},
    ),
    json_values,
)
scenarios = st.fixed_dictionaries(
    {
        "deal": st.sampled_from([DEAL, DEAL.lower(), DEAL[:-2], 5, "", "N:"]) | json_values,
        "contract": st.sampled_from(["4S", "3NT", "8S", "4SX", "", 4]) | json_values,
        "declarer": seats,
        "events": st.lists(events, max_size=8) | json_values,
    }
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(raw=st.one_of(scenarios.map(lambda s: json.dumps(s).encode()), st.binary(max_size=40)))
def test_fuzzed_input_always_gives_json_and_exit_0_or_1(raw, monkeypatch):
    status, out = run_command(raw, monkeypatch)
    assert status in (0, 1)
    if status == 1:
        assert out["ok"] is False and set(out) == {"ok", "error"}
        assert set(out["error"]) == {"event", "message"}
        assert "Internal error" not in out["error"]["message"], out
    else:
        assert out["ok"] is True


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(evs=st.lists(events, min_size=1, max_size=12))
def test_fuzzed_events_on_a_real_deal_never_crash_the_engine(evs, monkeypatch):
    status, out = run_command(json.dumps(scenario(evs)).encode(), monkeypatch)
    assert status in (0, 1)
    if status == 1:
        assert "Internal error" not in out["error"]["message"], out


def test_a_few_fuzz_cases_in_a_real_subprocess_exit_1_without_traceback():
    for case in BAD_CASES[:3]:
        proc = subprocess_run(json.dumps(case).encode())
        assert proc.returncode == 1, proc.stdout
        assert json.loads(proc.stdout)["ok"] is False
        assert b"Traceback" not in proc.stderr


# Issue 20's bad input for revokes (scenario-format.md, *Revokes*): each names its event.
EAST_C5 = [{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "C5", "revoke": True}]
REVOKE_CASES = {
    "a revoke not marked": ([{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "C5"}], 2),
    "a revoke flag on a legal play": (
        [{"play": "H4", "seat": "W"}, {"play": "H2"}, {"play": "HJ", "revoke": True}],
        2,
    ),
    "a correction after establishment": (
        [*EAST_C5, {"play": "HA"}, {"play": "H7"}, {"play": "H5"}, {"correct": "HJ"}],
        6,
    ),
    "a correction with a card he may not play": ([*EAST_C5, {"correct": "CA"}], 3),
    "a withdraw naming a seat that did not play after": (
        [*EAST_C5, {"correct": "HJ", "withdraw": ["N"]}],
        3,
    ),
}


@pytest.mark.parametrize("case", REVOKE_CASES, ids=list(REVOKE_CASES))
def test_bad_revoke_input_exits_1_naming_the_event(case, monkeypatch):
    events, index = REVOKE_CASES[case]
    status, out = run_command(json.dumps(scenario(events)).encode(), monkeypatch)
    assert status == 1
    assert out["ok"] is False and out["error"]["event"] == index
    assert "Internal error" not in out["error"]["message"]
