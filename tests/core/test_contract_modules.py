"""The contract reads alone: ``parlour.core.game`` loads no computer player, the host's levels
come from ``parlour.core.levels``, and agents declare their optional abilities instead of
being probed for them."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from parlour.core.agents import Abilities, RandomAgent, abilities, decide
from parlour.core.game import Game as Contract
from parlour.core.levels import LevelledGame
from parlour.core.search import FlatMonteCarloAgent, SearchAgent
from parlour.plugin import Game
from sevens import GAME as SEVENS
from searching_sevens import GAME as SEARCHING

ROOT = Path(__file__).parents[2]


def test_the_contract_loads_no_computer_player() -> None:
    code = "import sys, parlour.core.game; print(' '.join(sorted(m for m in sys.modules if m.startswith('parlour'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert "parlour.core.game" in out
    assert not {"parlour.core.agents", "parlour.core.search", "parlour.core.levels"} & set(out), out


def test_the_plugin_game_is_the_contract_with_the_host_levels() -> None:
    assert Game is LevelledGame and issubclass(Game, Contract)
    assert list(Game.agent_kinds(SEARCHING))[:3] == ["random", "hard", "flat"]
    assert Contract.agent_kinds(SEARCHING) == {}
    assert set(SEARCHING.agent_kinds()) == {"random", "hard", "flat", "high"}


def test_a_plugin_keeps_its_own_folder() -> None:
    """``Game.folder`` is the plugin's, not the host module its base class lives in."""
    assert SEVENS.folder == ROOT / "tests" / "fixtures" / "sevens"
    assert SEARCHING.folder == ROOT / "tests" / "fixtures" / "sevens"
    assert SEVENS.rules_markdown().startswith("# Sevens")


class _Plain:
    def choose(self, view, legal, rng):  # noqa: ANN001 - an agent written against nothing but the protocol
        return legal[0]


class _Searching(_Plain):
    wants_worlds = True


def test_an_agent_that_declares_nothing_has_the_default_abilities() -> None:
    assert abilities(_Plain()) == Abilities() == Abilities(reads_view=True, quick=False, wants_worlds=False,
                                                           reports_progress=False)


def test_declared_abilities_are_read() -> None:
    assert abilities(RandomAgent()) == Abilities(reads_view=False, quick=True)
    assert abilities(_Searching()).wants_worlds
    search = abilities(SearchAgent())
    assert search.wants_worlds and search.reports_progress
    assert abilities(FlatMonteCarloAgent()).wants_worlds


def test_decide_hands_worlds_only_to_an_agent_that_declares_it() -> None:
    got: list[object] = []

    class Wants(_Searching):
        def choose(self, view, legal, rng, worlds=None):  # noqa: ANN001
            got.append(worlds)
            return legal[0]

    sampler = object()
    assert decide(_Plain(), {}, ["a"], random.Random(1), worlds=sampler) == "a"  # type: ignore[arg-type,list-item]
    decide(Wants(), {}, ["a"], random.Random(1), worlds=sampler)  # type: ignore[arg-type,list-item]
    assert got == [sampler]


def test_only_abilities_reads_an_agents_abilities() -> None:
    """An ability read with ``getattr`` elsewhere would drift from the declared default."""
    probe = re.compile(r"getattr\([^)]*[\"'](" + "|".join(Abilities._fields) + r")[\"']")
    found = [f"{path.relative_to(ROOT)}:{n}" for folder in ("parlour", "games")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if probe.search(line)]
    assert found == []
