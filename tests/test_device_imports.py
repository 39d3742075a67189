"""The device's modules import each other one way: no cycle, however it is hidden.

Every import counts, at the top of a file, inside a function or under
``TYPE_CHECKING``: a cycle hidden so is still screens that know each other. Importing a
module also imports its packages (``device.scenes.home`` runs ``device/scenes/__init__``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _module(path: Path, top: Path) -> str:
    parts = list(path.relative_to(top).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def device_imports(top: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``top/device`` and the modules of ``device`` it imports, anywhere."""
    modules = {_module(path, top): path for path in (top / "device").rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets.add(base)
                targets.update(f"{base}.{alias.name}" for alias in node.names)
        edges = set()
        for target in targets:
            part = target
            while part:  # the module and the packages above it
                if part in modules and part != name:
                    edges.add(part)
                part = part.rpartition(".")[0]
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_walk_finds_a_cycle_hidden_in_a_function_and_under_type_checking(
    tmp_path: Path,
) -> None:
    package = tmp_path / "device"
    (package / "scenes").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "scenes" / "__init__.py").write_text("")
    (package / "app.py").write_text("def f():\n    from device.scenes.home import Home\n")
    (package / "scenes" / "home.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from device.app import App\n"
    )
    assert cycles(device_imports(tmp_path)) == [["device.app", "device.scenes.home"]]


def test_no_module_of_the_device_imports_itself_back() -> None:
    assert cycles(device_imports()) == []


def test_no_screen_imports_the_app_the_navigator_or_another_screen() -> None:
    graph = device_imports()
    for name, edges in graph.items():
        if name.startswith("device.scenes.") and name != "device.scenes.base":
            others = {e for e in edges if e.startswith("device.scenes.")} - {
                "device.scenes",
                "device.scenes.base",
            }
            assert not others, (name, others)
            assert not edges & {"device.app", "device.navigator", "device.demo"}, name
