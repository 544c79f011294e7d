"""What a won field paid and what a player gained, each said as what it is (a playtest read
"+12" on a field, the payout with its stake, and "+12" in a player's payout line, the gain,
as the same thing). MC-S1: a field pays its odds for each chip, stake included ("3:1 returns
3 chips for 1"): the field says "paid", the player's line "net"."""

from __future__ import annotations

import pytest
from mc_helpers import bet, lay_out, new, rig, stop_all

from parlour.core.events import with_names, word
from parlour.core.i18n import in_language
from parlour.games.monte_carlo import GAME
from parlour.games.monte_carlo.actions import STOP
from parlour.games.monte_carlo.recap import chips_text, results_lines

NAMES = ["Ada", "Bea", "Cyd", "Dan"]

#: a game's result: Ada's two chips and Bea's one on a number won (3 for 1), Cyd's cross lost
LAST = {"game": 1, "fields": [
    {"field": "n1-top", "won": True, "chips": [0, 0, 1], "payout": [6, 3, 0, 0]},
    {"field": "cross", "won": False, "chips": [2], "payout": [0, 0, 0, 0]},
]}

WORDS = {
    "en": ("Chips: Ada 2 chips (paid 6), Bea 1 chip (paid 3).", "(paid 6 to Ada, 3 to Bea)",
           "Ada staked 1, receives 3 (net +2) and holds 27 chips."),
    "de": ("(gezahlt: 6)", "(gezahlt: 6 an Ada, 3 an Bea)", "erhält 3 (netto +2)"),
    "fr": ("(payé\u00a0: 6)", "(payé\u00a0: 6 à Ada, 3 à Bea)", "reçoit 3 (net +2)"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_mc_s1_a_field_says_it_paid_the_stake_included_and_a_player_his_net_gain(lang: str) -> None:
    field_line, won_line, payout_line = WORDS[lang]
    state = new(4, match_games=1)
    rig(state, {0: [1, 1, 1, 1, 2, 3, 4, 5, 6]})
    bet(state, "n1-top")  # Ada: 1 chip, paid 3
    bet(state, "n1-bottom")
    bet(state, "cross")
    state.apply(STOP)
    stop_all(state)
    lay_out(state, {0: ["r1c1", "r1c2", "r2c1", "r2c2"]})
    payout = next(e for e in state.events if e.kind == "payout" and e.data == {"seat": 0})
    with in_language(lang):
        fields = chips_text(LAST["fields"][0]["chips"], LAST["fields"][0]["payout"], NAMES.__getitem__)
        results = results_lines(LAST, True, NAMES.__getitem__, 80, lambda line: line).plain
        logged = with_names(word(payout.say, payout.args, GAME.words), NAMES)
    assert field_line in fields, fields
    assert won_line in results, results
    assert payout_line in logged, logged
    assert "+6" not in fields + results and "+3" not in fields + results, "no bare plus on a field's payout"
