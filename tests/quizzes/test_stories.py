"""Generated questions: the story a learner reads tells the irregularity the engine replays.

Every draft of every recipe is replayed event by event with the engine; what the engine makes
of each event (a lead out of turn, a card played before partner, a card exposed, ...) is read
from the state of play it prints, and the sentence of the story that tells that event must
name its card and seat in the words of that irregularity, and nothing else.
"""

import functools
import re

import pytest

from penaltyflow.engine import apply_event, new_table
from penaltyflow.engine.core.vocab import SEAT_NAMES, SEATS, card_label
from penaltyflow.engine.scenario import apply_board_event, new_board
from penaltyflow.quizzes import bank, generator

CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")

# What a learner must read for each irregularity, and what he must not.
WORDS = {
    "lead out of turn": (r"It was \w+'s lead, but|should make the opening lead, but", None),
    "played before partner": (r"Before \w+ had played, \w+ put the", None),
    "played at his right-hand opponent's turn": (r"Before \w+ had played, \w+ put the", None),
    "penalty card not played": (r"played the \S+, leaving the \S+ on the table", None),
    "two cards at once": (r"two cards out together.*He said he meant", None),
    "a revoke": (r"played the \S+( from dummy \(\w+\))?, though (he|dummy) held a \w+", None),
    "a revoke corrected": (r"drawn to the revoke .*put the \S+ in place of the", None),
    "exposed": (
        r"fell face up|fall face up|landed face up|dropped the|in plain view|he named it",
        r"\bled\b|on the trick|on purpose|deliberately|played|reached for",
    ),
}


def engine_says(before: dict, after: dict, event: dict) -> str:
    """What the engine made of `event`, read from the state it prints before and after."""
    if len(after["revokes"]) > len(before["revokes"]):
        return "a revoke"
    if "correct" in event:
        return "a revoke corrected"
    pending = after["pending"]
    if pending and pending != before["pending"]:
        law = pending["law"]
        if law in ("54", "55", "56"):
            return "lead out of turn"
        if law == "57A":
            return "played before partner"
        if law.startswith("52"):
            return "penalty card not played"
    new_pen = [p for p in after["penalty_cards"] if p not in before["penalty_cards"]]
    if "play" in event:
        played_now = after["current_trick"] != before["current_trick"] or (
            after["trick"] != before["trick"]
        )
        if isinstance(event["play"], list):
            return "two cards at once"
        if new_pen or (not played_now and not pending):
            return "played at his right-hand opponent's turn"
        return "played"
    if "expose" in event:
        return "exposed" if new_pen else "shown by declarer"
    return "decided"


# The scenes that start at the first call (generator/auction.py).
AUCTION = {
    "an insufficient bid",
    "a pass at his right-hand opponent's turn",
    "a pass at partner's turn",
    "a bid at his right-hand opponent's turn",
    "an honour shown during the auction",
    "a low card shown during the auction",
    "a double of partner's bid",
    "a bid of eight",
    "a double after the final pass",
}

# What a learner must read for each irregularity of the auction: the calls as the engine
# rules them (`auction.calls`), a card shown (`auction.exposed`).
AUCTION_WORDS = {
    "an insufficient bid": r"who had not seen \w+'s \S+, bid \S+: an insufficient bid",
    "a call out of rotation": r"It was \w+'s turn to call, but \w+ (passed|bid \S+): a call out",
    "a double of partner's bid": r"doubled his partner's \S+: a double the Laws do not permit",
    "a bid of more than seven": r"called eight \w+: a bid of more than seven",
    "a call after the final pass": r"After the third pass, .*a call after the final pass",
    "a card shown in the auction": r"fall face up on the table, where his partner could see it",
    "a comparable call": r"the Director ruled it a comparable call",
    "not a comparable call": r"ruled (that .{1,12} is not a comparable call|it not comparable)",
}


def auction_says(before: dict, after: dict, event: dict) -> str:
    """What the engine made of an event of the auction, read from the state it prints."""
    a, b = after["auction"], before["auction"]
    if "expose" in event:
        return "a card shown in the auction" if len(a["exposed"]) > len(b["exposed"]) else "?"
    if "call" not in event:
        return "decided"
    if b["over"]:
        return "a call after the final pass"
    pending = after["pending"]
    if pending and pending != before["pending"]:
        law = pending["law"]
        if law.startswith("27"):
            return "an insufficient bid"
        if law in ("29", "32") or law.startswith(("30", "31")):
            return "a call out of rotation"
        if law.startswith("36"):
            return "a double of partner's bid"
        if law.startswith("38"):
            return "a bid of more than seven"
    new = a["calls"][-1]
    law = new.get("law", "")
    if event.get("comparable"):
        return "a comparable call"
    if law.startswith(("27B2", "30B1(b)", "31A2(b)", "31B")):
        return "not a comparable call"
    return "called"


def _replay(scenario: dict):
    """Each event and what the engine made of it (the state after one event is the state
    before the next: printed once)."""
    if "dealer" in scenario:  # from the first call: the board, auction then play
        yield from _replay_board(scenario)
        return
    t = new_table(scenario)
    before = t.to_json()
    for event in scenario["events"]:
        apply_event(t, event)
        after = t.to_json()
        yield event, engine_says(before, after, event)
        before = after


@functools.cache
def drafts_of(recipe: str) -> list:
    """(recipe, n, draft) for every draft of the recipe: its story sentence by sentence, each
    with the event it tells (`told`), which the bank's question does not keep."""
    r = generator.BY_NAME[recipe]
    return [(r.name, n, generator.draft(r, n)) for n in range(generator.PER_RECIPE)]


def bank_question(recipe: str, n: int):
    """The bank's question `n` of the recipe: its draft's scenario and story, as learners
    get them (made once a process, for every test that reads the bank)."""
    return bank.generated(f"g-{recipe}-{n:04d}")


@functools.cache
def replayed(recipe: str, n: int) -> list:
    """What the engine made of each event of the recipe's question `n`, replayed once for the
    tests of this file that read it."""
    return list(_replay(bank_question(recipe, n).scenario))


def every_question():
    """(recipe, n, question) for every generated question of the bank."""
    for r in generator.RECIPES:
        for n in range(generator.PER_RECIPE):
            yield r.name, n, bank_question(r.name, n)


def _replay_board(scenario: dict):
    board = new_board(scenario)
    before = board.to_json()
    for i, event in enumerate(scenario["events"]):
        apply_board_event(board, i, event)
        after = board.to_json()
        if before["contract"] is not None and "call" not in event:  # the play
            yield event, engine_says(before, after, event)
        else:
            yield event, auction_says(before, after, event)
        before = after


@pytest.mark.parametrize("recipe", [r.name for r in generator.RECIPES if r.scene in AUCTION])
def test_the_story_tells_the_irregular_call_the_engine_replays(recipe):
    """Each irregular call (or card shown) is told as what the engine made of it, naming its
    seat and its call; the Director's ruling on a replacement (comparable or not) is told."""
    for name, n, d in drafts_of(recipe):
        told = dict(d.told)
        story = " ".join(d.story)
        irregular = 0
        for i, (event, what) in enumerate(replayed(name, n)):
            if what in ("called", "decided", "played"):
                continue
            irregular += 1
            assert i in told, f"{name} {n}: event {i} ({what}) is not in the story: {story}"
            assert re.search(AUCTION_WORDS[what], told[i]), f"{name} {n}: {what}: {told[i]!r}"
            assert SEAT_NAMES[SEATS.index(event["seat"])] in told[i], (name, n, told[i])
            if "call" in event and event["call"] != "pass" and "expose" not in event:
                assert _call_words(event["call"]) in told[i], (name, n, told[i])
        assert irregular, f"{name} {n}: no irregularity in {story}"


def _call_words(call: str) -> str:
    if call in ("X", "XX"):
        return "double" if call == "X" else "redouble"
    if call[0] == "8":
        return "eight"
    return call if call.endswith("NT") else call[:-1] + "♠♥♦♣"["SHDC".index(call[-1])]


@pytest.mark.parametrize("recipe", [r.name for r in generator.RECIPES if r.scene not in AUCTION])
def test_the_story_tells_the_irregularity_the_engine_replays(recipe):
    for name, n, d in drafts_of(recipe):
        told = dict(d.told)
        story = " ".join(d.story)
        offender = None
        for i, (event, what) in enumerate(replayed(name, n)):
            if what == "a revoke":
                offender = event["seat"]
            if what in ("played", "decided", "shown by declarer"):
                continue
            assert i in told, f"{name} {n}: event {i} ({what}) is not in the story: {story}"
            sentence = told[i]
            must, must_not = WORDS[what]
            assert re.search(must, sentence), f"{name} {n}: {what} told as {sentence!r}"
            if must_not:
                assert not re.search(must_not, sentence), f"{name} {n}: {sentence!r}"
            seat = SEAT_NAMES[SEATS.index(event.get("seat") or offender)]
            cards = event.get("play") or event.get("expose") or event.get("correct")
            cards = cards if isinstance(cards, list) else [cards]
            assert seat in sentence, (name, n, sentence)
            for card in cards:
                assert card_label_of(card) in sentence, (name, n, card, sentence)


def card_label_of(name: str) -> str:
    from penaltyflow.engine import parse_card

    return card_label(parse_card(name))


def test_every_card_in_a_story_is_a_card_the_events_play_or_show():
    """A story tells what happened at the table and nothing else: no card in it that the
    replayed events do not play, expose or decide on."""
    for name, n, q in every_question():
        shown = set()
        for event in q.scenario["events"]:
            for key in ("play", "expose", "card", "correct"):
                cards = event.get(key, [])
                shown |= {card_label_of(c) for c in ([cards] if isinstance(cards, str) else cards)}
        story = q.story
        assert set(CARD.findall(story)) <= shown, (name, n, story)


def test_no_question_asks_what_the_laws_leave_to_the_director():
    for name, n, q in every_question():
        scenario = q.scenario
        whats = [what for _, what in replayed(name, n)]
        events = scenario["events"]
        if "dealer" in scenario:
            # a replacement's comparability is the Director's: told as his ruling, never asked
            assert q.kind not in ("true-false",), (name, n)
            comparable = [e for e in events if "comparable" in e]
            story = q.story
            assert len(comparable) <= story.count("comparable"), (name, n, story)
            continue
        # dummy's cards are face up already; one declarer touches is played (45C3)
        dummy = scenario["declarer"]
        dummy = SEATS[(SEATS.index(dummy) + 2) % 4]
        assert all(e.get("seat") != dummy for e in events if "expose" in e), (name, n)
        # a low card named as held: minor or major is the Director's judgement (law-49)
        for event in events:
            if event.get("deliberate"):
                assert event["expose"][1] in "AKQJT", (name, n, event)
        # the proper leader's lead after a lead out of turn (53B): what becomes of the card
        # led out of turn is not a question with one answer
        for i, what in enumerate(whats):
            if what == "lead out of turn":
                assert i + 1 == len(events) or "decide" in events[i + 1], (name, n)


def test_the_two_cards_questions_cite_law_58b2_and_every_clause_they_teach():
    for n in range(generator.PER_RECIPE):
        q = bank.get_question(f"g-two-cards-at-once-{n:04d}")
        assert "58B2" in q.cites and "50B" in q.cites
    for qid, _, _ in bank.generated_index()[::7]:
        q = bank.get_question(qid)
        for ref in re.findall(r"Laws? ((?:\d+[A-H]?\d?(?:\([a-z0-9]\))?(?:, | and )?)+)", q.teach):
            for one in re.split(r", | and ", ref):
                if one:
                    assert one in q.cites, (qid, one, q.teach)
