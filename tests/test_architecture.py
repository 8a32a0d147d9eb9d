"""The boundaries of docs/DESIGN.md: pure game logic, pygame-ce only, a light first-frame path."""
import ast
import glob
import json
import os
import subprocess
import sys

from tests import fresh

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PURE = sorted(os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
              for name in ("rules", "solver", "ai", "clues", "gen", "teaching", "oracle", "tables",
                           "grader", "search", "cages", "board", "sentences", "lesson",
                           "rules_pictures")
              for p in glob.glob(os.path.join(ROOT, "games", "*", f"{name}.py")))
FORBIDDEN = ("pygame", "time", "datetime", "os", "io", "socket", "threading", "subprocess")


def test_pure_modules_exist():
    assert "games.deductile.rules" in PURE and "games.deductile.clues" in PURE


def test_pure_modules_import_no_pygame_clock_or_io():
    """Checked in a fresh interpreter, so nothing imported by the tests can hide an import."""
    code = ("import sys, json, importlib\n"
            "import numpy  # allowed in solvers; what numpy itself loads is not the game's doing\n"
            f"before = set(sys.modules)\n"
            f"for name in {PURE!r}: importlib.import_module(name)\n"
            "print(json.dumps(sorted(set(sys.modules) - before)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    loaded = json.loads(out)
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert not bad, f"pure modules pulled in {bad}"


# The pure part of network play (docs/NETPLAY.md): the wire, the handshake, the match and
# the seat a frame holds, tested without sockets. The transport (peer, link, discovery) is not.
NET_PURE = ["games.core.net.protocol", "games.core.net.handshake", "games.core.net.seat",
            "games.core.net.record", "games.core.net.match"]
NET_FORBIDDEN = FORBIDDEN + ("selectors", "select", "secrets", "ssl")


def test_the_network_wire_and_match_are_pure():
    code = ("import sys, json, importlib\n"
            "before = set(sys.modules)\n"
            f"for name in {NET_PURE!r}: importlib.import_module(name)\n"
            "print(json.dumps(sorted(set(sys.modules) - before)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    loaded = json.loads(out)
    assert "games.core.net.match" in loaded
    bad = [m for m in loaded if m.split(".")[0] in NET_FORBIDDEN
           or m in ("games.core.net.peer", "games.core.net.link", "games.core.net.discovery")]
    assert not bad, f"the network's pure modules pulled in {bad}"
    for name in NET_PURE:
        source = open(os.path.join(ROOT, *name.split(".")) + ".py").read()
        assert "random.SystemRandom" not in source and "random.choice(" not in source, name


def test_pure_modules_use_no_global_random():
    for name in PURE:
        source = open(os.path.join(ROOT, *name.split(".")) + ".py").read()
        for call in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(",
                     "random.randrange(", "random.seed(", "random.sample("):
            assert call not in source, f"{name} uses the global RNG ({call})"


def test_game_data_imports_no_pygame():
    """What the screens around a game read (games/<key>/__init__.py and info.py, the options
    and records behind them) is data: no pygame, checked in a fresh interpreter."""
    code = ("import sys\nfrom games.core.kit import registry\n"
            "for key in registry.load_all(): registry.module(key, 'info')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame')[:3])\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]", f"a game's info module pulled in pygame: {out}"


def test_pygame_is_pygame_ce():
    import pygame
    assert getattr(pygame, "IS_CE", False), "classic pygame is installed instead of pygame-ce"


def in_fresh_app(lines: str) -> str:
    """Run `lines` in a new interpreter with a headless App and its launcher's first frame;
    the last line it printed."""
    return fresh.last_line(
        fresh.APP + "from games.core.screens.launcher import LauncherScene\n"
        "app = App(windowed=True)\napp.push(LauncherScene(app))\napp.frame(0.0)\n"
        "scenes = lambda: sorted(m for m in sys.modules if m.endswith('.scene'))\n" + lines)


def test_launcher_path_imports_neither_numpy_nor_any_game():
    numpy_loaded, scenes = in_fresh_app("print('numpy' in sys.modules, scenes())").split(" ", 1)
    assert numpy_loaded == "False"
    assert scenes == "[]", "the launcher shows the shipped pictures, importing no game scene"


def test_setup_and_rules_screens_import_no_game_scene():
    """Every game's setup screen (with its best-scores panel), rules screen and launcher
    picture (painted when the shipped file is missing) come from its info and sprites modules;
    only starting a game imports its scene."""
    games, scenes = in_fresh_app(
        "from games.core.kit import registry\n"
        "from games.core.screens.overlays import HelpScene\n"
        "from games.core.screens.launcher import paint_card_picture\n"
        "from games.core.screens.menus import SetupScene\n"
        "for info in registry.launcher_games():\n"
        "    assert paint_card_picture(info.key, (400, 200)).get_size() == (400, 200)\n"
        "    for scene in (SetupScene(app, info.key), HelpScene(app, info.key)):\n"
        "        app.push(scene)\n        app.frame(0.0)\n"
        "        assert scene.summary()[0] if isinstance(scene, SetupScene) else scene.text\n"
        "        app.pop(scene)\n"
        "print(sorted(registry.GAMES), scenes())").split("] ", 1)
    assert games.count("'") == 2 * 7, "all seven games' screens were opened"
    assert scenes == "[]", f"a setup or rules screen imported a game's scene: {scenes}"


# --- the shape of the code (issue 15): short modules, no import cycles, one frame ------------

def project_files() -> dict[str, str]:
    """Module name -> path for every module of the project (games/, sprites/, main.py)."""
    files = {"main": os.path.join(ROOT, "main.py")}
    for top in ("games", "sprites"):
        for path in glob.glob(os.path.join(ROOT, top, "**", "*.py"), recursive=True):
            name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
            files[name.removesuffix(".__init__")] = path
    return files


def imports_of(name: str, path: str, known) -> set[str]:
    """The project modules `name` imports anywhere in its file (inside functions too), with
    relative and `from package import module` forms resolved."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in known and target != name)
    return found


def import_graph() -> dict[str, set[str]]:
    files = project_files()
    return {name: imports_of(name, path, files) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"b"}}) == []
    known = {"games.core.screens.ui", "games.core", "games.kenken.rules", "games.kenken"}
    path = os.path.join(ROOT, "games", "kenken", "view.py")
    assert {"games.core.screens.ui", "games.kenken.rules"} <= imports_of("games.kenken.view",
                                                                         path, known)


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, f"import cycles: {found}"


MAX_LINES = 600
# Modules still longer than MAX_LINES. This list may only shrink: thin a module, then delete
# its entry (test_long_module_exceptions_are_still_needed says when).
LONG_MODULES: set[str] = set()


def module_paths(*tops):
    return sorted(os.path.relpath(path, ROOT).replace(os.sep, "/")
                  for top in tops
                  for path in glob.glob(os.path.join(ROOT, top, "**", "*.py"), recursive=True))


def line_count(path: str) -> int:
    with open(os.path.join(ROOT, path), encoding="utf-8") as file:
        return sum(1 for _ in file)


def test_no_module_is_longer_than_600_lines():
    long = [f"{path} ({line_count(path)} lines)" for path in module_paths("games", "sprites")
            if line_count(path) > MAX_LINES and path not in LONG_MODULES]
    assert not long, f"split these modules (at most {MAX_LINES} lines): {long}"


def test_long_module_exceptions_are_still_needed():
    short = [path for path in LONG_MODULES
             if not os.path.exists(os.path.join(ROOT, path)) or line_count(path) <= MAX_LINES]
    assert not short, f"now short enough: delete them from LONG_MODULES: {short}"


def game_modules():
    """(path, syntax tree) of every module under games/ outside games/core, and sprites/."""
    for path in module_paths("games", "sprites"):
        if not path.startswith("games/core/"):
            with open(os.path.join(ROOT, path), encoding="utf-8") as file:
                yield path, ast.parse(file.read(), path)


def core_widgets() -> set[str]:
    """The names of the widget classes games/core defines: ui.Widget and everything built on
    it, in any core module."""
    bases = {}
    for path in module_paths("games/core"):
        with open(os.path.join(ROOT, path), encoding="utf-8") as file:
            for node in ast.walk(ast.parse(file.read(), path)):
                if isinstance(node, ast.ClassDef):
                    bases[node.name] = {ast.unparse(base).rpartition(".")[2] for base in node.bases}
    widgets, grown = {"Widget"}, True
    while grown:
        more = {name for name, parents in bases.items() if parents & widgets}
        grown = not more <= widgets
        widgets |= more
    return widgets


SESSION_MAKERS = {"Session", "Session.new", "Session.from_id", "Session.from_json"}
# Modules outside games/core that still build or replace a Session, or define a widget of
# their own: their owners move that into games/core and delete the entry. Only shrinks.
SESSION_BUILDERS: set[str] = set()
WIDGET_MAKERS: set[str] = set()


def session_builds(tree) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) in SESSION_MAKERS:
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}(...)")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [f"line {node.lineno}: {ast.unparse(target)} = ..." for target in targets
                      if isinstance(target, ast.Attribute) and target.attr == "session"]
    return found


def widget_classes(tree, widgets) -> list[str]:
    return [f"line {node.lineno}: class {node.name}" for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            and any(ast.unparse(base).rpartition(".")[2] in widgets for base in node.bases)]


def test_the_frame_checks_see_what_they_look_for():
    tree = ast.parse("s = Session.from_json(d)\nself.session = s\n"
                     "class Knob(ui.Button): pass\nclass Plain(Scene): pass\n"
                     "d = app.input.last_device\nx = app.settings['animations']\n")
    assert len(session_builds(tree)) == 2
    assert widget_classes(tree, core_widgets()) == ["line 3: class Knob"]
    assert {"Widget", "Button", "Stepper"} <= core_widgets()
    assert len(frame_reads(tree)) == 2


def test_only_the_core_builds_sessions_and_widgets():
    widgets = core_widgets()
    builders, makers = {}, {}
    for path, tree in game_modules():
        if session_builds(tree):
            builders[path] = session_builds(tree)
        if widget_classes(tree, widgets):
            makers[path] = widget_classes(tree, widgets)
    new_builders = {path: builders[path] for path in set(builders) - SESSION_BUILDERS}
    new_makers = {path: makers[path] for path in set(makers) - WIDGET_MAKERS}
    assert not new_builders, f"only games/core builds or replaces a Session: {new_builders}"
    assert not new_makers, f"widgets live in games/core: {new_makers}"
    assert set(builders) == SESSION_BUILDERS and set(makers) == WIDGET_MAKERS, \
        "an exception is no longer needed: delete it from the list"


# What the frame decides for every scene: which device the prompts are for, and whether
# anything animates. A scene asks the frame; it never reads them itself.
FRAME_SETTINGS = {"last_device", "animations"}
# Scenes that still read them directly; their owners switch them to the frame's answers and
# delete the entry. Only shrinks.
FRAME_READERS: set[str] = set()   # every scene asks the frame (GameScene.device, ...)


def frame_reads(tree) -> list[str]:
    """Reads of the input device or the animation setting: an attribute or a string key."""
    return [f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in FRAME_SETTINGS
            or isinstance(node, ast.Constant) and node.value in FRAME_SETTINGS]


def test_scenes_ask_the_frame_for_device_and_animations():
    readers = {path: frame_reads(tree) for path, tree in game_modules() if frame_reads(tree)}
    assert set(readers) <= FRAME_READERS, \
        f"ask the frame instead: {dict((p, readers[p][:3]) for p in set(readers) - FRAME_READERS)}"
    assert set(readers) == FRAME_READERS, \
        f"no longer read directly: delete from FRAME_READERS: {FRAME_READERS - set(readers)}"


# --- the layers of games/core, and what the games' pure modules may import (issue 21) ---------

LAYERS = ("kit", "data", "net", "loop", "screens", "cli")    # each imports only those before it
# The games' pure modules (no pygame, no I/O; mypy --strict in setup.cfg): they import only
# the pure kit and their own game's pure modules.
PURE_PARTS = {"rules", "solver", "ai", "clues", "gen", "teaching", "oracle", "tables", "grader",
              "search", "cages", "board", "sentences", "controls", "info", "table",
              "migrations", "steps", "geometry", "lesson"}
# Modules named as pure that still import more (their game's branch moves it out). Only shrinks.
NOT_YET_PURE: set[str] = set()


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] == ["games", "core"] and len(parts) > 2 and parts[2] in LAYERS:
        return LAYERS.index(parts[2])
    return None


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Imports from a layer of games/core to a layer above it."""
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  if layer_of(module) is not None for target in targets
                  if layer_of(target) is not None and layer_of(target) > layer_of(module))


def is_pure(module: str) -> bool:
    parts = module.split(".")
    return len(parts) == 3 and parts[0] == "games" and parts[1] != "core" and \
        parts[2] in PURE_PARTS and module not in NOT_YET_PURE


def impure_imports(graph: dict[str, set[str]]) -> list[str]:
    """Imports of the games' pure modules that are neither the kit nor a pure module."""
    return sorted(f"{module} -> {target}" for module, targets in graph.items()
                  if is_pure(module) for target in targets
                  if layer_of(target) != 0 and not is_pure(target))


def test_the_layer_checks_see_what_they_look_for():
    graph = {"games.core.kit.session": {"games.core.data.schema", "games.core.kit.registry"},
             "games.core.screens.ui": {"games.core.loop.assets"},
             "games.core.data.records": {"games.core.cli.demo"},
             "games.nim.rules": {"games.core.kit.rules_api", "games.nim.scene"},
             "games.nim.info": {"games.core.data.records", "games.nim.rules"}}
    assert layer_breaches(graph) == ["games.core.data.records -> games.core.cli.demo",
                                     "games.core.kit.session -> games.core.data.schema"]
    assert impure_imports(graph) == ["games.nim.info -> games.core.data.records",
                                     "games.nim.rules -> games.nim.scene"]
    path = os.path.join(ROOT, "games", "core", "cli", "commands.py")
    known = project_files()
    assert "games.core.screens.launcher" in imports_of("games.core.cli.commands", path, known), \
        "imports inside functions count"


def test_games_core_imports_only_downward():
    graph = import_graph()
    assert {layer_of(name) for name in graph} >= set(range(len(LAYERS)))
    breaches = layer_breaches(graph)
    assert not breaches, f"games/core imports go {' <- '.join(LAYERS)} only: {breaches}"


def test_the_games_pure_modules_import_only_the_kit():
    graph = import_graph()
    assert sum(1 for name in graph if is_pure(name)) >= 30
    wrong = impure_imports(graph)
    assert not wrong, f"pure modules import only games/core/kit and pure modules: {wrong}"
    still = {name for name in NOT_YET_PURE
             if any(layer_of(target) != 0 and not is_pure(target)
                    for target in graph.get(name, set()))}
    assert still == NOT_YET_PURE, f"pure now: delete from NOT_YET_PURE: {NOT_YET_PURE - still}"


# --- composed classes: one base, except a Protocol or an ABC (issue 21) -----------------------

# Scenes still assembled from mixins; each entry goes as its game's scene is composed. Only
# shrinks.
MIXIN_CLASSES: set[str] = set()
INTERFACES = {"Protocol", "ABC", "Generic"}


def class_defs() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for path in module_paths("games", "sprites"):
        with open(os.path.join(ROOT, path), encoding="utf-8") as file:
            tree = ast.parse(file.read(), path)
        found += [(path, node) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    return found


def base_name(base: ast.expr) -> str:
    node = base.value if isinstance(base, ast.Subscript) else base
    return ast.unparse(node).rpartition(".")[2]


def many_based(classes) -> set[str]:
    """Classes with more than one base where no base is a Protocol or an ABC (or a class the
    project declares as one)."""
    interfaces = set(INTERFACES)
    grown = True
    while grown:
        more = {node.name for _, node in classes
                if {base_name(base) for base in node.bases} & {"Protocol", "ABC"}
                or any(k.arg == "metaclass" and ast.unparse(k.value).endswith("ABCMeta")
                       for k in node.keywords)}
        grown = not more <= interfaces
        interfaces |= more
    return {f"{path}:{node.name}" for path, node in classes
            if len(node.bases) > 1 and not {base_name(base) for base in node.bases} & interfaces}


def test_the_base_class_check_sees_what_it_looks_for():
    tree = ast.parse("class Hooks(Protocol): pass\nclass View: pass\nclass Frame: pass\n"
                     "class Good(Frame, Hooks): pass\nclass Mixed(View, Frame): pass\n"
                     "class Typed(Frame, Generic[T]): pass\n")
    classes = [("x.py", node) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    assert many_based(classes) == {"x.py:Mixed"}


def test_no_class_has_more_than_one_base_but_an_interface():
    found = many_based(class_defs())
    assert found <= MIXIN_CLASSES, f"compose instead of mixing in: {sorted(found - MIXIN_CLASSES)}"
    assert found == MIXIN_CLASSES, \
        f"composed now: delete from MIXIN_CLASSES: {sorted(MIXIN_CLASSES - found)}"


def test_the_frame_gives_every_hook_a_default_as_its_protocol_declares_it():
    """GameHooks and VersusHooks are the interface the frame calls, not bases: GameScene and
    VersusScene have one base each and define every hook, with the Protocol's parameters."""
    import inspect

    from games.core.loop.app import Scene
    from games.core.screens import hooks
    from games.core.screens.game_scene import GameScene
    from games.core.screens.versus import VersusScene
    assert GameScene.__bases__ == (Scene,) and VersusScene.__bases__ == (GameScene,)
    for protocol, frame in ((hooks.GameHooks, GameScene), (hooks.VersusHooks, VersusScene)):
        declared = {name: member for klass in protocol.__mro__ if klass not in (object,)
                    for name, member in vars(klass).items()
                    if inspect.isfunction(member) and not name.startswith("_")}
        assert len(declared) > 8
        for name, member in declared.items():
            made = getattr(frame, name, None)
            assert inspect.isfunction(made) and made is not member, f"{frame.__name__}.{name}"
            assert list(inspect.signature(made).parameters) == \
                list(inspect.signature(member).parameters), f"{frame.__name__}.{name}"
