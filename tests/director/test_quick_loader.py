"""Quick-mode content: checked like the charts, a bad file named with its node, all or nothing."""

import copy

import pytest
import yaml
from django.conf import settings
from django.core.management import CommandError, call_command

from penaltyflow.core.pagecache import content_stamp
from penaltyflow.director.loader import MAX_TAPS, QuickContentError, read_guide_file
from penaltyflow.director.models import QuickGuide

QUICK_FILES = sorted((settings.CONTENT_DIR / "quick").glob("*.yaml"))

ACCEPT = "law-56/does-declarer-accept"
LATER = {  # the chart questions Law 56 asks before declarer's choice, answered for a later trick
    "law-56/is-opening-lead": "told-to-lead",
    "law-56/told-to-lead": "is-trick-13",
    "law-56/is-trick-13": "does-declarer-accept",
}
GOOD = {
    "slug": "mini",
    "title": "A defender leads out of turn",
    "laws": "56",
    "order": 1,
    "summary": "A small guide.",
    "from": "law-56/lead-out-of-turn",
    "nodes": [
        {
            "key": "accept",
            "ask": "A later trick, not the last, nobody misled him: does declarer accept?",
            "answers": [
                {"label": "Yes", "to": "stands", "chart": LATER | {ACCEPT: "to-law-53"}},
                {"label": "No", "to": "back", "chart": LATER | {ACCEPT: "lead-taken-back"}},
            ],
        },
        {
            "key": "stands",
            "ruling": "The lead stands",
            "cite": "Law 53A",
            "tell": "The lead stands. Play goes on.",
            "step": "law-53/lead-stands",
        },
        {
            "key": "back",
            "ruling": "A major penalty card",
            "cite": "Law 56B",
            "tell": "Leave it face up: it is a major penalty card.",
            "step": "law-56/lead-taken-back",
        },
    ],
}


@pytest.fixture
def write(tmp_path):
    def write(guide: dict, name: str = "mini.yaml"):
        path = tmp_path / name
        path.write_text(yaml.safe_dump(guide, allow_unicode=True, sort_keys=False))
        return path

    return write


def load_fails(path, *words) -> str:
    before = list(QuickGuide.objects.values_list("slug", "nodes"))
    with pytest.raises(CommandError) as error:
        call_command("loadquick", str(path), verbosity=0)
    message = str(error.value)
    assert str(path) in message
    for word in words:
        assert word in message
    assert list(QuickGuide.objects.values_list("slug", "nodes")) == before  # nothing changed
    return message


def test_the_project_quick_mode_loads_with_every_ruling_within_four_taps(content):
    call_command("loadquick", verbosity=0)
    guides = list(QuickGuide.objects.all())
    assert len(guides) == len(QUICK_FILES) >= 3
    for guide in guides:
        rulings = [node for node in guide.nodes.values() if "ruling" in node]
        assert rulings and all(node["taps"] <= MAX_TAPS for node in rulings)
        assert all(node["tell"] and node["cite"].startswith("Law ") for node in rulings)


def test_a_good_file_loads_and_moves_the_content_version_on(content, write):
    before = content_stamp()
    call_command("loadquick", str(write(GOOD)), verbosity=0)
    guide = QuickGuide.objects.get(slug="mini")
    assert guide.start == "accept"
    assert guide.nodes["back"]["parent"] == "accept" and guide.nodes["back"]["answer"] == "No"
    assert content_stamp() != before


def broken(change) -> dict:
    guide = copy.deepcopy(GOOD)
    change(guide["nodes"])
    return guide


SHAPE_ERRORS = [
    (
        lambda n: n[0]["answers"].__setitem__(1, {"label": "No", "to": "nowhere"}),
        "accept",
        "'nowhere'",
    ),
    (lambda n: n[1].__setitem__("tell", "One. Two. Three."), "stands", "3 sentences"),
    (lambda n: n[1].__setitem__("ask", "Both?"), "stands", "not both"),
    (lambda n: n[1].pop("ruling"), "stands", "needs 'ask'"),
    (lambda n: n[1].__setitem__("step", "law-53"), "stands", "must be chart/step"),
    (
        lambda n: n[0]["answers"].__setitem__(1, {"label": "No", "to": "stands"}),
        "stands",
        "two answers lead here",
    ),
    (lambda n: n[0].__setitem__("answers", n[0]["answers"][:1]), "accept", "2 to 5 answers"),
    (
        lambda n: n[0]["answers"].append({"label": "Again", "to": "accept"}),
        "accept",
        "back to the start",
    ),
    (lambda n: n[2].__setitem__("key", "Bad Key"), "number 3", "may hold only"),
    (lambda n: n.append(dict(n[1], key="orphan")), "orphan", "no answer leads here"),
]


@pytest.mark.parametrize("change, node, words", SHAPE_ERRORS)
def test_a_bad_file_is_named_with_its_node(write, change, node, words):
    path = write(broken(change))
    with pytest.raises(QuickContentError) as error:
        read_guide_file(path)
    assert str(error.value).startswith(f"{path}: node '{node}': ")
    assert words in str(error.value)


@pytest.mark.parametrize(
    "change, node, words",
    [
        (
            lambda n: n[1].__setitem__("step", "law-53/no-such-step"),
            "stands",
            "not a step of the charts (are the charts loaded? manage.py loadcharts)",
        ),
        (lambda n: n[1].__setitem__("cite", "Law 50C"), "stands", "no law in common"),
        (lambda n: n[1].__setitem__("next", "no-such-guide"), "stands", "'next'"),
    ],
)
def test_a_bad_link_is_named_and_nothing_is_loaded(content, write, change, node, words):
    call_command("loadquick", str(write(GOOD)), verbosity=0)
    path = write(broken(change))
    message = load_fails(path, words)
    assert f"node '{node}'" in message


def test_a_ruling_five_taps_from_the_start_is_refused(write):
    guide = copy.deepcopy(GOOD)
    chain = ["accept", "q1", "q2", "q3", "q4"]
    questions = [
        {
            "key": key,
            "ask": f"Question {key}?",
            "answers": [
                {"label": "Yes", "to": (chain + ["stands"])[index + 1]},
                {"label": "No", "to": f"no-{key}"},
            ],
        }
        for index, key in enumerate(chain)
    ]
    rulings = [dict(GOOD["nodes"][2], key=f"no-{key}") for key in chain]
    guide["nodes"] = questions + [GOOD["nodes"][1]] + rulings
    with pytest.raises(QuickContentError) as error:
        read_guide_file(write(guide))
    assert "node 'stands': this ruling is 5 answers from the start" in str(error.value)
    assert "four taps" in str(error.value)


def test_broken_yaml_names_the_file(content, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("slug: [unclosed\n")
    load_fails(path, "not valid YAML")


@pytest.mark.parametrize("path", QUICK_FILES, ids=lambda p: p.name)
def test_each_project_file_reads_alone(path):
    guide = read_guide_file(path)
    assert guide["slug"] == path.stem
