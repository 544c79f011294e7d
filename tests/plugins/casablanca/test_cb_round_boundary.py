"""The Casablanca board at a round's end in a match of several rounds: the moment the table
holds shows the new round, never the last one's top card or reshuffles."""

from __future__ import annotations

import asyncio
import random

import pytest

from cb_helpers import open_table, rules
from parlour.core.record import HUMAN, Seat
from parlour.core.registry import Registry
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.games.casablanca import GAME
from parlour.games.casablanca.board import CasablancaBoard
from parlour.games.casablanca.panels import letters_of, symbol_names
from parlour.testing.boards import panel_text, wait_for
from parlour.tui.app import ParlourApp
from parlour.tui.board import Board
from parlour.tui.table import Phase


def _a_claim_that_ends_round_one():
    """A match of two rounds, played at random to a claim of seat 0 that completes a set
    whatever he takes, with every reshuffle of the round used up and the next round's top
    card of another symbol (so that a stale board shows)."""
    seats = [Seat("Ada", HUMAN), Seat("Bea", "random"), Seat("Cyd", "random")]
    for seed in range(1, 300):
        match = start_match(GAME, rules(rounds=2), seed, seats)
        state, rng = match.state, random.Random(seed)
        while state.round == 1:
            legal = list(state.legal_actions())
            if state.phase == "claim" and state.to_move == 0 and not any(state.reshuffles_left):
                after = [state.clone() for _ in legal]
                for world, action in zip(after, legal):
                    world.apply(action)
                if all(world.round == 2 and world.top != state.top for world in after):
                    return match
            match.play(legal[rng.randrange(len(legal))])
    pytest.fail("no such claim in 300 matches")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_moment_of_a_rounds_end_shows_the_new_round(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                         size: tuple[int, int]) -> None:
    """Checked after a report that the board kept the last round's top card and "reshuffle ×1"
    until play resumed: the round's end starts the next round at once in the state, and the
    table draws the moment from the state's new view."""
    monkeypatch.setattr(Board, "decision_delay", 0.0)
    registry = Registry()
    registry.add("casablanca", "tests", lambda: GAME)
    match = _a_claim_that_ends_round_one()
    old_top = match.state.top
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await open_table(app, pilot, match, tmp_path / "cb.json", 0)
            table = app.screen
            board = table.query_one(CasablancaBoard)
            await pilot.press("enter")
            await wait_for(pilot, lambda: table.phase is Phase.PAUSED)
            await pilot.pause()
            state = match.state
            assert state.round == 2 and state.phase == "figure"
            view = state.view(0)
            assert board.view is not None and board.view["round"] == 2 and board.view["top"] == state.top
            ring = panel_text(board.query_one("#cb-ring"), size[0])
            top = f"{letters_of(view)[state.top]} {symbol_names(view)[state.top]}"
            stale = f"{letters_of(view)[old_top]} {symbol_names(view)[old_top]}"
            assert f"Top card: {top}" in ring and f"Top card: {stale}" not in ring, ring
            players = panel_text(board.query_one("#cb-players"), size[0])
            if not board.has_class("-compact"):  # the compact rows leave the reshuffles out
                assert players.count("reshuffle ×1") == 3, players
            # the new round's view tells nobody anything of the ring yet
            assert all(known is None for known in view["known"]) and not any(view["knowers"])

    asyncio.run(scenario())
