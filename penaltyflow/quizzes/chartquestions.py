"""Questions built from the charts themselves: what the Director asks next, where an
answer leads, which clause a step rests on. Read from the charts in the database and
rebuilt when the content changes (the charts' content generation).
"""

from __future__ import annotations

import random
import re

from penaltyflow.core.percontent import per_content
from penaltyflow.engine.core.vocab import word_list
from penaltyflow.flowcharts.models import Choice, Node

from .citations import cited, law_number
from .question import Question


def clause_key(citation: str) -> str:
    """'Law 50D2(a)' -> '50D2-a': a choice key in A-Za-z0-9_-."""
    text = citation.replace("Law", "").strip()
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


def first_clause(citations: str) -> str:
    return citations.split(",")[0].strip()


def _law(chart_laws: str, fallback: str) -> str:
    m = re.match(r"\s*(\d+)", chart_laws or "")
    return m.group(1) if m else fallback


def _pick(rng: random.Random, right, pool, n: int = 3):
    others = [p for p in dict.fromkeys(pool) if p[0] != right[0]]
    rng.shuffle(others)
    chosen = [right] + others[:n]
    return sorted(chosen, key=lambda c: c[1])


def _arrow_question(
    what: str, a: Choice, prompt: str, teach: str, pool: list[tuple[str, str]]
) -> Question:
    """A question about an arrow of a chart: its answer is the node the arrow points to.
    It cites the first clause of that step, unless the step says no clause covers its case:
    then it cites none, since the clauses it names are the ones that do not apply."""
    source, target, chart = a.source, a.target, a.source.chart
    rng = random.Random(f"{what}:{chart.slug}:{source.key}:{target.key}")
    if no_clause_covers(target):
        teach, cites = f"{teach}: no clause of the Laws covers it, the Director decides.", []
    else:
        teach = f"{teach} ({target.citations})."
        cites = [first_clause(target.citations).replace("Law ", "")]
    return Question(
        id=f"c-{what}-{chart.slug}-{source.key}-{target.key}",
        kind=f"chart-{what}",
        law=_law(chart.laws, "50"),
        prompt=prompt,
        scenario=None,
        subject=None,
        choices=_pick(rng, (target.key, target.label), pool),
        multiple=False,
        step=source.get_absolute_url(),
        teach=teach,
        cites=cites,
        right=frozenset({target.key}),
    )


def build() -> list[Question]:
    nodes = list(Node.objects.select_related("chart").order_by("chart__order", "chart__slug", "id"))
    arrows = list(
        Choice.objects.select_related("source__chart", "target").order_by(
            "source__chart__order", "source__chart__slug", "source_id", "order", "id"
        )
    )
    by_chart: dict[int, list[Node]] = {}
    for n in nodes:
        by_chart.setdefault(n.chart_id, []).append(n)
    out: list[Question] = []

    # What does the Director ask next? An arrow into a question node.
    for a in arrows:
        target, source, chart = a.target, a.source, a.source.chart
        if target.kind != Node.Role.QUESTION or a.is_loop:
            continue
        questions = [
            (n.key, n.label)
            for n in by_chart[chart.id]
            if n.kind == Node.Role.QUESTION and n.key != source.key
        ]
        if len(questions) < 2:
            continue
        after = f"“{source.label}”" + (f", answer “{a.label}”" if a.label != "Next" else "")
        prompt = f"Law {chart.laws}, after {after}: what does the Director ask next?"
        out.append(_arrow_question("next", a, prompt, f"Next comes “{target.label}”", questions))

    # Where does this answer lead? A question node's choice.
    for a in arrows:
        source, target, chart = a.source, a.target, a.source.chart
        if source.kind != Node.Role.QUESTION or a.is_loop:
            continue
        pool = [(n.key, n.label) for n in by_chart[chart.id] if n.key != source.key]
        prompt = f"Law {chart.laws}: “{source.label}” Answer: “{a.label}”. Where does it lead?"
        out.append(_arrow_question("leads", a, prompt, f"It leads to “{target.label}”", pool))

    # Which clause is this? Every step that rests on a clause, with every clause it cites
    # right (never one of them offered as a wrong answer), unless it says no clause covers it.
    pool = list(dict.fromkeys(c for n in nodes for c in node_citations(n) if _CLAUSE.match(c)))
    pool_refs = [(c, _ref(c)) for c in pool]
    for n in nodes:
        own = node_citations(n)
        if n.kind == Node.Role.JUMP or not any(_CLAUSE.match(c) for c in own):
            continue
        if no_clause_covers(n):
            continue
        mine = own + [f"Law {ref}" for ref in cited(n.text)]
        mine_refs = [_ref(m) for m in mine]
        wrong = [c for c, ref in pool_refs if all(apart(ref, m) for m in mine_refs)]
        rng = random.Random(f"clause:{n.chart.slug}:{n.key}")
        rng.shuffle(wrong)
        right = [(clause_key(c), c) for c in own]
        several = len(right) > 1
        prompt = (
            f"Which clauses does this step rest on: “{n.label}”? Tick every one."
            if several
            else f"Which clause says this: “{n.label}”?"
        )
        clauses = [c for c in own if _CLAUSE.match(c)]
        laws = re.findall(r"\d+", n.chart.laws or "")
        first = next((c for c in clauses if law_number(_ref(c)) in laws), clauses[0])
        out.append(
            Question(
                id=f"c-clause-{n.chart.slug}-{n.key}",
                kind="chart-clause",
                law=_ref(first),  # "50D2(b)", without "(footnote 14)"
                prompt=prompt,
                scenario=None,
                subject=None,
                choices=sorted(right + [(clause_key(c), c) for c in wrong[:3]], key=lambda c: c[1]),
                multiple=several,
                step=n.get_absolute_url(),
                teach=f"“{n.label}”: {word_list(own)}. {_first_sentence(n.text)}",
                cites=[_ref(c) for c in own],
                right=frozenset(k for k, _ in right),
            )
        )
    return out


_CLAUSE = re.compile(r"Law \d+[A-Z]")  # a clause of a law, not a whole law
_NO_CLAUSE = re.compile(
    r"\bno clause of the laws covers\b|\bthe laws leave it to the director\b", re.IGNORECASE
)


def node_citations(node: Node) -> list[str]:
    """'Law 48A, Law 45C2' -> ['Law 48A', 'Law 45C2']."""
    return [c.strip() for c in (node.citations or "").split(",") if c.strip()]


def no_clause_covers(node: Node) -> bool:
    """The step says itself that no clause covers its case: the Laws leave it to the Director."""
    return bool(_NO_CLAUSE.search(" ".join((node.text or "").split())))


def _ref(citation: str) -> str:
    """'Law 53A (footnote 17)' -> '53A'."""
    return citation.replace("Law", "", 1).strip().split(" ")[0]


def apart(a: str, b: str) -> bool:
    """Neither clause contains the other, given as references (`_ref`: "51B1" holds
    "51B1(b)", "51" holds "51B"; "5" would not hold "50"): a fair distractor."""
    return not (_holds(a, b) or _holds(b, a))


def _holds(outer: str, inner: str) -> bool:
    if not inner.startswith(outer):
        return False
    rest = inner[len(outer) :]
    return not (rest[:1].isdigit() and outer[-1:].isdigit())


def _first_sentence(text: str) -> str:
    m = re.match(r"(.+?[.!?])(\s|$)", " ".join((text or "").split()))
    return m.group(1) if m else text


@per_content
def questions() -> list[Question]:
    """The chart questions, built once per content generation."""
    return build()
