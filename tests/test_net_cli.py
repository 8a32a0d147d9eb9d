"""`host` and `join` on the command line (docs/NETPLAY.md): two real processes on loopback
play each two-player game to its end; a connection cut mid-game through a relay is resumed;
a wrong code, a refused handshake and a bad address give the joiner one `parlour: ` line and
exit 2 while the host waits on for the right guest; bad command lines are one line too; the
finished game is in each side's history as a game against a friend over the network."""
import json
import os
import select
import socket
import subprocess
import sys
import threading

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.data import history_queries
from games.core.data.store import Store
from tests.test_hostile import assert_contract, run_cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE = "amber-otter-42"
HANG = 120          # a hang guard for a whole process, never a timing


def environment(folder) -> dict:
    return dict(os.environ, PARLOUR_DATA_DIR=str(folder), SDL_VIDEODRIVER="dummy",
                SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")


def start(folder, *argv) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "main.py", *argv], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=environment(folder))


def listening(host: subprocess.Popen) -> dict:
    """The host's first line, read with a hang guard."""
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(host.stdout.readline()), daemon=True)
    reader.start()
    reader.join(HANG)
    assert line and line[0], f"the host said nothing: {host.stderr.read() if host.poll() else ''}"
    event = json.loads(line[0])
    assert set(event) == {"event", "port", "code"} and event["event"] == "listening"
    return event


def finished(process: subprocess.Popen) -> tuple[list[dict], str]:
    out, err = process.communicate(timeout=HANG)
    assert process.returncode == 0, err
    return [json.loads(line) for line in out.splitlines()], err


@pytest.fixture
def folders(tmp_path):
    return tmp_path / "host", tmp_path / "guest"


def host_process(folder, game="nim", level="perfect", *more):
    return start(folder, "host", game, "--port", "0", "--bind", "127.0.0.1", "--code", CODE,
                 "--computer", level, *more)


def check_one_game(host_lines, guest_lines, game_key, host_folder, guest_folder):
    """Both printed the same moves in the same order and the same end; both recorded it."""
    moves = [line for line in host_lines if line["event"] == "move"]
    assert moves == [line for line in guest_lines if line["event"] == "move"]
    assert [line["ply"] for line in moves] == list(range(1, len(moves) + 1))
    assert all(set(line) == {"event", "by", "move", "ply"} for line in moves)
    assert {line["by"] for line in moves} == {"host", "guest"}
    over, guest_over = host_lines[-1], guest_lines[-1]
    assert over == guest_over and over["event"] == "over" and set(over) == {"event", "outcome",
                                                                            "id"}
    assert over["id"].startswith(f"{game_key}:") and over["outcome"] != "unfinished"
    results = []
    for folder in (host_folder, guest_folder):
        os.environ["PARLOUR_DATA_DIR"] = str(folder)
        games = history_queries.games(Store(print).history(), most=5)
        assert len(games) == 1 and games[0].opponent == "network"
        assert list(games[0].moves) == [line["move"] for line in moves]
        results.append(games[0].outcome)
    if over["outcome"] == "draw":
        assert results == ["draw", "draw"]
    else:
        host_side = 0 if moves[0]["by"] == "host" else 1
        winner = "host" if over["outcome"]["winner"] == host_side else "guest"
        assert results == (["won", "lost"] if winner == "host" else ["lost", "won"])
    return moves


@pytest.mark.parametrize("game, levels", [("mu_torere", ("perfect", "high")),
                                          ("kono", ("medium", "perfect")),
                                          ("nim", ("perfect", "low"))])
def test_two_processes_play_a_whole_game(folders, game, levels):
    host_folder, guest_folder = folders
    host = host_process(host_folder, game, levels[0], "--name", "Hosta")
    event = listening(host)
    assert event["code"] == CODE and event["port"] > 0
    guest = start(guest_folder, "join", f"127.0.0.1:{event['port']}", "--code",
                  "Amber Otter 42", "--computer", levels[1], "--name", "Gus")
    guest_lines, _ = finished(guest)
    host_lines, _ = finished(host)
    check_one_game(host_lines, guest_lines, game, host_folder, guest_folder)
    os.environ["PARLOUR_DATA_DIR"] = str(host_folder)
    newest = history_queries.games(Store(print).history(), most=1)[0]
    assert newest.detail == "Gus", "the friend's name"


def test_the_host_plays_the_second_side_when_asked(folders):
    host_folder, guest_folder = folders
    host = host_process(host_folder, "nim", "perfect", "--side", "1", "--variant", "1357")
    event = listening(host)
    guest = start(guest_folder, "join", f"127.0.0.1:{event['port']}", "--code", CODE,
                  "--computer", "perfect")
    guest_lines, _ = finished(guest)
    host_lines, _ = finished(host)
    moves = check_one_game(host_lines, guest_lines, "nim", host_folder, guest_folder)
    assert moves[0]["by"] == "guest" and "start=1357" in guest_lines[-1]["id"]


class Relay:
    """Forwards a port of its own to the host's; its first connection is cut once
    `cut_after` move messages have passed, as a lost network would; later ones are left."""

    def __init__(self, target: int, cut_after: int):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port, self.target, self.cut_after = self.server.getsockname()[1], target, cut_after
        self.cuts = 0
        self.seen = bytearray()      # everything that passed, both ways
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        for number in range(4):
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            threading.Thread(target=self.pipe, args=(client, upstream, number == 0),
                             daemon=True).start()

    def pipe(self, client, upstream, cut):
        moves = 0
        ends = [client, upstream]
        try:
            while True:
                ready, _, _ = select.select(ends, [], [], HANG)
                if not ready:
                    return
                for end in ready:
                    data = end.recv(65536)
                    if not data:
                        return
                    moves += data.count(b'"t":"move"')
                    self.seen.extend(data)
                    (upstream if end is client else client).sendall(data)
                if cut and moves >= self.cut_after:
                    self.cuts += 1
                    return
        except OSError:
            return
        finally:
            for end in ends:
                end.close()

    def close(self):
        self.server.close()


@pytest.mark.parametrize("game", ["mu_torere", "kono"])
def test_a_connection_cut_mid_game_is_resumed_and_the_game_finished(folders, game):
    host_folder, guest_folder = folders
    host = host_process(host_folder, game, "perfect")
    event = listening(host)
    relay = Relay(event["port"], cut_after=5)
    try:
        guest = start(guest_folder, "join", f"127.0.0.1:{relay.port}", "--code", CODE,
                      "--computer", "perfect")
        guest_lines, _ = finished(guest)
        host_lines, _ = finished(host)
    finally:
        relay.close()
    assert relay.cuts == 1, "the connection was cut once, mid-game"
    moves = check_one_game(host_lines, guest_lines, game, host_folder, guest_folder)
    assert len(moves) > 5


def test_a_wrong_code_fails_the_joiner_and_the_host_waits_for_the_right_one(folders):
    host_folder, guest_folder = folders
    host = host_process(host_folder)
    event = listening(host)
    address = f"127.0.0.1:{event['port']}"
    wrong = subprocess.run([sys.executable, "main.py", "join", address, "--code",
                            "robin-cedar-10", "--computer", "perfect"], cwd=ROOT,
                           capture_output=True, text=True, timeout=HANG,
                           env=environment(guest_folder))
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert wrong.stderr.splitlines() == ["parlour: The invitation code is wrong: check it "
                                         "with the host"]
    assert host.poll() is None, "the host waits on"
    guest = start(guest_folder, "join", address, "--code", CODE, "--computer", "perfect")
    guest_lines, _ = finished(guest)
    host_lines, _ = finished(host)
    check_one_game(host_lines, guest_lines, "nim", host_folder, guest_folder)


def fake_host(answer: dict) -> tuple[socket.socket, threading.Thread]:
    """A listening socket that answers any hello with one message, then closes."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve():
        connection, _ = server.accept()
        connection.makefile("rb").readline()
        connection.sendall(json.dumps(answer).encode() + b"\n")
        connection.close()
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return server, thread


@pytest.mark.parametrize("answer, words", [
    ({"t": "refuse", "reason": "version", "v": 2, "words": "x"}, "another version of Parlour"),
    ({"t": "challenge", "v": 3, "nonce": "c" * 32}, "(version 3; this Parlour speaks version 1)"),
    ({"t": "refuse", "reason": "code", "v": 1, "words": "x"}, "code is wrong"),
    ({"t": "welcome"}, "cannot read"),
])
def test_a_refused_handshake_is_one_line_and_exit_2(tmp_path, answer, words):
    server, thread = fake_host(answer)
    try:
        done = subprocess.run([sys.executable, "main.py", "join",
                               f"127.0.0.1:{server.getsockname()[1]}", "--code", CODE,
                               "--computer", "perfect"], cwd=ROOT, capture_output=True,
                              text=True, timeout=HANG, env=environment(tmp_path))
    finally:
        server.close()
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("parlour: ")
    assert words in lines[0]


@pytest.mark.parametrize("argv, words", [
    (["join", "nowhere", "--code", CODE, "--computer", "1"], "ADDRESS:PORT"),
    (["join", "127.0.0.1:70000", "--code", CODE, "--computer", "1"], "from 1 to 65535"),
    (["join", "127.0.0.1:5000", "--code", "x!", "--computer", "1"], "invitation code"),
    (["join", "127.0.0.1:5000", "--code", CODE, "--computer", "godlike"], "level"),
    (["join", "127.0.0.1:5000", "--computer", "1"], "--code"),
    (["host", "kenken", "--computer", "1"], "one-player game"),
    (["host", "nosuch", "--computer", "1"], "unknown game"),
    (["host", "nim", "--code", "a", "--computer", "1"], "invitation code"),
    (["host", "nim", "--bind", "my laptop", "--computer", "1"], "--bind"),
    (["host", "nim", "--variant", "huge", "--computer", "1"], "huge"),
    (["host", "nim", "--name", "x" * 30, "--computer", "1"], "--name"),
    (["host", "nim", "--side", "2", "--computer", "1"], "side"),
    (["host", "nim", "--computer", "godlike"], "level"),
])
def test_bad_command_lines_are_one_line(capsys, argv, words):
    code, out, err = run_cli(argv, capsys)
    assert assert_contract(argv, code, out, err)
    assert words in err


def test_nobody_there_and_a_port_in_use_are_one_line(capsys):
    taken = socket.create_server(("127.0.0.1", 0))
    port = str(taken.getsockname()[1])
    try:
        code, out, err = run_cli(["host", "nim", "--bind", "127.0.0.1", "--port", port,
                                  "--computer", "1"], capsys)
        assert assert_contract("host", code, out, err) and "cannot listen on" in err
    finally:
        taken.close()
    code, out, err = run_cli(["join", f"127.0.0.1:{port}", "--code", CODE, "--computer", "1"],
                             capsys)
    assert assert_contract("join", code, out, err) and "No Parlour host answered" in err


WEIRD = st.one_of(st.text(max_size=12), st.sampled_from(
    ["", "-1", "0", "--", ":", "\x00", "\ud800", "١٢", "9" * 60, "x" * 10_000, "[::1]:",
     "🙂", "127.0.0.1:0", "a-b-c-d-e-f-g-h-i"]))


@st.composite
def bad_network_lines(draw, port: int, closed: int):
    """host or join with one value made weird; whatever else, it cannot start a game here:
    the host's port is taken, the joiner's address answers nothing."""
    if draw(st.booleans()):
        argv = ["host", "nim", "--bind", "127.0.0.1", "--port", str(port), "--computer", "1"]
        flag = draw(st.sampled_from(["--code", "--name", "--bind", "--side", "--computer",
                                     "--variant", "game"]))
    else:
        argv = ["join", f"127.0.0.1:{closed}", "--code", CODE, "--computer", "1"]
        flag = draw(st.sampled_from(["--code", "--name", "--computer", "address"]))
    value = draw(WEIRD)
    if flag in ("game", "address"):
        argv[1] = value
    else:
        argv += [flag, value]
    if flag == "--bind":
        argv += ["--port", str(port)]
    return argv


def test_generated_bad_network_command_lines():
    taken = socket.create_server(("127.0.0.1", 0))
    port = taken.getsockname()[1]
    with socket.create_server(("127.0.0.1", 0)) as spare:
        closed = spare.getsockname()[1]         # nobody listens there once it is closed

    @settings(max_examples=150, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(argv=bad_network_lines(port, closed))
    def check(argv):
        import contextlib
        import io

        from games.core.cli.commands import main
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        assert assert_contract(argv, code, out.getvalue(), err.getvalue())
    try:
        check()
    finally:
        taken.close()


def test_the_invitation_code_never_crosses_the_wire(folders):
    """Everything the two processes said to each other, read at a relay, holds no word of
    the code."""
    host_folder, guest_folder = folders
    host = host_process(host_folder, "nim", "perfect")
    event = listening(host)
    relay = Relay(event["port"], cut_after=10**9)
    try:
        guest = start(guest_folder, "join", f"127.0.0.1:{relay.port}", "--code", CODE,
                      "--computer", "perfect")
        finished(guest)
        finished(host)
    finally:
        relay.close()
    assert b'"t":"welcome"' in relay.seen and b'"t":"move"' in relay.seen
    for words in (CODE, "amber", "otter"):
        assert words.encode() not in relay.seen
