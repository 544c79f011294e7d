"""``parlour host`` and ``parlour join`` from the command line (issue 14): a host on the loopback
address prints a join code per remote seat; a player joins with the plain terminal client and
plays a whole game against a computer; the host saves the game and exits when it is over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from parlour.core.ledger import Ledger, ledger_path


def parlour(*args: str, **kwargs) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "parlour", *args], text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=Path(__file__).parent, **kwargs)


def test_host_and_join_play_a_whole_game(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    host = parlour("host", "monte-carlo", "--seats", "human,medium", "--variant", "single-game",
                   "--port", "0", "--seed", "4", env=env)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        assert first.startswith("Hosting Monte Carlo on 127.0.0.1:"), first + host.stderr.read()
        join_line = host.stdout.readline().strip()
        assert join_line.startswith("seat 1 (Player 1): PARLOUR_CODE=")
        assigned, _, _, address = join_line.split(": ", 1)[1].split(" ")
        code = assigned.removeprefix("PARLOUR_CODE=")
        assert " parlour join 127.0.0.1:" in join_line and code not in join_line.split("parlour join")[1]
        # the code in the environment, as the host's line says: never on a command line
        player_process = subprocess.Popen([sys.executable, "-m", "parlour", "join", "--text", address],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          text=True, env={**env, "PARLOUR_CODE": code}, cwd=Path(__file__).parent)
        command_line = Path(f"/proc/{player_process.pid}/cmdline").read_bytes()
        assert code.encode() not in command_line  # what any user of the machine can list with ps
        out, err = player_process.communicate("1\n" * 5000, timeout=240)
        player = subprocess.CompletedProcess(player_process.args, player_process.returncode, out, err)
        assert player.returncode == 0, player.stderr
        assert "You sit in seat 1 at monte-carlo" in player.stdout and "The game is over:" in player.stdout
        assert host.wait(timeout=60) == 0
        said = host.stdout.read()
        assert "The game is over." in said
        records = list((tmp_path / "parlour" / "records").glob("monte-carlo-*.json"))
        assert len(records) == 1, "the host saved the game, and moved it to the records at its end"
        # the host keeps the game in its record and says the ratings it moved
        ledger, _ = Ledger.open(ledger_path(tmp_path / "parlour"))
        [played] = ledger.recent()
        ledger.close()
        assert played.record == records[0].name
        assert [(s["name"], s["agent"]) for s in played.seats] == [("Player 1", "human"), ("medium-2", "medium")]
        # (a first game: the person's rating is provisional, and the line under it says what "?" means)
        assert f"Ratings: Player 1 {played.seats[0]['rating_after']:,}?, " in said
        assert "\n? provisional: fewer than 5 games" in said
    finally:
        host.kill()
        host.wait()


def test_a_wrong_code_is_one_line_and_exit_2(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    host = parlour("host", "casablanca", "--seats", "human,human,easy", "--port", "0", env=env)
    try:
        assert host.stdout is not None
        address = host.stdout.readline().split(" on ")[1].removesuffix(". Join codes:\n")
        wrong = subprocess.run([sys.executable, "-m", "parlour", "join", "--text", address, "not-a-code"], text=True,
                               capture_output=True, env=env, timeout=60, cwd=Path(__file__).parent)
        assert wrong.returncode == 2 and wrong.stderr.strip() == "parlour: the host refused: no seat has that code"
    finally:
        host.kill()
        host.wait()
    bad = subprocess.run([sys.executable, "-m", "parlour", "host", "casablanca", "--seats", "medium,medium"],
                         text=True, capture_output=True, env=env, timeout=60)
    assert bad.returncode == 2 and "give at least one human seat" in bad.stderr


def test_join_to_nowhere_is_one_line_and_exit_2() -> None:
    for address in ("127.0.0.1:1", "127.0.0.1:notaport"):
        out = subprocess.run([sys.executable, "-m", "parlour", "join", "--text", address, "code"], text=True,
                             capture_output=True, timeout=60)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert out.stderr.startswith(f"parlour: cannot reach {address}")


def test_a_host_that_stopped_hosts_its_save_again(tmp_path: Path) -> None:
    """The host saves after every move; --resume hosts that save again with new codes, from
    where it stopped."""
    import json

    from parlour.core.record import Record

    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    host = parlour("host", "casablanca", "--seats", "human,easy", "--port", "0", "--seed", "9", env=env)
    try:
        assert host.stdout is not None
        host.stdout.readline()
        assigned, _, _, address = host.stdout.readline().strip().split(": ", 1)[1].split(" ")
        code = assigned.removeprefix("PARLOUR_CODE=")
        player = subprocess.run([sys.executable, "-m", "parlour", "join", "--text", address, code], input="1\n" * 3,
                                text=True, capture_output=True, env=env, timeout=120, cwd=Path(__file__).parent)
        assert "your move" in player.stdout  # three moves, then its input ran out and it stopped:
        assert player.returncode == 2 and player.stderr.strip() == (
            "parlour: the input ended: you left the table (join again with the same code)")
    finally:
        host.kill()
        host.wait()
    saves = list((tmp_path / "parlour" / "saves").glob("casablanca-*.json"))
    assert len(saves) == 1
    played = Record.load(saves[0]).actions
    assert len(played) >= 3 and json.loads(saves[0].read_text())["seats"][0]["agent"] == "human"
    codes = saves[0].with_name(saves[0].name + ".codes")
    assert code not in codes.read_text() and oct(codes.stat().st_mode & 0o777) == "0o600", "hashes only, private"
    again = parlour("host", "casablanca", "--resume", saves[0].stem, "--port", "0", env=env)
    try:
        assert again.stdout is not None
        line = again.stdout.readline()
        assert line.startswith("Hosting Casablanca") and "join again with the codes they were given" in line
        address = line.split(" on ")[1].split(". ")[0]
        player = subprocess.run([sys.executable, "-m", "parlour", "join", "--text", address, code], input="1\n" * 5000,
                                text=True, capture_output=True, env=env, timeout=240, cwd=Path(__file__).parent)
        assert player.returncode == 0 and "The game is over:" in player.stdout, player.stderr
        assert again.wait(timeout=60) == 0
    finally:
        again.kill()
        again.wait()
    records = list((tmp_path / "parlour" / "records").glob("casablanca-*.json"))
    assert len(records) == 1 and Record.load(records[0]).actions[: len(played)] == played
    assert not codes.exists(), "the codes' hashes go with the finished game"


def test_host_names_and_limits_are_checked_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    for args, why in [
        (["--names", "Ada"], "--names: 1 names for 2 seats"),
        (["--names", "Ada,Ada"], "each a different name"),
        (["--wait", "-1"], "--wait must be 0 to 604800"),
        (["--takeover", "grandmaster"], "--takeover:"),
        (["--players", "9"], "Casablanca is for 2 to 4 players, not 9"),
        (["--players", "2", "--seats", "human,easy"], "not both"),
    ]:
        out = subprocess.run([sys.executable, "-m", "parlour", "host", "casablanca", "--port", "0", *args],
                             text=True, capture_output=True, env=env, timeout=60)
        assert out.returncode == 2 and why in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_host_players_gives_that_many_seats_to_join(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    host = parlour("host", "casablanca", "--players", "3", "--port", "0", env=env)
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(4)]
        assert lines[0].startswith("Hosting Casablanca")
        assert [line.split(":")[0].strip() for line in lines[1:]] == [f"seat {n} (Player {n})" for n in (1, 2, 3)]
    finally:
        host.kill()
        host.wait()


def test_join_without_a_code_says_where_to_give_it() -> None:
    """Issue 25: a code on the command line is readable by every user of the machine (ps); the
    host's lines put it in $PARLOUR_CODE, and without it (and no terminal to ask on) join says so."""
    env = {k: v for k, v in os.environ.items() if k != "PARLOUR_CODE"}
    out = subprocess.run([sys.executable, "-m", "parlour", "join", "--text", "127.0.0.1:1"], text=True,
                         capture_output=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
    assert out.returncode == 2 and out.stderr.strip() == \
        "parlour: no join code: give it as PARLOUR_CODE=CODE parlour join ADDRESS"


def test_a_pasted_join_line_gives_the_address_and_the_code() -> None:
    from parlour.net.protocol import join_line, read_join_line

    assert read_join_line(join_line("127.0.0.1:8765", "K3F9Q2")) == ("127.0.0.1:8765", "K3F9Q2")
    assert read_join_line("parlour join 10.0.0.2:9 OLDSTYLE") == ("10.0.0.2:9", "OLDSTYLE")  # the older line
    assert read_join_line(" K3F9Q2 ") == (None, "K3F9Q2")
