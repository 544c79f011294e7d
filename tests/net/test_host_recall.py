"""A hosted table's computer players remember the people there, as the app's do (issue 29):
``parlour host`` hands them each person's habits from the host's record, by seat name, before
they make a move, for a new table and a resumed one; a record or a computer player that fails
is one line on stderr and the table plays on."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour import together
from parlour.core.ledger import Ledger, ledger_path
from parlour.core.record import HUMAN, Seat
from parlour.core.registry import discover
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.games.casablanca.knowledge import CasablancaKnowledge
from parlour.net.table import HostedTable

REGISTRY = discover()
GAME = REGISTRY.get("casablanca")
RULES = REGISTRY.ruleset("casablanca").resolve([])
#: the computer moves first, so a table that reminded it late would show it
SEATS = [Seat("hard-1", "hard"), Seat("Tess", HUMAN), Seat("Ann", HUMAN)]
TESS = {"moves": 12.0, "raises_faced": 4.0, "raise_folds": 0.0}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The host's data folder, its record knowing Tess from an earlier game (Ann is new)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    ledger, _ = Ledger.open(ledger_path(tmp_path / "parlour"))
    ledger.keep("casablanca", {}, [], SEATS, [1, 2, 3], [1], "old.json", habits=[{"moves": 9.0}, TESS, {}])
    ledger.close()
    return tmp_path / "parlour"


def _told_before_playing(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What the computer at seat 0 had been told when the table first let the computers play."""
    seen: list[object] = []
    play = HostedTable.play_computers

    def watched(table: HostedTable) -> None:
        if not seen:
            seen.append(list(table.match.agents[0].knowledge.past))
        play(table)

    monkeypatch.setattr(HostedTable, "play_computers", watched)
    return seen


def test_a_new_hosted_table_reminds_its_computers_before_they_move(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    seen = _told_before_playing(monkeypatch)
    table = together._new_table(GAME, RULES, 5, SEATS, [])
    assert seen == [[None, TESS, None]], "its own seat is not told, a person never met is None"
    assert len(table.match.record.actions) >= 1, "then the computer played its first move"
    assert capsys.readouterr().err == ""


def test_a_resumed_hosted_table_reminds_its_computers_too(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = start_match(GAME, RULES, 5, SEATS, [])
    folder = SaveFolder(data)
    path = folder.new_path(GAME.id)
    folder.save(match.record, path)
    seen = _told_before_playing(monkeypatch)
    table, again = together._hosted_again(GAME, path.stem)
    assert again == path
    assert seen == [[None, TESS, None]]
    assert table.match.agents[0].knowledge.past == [None, TESS, None]


def test_a_broken_record_is_one_line_and_the_table_plays_without(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    record = ledger_path(tmp_path / "parlour")
    record.parent.mkdir(parents=True)
    record.write_bytes(b"not a database at all" * 100)
    table = together._new_table(GAME, RULES, 5, SEATS, [])
    assert len(table.match.record.actions) >= 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("parlour: ") and str(record) in line


def test_a_computer_that_fails_to_recall_is_one_line_and_the_table_plays_on(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def refuses(self: CasablancaKnowledge, habits: object) -> None:
        raise RuntimeError("no memory today")

    monkeypatch.setattr(CasablancaKnowledge, "recall", refuses)
    table = together._new_table(GAME, RULES, 5, SEATS, [])
    assert len(table.match.record.actions) >= 1
    assert capsys.readouterr().err.splitlines() == [
        "parlour: the players' earlier games could not be recalled: no memory today"]
