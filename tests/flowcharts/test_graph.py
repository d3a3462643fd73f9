"""The graph validator: one test per rule, each on a chart broken in one place."""

from penaltyflow.flowcharts.graph import ChartGraph, ChoiceSpec, NodeSpec, validate


def graph(*nodes: NodeSpec) -> ChartGraph:
    return ChartGraph("law-56", list(nodes))


def node(key, kind, *choices, **extra) -> NodeSpec:
    return NodeSpec(key=key, kind=kind, label=key.title(), choices=list(choices), **extra)


def to(target, label="Next", loop=False) -> ChoiceSpec:
    return ChoiceSpec(label, target, loop)


def messages(g: ChartGraph, charts=None) -> list[str]:
    return [str(e) for e in validate(g, charts or {"law-56": set(), "law-50": {"major"}})]


def good() -> list[NodeSpec]:
    return [
        node("lead", "start", to("accept")),
        node("accept", "question", to("stands", "Yes"), to("to-50", "No")),
        node("stands", "outcome"),
        node("to-50", "jump", jump="law-50", jump_to="major"),
    ]


def test_a_good_chart_has_no_errors():
    assert messages(graph(*good())) == []


def test_it_needs_a_start_node():
    nodes = good()
    nodes[0].kind = "action"
    assert messages(graph(*nodes)) == ["a chart needs exactly one start node (found none)"]


def test_it_refuses_two_start_nodes():
    nodes = good() + [node("other", "start", to("stands"))]
    assert "a chart needs exactly one start node (found lead, other)" in messages(graph(*nodes))


def test_a_question_needs_two_choices():
    nodes = good()
    nodes[1].choices = [to("stands", "Yes")]
    assert "node 'accept': a question needs two or more choices" in messages(graph(*nodes))


def test_every_node_must_be_reachable_from_the_start():
    nodes = good() + [node("orphan", "outcome")]
    assert messages(graph(*nodes)) == ["node 'orphan': it cannot be reached from the start"]


def test_a_path_cannot_stop_at_an_action():
    nodes = good()
    nodes[2] = node("stands", "action")
    assert messages(graph(*nodes)) == [
        "node 'stands': a path stops here: a action node needs a choice leading on"
    ]


def test_an_outcome_ends_the_path():
    nodes = good()
    nodes[2] = node("stands", "outcome", to("lead"))
    assert "node 'stands': an outcome node ends the path and can have no choices" in messages(
        graph(*nodes)
    )


def test_every_choice_needs_a_label():
    nodes = good()
    nodes[1].choices[0] = to("stands", "  ")
    assert messages(graph(*nodes)) == ["node 'accept': its choice leading to 'stands' has no label"]


def test_a_choice_must_lead_to_a_node_of_the_chart():
    nodes = good()
    nodes[1].choices[0] = to("nowhere", "Yes")
    assert "node 'accept': a choice leads to 'nowhere', which is not a node of this chart" in (
        messages(graph(*nodes))
    )


def test_a_jump_must_name_a_chart_that_exists():
    nodes = good()
    nodes[3].jump = "law-99"
    assert messages(graph(*nodes)) == [
        "node 'to-50': it jumps to chart 'law-99', which does not exist"
    ]


def test_a_jump_must_land_on_a_node_that_exists():
    nodes = good()
    nodes[3].jump_to = "minor"
    assert messages(graph(*nodes)) == [
        "node 'to-50': it jumps to 'law-50/minor', which does not exist"
    ]


def test_a_jump_without_a_chart_is_refused():
    nodes = good()
    nodes[3].jump = ""
    nodes[3].jump_to = ""
    assert messages(graph(*nodes)) == ["node 'to-50': a jump must name the chart it leads into"]


def test_an_unmarked_loop_is_refused():
    nodes = good()
    nodes[2] = node("stands", "action", to("accept", "Again"))
    (error,) = messages(graph(*nodes))
    assert error.startswith("node 'stands': its choice 'Again' closes a loop (accept -> stands")
    assert "mark it `loop: true`" in error


def test_a_loop_marked_as_the_law_repeating_is_allowed():
    nodes = good()
    nodes[2] = node(
        "stands",
        "action",
        to("accept", "Partner gains the lead again", loop=True),
        to("end", "The card is played"),
    )
    nodes.append(node("end", "outcome"))
    assert messages(graph(*nodes)) == []


def test_a_loop_needs_a_way_out():
    nodes = good()
    nodes[1].choices.append(to("again", "Not yet"))
    nodes.append(node("again", "action", to("accept", "Back", loop=True)))
    assert messages(graph(*nodes)) == [
        "node 'again': every choice here loops back: a path must be able to end"
    ]


def test_keys_are_unique():
    nodes = good() + [node("stands", "outcome")]
    assert "node 'stands': the key is used by two nodes" in messages(graph(*nodes))


def test_an_unknown_kind_is_named():
    nodes = good()
    nodes[2].kind = "ruling"
    assert messages(graph(*nodes)) == [
        "node 'stands': unknown kind 'ruling' (use one of start, question, action, outcome, jump)"
    ]


# Reading a chart: what the step pages and the chart's outline ask of the graph.


def looping() -> ChartGraph:
    return graph(
        node("lead", "start", to("ask")),
        node("ask", "question", to("again", "Again"), to("far", "On")),
        node("again", "action", to("ask", "Back", loop=True), to("end", "Stop")),
        node("far", "action", to("end")),
        node("end", "outcome"),
        node("orphan", "outcome"),
    )


def test_the_route_to_a_step_is_the_shortest_from_the_start_without_loops():
    g = looping()
    assert g.start == "lead"
    assert g.route_to("lead") == []
    assert g.route_to("ask") == ["lead"]
    assert g.route_to("end") == ["lead", "ask", "again"]  # the first of two routes as short
    assert g.route_to("orphan") == []  # unreachable: no route


def test_choices_and_joins_are_read_by_node():
    g = looping()
    assert [c.to for c in g.choices_of("again")] == ["ask", "end"]
    assert g.choices_of("end") == [] and g.choices_of("missing") == []
    assert g.joined("again", "ask") and not g.joined("ask", "lead")


def test_reading_order_is_breadth_first_then_the_unreachable_sorted():
    assert looping().reading_order() == ["lead", "ask", "again", "far", "end", "orphan"]


def test_a_chart_without_a_start_has_no_routes():
    g = graph(node("a", "action", to("b")), node("b", "outcome"))
    assert g.start is None and g.route_to("b") == [] and g.reading_order() == ["a", "b"]
