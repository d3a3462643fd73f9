"""The quiz bank, as a lesson uses it: the one place that imports the quizzes app.

Classroom depends on quizzes, never the other way round.
"""


def get_question(qid: str):
    """The quiz question with this id, or None."""
    from penaltyflow.quizzes import bank

    return bank.get_question(qid)


def for_a_class(items: list[dict]) -> list[dict]:
    """A lesson's items as one class asks them: each question generated on a deal is drawn
    afresh for this class (the same recipe on a new deal, with an id nobody can guess, that
    no listing names: `bank.draw`), so an open class question cannot be looked up by its
    story; a chart question or a true/false statement stays what it is. `from` keeps the
    bank question it stands for."""
    from penaltyflow.quizzes import bank

    drawn = []
    for spec in items:
        if spec.get("kind") == "question" and (new := bank.draw(spec["question"])):
            spec = {**spec, "question": new, "from": spec["question"]}
        drawn.append(spec)
    return drawn


def question_ids(law: str | None = None, kind: str | None = None, limit: int = 100) -> list[str]:
    from penaltyflow.quizzes import bank

    return bank.question_ids(law=law, kind=kind, limit=limit)


def add_to_review(request, qids: list[str]) -> int:
    from penaltyflow.quizzes import progress

    return progress.add_to_review(request, qids)


def table_for(question, ruled: bool = False):
    """The question's table as the quiz shows it: before the ruling until `ruled`."""
    from penaltyflow.quizzes.tables import table_for

    return table_for(question, ruled=ruled)


def kinds() -> list[tuple[str, str]]:
    """(kind, its name for a teacher) of every kind of question in the bank, in the bank's order."""
    from penaltyflow.quizzes import bank

    seen: dict[str, str] = {}
    for qid, _law, kind in bank.index():
        if kind not in seen and (q := bank.get_question(qid)) is not None:
            seen[kind] = q.kind_name
    return list(seen.items())


def moment(story: str, length: int = 140) -> str:
    """What happens in a question's story, without the setting all stories share."""
    from penaltyflow.quizzes.templatetags.quiz import moment

    return moment(story, length)


def post_answer(student_id: int, question, keys: list[str]):
    """A student's answer in class, through the quiz's one answer post: limited per
    student as the quiz limits a learner (`progress.post_answer`; `.limited`, `.wait`);
    each post is an answer (it replaces the student's last one: no doubled posts),
    counted for the question, not put in review (the student keeps the lesson's
    questions in review by choice, `add_to_review`)."""
    from penaltyflow.quizzes import progress

    learner = progress.tagged_learner(f"classroom-student-{student_id}")
    return progress.post_answer(learner, question, keys, schedule=False, doubles=False)
