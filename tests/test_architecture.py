"""The boundaries of docs/DESIGN.md: pure game logic, pygame-ce only, a light first-frame path."""
import ast
import configparser
import glob
import json
import os
import re
import subprocess
import sys

from tests import fresh

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def mypy_config() -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(os.path.join(ROOT, "setup.cfg"))
    return config


# mypy --strict's per-module parts (`strict` itself is global-only), which all of games/ has.
STRICT = ("disallow_untyped_defs", "disallow_incomplete_defs", "disallow_untyped_calls",
          "disallow_untyped_decorators", "disallow_any_generics", "disallow_subclassing_any",
          "warn_return_any", "no_implicit_reexport", "strict_equality", "extra_checks")
# What the pure modules are held to beyond that: their section is the one that sets these.
BEYOND_STRICT = ("warn_unreachable", "disallow_any_unimported", "disallow_any_decorated")


def strict_modules() -> list[str]:
    """The one list of the pure modules: the module patterns of setup.cfg's section that holds
    them to more than --strict, which docs/DESIGN.md repeats."""
    config = mypy_config()
    sections = [name for name in config.sections() if name.startswith("mypy-") and
                any(config[name].getboolean(flag, False) for flag in BEYOND_STRICT)]
    assert len(sections) == 1, f"one section of the pure modules in setup.cfg, not {sections}"
    assert all(config[sections[0]].getboolean(flag, False) for flag in BEYOND_STRICT)
    return sections[0].removeprefix("mypy-").split(",")


def test_every_module_under_games_is_held_to_strict():
    config = mypy_config()
    assert all(config["mypy-games.*"].getboolean(flag, False) for flag in STRICT), \
        "setup.cfg's [mypy-games.*] holds all of games/ to every part of --strict"
    relaxed = {name.removeprefix("mypy-") for name in config.sections()
               if name.startswith("mypy-games") and
               any(config[name].getboolean(flag, True) is False for flag in STRICT)}
    assert not relaxed, f"no module under games/ is let off --strict: {relaxed}"


# The names of a game's pure parts (games/<key>/<part>.py), from that list.
PURE_PARTS = sorted(pattern.removeprefix("games.*.") for pattern in strict_modules()
                    if pattern.startswith("games.*."))
PURE = sorted(os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
              for name in PURE_PARTS
              for p in glob.glob(os.path.join(ROOT, "games", "*", f"{name}.py")))
FORBIDDEN = ("pygame", "time", "datetime", "os", "io", "socket", "threading", "subprocess")


def test_pure_modules_exist():
    assert "games.deductile.rules" in PURE and "games.deductile.clues" in PURE
    assert "games.core.kit.*" in strict_modules()
    for part in PURE_PARTS:
        assert glob.glob(os.path.join(ROOT, "games", "*", f"{part}.py")), \
            f"no game has a {part}.py: delete it from setup.cfg's section of the pure modules"


def test_the_design_names_the_same_pure_parts():
    """docs/DESIGN.md's sentence on the games' pure modules lists exactly the declared parts."""
    with open(os.path.join(ROOT, "docs", "DESIGN.md"), encoding="utf-8") as file:
        design = " ".join(file.read().split())
    found = re.search(r"A game's pure modules \(([^)]*)\)", design)
    assert found, "DESIGN.md lists a game's pure modules"
    listed = sorted(word.strip(" ,") for word in re.split(r",|\band\b", found.group(1)))
    assert [word for word in listed if word] == PURE_PARTS


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
NET_PURE = [name for name in strict_modules() if name.startswith("games.core.net.")]
NET_FORBIDDEN = FORBIDDEN + ("selectors", "select", "secrets", "ssl")


def test_the_network_wire_and_match_are_pure():
    code = ("import sys, json, importlib\n"
            "before = set(sys.modules)\n"
            f"for name in {NET_PURE!r}: importlib.import_module(name)\n"
            "print(json.dumps(sorted(set(sys.modules) - before)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    loaded = json.loads(out)
    assert "games.core.net.match" in loaded and len(NET_PURE) == 5
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
            "for game in registry.load_all().values(): game.parts()\n"
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


def type_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:`: names for the type checker, never
    imported when the program runs."""
    hidden = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            hidden |= {id(inner) for child in node.body for inner in ast.walk(child)}
    return hidden


def in_functions(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside functions: imports made when the function runs."""
    return {id(inner) for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            for child in node.body for inner in ast.walk(child)}


def imports_of(name: str, path: str, known, when_run: bool = True) -> set[str]:
    """The project modules `name` imports anywhere in its file (inside functions too, unless
    not `when_run`; never the type checker's alone), with relative and `from package import
    module` forms resolved."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    hidden = type_only(tree) | (set() if when_run else in_functions(tree))
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
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


def import_graph(when_run: bool = True) -> dict[str, set[str]]:
    files = project_files()
    return {name: imports_of(name, path, files, when_run) for name, path in files.items()}


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


def is_declaration(module: str) -> bool:
    """A game's package: its __init__ declares the game (games/core/kit/game.py)."""
    parts = module.split(".")
    return len(parts) == 2 and parts[0] == "games" and parts[1] != "core"


def is_screen(module: str) -> bool:
    return module.startswith("games.core.screens.")


def dependency_graph() -> dict[str, set[str]]:
    """The import graph, less what is imported only to open another screen or part: a game's
    package names its parts in functions that import each only when it is asked for (what it
    needs to load is the kit: nothing else at its top level, checked below), and a screen
    imports the screens it opens (a game's pause menu, the setup screen's game) when it
    opens them, so screens that open each other are no cycle. Every other import counts,
    inside functions too."""
    graph, top = import_graph(), import_graph(when_run=False)
    for name in graph:
        if is_declaration(name):
            graph[name] = {target for target in graph[name] if layer_of(target) == 0}
        elif is_screen(name):
            graph[name] = top[name] | {target for target in graph[name] if not is_screen(target)}
    return graph


def test_a_declaration_imports_only_the_kit_until_a_part_is_asked_for():
    for name, path in project_files().items():
        if is_declaration(name):
            tree = ast.parse(open(path, encoding="utf-8").read(), path)
            top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
            assert all((node.module or "").startswith(("games.core.kit", "__future__", "typing"))
                       for node in top if isinstance(node, ast.ImportFrom)), name
            assert not [node for node in top if isinstance(node, ast.Import)], name


def test_no_import_cycles():
    found = cycles(dependency_graph())
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
FRAME_READERS: set[str] = set()   # every scene asks the frame (Frame.device, ...)


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
# The games' pure modules (PURE_PARTS, above: no pygame, no I/O) import only the pure kit and
# their own game's pure modules.
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


def test_a_game_is_a_board_the_frame_holds_never_a_frame():
    """The seam (games/core/screens/board.py): every game's board subclasses only the Board
    Protocol (for its defaults), nothing of the frame; the frame has one base; and a game's
    modules never import the frame or its two-player policy (they read it through the Table
    the board is made with), except for the type checker."""
    from games.core.kit import registry
    from games.core.loop.app import Scene
    from games.core.screens.board import Board
    from games.core.screens.frame import Frame
    assert Frame.__bases__ == (Scene,)
    for game in registry.collection():
        made = game.board()
        assert isinstance(made, type) and made.__bases__ == (Board,), game.key
        assert not issubclass(made, Scene), f"{game.key}'s board is a scene"
    graph = import_graph()
    frame_parts = {"games.core.screens.frame", "games.core.screens.versus"}
    reaching = sorted(f"{name} -> {target}" for name, targets in graph.items()
                      if name.startswith("games.") and not name.startswith("games.core")
                      for target in targets & frame_parts)
    assert not reaching, f"a game reaches into the frame: {reaching}"


def test_the_seam_checks_see_what_they_look_for():
    graph = {"games.nim.scene": {"games.core.screens.versus", "games.core.screens.board"}}
    frame_parts = {"games.core.screens.frame", "games.core.screens.versus"}
    assert [target for name, targets in graph.items() for target in targets & frame_parts] == \
        ["games.core.screens.versus"]


ANSWERS = {"Refuse", "Look", "Play", "Do"}


def answer_checks(tree: ast.AST) -> list[int]:
    """The lines that test a value against an answer type (isinstance(x, Refuse)...): the
    frame's one dispatch (Frame.carry_out) is the only place that reads an answer."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and \
                len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(getattr(kind, "id", "") in ANSWERS for kind in kinds):
                found.append(node.lineno)
    return found


def test_games_never_read_an_answer_the_frame_carries_out():
    """A game's input turns an action into an answer (Play, Look, Refuse, Do); the frame alone
    carries it out: no game hand-rolls the dispatch."""
    found = [f"{os.path.relpath(path, ROOT)}:{line}"
             for path in glob.glob(os.path.join(ROOT, "games", "*", "*.py"))
             if os.sep + "core" + os.sep not in path
             for line in answer_checks(ast.parse(open(path, encoding="utf-8").read()))]
    assert not found, f"a game reads an answer itself: {found}"


def test_the_answer_check_sees_what_it_looks_for():
    assert answer_checks(ast.parse("ok = isinstance(a, (Play, Look))\nisinstance(b, int)")) == [1]
    assert answer_checks(ast.parse("x = a if isinstance(a, Refuse) else 1")) == [1]


def game_keys_named(tree: ast.AST, keys: set[str]) -> list[int]:
    """The lines where a game's key is spelled out as a string."""
    return sorted(node.lineno for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and
                  node.value in keys)


def test_the_core_names_no_game_but_through_the_registry():
    """Per-game data lives in its game's folder: outside the registry, games/core spells out
    no game's key (a game's plan for the tour, the bench's chosen game: from the registry)."""
    from games.core.kit import registry
    keys = set(registry.KEYS)
    found = [f"{os.path.relpath(path, ROOT)}:{line}"
             for path in glob.glob(os.path.join(ROOT, "games", "core", "**", "*.py"),
                                   recursive=True)
             if not path.endswith(os.path.join("kit", "registry.py"))
             for line in game_keys_named(ast.parse(open(path, encoding="utf-8").read()), keys)]
    assert not found, f"a game's key spelled out in the core: {found}"


def test_the_key_check_sees_what_it_looks_for():
    tree = ast.parse('PLANS = {"nim": 1}\n"""nim in prose is fine"""\nx = "kono"')
    assert game_keys_named(tree, {"nim", "kono"}) == [1, 3]


README_WIDEST = 400     # characters: the README is a summary; a longer line is a log


def test_the_readme_is_a_summary_and_its_logs_are_in_docs():
    """Each line of the README, table rows too, reads at a glance (the performance and trial
    logs live in docs/PERFORMANCE.md and docs/RELIABILITY.md, which the README names)."""
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    long = [n for n, line in enumerate(text.splitlines(), 1) if len(line) > README_WIDEST]
    assert not long, f"README lines over {README_WIDEST} characters: {long}"
    for log in ("docs/PERFORMANCE.md", "docs/RELIABILITY.md"):
        assert log in text and os.path.exists(os.path.join(ROOT, log)), log


# --- the history's SQL stays in the history's modules ------------------------------------------
# The modules of the history layer that write SQL: the file and its journals, the rows' checks
# (VALID), the import of older builds' files, the history itself and its typed queries. Every
# other module asks through history_queries with filters as values.
HISTORY_SQL = ("games/core/data/history.py", "games/core/data/history_file.py",
               "games/core/data/history_rows.py", "games/core/data/journals.py",
               "games/core/data/importer.py", "games/core/data/history_queries.py")
SQL_WORDS = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|WHERE|PRAGMA|CREATE|DROP|GROUP BY|"
                       r"ORDER BY|LIMIT|IS (NOT )?NULL|GLOB|BETWEEN)\b|<> '|\w (=|<>|<=?|>=?) \?")


def sql_texts(source: str) -> list[str]:
    """The string literals of a module (each part of an f-string too) that read as SQL."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                SQL_WORDS.search(node.value):
            found.append(f"{node.lineno}: {node.value.strip()[:60]}")
    return found


def test_the_sql_check_sees_what_it_looks_for():
    assert sql_texts('rows = db.query(f"SELECT game FROM valid WHERE {where} LIMIT 3")')
    assert sql_texts("PLAYER = \"opponent <> 'human'\"")
    assert sql_texts('where, args = ("game = ?", (key,))'), "a screen's own WHERE clause"
    assert not sql_texts('title = "Select a game"; words = "Where next?"')
    for path in HISTORY_SQL:
        with open(os.path.join(ROOT, path), encoding="utf-8") as file:
            assert sql_texts(file.read()), f"{path} writes no SQL: take it off HISTORY_SQL"


def test_sql_is_written_only_in_the_history_layer():
    """The statistics, records and screens compose history_queries' filters: no SQL text (nor
    a fragment of it) in any other module under games/."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "games", "**", "*.py"), recursive=True)):
        relative = os.path.relpath(path, ROOT).replace(os.sep, "/")
        if relative in HISTORY_SQL:
            continue
        with open(path, encoding="utf-8") as file:
            found += [f"{relative}:{text}" for text in sql_texts(file.read())]
    assert found == []
