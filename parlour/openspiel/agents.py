"""Computer players across the bridge: any Parlour agent as an OpenSpiel bot, and OpenSpiel's
ISMCTS as a Parlour agent (the ``openspiel-ismcts`` kind).

Both see only what a seat sees. :class:`ParlourBot` hands its agent the seat's view, the legal
actions and a sampler of worlds, exactly as Parlour's match runner does. :class:`ISMCTSAgent`
builds OpenSpiel's search on a world drawn from its seat's view, and draws every further
world the search asks for from that view too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from parlour.core.agents import Agent, AgentSpecError
from parlour.core.game import Action, Game, PluginError, State, failed, guarded
from parlour.core.inputs import shown
from parlour.core.match import consult, illegal_choice, player_name
from parlour.core.registry import discover
from parlour.openspiel.bridge import MAX_GAME_LENGTH, ParlourGame, ParlourState, checked_state, game_for, win_shares

#: OpenSpiel ISMCTS's exploration constant here (returns are win shares, from 0 to 1)
UCT_C = 1.0


def _parlour_state(state: pyspiel.State) -> State:
    inner = getattr(state, "inner", None)
    if inner is None:
        raise pyspiel.SpielError("a Parlour bot plays only Parlour games, after the deal")
    return inner  # type: ignore[no-any-return]


class ParlourBot(pyspiel.Bot):
    """An OpenSpiel bot that asks a Parlour agent (``hard``, ``medium``...) for each move, from
    the seat's view and legal actions alone, with worlds drawn from that view for a
    searching agent; ``seed`` starts the agent's generator.

    It asks as Parlour's match runner does, through the same doors: the agent's failing, a
    choice that is not a legal move, or taking longer than ``time_limit`` seconds (None: no
    limit) is a :class:`~parlour.core.game.PluginError` naming it (as ``name``: its kind,
    ``"hard:200"``; its class's name by default) and its seat."""

    def __init__(self, agent: Agent, seed: int = 0, *, name: str | None = None,
                 time_limit: float | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent
        self.rng = random.Random(seed)
        self.name = name or type(agent).__name__
        self.time_limit = time_limit

    def step(self, state: pyspiel.State) -> int:
        inner = _parlour_state(state)
        seat = state.current_player()
        if seat < 0:
            raise pyspiel.SpielError("the game is over")
        by_code = state._core.actions()
        legal = list(by_code.values())
        title = state.get_game().title
        with guarded(title, lambda: f"to show seat {seat + 1} its view"):
            view = inner.view(seat)
        action = consult(self.agent, inner, seat, view, legal, self.rng, self.name, title, self.time_limit)
        for code, offered in by_code.items():
            if offered == action:
                return code
        raise illegal_choice(player_name(self.name, seat, title), action)

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


def parlour_bot(game_id: str, spec: str, rules: Mapping[str, Any], seed: int = 0) -> ParlourBot:
    """An OpenSpiel bot playing the Parlour computer player ``spec`` (``"hard:200"``)."""
    from parlour.core.agents import make_agent

    game = discover().get(game_id)
    with guarded(game.title, lambda: f"to make its computer player {shown(spec)!r}", (PluginError, AgentSpecError)):
        agent = make_agent(game, spec, rules)
    return ParlourBot(agent, seed, name=spec)


class _Playouts:
    """OpenSpiel's rollout evaluator, played inside the Parlour state: a uniform random legal
    move at every step to the end, as ``mcts.RandomRolloutEvaluator`` plays them, but on a
    quiet copy of the Parlour state rather than through OpenSpiel's numbers, which is many
    times quicker. The priors are uniform."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: ParlourState) -> np.ndarray:
        inner = state.inner
        if inner is None:
            raise pyspiel.SpielError("no play-out before the deal")
        title = state.get_game().title
        rand = self.rng.random
        with guarded(title, "to play a game out"):
            world = inner.clone()
            world.silence()
            for _ in range(MAX_GAME_LENGTH):
                if world.to_move is None:
                    break
                legal = world.legal_actions()
                if not legal:
                    raise failed(title, "to play a game out", "no moves, and the game is not over")
                world.apply_trusted(legal[int(rand() * len(legal))])
            else:
                raise failed(title, "to play a game out", f"no end after {MAX_GAME_LENGTH:,} moves")
            winners = world.winners()
        return np.array(win_shares(title, winners, world.players))

    def prior(self, state: ParlourState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(code, 1.0 / len(legal)) for code in legal]


class ISMCTSAgent:
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``) at a Parlour
    table, with ``simulations`` a decision, uniform random play-outs and the most visited move.

    It is given no game knowledge: it searches every legal move (a node of a large bid space
    is as wide as it), and sees the other seats only through worlds drawn from its view."""

    wants_worlds = True

    def __init__(self, game: Game, rules: Mapping[str, Any], simulations: int) -> None:
        self.game = game
        self.rules = dict(rules)
        self.simulations = simulations
        self._games: dict[int, ParlourGame] = {}

    def _openspiel_game(self, players: int) -> ParlourGame:
        found = self._games.get(players)
        if found is None:
            found = self._games[players] = game_for(self.game, self.rules, players)
        return found

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random,
               worlds: Any = None) -> Action:
        if len(legal) == 1 or worlds is None:
            return legal[0]
        what = "to draw a world for its computer player"
        with guarded(self.game.title, what):
            world = checked_state(self.game.title, worlds(rng), what)
        game = self._openspiel_game(world.players)
        state = ParlourState.from_world(game, world, worlds)
        bot = ismcts.ISMCTSBot(
            game, _Playouts(random.Random(rng.getrandbits(64))), UCT_C, self.simulations,
            random_state=np.random.RandomState(rng.getrandbits(32)),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            allow_inconsistent_action_sets=True,
        )
        # OpenSpiel's own resampling draws from a generator seeded anew each time: the search's
        # worlds come from this decision's generator instead, so the same view decides the same
        draw = random.Random(rng.getrandbits(64)).random
        bot.set_resampler(lambda root, player: root.resample_from_infostate(player, draw))
        code = bot.step(state)
        chosen = state._core.actions().get(int(code))
        for action in legal:
            if action == chosen:
                return action
        raise pyspiel.SpielError(f"OpenSpiel's ISMCTS chose the move numbered {code}, which is not a legal move here")
