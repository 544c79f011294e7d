"""Every board in each phase of its game, at 80x24 and at 120x40 (issue 12): what the player
needs to decide is on screen, and the whole screen matches its text snapshot in
``tests/tui/screens/`` (through the ``screen_snapshot`` fixture: see
``tests/tui/screen_snapshots.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from screen_snapshots import SIZES
from tui_helpers import wait_for

from parlour.core.record import HUMAN, Seat
from parlour.core.registry import discover
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.tui.app import ParlourApp
from parlour.tui.table import LiveGame, Phase, TableScreen

REGISTRY = discover()

View = Mapping[str, Any]
#: game, phase, when seat 0 decides in it, and what must be on screen then (besides the footer)
CASES: list[tuple[str, str, Callable[[View], bool], tuple[str, ...]]] = [
    ("banque-fatale", "pick", lambda v: v["phase"] == "pick" and v["round"] >= 2,
     ("Choose the card to auction", "value", "Ada", "Dan")),
    ("banque-fatale", "bid", lambda v: v["phase"] == "bid" and v["round"] >= 2,
     ("Your sealed bid", "R red", "value", "O orange", "otal")),
    ("banque-fatale", "draft", lambda v: v["phase"] == "draft",
     ("Take a jeton from the pool", "Pool")),
    ("banque-fatale", "sale", lambda v: v["phase"] == "sale",
     ("Sell one card", "keep")),
    ("monte-carlo", "betting", lambda v: v["phase"] == "betting" and v["round"] >= 3,
     ("betting, round", "Your tiles", "Ada", "Dan", "pays")),
    ("monte-carlo", "laying", lambda v: v["phase"] == "laying",
     ("laying tiles", "Your tiles", "to lay", "Ada", "Dan", "free")),
    ("casablanca", "figure", lambda v: v["phase"] == "figure", ("Put your figure on the ring", "Pot $")),
    ("casablanca", "turn", lambda v: v["phase"] == "turn", ("Pick up the chip", "Pot $", "Top card")),
    ("casablanca", "commit", lambda v: v["phase"] == "commit", ("Pot $",)),
    ("casablanca", "announce", lambda v: v["phase"] == "announce", ("Announce a number", "Pot $")),
    ("casablanca", "respond", lambda v: v["phase"] == "respond", ("The exchange", "admit", "match", "Pot $")),
    ("casablanca", "exchange", lambda v: v["phase"] == "exchange", ("The exchange", "fold", "call")),
    ("casablanca", "claim", lambda v: v["phase"] == "claim", ("You won the exchange", "top card")),
]



def seeded_tables(game_id: str) -> Iterator[tuple[Any, Any, random.Random]]:
    """Matches of four (Ada the person, three random players), one a seed, each with the
    generator to draw its random moves from."""
    game = REGISTRY.get(game_id)
    rules = REGISTRY.ruleset(game_id).resolve([])
    seats = [Seat("Ada", HUMAN), Seat("Bea", "random"), Seat("Cyd", "random"), Seat("Dan", "random")]
    for seed in range(1, 300):
        yield game, start_match(game, rules, seed, seats), random.Random(seed)


def at_decision(game_id: str, when: Callable[[View], bool]) -> Any:
    """A match of four (Ada the person, three random players) at Ada's first decision that
    ``when`` accepts, reached by seeded random moves."""
    for game, match, rng in seeded_tables(game_id):
        while not match.state.is_over:
            if match.state.to_move == 0 and when(match.state.view(0)):
                return game, match
            match.play(rng.choice(match.state.legal_actions()))
    raise AssertionError(f"no {game_id} game reached that decision")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id, phase, when, needed", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_decision_is_on_screen(tmp_path, screen_snapshot, game_id, phase, when, needed, size) -> None:
    game, match = at_decision(game_id, when)

    async def sit_down(pilot: Any) -> None:
        app = pilot.app
        app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)

    def board_and_footer(app: Any, text: str) -> str:
        """The board and the footer: the log beside the board (at 120 columns) scrolls to its
        end on its own schedule."""
        right = app.screen.query_one("#board-holder").region.right
        lines = text.splitlines()
        return "\n".join([line[:right].rstrip() for line in lines[:-1]] + [lines[-1]])

    texts = screen_snapshot(f"{game_id}-{phase}", lambda: ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0),
                            sit_down, sizes=[size], crop=board_and_footer)
    lines = texts[size].splitlines()
    assert len(lines) == size[1]
    missing = [word for word in needed if word not in texts[size]]
    assert not missing, f"not on screen at {size[0]}x{size[1]}: {missing}\n{texts[size]}"
    assert "Menu" in lines[-1] and "Rules" in lines[-1], "the footer keeps Esc and F1"
