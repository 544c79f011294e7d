"""The searching player behind ``hard``: game-independent, honest, and open to game knowledge.

It uses only the game contract: the deciding seat's view, worlds drawn by
``State.sample_world`` (through the ``worlds`` sampler an agent receives), and in those
worlds ``clone``, ``legal_actions``, ``apply_trusted``, ``to_move``, ``scores`` and
``winners``. It never reads the true state.

A game may lend it knowledge through a :class:`Knowledge` object (``Game.search_knowledge``);
every hook has a default, so a plugin without one still gets a searching opponent.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parlour.core.agents import AgentKind, Budget, Stopwatch
from parlour.core.i18n import N_

if TYPE_CHECKING:
    from parlour.core.game import Action, State


class Knowledge:
    """What a game may tell the searching player. Subclass and override any hook; the
    defaults are what the player does for a game that tells it nothing.

    The hooks that take a ``world`` receive a sampled world (never the true state), so they
    may read all of it; but a rollout policy that plays *other* seats should decide as those
    seats could, from what they know, or the search learns to fear opponents who see through
    walls (a rollout opponent that only challenges lies makes every lie look hopeless)."""

    #: Steps a rollout plays before it stops and asks :meth:`evaluate` (None: to the end).
    rollout_depth: int | None = None
    #: Whether the other seats move inside the search tree as :meth:`rollout` says (a model
    #: of how they play, deciding from what they know in each world) instead of by the
    #: tree's own best-reply statistics. Those statistics are pooled over worlds, so a
    #: modelled opponent answers without his own secret (a mover who admits a true claim,
    #: a challenger who folds to everything) and the search learns to exploit players who
    #: do not exist. The tree then grows on the searching seat's own moves only.
    model_others: bool = False
    #: Root moves within this of the best one's mean result (and with at least a quarter of
    #: its simulations) are chosen among at random, so that moves of nearly equal value do
    #: not come by rote; 0 keeps the most visited.
    variety: float = 0.0
    #: The game's first candidate (its own advice) is played unless another root move's mean
    #: result beats it by this many standard errors; 0 plays the most visited. A few hundred
    #: simulations tell apart only moves that differ a lot, and between two that differ a
    #: little the most visited is a coin toss.
    trust_first: float = 0.0

    def trusts(self, action: Action) -> bool:
        """Whether the game's first candidate ``action`` is kept as :attr:`trust_first` says."""
        return True

    def varies(self, action: Action) -> bool:
        """Whether ``action`` is a move :attr:`variety` may choose among its near equals (a
        game keeps it to the moves a person reads a pattern in, say its announcements, and
        out of the stakes, where a near tie in mean result can hide a much larger risk)."""
        return True

    def rollout(self, world: State, rng: random.Random) -> Action | None:
        """The move the seat to move makes in a rollout; None for a uniform random legal move."""
        return None

    def recall(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        """Per seat, what earlier games with its player showed (``State.habits`` summed;
        None for a player not met before), given once before the match: a game that models
        the other seats may start from it instead of its priors. The default forgets it."""

    def candidates(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Sequence[Action]:
        """The deciding seat's actions worth searching, best first (from the game's own
        agent, say). With a large action space only a few are searched, widening with the
        number of simulations, so a move never offered here may never be tried. The default
        is ``legal`` itself."""
        return legal

    def indifferent(self, view: Mapping[str, Any]) -> bool:
        """Whether no legal move of the deciding seat changes a score (Banque Fatale's last
        picks from the pool): the analysis counts it forced. The default: never."""
        return False

    def evaluate(self, world: State) -> Sequence[float] | None:
        """Each seat's expected result (0 to 1, as :meth:`result` gives it) in a world a
        rollout stopped in early; None to play on to the end."""
        return None

    def result(self, world: State) -> list[float]:
        """Each seat's result at the end of a world: a share of the win, plus a small bonus
        for the score margin so that the search keeps playing well when the game is lost
        or won."""
        winners = world.winners()
        share = 1.0 / len(winners)
        scores = world.scores()
        top, low = max(scores), min(scores)
        spread = (top - low) or 1.0
        return [
            (share if seat in winners else 0.0) * 0.9 + 0.1 * (score - low) / spread
            for seat, score in enumerate(scores)
        ]

    def win_chance(self, world: State, seat: int) -> float | None:
        """``seat``'s chance to win in a world where a simulation stopped: at the end of the
        game its share of the win; in a world a rollout was cut off in (where
        :meth:`evaluate` answered), the game's estimate of it, or None (the default) to let
        the value from :meth:`evaluate` stand for it. The searcher keeps it beside the
        reward, for the analysis of a game."""
        if world.to_move is not None:
            return None
        winners = world.winners()
        return 1.0 / len(winners) if seat in winners else 0.0

    def redraw(self, world: State, seat: int, view: Mapping[str, Any], rng: random.Random) -> None:
        """Redraw in place, in a world just sampled for ``seat``, hidden things that a model
        of the other players has beliefs about (the sealed bids they made, say), so that the
        worlds come from the model instead of being weighed by it (a uniform draw may need
        hundreds of worlds to find the one bid a player is likely to make). Only what ``seat``
        cannot see may change, and only from ``view`` and the world's own public parts. The
        default leaves the world as drawn."""

    def world_weight(self, world: State, seat: int, view: Mapping[str, Any]) -> float:
        """How likely the other seats' moves seen so far are in ``world`` under a model of
        those players (a relative weight; 0 rules the world out). Worlds are resampled by
        this weight before the search, so a claim that a player was likely to make only when
        true is believed. The default trusts every world equally."""
        return 1.0


#: The thinking budget of plain ``hard`` (the coordinator tunes it from the benchmarks).
DEFAULT_BUDGET = Budget(iterations=1000)
#: Worlds a flat Monte Carlo decision samples by default.
FLAT_WORLDS = 200
#: Candidate actions the flat bot tries at most.
FLAT_CANDIDATES = 12
#: A node with more legal moves than this widens progressively instead of trying them all.
WIDE = 40
#: Moves sampled at random as the root's candidates in a huge choice the game gives no advice on.
ROOT_SAMPLE = 256


_LOW = float("-inf")


def _overrides(knowledge: Knowledge, hook: str) -> bool:
    """Whether ``knowledge`` replaces the default ``hook`` (defaults are skipped for speed)."""
    return getattr(type(knowledge), hook) is not getattr(Knowledge, hook)


class _Node:
    """One edge of the open-loop tree: the action sequence from the root that leads here.
    ``total`` and ``visits`` are from the point of view of the seat that chose the edge in
    the world it was played in; ``avail`` counts the visits to the parent in which the edge
    was legal (availability, for the exploration term)."""

    __slots__ = ("children", "visits", "total", "squares", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 0


def _select(moves: Iterable[Any], children: Mapping[Any, _Node], c: float,
            count: bool = True) -> tuple[Any, _Node | None, list[Any] | None]:
    """The selection step, the one place of the UCB formula: among ``moves`` (actions, or
    the root's indices), the first with the best mean result plus ``c`` times the
    exploration term over its availability (an edge never tried comes first), counting the
    choice in each edge's availability when ``count``. Moves without an edge in
    ``children`` are returned apart, untried, in order (None when there are none)."""
    log, sqrt = math.log, math.sqrt
    untried: list[Any] | None = None
    chosen: _Node | None = None
    action: Any = None
    best = _LOW
    get = children.get
    for move in moves:
        child = get(move)
        if child is None:
            if untried is None:
                untried = [move]
            else:
                untried.append(move)
            continue
        if count:
            child.avail += 1
        n = child.visits
        score = child.total / n + c * sqrt(log(child.avail) / n) if n else 1e300
        if score > best:
            best, chosen, action = score, child, move
    return action, chosen, untried


@dataclass(frozen=True)
class MoveStats:
    """What one search found of one of the deciding seat's moves: the simulations that tried
    it, their mean ``reward`` (what the search steers by: mostly the share of the win, a
    little the score margin, see :meth:`Knowledge.result`) and the estimated ``win`` chance
    alone (the mean share of the win, or the game's estimate where a rollout was cut off:
    :meth:`Knowledge.win_chance`; None when the search was not asked for it or nothing
    was searched). Both are 0 for a move never tried in a search. ``spread`` is the
    variance of its simulations' rewards (0 with fewer than two)."""

    action: Action
    visits: int
    reward: float
    win: float | None
    spread: float = 0.0

    def error(self) -> float:
        """The standard error of :attr:`reward` (0 for a move tried fewer than twice)."""
        return math.sqrt(self.spread / self.visits) if self.visits > 1 else 0.0


@dataclass(frozen=True)
class Searched:
    """The root of one search: each move searched, the game's candidates first, and the
    simulations run. No move has visits when there was nothing to search (one move, no
    worlds): the first is then the one to play."""

    moves: tuple[MoveStats, ...]
    iterations: int
    #: the most visited move's index before the simulations a ``floor`` added, if any
    chosen: int | None = None

    def most_visited(self) -> int:
        """The index of the most tried move (more visits, then the better mean; the first
        of equals), as the search chose before any ``floor`` simulations."""
        if self.chosen is not None:
            return self.chosen
        best = 0
        for i in range(1, len(self.moves)):
            a, b = self.moves[i], self.moves[best]
            if a.visits > b.visits or (a.visits == b.visits and a.visits and a.reward > b.reward):
                best = i
        return best


class _Root:
    """The deciding seat's moves at the root of one search: the same in every world its view
    allows, each still asked of the world it is played in. A long list widens
    progressively; a move's availability counts the visits since it was first considered.
    Each move also keeps the sum of its estimated win chances."""

    __slots__ = ("offered", "nodes", "wins", "widens", "visits")

    def __init__(self, offered: Sequence[Action]) -> None:
        self.offered = offered
        # by index, not by action: an action's hash may be slow Python code
        self.nodes = {i: _Node() for i in range(len(offered))}
        self.wins = [0.0] * len(offered)
        self.widens = len(offered) > WIDE
        self.visits = 0

    def select(self, world: State, c: float, widening: float, alpha: float) -> int:
        """The index of the move to try in ``world``: by UCB among the moves considered so
        far that are legal there (legality asked only of the best, in turn); -1 when none is."""
        k = len(self.offered)
        if self.widens:
            k = min(k, max(1, int(widening * (self.visits + 1) ** alpha)))
        self.visits += 1
        nodes, offered, is_legal = self.nodes, self.offered, world.is_legal
        considered: Sequence[int] = range(k)
        pick, _, _ = _select(considered, nodes, c)
        while pick is not None and not is_legal(offered[pick]):
            barred = pick
            considered = [i for i in considered if i != barred]
            pick, _, _ = _select(considered, nodes, c, count=False)
        return -1 if pick is None else pick

    def stats(self, iterations: int, chances: bool, chosen: int | None = None) -> Searched:
        def spread(node: _Node) -> float:
            n = node.visits
            if n < 2:
                return 0.0
            mean = node.total / n
            return max(0.0, (node.squares - n * mean * mean) / (n - 1))

        return Searched(tuple(
            MoveStats(action, node.visits, node.total / node.visits if node.visits else 0.0,
                      (wins / node.visits if node.visits else 0.0) if chances else None, spread(node))
            for action, node, wins in zip(self.offered, self.nodes.values(), self.wins)), iterations, chosen)


class SearchAgent:
    """Single-observer information-set Monte Carlo tree search, open loop.

    Each simulation draws a world consistent with the deciding seat's view (resampled by
    ``Knowledge.world_weight``), walks down the tree choosing, at every node, among the
    children legal in that world by UCB with availability counts, adds one node, plays the
    rest out (``Knowledge.rollout`` or uniform random moves, cut off after
    ``Knowledge.rollout_depth`` steps when ``Knowledge.evaluate`` answers) and credits every
    edge with the result of the seat that chose it. Nodes with many moves widen
    progressively (``widening * visits ** alpha`` children); the root's moves come from
    ``Knowledge.candidates``, best first. The choice is the most visited root move.

    The steps: :meth:`root_moves`, then :meth:`search` (a :class:`Stopwatch`, the root's
    and the tree's selection, :meth:`_simulate`), then :meth:`final_choice`. A search keeps
    its state to itself, so one agent may run several at once."""

    wants_worlds = True
    reports_progress = True
    recalls = True

    def __init__(
        self,
        knowledge: Knowledge | None = None,
        budget: Budget = DEFAULT_BUDGET,
        *,
        exploration: float = 0.7,
        widening: float = 2.0,
        alpha: float = 0.5,
        working_set: int = 32,
        pool_factor: int = 4,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.knowledge = knowledge or Knowledge()
        self.budget = budget
        self.exploration = exploration
        self.widening = widening
        self.alpha = alpha
        self.working_set = working_set
        self.pool_factor = pool_factor
        self.clock = clock
        #: Simulations run for the last decision (for benchmarks and tests).
        self.last_iterations = 0
        # the hooks the game overrides (a default hook is skipped, not called)
        self._policy = self.knowledge.rollout if _overrides(self.knowledge, "rollout") else None
        self._depth = self.knowledge.rollout_depth if _overrides(self.knowledge, "evaluate") else None
        self._model_others = bool(self.knowledge.model_others) and self._policy is not None

    def recall(self, habits: Sequence[Mapping[str, float] | None]) -> None:
        """What earlier games showed of each seat's player (``Abilities.recalls``), for the
        game's knowledge to start its models of them from (:meth:`Knowledge.recall`)."""
        self.knowledge.recall(habits)

    # -- worlds ------------------------------------------------------------------
    def _world_stream(
        self, view: Mapping[str, Any], worlds: Callable[[random.Random], State], rng: random.Random
    ) -> Callable[[], State]:
        """A function giving the world of the next simulation. Without a world model every
        simulation gets a fresh world. With one, worlds are drawn ``working_set`` at a time
        and weighted, until the pool's effective size (``(sum w)^2 / sum w^2``) reaches half
        a working set or the pool holds ``pool_factor`` working sets; then a working set is
        resampled from it in proportion to the weights (systematic resampling from ``rng``).
        When the weights say little (most decisions) that costs one sampled world a
        simulation; when they rule most worlds out, up to ``pool_factor``. A game that
        redraws (``Knowledge.redraw``) does so in every world as it is drawn."""
        if _overrides(self.knowledge, "redraw"):
            redraw, sampler = self.knowledge.redraw, worlds

            def worlds(rng: random.Random) -> State:
                world = sampler(rng)
                redraw(world, world.to_move, view, rng)  # type: ignore[arg-type]
                return world

        if not _overrides(self.knowledge, "world_weight"):
            return lambda: worlds(rng)
        weight = self.knowledge.world_weight
        size = max(1, self.working_set)
        rounds = max(1, self.pool_factor)
        queue: list[State] = []

        def refill() -> None:
            pool: list[State] = []
            weights: list[float] = []
            for _ in range(rounds):
                drawn = [worlds(rng) for _ in range(size)]
                seat = drawn[0].to_move  # the deciding seat: it is to move in every world
                pool += drawn
                weights += [max(0.0, float(weight(w, seat, view))) for w in drawn]  # type: ignore[arg-type]
                total = sum(weights)
                if total > 0.0 and total * total >= 0.5 * size * sum(w * w for w in weights):
                    break
            total = sum(weights)
            if total <= 0.0:  # every world ruled out: trust them all alike
                weights = [1.0] * len(pool)
                total = float(len(pool))
            step = total / size
            mark = rng.random() * step
            acc = 0.0
            chosen: list[State] = []
            for w, wt in zip(pool, weights):
                acc += wt
                while mark < acc and len(chosen) < size:
                    chosen.append(w)
                    mark += step
            while len(chosen) < size:  # rounding at the very end
                chosen.append(pool[-1])
            rng.shuffle(chosen)  # duplicates of a likely world need not come in a row
            queue.extend(chosen)

        def next_world() -> State:
            if not queue:
                refill()
            return queue.pop().clone()

        return next_world

    # -- the decision ------------------------------------------------------------
    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        rng: random.Random,
        worlds: Callable[[random.Random], State] | None = None,
        progress: Callable[[float], None] | None = None,
    ) -> Action:
        searched = self.search(view, legal, rng, worlds, progress, chances=False)
        self.last_iterations = searched.iterations
        return self.final_choice(searched, rng)

    def root_moves(self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random,
                   also: Sequence[Action] = ()) -> list[Action]:
        """The deciding seat's moves worth searching, best first: the game's candidates
        (those legal, unless the choice is huge), else all of ``legal``, else a random sample
        of a huge choice. ``also`` (legal moves that must be judged, say the move a player
        made) come second when missing."""
        knowledge = self.knowledge
        wide = len(legal) > WIDE
        if _overrides(knowledge, "candidates"):
            offered = list(dict.fromkeys(knowledge.candidates(view, legal, rng)))
            if not wide:
                allowed = set(legal)
                offered = [a for a in offered if a in allowed]
        elif wide:
            # no advice in a huge choice: a random sample of it, in random order
            offered = [legal[i] for i in rng.sample(range(len(legal)), min(len(legal), ROOT_SAMPLE))]
        else:
            offered = list(legal)
        if not offered:
            offered = [legal[0]]
        missing = [a for a in dict.fromkeys(also) if a not in offered]
        if missing:
            offered[1:1] = missing
        return offered

    def search(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        rng: random.Random,
        worlds: Callable[[random.Random], State] | None = None,
        progress: Callable[[float], None] | None = None,
        also: Sequence[Action] = (),
        chances: bool = True,
        floor: int = 0,
    ) -> Searched:
        """Search the decision and return what was found of each root move (see
        :class:`Searched`); ``also`` as in :meth:`root_moves`. Without ``chances`` the win
        chances are not kept (a decision needs only the rewards: it is quicker). With a
        ``floor``, once the budget is spent the first move of ``also`` is tried until it has
        that many simulations (at most ``4 * floor`` worlds drawn): a move the selection left
        after a poor start has a mean biased low, which more simulations dilute."""
        if len(legal) == 1 and not also:
            if progress is not None:
                progress(1.0)
            return Searched((MoveStats(legal[0], 0, 0.0, None),), 0)
        offered = self.root_moves(view, legal, rng, also)
        if worlds is None or len(offered) == 1:
            # nothing to search with (or about): the game's own best candidate
            if progress is not None:
                progress(1.0)
            return Searched(tuple(MoveStats(a, 0, 0.0, None) for a in offered), 0)
        next_world = self._world_stream(view, worlds, rng)
        root = _Root(offered)
        watch = Stopwatch(self.budget, self.clock, progress)
        c, widening, alpha = self.exploration, self.widening, self.alpha
        simulate, win_chance = self._simulate, self.knowledge.win_chance
        nodes, wins = root.nodes, root.wins

        def play(world: State, pick: int) -> None:
            node = nodes[pick]
            mover: int = world.to_move  # type: ignore[assignment]
            world.apply_trusted(offered[pick])
            reward = simulate(world, node, node.visits == 0, rng, mover)[mover]
            node.visits += 1
            node.total += reward
            node.squares += reward * reward
            if chances:
                chance = win_chance(world, mover)  # the world where the simulation stopped
                wins[pick] += reward if chance is None else chance

        done = 0
        while not watch.over(done):
            world = next_world()
            done += 1
            pick = root.select(world, c, widening, alpha)
            if pick >= 0:
                play(world, pick)
        # the floor: the search's choice is kept as it stood before the move played's top-up
        pick = offered.index(also[0]) if floor > 0 and also else -1
        chosen = root.stats(done, False).most_visited() if pick >= 0 and nodes[pick].visits < floor else None
        for _ in range(4 * floor if chosen is not None else 0):
            if nodes[pick].visits >= floor:
                break
            world = next_world()
            done += 1
            if world.is_legal(offered[pick]):
                play(world, pick)
        if progress is not None:
            progress(1.0)
        return root.stats(done, chances, chosen)

    def final_choice(self, searched: Searched, rng: random.Random) -> Action:
        """The most visited move; with :attr:`Knowledge.variety`, any of those close to it
        in mean result (with a quarter of its visits) that the game lets vary
        (:meth:`Knowledge.varies`), at random."""
        moves = searched.moves
        best_i = searched.most_visited()
        best = moves[best_i]
        knowledge = self.knowledge
        trust, first = knowledge.trust_first, moves[0]
        if trust > 0.0 and best_i and first.visits > 1 and knowledge.trusts(first.action):
            margin = trust * math.sqrt(best.error() ** 2 + first.error() ** 2)
            if best.reward - first.reward <= margin:
                return first.action
        variety = knowledge.variety
        if variety > 0.0 and best.visits and knowledge.varies(best.action):
            top = best.reward - variety
            near = [i for i, m in enumerate(moves)
                    if m.visits and 4 * m.visits >= best.visits and m.reward >= top and knowledge.varies(m.action)]
            if len(near) > 1:
                best_i = near[rng.randrange(len(near))]
        return moves[best_i].action

    def _simulate(self, world: State, node: _Node, fresh: bool, rng: random.Random, me: int) -> Sequence[float]:
        """Walk down from ``node`` (just entered in ``world`` by seat ``me``'s move), add one
        node, play out and credit the path; return the rewards by seat for the caller's own
        edge. ``world`` is left where the simulation stopped."""
        path: list[tuple[_Node, int]] = []
        c = self.exploration
        policy = self._policy
        randrange = rng.randrange
        model_others = self._model_others
        while not fresh:
            mover = world.to_move
            if mover is None:
                break
            if model_others and mover != me:
                move = policy(world, rng)  # type: ignore[misc]
                if move is None:
                    legal = world.legal_actions()
                    move = legal[randrange(len(legal))]
                world.apply_trusted(move)
                continue
            legal = world.legal_actions()
            children = node.children
            if len(legal) > WIDE:
                action, chosen, fresh = self._widen(world, legal, node, policy, rng)
            else:
                action, chosen, untried = _select(legal, children, c)
                if untried is not None:
                    action = untried[randrange(len(untried))] if len(untried) > 1 else untried[0]
                    chosen = children[action] = _Node()
                    chosen.avail = 1
                    fresh = True
            if chosen is None:  # nothing of the tree is legal here: play on at random
                break
            world.apply_trusted(action)  # type: ignore[arg-type]
            path.append((chosen, mover))
            node = chosen
        rewards = self._rollout(world, policy, rng)
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]
        return rewards

    def _widen(self, world: State, legal: Sequence[Action], node: _Node,
               policy: Callable[[State, random.Random], Action | None] | None,
               rng: random.Random) -> tuple[Action | None, _Node | None, bool]:
        """In a huge choice: widen with the visits (a new move from the rollout policy),
        else the best by UCB among the edges legal in ``world``; the move, its edge and
        whether the edge is new."""
        children = node.children
        if len(children) < max(1, int(self.widening * (node.visits + 1) ** self.alpha)):
            move = policy(world, rng) if policy is not None else None
            if move is None:
                move = legal[rng.randrange(len(legal))]
            if move not in children:
                chosen = children[move] = _Node()
                chosen.avail = 1
                return move, chosen, True
        is_legal = world.is_legal
        action, chosen, _ = _select([move for move in children if is_legal(move)], children, self.exploration)
        return action, chosen, False

    def _rollout(
        self, world: State, policy: Callable[[State, random.Random], Action | None] | None, rng: random.Random
    ) -> Sequence[float]:
        knowledge = self.knowledge
        depth = self._depth
        rand = rng.random
        steps = 0
        while world.to_move is not None:
            if depth is not None and steps >= depth:
                value = knowledge.evaluate(world)
                if value is not None:
                    return value
                depth = None
            move = policy(world, rng) if policy is not None else None
            if move is None:
                legal = world.legal_actions()
                move = legal[int(rand() * len(legal))]
            world.apply_trusted(move)
            steps += 1
        return knowledge.result(world)


class FlatMonteCarloAgent:
    """The plain baseline: for each decision, sample ``worlds`` worlds, try each of up to
    ``FLAT_CANDIDATES`` candidate moves in every one of them, play each out with uniform
    random moves to the end and keep the move with the best mean result for the seat.
    No tree, no world model: what a search gets without knowledge (or with it) is measured
    against this."""

    wants_worlds = True

    def __init__(self, knowledge: Knowledge | None = None, worlds: int = FLAT_WORLDS) -> None:
        self.knowledge = knowledge or Knowledge()
        self.worlds = worlds

    def choose(
        self,
        view: Mapping[str, Any],
        legal: Sequence[Action],
        rng: random.Random,
        worlds: Callable[[random.Random], State] | None = None,
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        knowledge = self.knowledge
        if _overrides(knowledge, "candidates"):
            moves = list(dict.fromkeys(knowledge.candidates(view, legal, rng)))[:FLAT_CANDIDATES] or [legal[0]]
        elif len(legal) > FLAT_CANDIDATES:
            moves = [legal[i] for i in sorted(rng.sample(range(len(legal)), FLAT_CANDIDATES))]
        else:
            moves = list(legal)
        if worlds is None or len(moves) == 1:
            return moves[0]
        totals = [0.0] * len(moves)
        tries = [0] * len(moves)
        result = knowledge.result
        rand = rng.random
        for _ in range(self.worlds):
            world = worlds(rng)
            seat = world.to_move
            for i, move in enumerate(moves):
                if not world.is_legal(move):
                    continue
                play = world.clone()
                play.apply_trusted(move)
                while play.to_move is not None:
                    options = play.legal_actions()
                    play.apply_trusted(options[int(rand() * len(options))])
                totals[i] += result(play)[seat]  # type: ignore[index]
                tries[i] += 1
        best = max(range(len(moves)), key=lambda i: (totals[i] / tries[i] if tries[i] else -1.0, -i))
        return moves[best]


def search_kind(knowledge: Callable[[Mapping[str, Any]], Knowledge], budget: Budget = DEFAULT_BUDGET,
                about: str = N_("searches ahead through the worlds its cards allow")) -> AgentKind:
    """The ``hard`` kind for a game whose knowledge ``knowledge(rules)`` builds, with its
    default ``budget`` and the line players are shown about it."""
    return AgentKind(lambda rules, budget: SearchAgent(knowledge(rules), budget), about, budget)


def flat_kind() -> AgentKind:
    """The ``flat`` kind: the flat Monte Carlo baseline issue 15 measures against, with no
    game knowledge at all (its candidates are a sample of the legal moves, its play-outs
    random); its budget is the number of worlds."""
    return AgentKind(
        lambda rules, budget: FlatMonteCarloAgent(Knowledge(), budget.iterations or FLAT_WORLDS),
        N_("tries a dozen moves with random play-outs in sampled worlds (a measuring stick)"),
        Budget(iterations=FLAT_WORLDS),
    )
