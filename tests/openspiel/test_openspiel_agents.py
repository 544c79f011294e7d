"""Computer players across the bridge: OpenSpiel's ISMCTS plays whole games of every game, a
Parlour agent plays as an OpenSpiel bot, and ``openspiel-ismcts`` sits at a Parlour table."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install parlour[openspiel])")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from parlour.core import simulate  # noqa: E402
from parlour.core.agents import AgentSpecError, all_kinds, find_kind, make_agent  # noqa: E402
from parlour.core.registry import discover  # noqa: E402
from parlour.openspiel import kinds, load_game  # noqa: E402
from parlour.openspiel.agents import ParlourBot, _Playouts, parlour_bot  # noqa: E402

GAMES = ("banque-fatale", "monte-carlo", "casablanca")


def _play(state: pyspiel.State, bots: list, deal: int) -> pyspiel.State:
    state.apply_action(deal)
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_plays_whole_games(game_id: str) -> None:
    game = load_game(game_id, {"players": 3})
    bots = [ismcts.ISMCTSBot(game, _Playouts(random.Random(seat)), 1.0, 3,
                             random_state=np.random.RandomState(seat), allow_inconsistent_action_sets=True)
            for seat in range(3)]
    state = _play(game.new_initial_state(), bots, 7)
    assert sum(state.returns()) == pytest.approx(1.0) and max(state.returns()) > 0


def test_openspiel_ismcts_with_its_own_rollouts() -> None:
    """OpenSpiel's pieces unchanged (its random roll-out evaluator), on the shortest game."""
    game = load_game("monte-carlo", {"players": 2, "match_games": 1, "betting_rounds": 2})
    bots = [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seat)), 1.0, 2,
                             random_state=np.random.RandomState(seat), allow_inconsistent_action_sets=True)
            for seat in range(2)]
    state = _play(game.new_initial_state(), bots, 3)
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_parlour_agents_play_as_openspiel_bots(game_id: str) -> None:
    game = load_game(game_id, {"players": 3})
    bots = [parlour_bot(game_id, spec, game.rules, seed) for seed, spec in enumerate(("hard:5", "medium", "random"))]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(2))
    assert sum(returns) == pytest.approx(1.0)


def test_a_parlour_bot_decides_from_the_seats_view_only() -> None:
    """The bot hands its agent the view of the seat to move, as the match runner does."""
    seen: list[dict] = []

    class Spy:
        def choose(self, view, legal, rng):
            seen.append(view)
            return legal[0]

    game = load_game("casablanca", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    private = 0
    for _ in range(12):
        seat = state.current_player()
        views = [state.inner.view(s) for s in range(3)]
        code = ParlourBot(Spy()).step(state)
        assert seen[-1] == views[seat]
        private += any(views[other] != views[seat] for other in range(3) if other != seat)
        assert state.action_to_string(code) == state.inner.legal_actions()[0].text
        state.apply_action(code)
    assert private == 12


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_sits_at_a_parlour_table(game_id: str) -> None:
    game = discover().get(game_id)
    plan = simulate.Plan(game_id, discover().ruleset(game_id).resolve(), [],
                         ["openspiel-ismcts:3", "random", "random"], 2, 4, time_limit=None)
    first, _ = simulate.run(plan)
    again, _ = simulate.run(plan)
    assert [r.scores for r in first] == [r.scores for r in again]
    assert all(r.turns > 0 for r in first)
    assert "openspiel-ismcts" in all_kinds(game) and "openspiel-ismcts" not in game.agent_kinds()


def test_the_kind_takes_a_number_of_simulations() -> None:
    game = discover().get("monte-carlo")
    _, kind, count = find_kind(game, "openspiel-ismcts:17")
    assert count == 17 and kind.budget is not None
    agent = make_agent(game, "openspiel-ismcts:17", discover().ruleset("monte-carlo").resolve())
    assert agent.simulations == 17


def test_without_openspiel_the_kind_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    game = discover().get("monte-carlo")
    monkeypatch.setattr(kinds.importlib.util, "find_spec", lambda name: None)
    assert "openspiel-ismcts" not in all_kinds(game)
    with pytest.raises(AgentSpecError, match="no computer player 'openspiel-ismcts'"):
        find_kind(game, "openspiel-ismcts:5")
