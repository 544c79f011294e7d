"""What the table's status box says, beside a game's own words (playtest: Casablanca's status
box said "Move 29" while its ring said "turn 4 (limit 400)", and players read both as turns)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_tui_screens import at_decision, seeded_tables
from textual.widgets import Static
from tui_helpers import run, wait_for

from parlour.core.i18n import in_language
from parlour.testing.boards import settled_text
from parlour.tui.panels import MomentPanel
from parlour.core.saves import SaveFolder
from parlour.core.registry import discover
from parlour.tui.app import ParlourApp
from parlour.tui.table import LiveGame, Phase, TableScreen

REGISTRY = discover()


@pytest.mark.parametrize("lang, expected, over", [
    ("en", "Moves played (all players): 28", "Game over: 28 moves (all players)"),
    ("de", "Gespielte Züge (alle Spieler): 28", "Spielende: 28 Züge (alle Spieler)"),
    ("fr", "Coups joués (tous les joueurs)\u00a0: 28", "Fin\u00a0: 28 coups (tous les joueurs)"),
])
def test_the_status_counts_the_moves_played_by_all_players(lang: str, expected: str, over: str) -> None:
    """A total of every player's moves, not an ordinal that reads as the game's turn; the
    same number as the review's "Move 28 of ..." (the table after 28 moves). At the end too:
    "Game over after 204 moves" beside Casablanca's "turn 32" read as a count of turns."""
    from parlour.tui.panels import progress_line

    with in_language(lang):
        assert progress_line(28, over=False) == expected
        assert progress_line(28, over=True) == over


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


def before_a_held_moment(game_id: str) -> tuple[Any, Any, Any]:
    """A match of four (Ada the person, three random players) at a decision of Ada's whose
    move (the third element) logs a moment the table holds, after which another seat is to move."""
    for game, match, rng in seeded_tables(game_id):
        while not match.state.is_over:
            action = rng.choice(match.state.legal_actions())
            if match.state.to_move == 0:
                after = match.state.clone()
                start = len(after.events)
                after.apply(action)
                if (not after.is_over and after.to_move != 0
                        and any(e.kind in game.pauses for e in after.events_for(0, start))):
                    return game, match, action
            match.play(action)
    raise AssertionError(f"no {game_id} game reached such a move")


@pytest.mark.parametrize("game_id, decision", [("banque-fatale", "#bf-decision"), ("casablanca", "#cb-decision")])
def test_the_boards_line_says_the_table_waits_for_the_player_to_read(tmp_path: Path, game_id: str,
                                                                     decision: str) -> None:
    """Playtest: while "What just happened" was held (Enter goes on), Banque Fatale's line for
    the decision said "Waiting for Dmitri · pool: …", though the table waited for the player.
    It says what the status says, and "Waiting for" again once the player went on."""
    game, match, action = before_a_held_moment(game_id)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, str]:
        async with app.run_test(size=(120, 40)) as pilot:
            app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            screen.board.choose(action)
            await wait_for(pilot, lambda: screen.phase is Phase.PAUSED and screen.moment_panel.display)
            held = str(screen.board.query_one(decision, Static).render())
            screen.moment_panel.post_message(MomentPanel.GoOn())
            await wait_for(pilot, lambda: screen.phase is not Phase.PAUSED)
            return held, str(screen.board.query_one(decision, Static).render())

    held, after = run(scenario())
    assert "Read what happened, then Enter" in held and "Waiting for" not in held, held
    assert "Read what happened" not in after, after


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_running_scores_column_is_headed(tmp_path: Path, size: tuple[int, int]) -> None:
    """Playtest: the side panel's seats read "Player 1  you  16", the 16 unexplained. The
    column has a heading, in the line that stood blank above the seats (no line more)."""
    game, match = at_decision("banque-fatale", lambda v: v["round"] >= 2)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[list[str], int]:
        async with app.run_test(size=size) as pilot:
            app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if not screen.query_one("#side").display:
                await pilot.press("f4")
                await wait_for(pilot, lambda: screen.query_one("#side").display)
            text = await settled_text(pilot)
            region = screen.status_panel.region
            lines = [line[region.x:region.right] for line in text.splitlines()[region.y:region.bottom]]
            return lines, len(screen.status_panel.lines_shown)

    lines, above = run(scenario())
    ada = next(i for i, line in enumerate(lines) if re.search(r"Ada +you", line))
    assert re.search(r"Score\s*│?\s*$", lines[ada - 1]), lines
    assert ada - 1 == 1 + above, f"the heading takes the blank line's place\n{lines}"
