"""Real servers over HTTP: answers posted at once by many phones are counted exactly (on
SQLite by one server; on PostgreSQL by two app servers that share one class: the teacher on
one, the phones on the other).

The session lives only in the database, so a phone may be answered by any server, and a
server restarted in the middle of a class loses nothing.
"""

import collections
import concurrent.futures as cf
import random
import threading
import time

import pytest

from tests.conftest import GOOD_CHART

from .conftest import OPTIONS, WHO
from .servers import Browser, Database, Server, environment, postgres_url, prepare

pytestmark = pytest.mark.database_url

LESSON = {
    "slug": "servers-lesson",
    "title": "Who decides?",
    "items": [
        {"step": "mini-56/lead"},
        {"question": WHO},
        {"question": OPTIONS},
        {"step": "mini-56/accept"},
    ],
}
KEYS = ["N", "E", "S", "W"]
STUDENTS = 40


@pytest.fixture
def database(tmp_path):
    db = Database(tmp_path, postgres_url())
    yield db
    db.drop()


@pytest.fixture
def env(database, tmp_path):
    env = environment(database, tmp_path)
    prepare(env, tmp_path, GOOD_CHART, LESSON, "teacher")
    return env


def at_once(jobs):
    """Run the callables in threads released together; their results in order."""
    gate = threading.Barrier(len(jobs))

    def run(job):
        gate.wait(30)
        return job()

    with cf.ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def answer_job(phone, code, item, key):
    return lambda: phone.post(f"/classroom/{code}/answer", {"item": item, "answer": key})[0]


def expected(final: dict) -> dict:
    return dict(collections.Counter(final.values()))


def run_a_class(teacher: Browser, phones_base: str) -> tuple[str, list[Browser]]:
    code = teacher.start("servers-lesson")
    assert teacher.post(f"/classroom/{code}/present/next")[0] == 302
    phones = list(
        cf.ThreadPoolExecutor(10).map(
            lambda n: Browser(phones_base).join(code, f"Player {n}"), range(STUDENTS)
        )
    )
    assert teacher.json(f"/classroom/{code}/state.json")["students"] == STUDENTS
    return code, phones


def check_tally(teacher: Browser, code: str, final: dict) -> None:
    entry = teacher.json(f"/classroom/{code}/results.json")["items"][1]
    assert entry["answers"] == expected(final)
    assert entry["total"] == len(final)
    right = teacher.right_answer(entry["question"])  # the class's own deal: who decides
    assert entry["right"] == sum(key in right for key in final.values())


def answers_at_once_are_counted_exactly(teacher: Browser, code: str, phones: list[Browser]):
    rng = random.Random(12)
    final = {i: rng.choice(KEYS) for i in range(len(phones))}
    statuses = at_once([answer_job(p, code, 1, final[i]) for i, p in enumerate(phones)])
    assert statuses == [302] * len(phones)
    check_tally(teacher, code, final)

    # ten phones post twice at once (a double tap on flaky wifi), ten change their minds
    doubled = [answer_job(phones[i], code, 1, final[i]) for i in range(10) for _ in range(2)]
    changes = {i: rng.choice([k for k in KEYS if k != final[i]]) for i in range(10, 20)}
    jobs = doubled + [answer_job(phones[i], code, 1, k) for i, k in changes.items()]
    assert set(at_once(jobs)) == {302}
    final.update(changes)
    check_tally(teacher, code, final)

    # the teacher moves on while twenty more changes arrive: each is counted or refused
    racing = {i: rng.choice([k for k in KEYS if k != final[i]]) for i in range(20, 40)}
    jobs = [answer_job(phones[i], code, 1, k) for i, k in racing.items()]
    jobs.insert(10, lambda: teacher.post(f"/classroom/{code}/present/next")[0])
    replies = at_once(jobs)
    moved = replies.pop(10)
    assert moved == 302
    assert set(replies) <= {302, 409}
    for (i, key), status in zip(racing.items(), replies, strict=True):
        if status == 302:
            final[i] = key
    check_tally(teacher, code, final)
    late = phones[0].post(f"/classroom/{code}/answer", {"item": 1, "answer": "E"})[0]
    assert late == 409
    check_tally(teacher, code, final)
    return final


@pytest.mark.skipif(
    bool(postgres_url()),
    reason="on PostgreSQL, the test of two app servers counts the same answers through them",
)
def test_answers_posted_at_once_are_counted_exactly(env, tmp_path):
    server = Server(env, tmp_path)
    try:
        teacher = Browser(server.url).login("teacher")
        code, phones = run_a_class(teacher, server.url)
        answers_at_once_are_counted_exactly(teacher, code, phones)
    finally:
        server.stop()


def follows(phone: Browser, code: str, item: int, ceiling: float = 60.0) -> None:
    """The phone reaches the teacher's item by itself. `ceiling` only says when to call it
    stuck (a busy machine is slow, not wrong); how fast phones follow is never asserted."""
    deadline = time.monotonic() + ceiling
    while phone.json(f"/classroom/{code}/state.json")["item"] != item:
        if time.monotonic() > deadline:
            raise AssertionError(f"the phone never reached item {item}")
        time.sleep(0.1)


@pytest.mark.skipif(
    not postgres_url(),
    reason="needs DATABASE_URL=postgres://... (make test runs the suite on PostgreSQL too)",
)
def test_two_app_servers_on_one_postgresql(env, tmp_path):
    teacher_server, phone_server = Server(env, tmp_path), Server(env, tmp_path)
    try:
        teacher = Browser(teacher_server.url).login("teacher")
        code, phones = run_a_class(teacher, phone_server.url)
        # the phones, on the other server, follow the teacher
        assert phones[0].json(f"/classroom/{code}/state.json")["item"] == 1
        final = answers_at_once_are_counted_exactly(teacher, code, phones)
        follows(phones[5], code, 2)
        teacher.post(f"/classroom/{code}/present/prev")
        follows(phones[6], code, 1)

        # the phones' server is restarted mid-class: nothing is lost, phones carry on
        phone_server.stop()
        phone_server = Server(env, tmp_path)
        for phone in phones:
            phone.base = phone_server.url
        state = phones[7].json(f"/classroom/{code}/state.json")
        assert (state["item"], state["students"]) == (1, STUDENTS)
        check_tally(teacher, code, final)
        # the teacher's server sees answers given through the new one
        teacher.post(f"/classroom/{code}/present/next")
        follows(phones[8], code, 2)
        status = phones[8].post(f"/classroom/{code}/answer", {"item": 2, "answer": "accept"})[0]
        assert status == 302
        entry = teacher.json(f"/classroom/{code}/results.json")["items"][2]
        # the class's own deal of the same recipe (classroom-contract: never a listed bank id)
        recipe = OPTIONS.rsplit("-", 1)[0].removeprefix("g-")
        assert entry.pop("question").startswith(f"d-{recipe}-")
        assert entry == {
            "item": 2,
            "answers": {"accept": 1},
            "right": 0,
            "total": 1,
        }
    finally:
        teacher_server.stop()
        phone_server.stop()
