"""Issue 16: a small soak in the suite (the long one is benchmarks/soak.py): random games of
each built-in game, every move checked, what each game conserves unchanged."""

from __future__ import annotations

import pytest

from parlour.games import banque_fatale
from parlour.games import casablanca
from parlour.games import monte_carlo
from parlour.games.banque_fatale.state import BanqueFataleState
from parlour.core.rulesets import load_ruleset
from parlour.testing.soak import soak

GAMES = [m.GAME for m in (banque_fatale, monte_carlo, casablanca)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_games_keep_every_invariant(game) -> None:
    ruleset = load_ruleset(game)
    for variants in ([], *[[name] for name in ruleset.variants]):
        rules = ruleset.resolve(variants)
        rules_for = {n: rules for n in range(game.min_players, game.max_players + 1)}
        result = soak(game, rules_for, range(12))
        assert result.problems == [] and result.games == 12
        assert result.conserved_checks == result.moves > 0


def test_the_soak_notices_a_jeton_that_goes_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a Banque Fatale that drops a jeton at every reveal is caught."""
    game = banque_fatale.GAME
    reveal = BanqueFataleState._reveal

    def leaky(self: BanqueFataleState) -> None:
        reveal(self)
        held = self.jetons[0]
        i = next((i for i, n in enumerate(held) if n), None)
        if i is not None:
            held[i] -= 1

    monkeypatch.setattr(BanqueFataleState, "_reveal", leaky)
    rules = load_ruleset(game).resolve([])
    result = soak(game, {4: rules}, range(3))
    assert len(result.problems) == 3
    assert "changed" in result.problems[0] and "jetons" in result.problems[0]
