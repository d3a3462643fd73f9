"""The recipes are data: a bad row names the file and the recipe, and nothing is made."""

import pytest

from penaltyflow.quizzes.generator import RECIPES, recipes
from penaltyflow.quizzes.generator.scenes import SCENES

ROW = """
- name: lead-forbidden-again
  law: 50D2(a)
  kind: legal-cards
  step: law-50/d2-forbid
  scene: {scene}
  then: [{move}]
  teach: "Declarer forbade {{card_suits}}."
"""


def write(tmp_path, scene="partner on lead with a major penalty card", move="he keeps the lead"):
    path = tmp_path / "recipes.yaml"
    path.write_text(ROW.format(scene=scene, move=move), encoding="utf-8")
    return path


def test_a_good_row_makes_a_recipe(tmp_path):
    (r,) = recipes.load(write(tmp_path))
    assert r.name == "lead-forbidden-again" and r.then == (recipes.MOVES["he keeps the lead"],)


@pytest.mark.parametrize(
    "scene, move, says",
    [
        ("partner leads twice", "he keeps the lead", "unknown scene 'partner leads twice'"),
        ("partner on lead with a major penalty card", "he sneezes", "unknown move 'he sneezes'"),
        ("partner on lead with a major penalty card", "{decide: refuse}", "has no 'words'"),
    ],
)
def test_a_bad_row_names_the_file_and_the_recipe(tmp_path, scene, move, says):
    with pytest.raises(recipes.RecipeError) as err:
        recipes.load(write(tmp_path, scene, move))
    assert "recipes.yaml: recipe 'lead-forbidden-again'" in str(err.value)
    assert says in str(err.value)


def test_scenes_are_shared_and_every_one_is_used():
    used = [r.scene for r in RECIPES]
    assert set(used) == set(SCENES)
    assert used.count("partner on lead with a major penalty card") >= 7
