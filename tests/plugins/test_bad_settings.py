"""Issue 16: settings that pass the schema must be whole and affordable. A house rule that
leaves a setting half there, or asks for a game too large to play, is refused with the file,
line and key; an engine never receives half a table. Caches stay bounded across many games."""

from __future__ import annotations

import gc
import random
import tracemalloc
from pathlib import Path

import pytest

from parlour.games import banque_fatale
from parlour.games import casablanca
from parlour.games import monte_carlo
from parlour.core.rulesets import load_house_rules, load_ruleset
from parlour.core.yamlsource import RulesetError

GAMES = {m.GAME.id: m.GAME for m in (banque_fatale, casablanca, monte_carlo)}


def house_rule(tmp_path: Path, game_id: str, settings: str) -> str:
    """The one-line error for a house-rules file with ``settings`` (indented YAML lines)."""
    game = GAMES[game_id]
    path = tmp_path / "house.yaml"
    path.write_text(f"game: {game_id}\nname: mine\ndescription: a test\nsettings:\n{settings}", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_house_rules(game, load_ruleset(game), path)
    return str(caught.value)


@pytest.mark.parametrize(
    ("game_id", "settings", "fragment"),
    [
        ("banque-fatale", "  chart: {}\n", "house.yaml:5: settings.chart: missing key(s): min, max, start"),
        ("banque-fatale", "  colours: [{letter: R}, {letter: Y}]\n", "settings.colours.0: missing key(s): name"),
        ("banque-fatale", "  payout: {\u0663: 5}\n", "settings.payout.\u0663: expected a whole number"),
        ("monte-carlo", "  odds: {}\n", "settings.odds: missing key(s): number, row"),
        ("monte-carlo", "  tiles: [{players: 4, lay: 7}]\n", "settings.tiles.0: missing key(s): hand"),
        ("casablanca", "  money_step: 1\n  start_money: 1000000\n  stake_step: 1\n  min_stake: 1\n",
         "settings.stake_step: at most 2,000 stakes to choose from"),
    ],
)
def test_half_or_extreme_settings_are_refused_with_file_line_and_key(
    tmp_path: Path, game_id: str, settings: str, fragment: str
) -> None:
    assert fragment in house_rule(tmp_path, game_id, settings)


def test_many_games_with_changing_settings_keep_memory_flat() -> None:
    """Casablanca's shared offers remember stakes by amount; played with several stake
    grids, one after another, the memory they hold stays bounded."""
    game = GAMES["casablanca"]
    base = load_ruleset(game).resolve(())
    grids = [dict(base)]
    for step in (5, 10, 25):
        grids.append({**base, "money_step": step, "stake_step": step, "min_stake": step, "pot_contribution": 0,
                      "admit_fee": step, "sell_price": step, "premiums": [step, 2 * step, 3 * step],
                      "start_money": 2000, "house_money": 0})
    assert all(not game.validate_rules(g) for g in grids)

    def play(count: int, first_seed: int) -> None:
        for k in range(count):
            rules = grids[k % len(grids)]
            state = game.new_game(4, rules, first_seed + k)
            rng = random.Random(k)
            while state.to_move is not None:
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))])

    tracemalloc.start()
    try:
        play(12, 0)
        gc.collect()
        after_warm_up = tracemalloc.get_traced_memory()[0]
        play(36, 100)
        gc.collect()
        after_more = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after_more - after_warm_up < 2_000_000, (after_warm_up, after_more)
