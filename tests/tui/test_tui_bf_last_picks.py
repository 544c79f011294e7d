"""Banque Fatale's last round asked a person for every pool pick one by one, though none could
change a score (issue 24): at the table one Enter takes all of them; the engine and the record
are untouched (the picks are ordinary takes, and the record replays to the same end)."""

from __future__ import annotations

import random

import pytest
from test_tui_fit import REGISTRY, at_table, seats
from tui_helpers import run, wait_for

from parlour.games.banque_fatale.board import BanqueFataleBoard
from parlour.core.record import replay
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import settled_text
from parlour.tui.app import ParlourApp

GAME_ID = "banque-fatale"


def at_last_draft(variants: tuple[str, ...]) -> tuple[object, int]:
    """A game of four (Ada the person) at Ada's first pick of the last round, with at least
    two picks of hers to come; and how many she makes in that draft."""
    game = REGISTRY.get(GAME_ID)
    rules = REGISTRY.ruleset(GAME_ID).resolve(list(variants))
    for seed in range(1, 300):
        match = start_match(game, rules, seed, seats())
        rng = random.Random(seed)
        while not match.state.is_over:
            view = match.state.view(0)
            if view["phase"] == "draft" and not view["display"] and not view["pile"] and match.state.to_move == 0:
                trial = start_match(game, rules, seed, seats())
                for text in match.record.actions:
                    trial.play(game.legal_action(trial.state, text))
                picks = 0
                while trial.state.view(0)["phase"] == "draft":
                    picks += trial.state.to_move == 0
                    trial.play(trial.state.legal_actions()[0])
                if picks >= 2:
                    return match, picks
                break
            match.play(rng.choice(match.state.legal_actions()))
    raise AssertionError("no game reached a last-round draft with two picks of Ada's")


@pytest.mark.parametrize("variants", [("worthless-jetons",), ()], ids=["worthless", "plain"])
def test_one_enter_takes_all_the_last_rounds_picks(tmp_path, monkeypatch, variants) -> None:
    monkeypatch.setattr(BanqueFataleBoard, "decision_delay", 0.0)
    match, picks = at_last_draft(variants)
    done = len(match.record.actions)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_table(pilot, app, GAME_ID, match, tmp_path)
            text = await settled_text(pilot)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.match.state.view(0)["phase"] != "draft")
            return text

    text = run(scenario())
    assert "no pick changes a score" in text and "Enter takes all your picks" in text, text
    record = match.record
    game = REGISTRY.get(GAME_ID)
    ada = [text for i, text in enumerate(record.actions[done:]) if replay(game, record, done + i).to_move == 0]
    assert len(ada) >= picks and all(text.startswith("take ") for text in ada[:picks]), ada
    assert replay(game, record).scores() == match.state.scores(), "the record replays to the same end"
