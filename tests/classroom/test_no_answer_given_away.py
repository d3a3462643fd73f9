"""Nothing a learner sees before answering gives the answer away (issue 18), on every surface:
the quiz, an exam, the class's projector and phones, and the handout; for every kind of question.

The answer's words are read from the question itself: the words (of four letters or more) of
a right choice that no wrong choice has, and the question's own prompt and story do not have
(and, for "is it a penalty card", the status asked for, wherever it is said). A page gives the
answer away when it shows such a word while some wrong choice's own words are nowhere on it
(it then says one answer and not another: "MINOR" on the card, but nothing "major"). The
answer's marks: the box that teaches it marked in a diagram, a right answer ticked, a card
marked legal, a penalty card's status ("major"/"minor") where that status is the answer, and
the card asked about already back in its hand. The table's furniture, the same whatever the
answer (each hand's suit names, the headings naming the auction, the story's own calls read
out in the auction record, whose turn it is), is not read as the answer.
"""

import io
import re
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.test import Client

from penaltyflow.classroom.models import Lesson, LessonItem
from penaltyflow.hands.tableview import card_view
from penaltyflow.quizzes import bank, generator
from penaltyflow.quizzes.kinds import KINDS
from penaltyflow.quizzes.models import DrawnQuestion, Round

from .conftest import join, start

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict, parent=None):
        self.tag, self.attrs, self.parent, self.children = tag, attrs, parent, []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def find(self, test) -> list["Element"]:
        return [e for e in self.walk() if test(e)]

    def text(self, skip=lambda e: False) -> str:
        """What a learner reads or hears: the text, and the labels read out (aria-label)."""
        if skip(self) or self.tag in ("script", "style", "template") or "hidden" in self.attrs:
            return ""
        parts = [self.attrs.get("aria-label") or ""]
        for child in self.children:
            parts.append(child.text(skip) if isinstance(child, Element) else child)
        return " ".join(parts)


class Tree(HTMLParser):
    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Element("document", {})
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), self.at)
        self.at.children.append(element)
        if tag not in VOID:
            self.at = element

    def handle_startendtag(self, tag, attrs):
        self.at.children.append(Element(tag, dict(attrs), self.at))

    def handle_endtag(self, tag):
        at = self.at
        while at is not self.root and at.tag != tag:
            at = at.parent
        if at is not self.root:
            self.at = at.parent

    def handle_data(self, data):
        self.at.children.append(data)


def parse(html: str) -> Element:
    return Tree(html).root


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4}


def own_words(question, keys) -> set[str]:
    """The words of these choices that no other choice of the question has."""
    others = set()
    for key, text in question.choices:
        if key not in keys:
            others |= words(text)
    return {w for key, text in question.choices if key in keys for w in words(text)} - others


def gives_away(question, text: str) -> set[str]:
    """The right answer's own words on the page, when some wrong answer's own words are not."""
    right = question.right_keys()
    seen = words(text)
    asked = words(f"{question.prompt} {question.story}")  # the question's own words
    said = (own_words(question, right) - asked) & seen
    wrong = [own_words(question, {key}) - asked for key in question.keys if key not in right]
    if said and any(own and not own & seen for own in wrong):
        return said
    return set()


def marks(question, region: Element) -> list[str]:
    """The answer's marks in this part of the page."""
    found = []
    if region.find(lambda e: e.tag == "g" and "current" in e.classes):
        found.append("a box of the diagram is marked")
    statuses = {"major", "minor"} & question.right_keys()
    for e in region.find(lambda e: e.classes & ({"right", "legal"} | statuses)):
        found.append(f"{e.tag}.{'.'.join(sorted(e.classes))}")
    if "✓" in region.text():
        found.append("a tick")
    if question.kind == "penalty-card":  # the card asked about lies face up, as it was exposed
        label = card_view(question.subject["card"]).label
        seat = question.subject["seat"]
        faces = [
            e.text()
            for hand in region.find(lambda e: f"hand-{seat_position(seat)}" in e.classes)
            for e in hand.find(lambda e: "playing-card" in e.classes)
        ]
        if not any(label in face for face in faces):
            found.append(f"{label} is not face up before its owner")
    return found


def seat_position(seat: str) -> str:
    return {"N": "north", "E": "east", "S": "south", "W": "west"}[seat]


# The table's furniture, the same on every table whatever the answer: the name of each suit
# in a hand (read out before its cards: "spades: K J 7"), the headings that name the
# auction ("The table: the auction", the record's "The auction") and whose turn it is
# ("North to call", "To play: nobody"). A question about the suits, the auction or a
# player's next call would otherwise be "given away" by every table.
STAGE_HEADINGS = re.compile(r"The table: the auction|The auction|\b[Tt]o (call|play)\b")


def suit_label(e: Element) -> bool:
    row = e.parent
    return (
        "sr-only" in e.classes
        and row is not None
        and row.tag == "li"
        and row.parent is not None
        and "suits" in row.parent.classes
    )


def told_call(question, e: Element) -> bool:
    """A call of the auction record read out ("Two diamonds") that the story itself tells
    ("2♦"): the story's own words, said again."""
    call = e.parent
    while call is not None and call.tag == "del":  # a withdrawn or cancelled call, struck through
        call = call.parent
    if "sr-only" not in e.classes or call is None or "call" not in call.classes:
        return False
    labels = call.find(lambda c: "call-label" in c.classes)
    compact = lambda text: re.sub(r"\s+", "", text).lower()  # noqa: E731
    return bool(labels) and compact(labels[0].text()) in compact(question.story)


def check(question, region: Element, choices=lambda e: False) -> list[str]:
    """Everything on this part of the page that gives the answer away (the choices aside)."""
    furniture = lambda e: suit_label(e) or told_call(question, e)  # noqa: E731
    text = STAGE_HEADINGS.sub(" ", region.text(lambda e: choices(e) or furniture(e)))
    problems = [f"says {sorted(w)}" for w in [gives_away(question, text)] if w]
    if question.kind == "penalty-card":  # the status asked for, said anywhere (the story too)
        problems += [f"says {w}" for w in words(text) & question.right_keys() & {"major", "minor"}]
    return problems + marks(question, region)


@pytest.fixture
def questions(db) -> list:
    """Questions of every kind, and for "is it a penalty card" one of each answer."""
    call_command("loadquiz", verbosity=0, stdout=io.StringIO())
    chosen = []
    for kind in KINDS:
        ids = bank.question_ids(kind=kind, limit=400)
        if not ids:  # a kind whose questions are still to come
            continue
        if kind == "penalty-card":
            by_answer = {}
            for qid in ids:
                by_answer.setdefault(frozenset(bank.get_question(qid).right_keys()), qid)
            assert len(by_answer) == 3, by_answer
            chosen += list(by_answer.values())
        else:
            chosen += ids[:2]
    found = [bank.get_question(qid) for qid in chosen]
    assert len({q.kind for q in found}) >= 8
    return found


def test_the_words_and_marks_of_an_answer_are_found():
    """The check itself: a page that says the answer is caught, one that says nothing is not."""
    q = bank.get_question(
        next(
            qid
            for qid in bank.question_ids(kind="penalty-card", limit=400)
            if bank.get_question(qid).right_keys() == {"minor"}
        )
    )
    assert gives_away(q, "West's ♣2 is a minor penalty card") == {"minor"}
    assert gives_away(q, "West's ♣2 is face up") == set()
    assert gives_away(q, "minor or major?") == set()  # both said: neither given
    # the table's furniture is not the answer; a ruling said on the table is
    hand = '<ul class="suits"><li><span class="sr-only">spades:</span>K</li></ul>'
    lead = next(
        bank.get_question(qid)
        for qid in bank.question_ids(kind="forbid-suits", limit=400)
        if "S" in bank.get_question(qid).right_keys()
    )
    assert check(lead, parse(f"<div><h3>The auction</h3>{hand}</div>")) == []
    assert check(lead, parse("<p>Declarer may forbid spades</p>")) != []
    untold = (
        '<span class="call"><span class="call-label">7♠</span><span class="sr-only">Seven spades'
    )
    assert check(lead, parse(f"<p>{untold}</span></span></p>")) != []  # a call the story never made
    told = re.search(r"\d[♠♥♦♣]", lead.story).group()  # a call the story made, struck through
    struck = f'<span class="call"><del><span class="call-label">{told}</span><span class="sr-only">'
    assert check(lead, parse(f"<p>{struck}Seven spades</span></del></span></p>")) == []
    assert check(lead, parse(f"<p>{untold}</span></span></p>".replace("call-label", "x"))) != []
    # whose turn it is ("North to call") is the table's, not the answer "at his next turn to call"
    bar = next(
        bank.get_question(qid)
        for qid in bank.question_ids(kind="bar-length", limit=400)
        if bank.get_question(qid).right_keys() == {"next_turn"}
    )
    assert check(bar, parse("<h3>North <span>to call</span></h3><dl><dt>To call</dt></dl>")) == []
    assert check(bar, parse("<p>North must pass once, at his next turn to call</p>")) != []
    label, hand = card_view(q.subject["card"]).label, seat_position(q.subject["seat"])
    ruled = f'<div class="hand hand-{hand}"><span class="playing-card black minor">{label}</span>'
    assert marks(q, parse(ruled)) == ["span.black.minor.playing-card"]
    assert marks(q, parse(ruled.replace(" minor", ""))) == []
    assert marks(q, parse(f'<div class="hand hand-{hand}"><span class="rank">{label}</span>')) == [
        f"{label} is not face up before its owner"
    ]


def test_the_quiz_page_shows_the_moment_before_the_ruling_then_the_ruled_table(questions):
    client = Client()
    problems = {}
    for q in questions:
        url = f"/quiz/q/{q.id}/"
        page = parse(client.get(url).content.decode())
        (quiz,) = page.find(lambda e: e.attrs.get("id") == "quiz")
        found = check(q, quiz, choices=lambda e: e.tag == "fieldset" or "tap-cards" in e.classes)
        if found:
            problems[q.id] = found
        answered = client.post(url + "answer", {"answer": sorted(q.right_keys())})
        assert answered.status_code == 200, q.id
        after = answered.content.decode()
        assert "✓ Right" in after, q.id
        for status in {"major", "minor"} & q.right_keys():  # the ruled table once answered
            assert re.search(rf"playing-card \w+ {status}", after), q.id
    assert problems == {}


def test_a_class_s_own_deal_of_every_recipe_gives_nothing_away():
    """A class draws its own question of each recipe, on a deal from a secret seed
    (`bank.draw`): whatever the seed, its page gives nothing away. Here two fixed seeds of
    every recipe (a seed that makes no question is drawn again, as `draw` does)."""
    client = Client()
    problems, asked = {}, 0
    for recipe in generator.RECIPES:
        for seed in (f"{n:020x}" for n in (2, 14)):
            qid = f"d-{recipe.name}-{seed}"
            DrawnQuestion.objects.create(qid=qid, recipe=recipe.name, seed=seed, drawn_from="")
            try:
                q = bank.drawn(qid)
            except RuntimeError:  # no moment from this seed
                continue
            page = parse(client.get(f"/quiz/q/{qid}/").content.decode())
            (quiz,) = page.find(lambda e: e.attrs.get("id") == "quiz")
            skip = lambda e: e.tag == "fieldset" or "tap-cards" in e.classes  # noqa: E731
            if found := check(q, quiz, choices=skip):
                problems[qid] = found
            asked += 1
    assert asked >= 2 * len(generator.RECIPES)
    assert problems == {}


def test_an_exam_gives_nothing_away_before_or_after_an_answer(questions):
    client = Client()
    client.get("/quiz/")
    assert client.post("/quiz/start", {"mode": "exam"}).status_code == 302
    rnd = Round.objects.get()
    rnd.questions = [q.id for q in questions]
    rnd.save()
    problems = {}
    for n, q in enumerate(questions, start=1):
        url = f"/quiz/r/{rnd.pk}/{n}/"
        before = parse(client.get(url).content.decode())
        assert client.post(url, {"answer": sorted(q.right_keys())}).status_code == 302
        answered = parse(client.get(url).content.decode())  # no feedback until the exam ends
        pages = [("before", before)] + [("answered", answered)] * (n < len(questions))
        for when, page in pages:
            (quiz,) = page.find(lambda e: e.attrs.get("id") == "quiz")
            skip = lambda e: e.tag == "fieldset" or "tap-cards" in e.classes  # noqa: E731
            if found := check(q, quiz, choices=skip):
                problems[f"{q.id} {when}"] = found
    assert problems == {}


@pytest.fixture
def every_kind_lesson(questions) -> Lesson:
    lesson = Lesson.objects.create(slug="every-kind", title="Every kind of question")
    for n, q in enumerate(questions):
        LessonItem.objects.create(lesson=lesson, position=n, question=q.id)
    return lesson


def test_the_projector_and_the_phones_give_nothing_away_until_reveal(
    teacher_client, every_kind_lesson, questions
):
    session = start(teacher_client, every_kind_lesson)
    phone = join(session, "Ann")
    problems = {}
    asked = [bank.get_question(spec["question"]) for spec in session.items]  # the class's own
    assert [q.kind for q in asked] == [q.kind for q in questions]
    for q in asked:
        present = parse(teacher_client.get(f"/classroom/{session.code}/present/").content.decode())
        (stage,) = present.find(lambda e: e.attrs.get("id") == "stage")
        if found := check(q, stage, choices=lambda e: "bars" in e.classes):
            problems[f"projector {q.id}"] = found
        on_phone = parse(phone.get(f"/classroom/{session.code}/").content.decode())
        (live,) = on_phone.find(lambda e: e.attrs.get("id") == "live")
        if found := check(q, live, choices=lambda e: e.tag == "form"):
            problems[f"phone {q.id}"] = found
        chart = phone.get(f"/classroom/{session.code}/diagram").content.decode()
        if 'class="node' in chart and re.search(r'class="node[^"]* current', chart):
            problems[f"phone's chart {q.id}"] = ["a box of the diagram is marked"]
        state = phone.get(f"/classroom/{session.code}/state.json").json()
        if state["question"] is not None:
            problems[f"state.json {q.id}"] = [f"names {state['question']}"]
        teacher_client.post(f"/classroom/{session.code}/present/reveal")
        # Revealed: the answer, the ruled table and the chart's box are shown.
        revealed = teacher_client.get(f"/classroom/{session.code}/present/").content.decode()
        assert "✓" in revealed, q.id
        if q.kind == "penalty-card" and q.right_keys() & {"major", "minor"}:
            assert re.search(rf"playing-card \w+ {q.right_keys().pop()}", revealed), q.id
        assert phone.get(f"/classroom/{session.code}/state.json").json()["question"] == q.id
        teacher_client.post(f"/classroom/{session.code}/present/next")
    assert problems == {}


def test_the_handout_gives_nothing_away_before_its_answer_key(
    teacher_client, every_kind_lesson, questions
):
    html = teacher_client.get(f"/lessons/{every_kind_lesson.slug}/handout/").content.decode()
    items = parse(html).find(lambda e: "handout-item" in e.classes)
    assert len(items) == len(questions)
    problems = {}
    for q, item in zip(questions, items, strict=True):
        if found := check(q, item, choices=lambda e: "handout-answers" in e.classes):
            problems[q.id] = found
    assert problems == {}


# --- a step asked as a question, and the summary (issue 27) ------------------------------

TELLS = re.compile(r"[Tt]ransfer|\b64[AB]\d|credited")  # a count, or the clause that applies


def _tells(region: Element) -> list[str]:
    """What the region says of the ruling, outside the step's own words (its title, clauses,
    teaching text and choices: the same on every deal)."""
    own = {"item-cite", "item-text", "step-choices", "item-title"}
    text = re.sub(r"\s+", " ", region.text(lambda e: bool(e.classes & own)))
    return [text[max(0, m.start() - 40) : m.end() + 40] for m in TELLS.finditer(text)]


def test_a_step_asked_as_a_question_shows_the_table_before_its_ruling(teacher_client, content):
    """Revokes: 'Does Law 64B rule out a transfer?' and 'Who won the revoke trick?' asked of
    the room (where the choices lead hidden) said 'Transferred: 2 tricks (Law 64A1)'."""
    lesson = Lesson.objects.create(slug="hidden-revokes", title="Hidden revoke steps")
    steps = [("no-adjustment-case", True), ("who-won", True), ("no-adjustment-case", False)]
    for n, (node, hide) in enumerate(steps):
        LessonItem.objects.create(
            lesson=lesson, position=n, chart="law-64", node=node, hide_targets=hide
        )
    session = start(teacher_client, lesson)
    phone = join(session, "Ann")
    said = []
    for node, hide in steps:
        present = parse(teacher_client.get(f"/classroom/{session.code}/present/").content.decode())
        (stage,) = present.find(lambda e: e.attrs.get("id") == "stage")
        on_phone = parse(phone.get(f"/classroom/{session.code}/").content.decode())
        (live,) = on_phone.find(lambda e: e.attrs.get("id") == "live")
        said.append((node, hide, _tells(stage), _tells(live)))
        teacher_client.post(f"/classroom/{session.code}/present/next")
    hidden = [(node, stage, phone) for node, hide, stage, phone in said if hide]
    assert hidden == [("no-adjustment-case", [], []), ("who-won", [], [])]
    # the same step shown as teaching (where each choice leads) counts the transfer: the
    # check sees it
    (shown,) = [stage for _, hide, stage, _ in said if not hide]
    assert any("Transferred: 2 tricks (Law 64A1)" in s for s in shown), shown


def test_the_summary_marks_no_answer_before_its_reveal(
    teacher_client, every_kind_lesson, questions
):
    """The projector's Results button opens the summary in front of the room."""
    session = start(teacher_client, every_kind_lesson)
    ann = join(session, "Ann")
    first = session.items[0]["question"]
    q = bank.get_question(first)
    ann.post(f"/classroom/{session.code}/answer", {"item": 0, "answer": sorted(q.right_keys())})
    url = f"/classroom/{session.code}/summary/"

    def items(html: str) -> list[Element]:
        (listed,) = parse(html).find(lambda e: "summary-items" in e.classes)
        return [e for e in listed.children if isinstance(e, Element) and e.tag == "li"]

    html = teacher_client.get(url).content.decode()
    problems = {}
    for spec, item in zip(session.items, items(html), strict=True):
        asked = bank.get_question(spec["question"])
        found = [m for m in marks(asked, item) if "face up" not in m]  # no table here
        found += [w for w in ("right (",) if w in item.text()]
        if spec["question"] in item.text():  # its id would look the answer up
            found.append("names the question")
        if found:
            problems[spec["question"]] = found
    (students,) = parse(html).find(lambda e: "results-table" in e.classes)
    assert "✓" not in students.text() and "✗" not in students.text()
    assert problems == {}
    teacher_client.post(f"/classroom/{session.code}/present/reveal")  # the first item shown
    first_item = items(teacher_client.get(url).content.decode())[0]
    assert "✓" in first_item.text() and "1 right (100%)" in first_item.text()
    assert first in first_item.text()
    html = teacher_client.get(url).content.decode()
    (students,) = parse(html).find(lambda e: "results-table" in e.classes)
    assert "✓" in students.text()
