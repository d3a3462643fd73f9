"""What may import what: the apps stand in layers and every import points down.

    engine  <  core  <  hands  <  flowcharts (charts)  <  quizzes  <  classroom

The engine is plain Python and imports no Django (see tests/engine/test_no_django.py
for the running check); an app never imports one above it. Imports inside
functions count too. CONTRIBUTING.md explains the layers.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "penaltyflow"
# Each app, and the apps it must never import.
FORBIDDEN = {
    "engine": {"core", "hands", "flowcharts", "quizzes", "classroom", "accounts"},
    "core": {"hands", "flowcharts", "quizzes", "classroom"},
    "hands": {"flowcharts", "quizzes", "classroom"},
    "flowcharts": {"quizzes", "classroom"},
    "quizzes": {"classroom"},
}


def imports_of(path: Path) -> set[str]:
    """The modules a file imports (relative imports resolved), top-level or inside functions."""
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = module.split(".")[:-1]  # for __init__.py too: its package is its folder
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
    return found


def app_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "penaltyflow" else None


def app_imports() -> dict[str, dict[str, set[str]]]:
    """{app: {imported app: {files}}} for every app under penaltyflow/."""
    graph: dict[str, dict[str, set[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        rel = path.relative_to(PACKAGE)
        if len(rel.parts) < 2:
            continue  # settings.py, urls.py: the project, which sees every app
        app = rel.parts[0]
        for module in imports_of(path):
            other = app_of(module)
            if other and other != app and (PACKAGE / other).is_dir():
                graph.setdefault(app, {}).setdefault(other, set()).add(str(rel))
    return graph


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_an_app_never_imports_one_above_it(app):
    wrong = {
        other: sorted(files)
        for other, files in app_imports().get(app, {}).items()
        if other in FORBIDDEN[app]
    }
    assert wrong == {}, f"{app} imports {wrong}"


def test_the_engine_imports_no_django():
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        django = {m for m in imports_of(path) if m == "django" or m.startswith("django.")}
        assert not django, f"{path} imports {django}"


def test_the_apps_import_each_other_without_a_loop():
    graph = {app: set(others) for app, others in app_imports().items()}
    state: dict[str, str] = {}

    def visit(app: str, trail: list[str]) -> None:
        if state.get(app) == "done":
            return
        assert state.get(app) != "open", "import loop: " + " -> ".join(trail + [app])
        state[app] = "open"
        for other in sorted(graph.get(app, ())):
            visit(other, trail + [app])
        state[app] = "done"

    for app in sorted(graph):
        visit(app, [])


def test_the_rules_see_real_imports():
    """The checker itself: flowcharts does import hands and core, so it sees imports at all."""
    graph = app_imports()
    assert {"hands", "core"} <= set(graph["flowcharts"])


def test_models_point_down_only():
    """No foreign key, one-to-one or many-to-many from an app's model to an app above it."""
    from django.apps import apps

    up = []
    for model in apps.get_models():
        app = app_of(model.__module__)
        for field in model._meta.get_fields():
            if not (field.is_relation and field.concrete and field.related_model):
                continue  # reverse relations are the other model's fields
            other = app_of(field.related_model.__module__)
            if app in FORBIDDEN and other in FORBIDDEN[app]:
                up.append(f"{model._meta.label}.{field.name} -> {field.related_model._meta.label}")
    assert up == []


def test_the_model_rule_sees_real_relations():
    """The checker itself: a chart's choice does point to its example hand (down)."""
    from penaltyflow.flowcharts.models import Choice

    assert app_of(Choice._meta.get_field("example").related_model.__module__) == "hands"
