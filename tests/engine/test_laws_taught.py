"""engine/core/laws.py: the one list of the laws taught, and the clauses of them."""

from penaltyflow.engine.core import laws


def test_the_list_runs_in_order_and_names_its_stretches():
    assert laws.LAWS == tuple(sorted(set(laws.LAWS)))
    assert {48, 57, 61, 64} <= set(laws.LAWS) and 58 not in laws.LAWS
    assert "48–57" in laws.span() and "61–64" in laws.span()
    assert laws.topics().endswith(" and revokes") and "penalty cards" in laws.topics()


def test_a_clause_of_a_law_taught_is_recognised_and_no_other():
    for clause in ("50", "50D2(a)", "64B7", "61A", "57C1"):
        assert laws.CLAUSE.fullmatch(clause), clause
    for clause in ("12C", "58B2", "5", "640", "50Z"):
        assert not laws.CLAUSE.fullmatch(clause), clause
