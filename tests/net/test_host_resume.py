"""Issue 25: ``parlour host GAME --resume SAVE`` (as the README writes it) takes the seats from
the save — a save of three or four players resumes without ``--seats`` — and an option the save
already settles is refused in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.core.record import Seat
from parlour.core.registry import discover
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match


def a_banque_fatale_save(data: Path) -> Path:
    """Three seats, two of them people with names of their own, a few moves in."""
    registry = discover()
    game = registry.get("banque-fatale")
    match = start_match(game, registry.ruleset(game.id).resolve([]), 81_234_567,
                        [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "human")], [])
    folder = SaveFolder(data / "parlour")
    path = folder.new_path(game.id)
    folder.save(match.record, path)
    return path


def test_resume_takes_the_seats_and_names_from_the_save(tmp_path: Path) -> None:
    save = a_banque_fatale_save(tmp_path)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    host = subprocess.Popen([sys.executable, "-m", "parlour", "host", "banque-fatale", "--resume", save.stem,
                             "--port", "0"], text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            cwd=Path(__file__).parent)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        assert first.startswith("Hosting Banque Fatale on 127.0.0.1:"), first + host.stderr.read()
        seats = [host.stdout.readline().split(":")[0].strip() for _ in range(2)]
        assert seats == ["seat 1 (Ann)", "seat 3 (Cid)"]
    finally:
        host.kill()
        host.wait()


@pytest.mark.parametrize("option", [["--seats", "human,human,human"], ["--players", "3"], ["--names", "A,B,C"],
                                    ["--variant", "x"], ["--seed", "5"]])
def test_an_option_the_save_settles_is_refused_in_one_line(tmp_path: Path, option: list[str]) -> None:
    save = a_banque_fatale_save(tmp_path)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "PARLOUR_PLUGINS": ""}
    out = subprocess.run([sys.executable, "-m", "parlour", "host", "banque-fatale", "--resume", str(save), *option,
                          "--port", "0"], text=True, capture_output=True, env=env, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == (f"parlour: {option[0]}: a resumed game keeps the seats, names, variants and seed "
                          "of its save\n")
