"""What each seat knows, the worlds a seat cannot tell apart, and agents that use only the view."""

from __future__ import annotations

import ast
import json
import random
from collections import Counter
from pathlib import Path

from cb_helpers import arranged, commit, move, random_states, rules, turn_over
from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import Call, Challenge, TakeTop


def test_views_hide_other_seats_chips_and_commits() -> None:
    state = arranged()
    move(state, 10, 3, 11)
    state.apply(Challenge(200))  # seat 2, in secret
    for seat in (0, 3):
        view = state.view(seat)
        assert view["known"][11] is None
        assert view["aside"] == state.aside[seat]
        assert view["challenge"]["my_commit"] is None
        assert "200" not in json.dumps(view["challenge"])
    assert state.view(2)["challenge"]["my_stake"] == 200
    assert state.view(None)["aside"] is None


def test_a_revealed_chip_is_known_to_all_and_stays_known() -> None:
    state = arranged()
    move(state, 10, 3, 11)
    commit(state, {2: 100})
    turn_over(state)
    assert state.view(None)["revealed"] == {"field": 11, "value": 3}
    state.apply(TakeTop())
    assert all(state.view(s)["known"][11] == 3 for s in range(4))


def test_sampled_worlds_redraw_only_what_the_seat_does_not_know() -> None:
    rng = random.Random(5)
    varied = 0
    for step, state in enumerate(random_states(4, 31)):
        if step % 5 or state.is_over:
            continue
        for seat in range(4):
            world = state.sample_world(seat, rng)
            bit = 1 << seat
            for f in range(state.fields):
                assert (world.chips[f] >= 0) == (state.chips[f] >= 0)
                if state.masks[f] & bit:
                    assert world.chips[f] == state.chips[f]
            assert world.aside[seat] == state.aside[seat]
            ring = [v for v in world.chips if v >= 0] + ([world.held] if world.held >= 0 else [])
            assert Counter(ring + world.aside) == {v: 2 for v in range(7)}
            assert world.pile[-1] == state.pile[-1]
            k = state.pile_known_bottom
            assert world.pile[:k] == state.pile[:k] and Counter(world.pile) == Counter(state.pile)
            varied += world.chips != state.chips or world.aside != state.aside
            assert all(e.visible_to(seat) for e in world.events)
    assert varied > 10, "worlds should differ from the real state in what is hidden"


def test_sampled_worlds_redraw_the_others_pending_commits() -> None:
    state = arranged()
    move(state, 10, 3, 11)
    state.apply(Challenge(100))  # seat 2
    state.apply(Challenge(300))  # seat 3
    seen = {tuple(sorted(state.sample_world(0, random.Random(i)).commits.items())) for i in range(30)}
    assert len(seen) > 3
    mine = state.sample_world(3, random.Random(1))
    assert mine.commits[3] == 300


def test_agents_module_never_touches_the_engine_state() -> None:
    source = Path(__file__).parents[3] / "games" / "casablanca" / "agents.py"
    tree = ast.parse(source.read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not imported & {"parlour.games.casablanca.state", "parlour.games.casablanca.game"}
    assert "CasablancaState" not in source.read_text()


def test_agents_see_only_their_seats_view() -> None:
    """Every decision of both agents, across several rounds: the same choice from the real view,
    from the view after a JSON round trip, and from a world redrawn behind the seat's back."""
    kinds = GAME.agent_kinds()
    checked = 0
    for seed in (1, 2, 3):
        sampler = random.Random(seed)
        for step, state in enumerate(random_states(4, seed)):
            if state.is_over:
                break
            seat = state.to_move
            view = state.view(seat)
            world = state.sample_world(seat, sampler)
            assert world.view(seat) == view
            for name in ("easy", "medium"):
                agent = kinds[name](state.rules)
                real = agent.choose(view, state.legal_actions(), random.Random(step))
                plain = agent.choose(json.loads(json.dumps(view)), state.legal_actions(), random.Random(step))
                other = agent.choose(world.view(seat), world.legal_actions(), random.Random(step))
                assert real == plain == other, (name, state.phase)
                assert real in state.legal_actions()
                checked += 1
    assert checked > 300


def test_onlooker_view_shows_only_public_things() -> None:
    state = arranged()
    move(state, 10, 3, 11)
    view = state.view(None)
    assert view["seat"] is None and view["aside"] is None
    assert all(v is None for v in view["known"])
    assert view["knowers"][11] == [1]


def test_no_memory_aid_variant_keeps_the_view_whole() -> None:
    state = GAME.new_game(4, rules("no-memory-aid"), 3)
    view = state.view(0)
    assert view["memory_aid"] is False and view["aside"] is not None
