"""What may import what: the apps stand in layers and every import points down.

    engine  <  core  <  hands  <  flowcharts (charts)  <  quizzes  <  classroom  <  accounts
                                  flowcharts  <  director  <  offline
                                  flowcharts  <  ops

The engine is plain Python and imports no Django (see tests/engine/test_no_django.py
for the running check); an app never imports one above it or beside it. Imports
inside functions count too. Every app has its place here, and no two files import
each other, directly or round a loop (imports for type checking only aside).
CONTRIBUTING.md explains the layers.

The engine has layers of its own (docs/engine.md):

    engine/core  <  engine/play, engine/auction  <  engine/scenario.py, engine/board.py

core imports neither phase, the play never imports the auction nor the auction the play,
and only the entry point on top sees both. Inside the engine no two files import each
other even for type checking (the state at the bottom, the rules above it, the `Table`
on top), no module takes a name from a package's face (`penaltyflow.engine`, or a
package's `__init__`), and no module over 600 lines.
"""

import ast
import functools
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "penaltyflow"
APPS = {"engine", "core", "hands", "flowcharts", "quizzes", "classroom", "accounts"}
APPS |= {"director", "offline", "ops"}
# Each app, and the apps it must never import.
FORBIDDEN = {
    "engine": APPS - {"engine"},
    "core": APPS - {"engine", "core"},
    "hands": APPS - {"engine", "core", "hands"},
    "flowcharts": APPS - {"engine", "core", "hands", "flowcharts"},
    "quizzes": {"classroom", "accounts", "director", "offline", "ops"},
    "classroom": {"accounts", "director", "offline", "ops"},
    "accounts": {"director", "offline", "ops"},  # it may send a teacher to the classroom
    "director": {"quizzes", "classroom", "accounts", "offline", "ops"},
    "offline": {"quizzes", "classroom", "accounts", "ops"},  # it keeps charts and the quick mode
    "ops": {"quizzes", "classroom", "accounts", "director", "offline"},
}
# Loops between files (none now; the list may only shrink).
KNOWN_LOOPS: list[list[str]] = []


def imports_of(path: Path, typing_too: bool = True) -> frozenset[str]:
    """The modules a file imports (relative imports resolved), top-level or inside
    functions; and those under `if TYPE_CHECKING:` unless `typing_too` is false.
    Each version of a file is read once in a process (the tests here read every file)."""
    stat = path.stat()
    return _imports_of(path, typing_too, PACKAGE, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _imports_of(path: Path, typing_too: bool, root: Path, *version: int) -> frozenset[str]:
    module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
    package = module.split(".")[:-1]  # for __init__.py too: its package is its folder
    tree = ast.parse(path.read_text(), str(path))
    typing_only = set()
    for node in ast.walk(tree):
        if (
            not typing_too
            and isinstance(node, ast.If)
            and "TYPE_CHECKING" in ast.unparse(node.test)
        ):
            typing_only.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
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
    return frozenset(found)


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


def test_every_app_has_its_place_in_the_layers():
    apps = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert apps == APPS == set(FORBIDDEN)


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


def file_loops(typing_too: bool = False) -> list[list[str]]:
    """Every set of files that import each other round a loop (Tarjan's strongly
    connected components over the file graph), each sorted; counting the imports for
    type checking only when `typing_too`."""
    files = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" not in path.parts:
            module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            files[module.removesuffix(".__init__")] = path
    edges = {}
    for module, path in files.items():
        edges[module] = set()
        for name in imports_of(path, typing_too=typing_too):
            while name and name not in files:
                name = name.rpartition(".")[0]  # "pkg.mod.func" is the file pkg/mod.py
            if name and name != module and not module.startswith(name + "."):
                edges[module].add(name)  # (a file's own package __init__ aside)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            loop = []
            while True:
                other = stack.pop()
                loop.append(other)
                if other == module:
                    break
            if len(loop) > 1:
                loops.append(sorted(loop))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(loops)


def test_no_two_files_import_each_other():
    assert file_loops() == KNOWN_LOOPS


def test_the_loop_finder_finds_a_loop(tmp_path, monkeypatch):
    """The checker itself: a and b import each other (one inside a function); c and a
    only for type checking, which is no loop."""
    package = tmp_path / "penaltyflow" / "app"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import c\n\n\ndef f():\n    from . import b\n")
    (package / "b.py").write_text("from .a import f\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path / "penaltyflow")
    assert file_loops() == [["penaltyflow.app.a", "penaltyflow.app.b"]]
    assert file_loops(typing_too=True) == [
        ["penaltyflow.app.a", "penaltyflow.app.b", "penaltyflow.app.c"]
    ]


# --- the engine's own layers ---------------------------------------------------------

ENGINE = PACKAGE / "engine"
# Each part of the engine, and the parts it may import (the top: scenario.py, board.py
# and the engine's face, __init__.py, which see everything).
ENGINE_MAY_IMPORT = {
    "core": {"core"},
    "play": {"core", "play"},
    "auction": {"core", "auction"},
    "top": {"core", "play", "auction", "top"},
}


def engine_part(module: str) -> str | None:
    """'core', 'play', 'auction' or 'top' for a module of the engine (or a name in one)."""
    parts = module.split(".")
    if parts[:2] != ["penaltyflow", "engine"]:
        return None
    if len(parts) > 2 and parts[2] in ENGINE_MAY_IMPORT and (ENGINE / parts[2]).is_dir():
        return parts[2]
    return "top"


def engine_files() -> dict[str, Path]:
    return {
        ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts): path
        for path in sorted(ENGINE.rglob("*.py"))
    }


def test_every_engine_file_has_a_part():
    parts = {engine_part(module) for module in engine_files()}
    assert parts == set(ENGINE_MAY_IMPORT)
    assert {p.name for p in ENGINE.iterdir() if p.is_dir() and (p / "__init__.py").exists()} == {
        "core",
        "play",
        "auction",
    }


def test_the_engine_parts_import_down_only():
    """core < play, core < auction, play and auction < scenario and board; the auction
    never imports the play, the play never the auction (type-checking imports count)."""
    wrong = []
    for module, path in engine_files().items():
        part = engine_part(module)
        assert part is not None
        for name in imports_of(path):
            other = engine_part(name)
            if other is not None and other not in ENGINE_MAY_IMPORT[part]:
                wrong.append(f"{path.relative_to(PACKAGE)} ({part}) imports {name} ({other})")
    assert wrong == []


def test_the_engine_layer_rule_sees_real_imports():
    """The checker itself: the play's table imports the core, the board both phases."""
    files = engine_files()
    table = {engine_part(n) for n in imports_of(files["penaltyflow.engine.play.table"])}
    board = {engine_part(n) for n in imports_of(files["penaltyflow.engine.board"])}
    assert "core" in table and {"core", "play", "auction"} <= board


def test_no_engine_files_import_each_other_even_for_type_checking():
    assert [
        loop for loop in file_loops(typing_too=True) if loop[0].startswith("penaltyflow.engine")
    ] == []


def test_no_engine_module_imports_a_name_from_a_package_face():
    """Inside the engine, `from penaltyflow.engine import Table` or `from . import call` of
    an `__init__` that re-exports would read a module through its package's face (and round a
    loop when the face imports the module back); a module imports the module that defines
    the name. Importing a submodule from its package (`from . import legal`) is fine."""
    wrong = []
    for module, path in engine_files().items():
        package = module.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            folder = PACKAGE.parent.joinpath(*name.split("."))
            if not (folder / "__init__.py").exists():
                continue  # from a module, not a package
            for alias in node.names:
                if (
                    not (folder / f"{alias.name}.py").exists()
                    and not (folder / alias.name).is_dir()
                ):
                    wrong.append(f"{path.relative_to(PACKAGE)}: {alias.name} from {name}")
    assert wrong == []


def test_no_module_forwards_names_it_imports():
    """A name lives in the module that defines it: no module (a package's `__init__`, the
    face, aside) lists in `__all__` a name it only imports, and none is nothing but imports."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__init__.py" or "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        imported = {
            (alias.asname or alias.name).split(".")[0]
            for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        }
        own = [
            node
            for node in tree.body
            if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Expr))
            and not (
                isinstance(node, ast.Assign)
                and [getattr(t, "id", None) for t in node.targets] == ["__all__"]
            )
        ]
        if tree.body and not own:
            wrong.append(f"{path.relative_to(PACKAGE)} only imports")
        for node in tree.body:
            if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
                "__all__"
            ]:
                names = {
                    e.value for e in getattr(node.value, "elts", []) if isinstance(e, ast.Constant)
                }
                if names & imported:
                    wrong.append(f"{path.relative_to(PACKAGE)} forwards {sorted(names & imported)}")
    assert wrong == KNOWN_FORWARDS


# Modules that forward names today outside the engine (the list may only shrink).
KNOWN_FORWARDS = [
    "flowcharts/loader.py forwards ['ContentError', 'check_files', 'read_chart_file']"
]


def test_the_site_takes_the_engine_face_names_from_the_face():
    """Outside the engine, a name `penaltyflow/engine/__init__.py` exports (Table, replay,
    run...) is imported from `penaltyflow.engine`, anything else from its module: one way
    to name each thing, so a move inside the engine changes no caller of the face."""
    import penaltyflow.engine

    face = set(penaltyflow.engine.__all__)
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ENGINE in path.parents or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.ImportFrom)
                and not node.level
                and (node.module or "").startswith("penaltyflow.engine.")
            ):
                named = sorted(face & {alias.name for alias in node.names})
                if named:
                    wrong.append(f"{path.relative_to(PACKAGE)}: {named} from {node.module}")
    assert wrong == []


def test_no_engine_module_is_over_600_lines():
    sizes = {
        str(p.relative_to(PACKAGE)): len(p.read_text().splitlines()) for p in ENGINE.rglob("*.py")
    }
    assert max(sizes.values()) <= 600, {k: v for k, v in sizes.items() if v > 600}
