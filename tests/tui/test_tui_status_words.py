"""What the table's status box says, beside a game's own words (playtest: Casablanca's status
box said "Move 29" while its ring said "turn 4 (limit 400)", and players read both as turns)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_screens import at_decision
from tui_helpers import run, wait_for

from parlour.core.i18n import in_language
from parlour.core.saves import SaveFolder
from parlour.core.registry import discover
from parlour.tui.app import ParlourApp
from parlour.tui.table import LiveGame, Phase, TableScreen

REGISTRY = discover()


@pytest.mark.parametrize("lang, expected", [
    ("en", "Moves played (all players): 28"),
    ("de", "Gespielte Züge (alle Spieler): 28"),
    ("fr", "Coups joués (tous les joueurs)\u00a0: 28"),
])
def test_the_status_counts_the_moves_played_by_all_players(lang: str, expected: str) -> None:
    """A total of every player's moves, not an ordinal that reads as the game's turn; the
    same number as the review's "Move 28 of ..." (the table after 28 moves)."""
    from parlour.tui.panels import progress_line

    with in_language(lang):
        assert progress_line(28, over=False) == expected
        assert "28" in progress_line(28, over=True)


def test_casablancas_status_and_ring_do_not_both_count_turns(tmp_path: Path) -> None:
    game, match = at_decision("casablanca", lambda v: v["phase"] == "turn" and v["turn"] >= 3)
    turn = match.state.view(0)["turn"]
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> list[str]:
        async with app.run_test(size=(120, 40)) as pilot:
            app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING
                           and bool(app.screen.status_panel.lines_shown))
            return list(app.screen.status_panel.lines_shown)

    lines = run(scenario())
    assert match.moves > turn, "several moves a turn: the two counts differ"
    assert f"Moves played (all players): {match.moves}" in lines, lines
    assert not any(line.startswith("Move ") for line in lines), lines
