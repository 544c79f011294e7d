"""The Monte Carlo engine, rule by rule (ids from RULES.md, MC-*)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from mc_helpers import bet, lay, lay_out, new, rig, rules, stop_all

from parlour.games.monte_carlo import GAME, layout
from parlour.games.monte_carlo.actions import LAYS, PASS, STOP, Bet, Lay, Stop, bet_on
from parlour.games.monte_carlo.state import BETTING, HOUSE, LAYING, OVER
from parlour.games.monte_carlo.layout import CELL_BY_NAME, DIGIT_OF, cell_name
from parlour.core.game import IllegalAction
from parlour.core.rulesets import load_ruleset
from parlour.core.yamlsource import RulesetError


def tiles_in_play(state) -> Counter:
    seen: Counter = Counter()
    for seat in range(state.players):
        for d in range(1, 10):
            seen[d] += state.hands[seat][d]
    for cell in range(36):
        if state.grid[cell] != -1:
            seen[DIGIT_OF[cell]] += 1
    seen.update(state.undealt)
    return seen


# -- MC-C1, MC-C2, MC-C3: chips and tiles ----------------------------------------------------

def test_mc_c1_each_player_starts_with_25_chips() -> None:
    for players in range(2, 7):
        state = new(players)
        assert state.view(0)["chips"] == [25] * players


@pytest.mark.parametrize(
    "players,hand,to_lay",
    [(2, 18, 13), (3, 12, 9), (4, 9, 7), (5, 7, 5), (6, 6, 4)],
)
def test_mc_c2_tiles_table_for_every_player_count(players: int, hand: int, to_lay: int) -> None:
    state = new(players, seed=players)
    view = state.view(1)
    assert view["hand_sizes"] == [hand] * players
    assert view["to_lay"] == [to_lay] * players
    assert len(view["hand"]) == hand
    assert tiles_in_play(state) == {d: 4 for d in range(1, 10)}, "36 tiles, four of each digit"
    # play the game out: each player lays exactly his share, the rest stays in hand
    rng = random.Random(players)
    while state.game_no == 0 and state.current is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    laid = Counter(state.history[0]["grid"])
    for seat in range(players):
        assert laid[seat] == to_lay
    assert sum(n for who, n in laid.items() if who != -1) == to_lay * players + (1 if players == 5 else 0)


def test_mc_c2_hands_are_secret() -> None:
    state = new(4)
    assert "hand" not in state.view(None)
    own = state.view(2)
    assert own["hand"] == [d for d in range(1, 10) for _ in range(state.hands[2][d])]
    hand_events = [e for e in state.events if e.kind == "hand"]
    assert sorted(next(iter(e.seats)) for e in hand_events if e.seats and len(e.seats) == 1) == [0, 1, 2, 3]
    assert len(hand_events) == 4
    assert not any("hands" in key for key in own)


def test_mc_c3_five_players_lay_the_odd_tile_at_once_on_its_digit() -> None:
    for seed in range(20):
        state = new(5, seed=seed)
        house = [c for c in range(36) if state.grid[c] == HOUSE]
        assert len(house) == 1
        assert state.phase == BETTING and state.round == 1
        assert state.undealt == []
        digit = DIGIT_OF[house[0]]
        assert any(e.kind == "leftover" and e.data["digit"] == digit and e.seats is None for e in state.events)
    for players in (2, 3, 4, 6):
        assert all(cell == -1 for cell in new(players).grid)


def test_mc_c3_leftover_can_stay_out_unseen() -> None:
    state = new(5, leftover_laid=False)
    assert all(cell == -1 for cell in state.grid)
    assert len(state.undealt) == 1
    assert state.view(0)["undealt"] == 1


# -- MC-B1 .. MC-B4: betting -----------------------------------------------------------------

def test_mc_b1_twelve_rounds_of_one_chip_each_in_turn_order() -> None:
    state = new(4)
    movers = []
    while state.phase == BETTING:
        movers.append(state.current)
        state.apply(bet_on(f"n{len(movers) % 9 + 1}-top") if state.why_illegal(bet_on(f"n{len(movers) % 9 + 1}-top")) is None
                    else state.legal_actions()[0])
    assert movers == [0, 1, 2, 3] * 12
    assert state.view(0)["staked"] == [12] * 4
    assert state.view(0)["chips"] == [13] * 4


def test_mc_b1_first_bettor_rotates_from_game_to_game() -> None:
    state = new(3)
    firsts = []
    rng = random.Random(5)
    while state.current is not None:
        if state.phase == BETTING and state.round == 1 and state.pos == 0:
            if not firsts or firsts[-1][0] != state.game_no:
                firsts.append((state.game_no, state.current))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert [seat for _, seat in firsts] == [0, 1, 2]


def test_mc_b2_stopping_is_for_the_rest_of_the_game() -> None:
    state = new(3)
    bet(state, "n1-top")
    state.apply(STOP)  # seat 1 stops in round 1
    movers = []
    while state.phase == BETTING:
        movers.append(state.current)
        state.apply(state.legal_actions()[0])
    assert 1 not in movers
    assert state.view(0)["betting"][1] is False
    assert PASS not in new(3).legal_actions()


def test_mc_b2_pass_and_return_variant_skips_one_round_only() -> None:
    state = GAME.new_game(3, load_ruleset(GAME).resolve(["pass-and-return"]), 1)
    assert PASS in state.legal_actions() and STOP not in state.legal_actions()
    with pytest.raises(IllegalAction, match="pass a round"):
        state.apply(STOP)
    state.apply(PASS)  # seat 0 passes round 1
    bet(state, "n1-top")
    bet(state, "n2-top")
    assert state.round == 2 and state.current == 0
    bet(state, "n3-top")
    assert state.staked == [1, 1, 1]


def test_mc_b3_a_field_holds_three_chips_from_any_players() -> None:
    state = new(4)
    bet(state, "cross")
    bet(state, "cross")
    bet(state, "cross")
    assert state.why_illegal(bet_on("cross")) == "cross (both diagonals) is full (3 chips)"
    assert bet_on("cross") not in state.legal_actions()
    # even a player who already has a chip there may not add one
    for _ in range(4):
        if state.current == 0:
            break
        bet(state, "diamond" if state.current != 3 else "d1-9")
    assert state.current == 0
    with pytest.raises(IllegalAction, match="full"):
        bet(state, "cross")


def test_mc_b3_lock_three_chips_of_one_player_close_the_field_and_allow_a_fourth() -> None:
    state = new(3)
    others = iter(["n2-top", "n3-top", "n4-top", "n5-top", "n6-top", "n7-top", "n8-top", "n9-top"])
    for _ in range(3):
        bet(state, "n1-top")          # seat 0
        if _ < 2:
            bet(state, next(others))  # seat 1
            bet(state, next(others))  # seat 2
    assert state.view(1)["locked"] == {"n1-top": 0}
    assert state.current == 1
    with pytest.raises(IllegalAction, match="closed: its 3 chips all belong to Player 1"):
        bet(state, "n1-top")
    assert bet_on("n1-top") not in state.legal_actions()
    bet(state, next(others))
    bet(state, next(others))
    assert bet_on("n1-top") in state.legal_actions()
    bet(state, "n1-top")  # the fourth chip
    assert state.stakes[state.field_pos["n1-top"]] == [0, 0, 0, 0]
    bet(state, "n1-bottom")
    bet(state, "n2-bottom")
    assert state.current == 0
    assert bet_on("n1-top") not in state.legal_actions()
    with pytest.raises(IllegalAction, match="full"):
        bet(state, "n1-top")


def test_mc_b3_lock_message_is_a_sentence() -> None:
    """The lock is told in a sentence that starts with a capital, though field names are
    lower case (``diamond``, ``number 1 (top)``)."""
    state = new(2)
    for _ in range(3):
        bet(state, "n1-top")
        bet(state, "n2-top")
    locks = [e.text for e in state.events if e.kind == "lock"]
    assert locks == ["Number 1 (top) is now Player 1's alone.", "Number 2 (top) is now Player 2's alone."]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_logged_sentence_starts_with_a_capital(seed: int) -> None:
    rng = random.Random(seed)
    state = new(4, seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    bad = [e.text for e in state.events if not (e.text[0].isupper() or e.text[0].isdigit())]
    assert not bad


def test_mc_b3_lock_rule_off_leaves_the_field_full_at_three() -> None:
    state = new(2, sole_owner_extra=0)
    for _ in range(3):
        bet(state, "n1-top")
        bet(state, "n2-top")
    assert state.locked == {}
    assert bet_on("n1-top") not in state.legal_actions()


def test_mc_b4_no_bet_without_chips() -> None:
    state = new(3)
    state.chips[1] = 2
    movers = []
    while state.phase == BETTING:
        movers.append(state.current)
        state.apply(state.legal_actions()[0])
    assert movers.count(1) == 2
    assert state.chips[1] == 0 and state.staked[1] == 2


def test_mc_b4_at_most_twelve_chips_per_game() -> None:
    state = new(2, start_chips=100)
    while state.phase == BETTING:
        state.apply(state.legal_actions()[0])
    assert state.staked == [12, 12]
    assert state.chips == [88, 88]


def test_mc_b4_betting_rounds_are_a_setting() -> None:
    state = new(2, betting_rounds=5)
    while state.phase == BETTING:
        state.apply(state.legal_actions()[0])
    assert state.staked == [5, 5]


# -- MC-L1: laying tiles ---------------------------------------------------------------------

def test_mc_l1_laying_starts_with_the_first_bettor_and_goes_round() -> None:
    state = new(4)
    stop_all(state)
    assert state.phase == LAYING
    movers = []
    while state.game_no == 0:
        movers.append(state.current)
        state.apply(state.legal_actions()[0])
    assert movers == [0, 1, 2, 3] * 7
    # in the second game seat 1 bets first and lays first
    stop_all(state)
    assert state.current == 1
    movers = []
    while state.game_no == 1:
        movers.append(state.current)
        state.apply(state.legal_actions()[0])
    assert movers == [1, 2, 3, 0] * 7


def test_mc_l1_a_tile_goes_on_a_free_cell_of_its_digit_of_the_players_choice() -> None:
    state = new(4)
    rig(state, {0: [1, 1, 2, 5, 5, 5, 7, 8, 9], 1: [1, 1, 2, 3, 3, 3, 3, 4, 4]})
    stop_all(state)
    legal = state.legal_actions()
    assert {a.digit for a in legal} == {1, 2, 5, 7, 8, 9}
    assert {a.cell for a in legal if a.digit == 5} == {"r3c3", "r3c4", "r4c3", "r4c4"}
    before = state.view(0)
    with pytest.raises(IllegalAction, match="you hold no 3"):
        state.apply(Lay(3, "r1c5"))
    with pytest.raises(IllegalAction, match="r1c1 shows a 1, not a 2"):
        state.apply(Lay(2, "r1c1"))
    assert state.view(0) == before
    lay(state, "r4c4")
    assert state.grid[CELL_BY_NAME["r4c4"]] == 0
    assert state.view(None)["grid"][CELL_BY_NAME["r4c4"]] == 0
    lay(state, "r1c1")  # seat 1 lays a 1
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="r1c1 already holds a tile"):
        lay(state, "r1c1")
    with pytest.raises(IllegalAction, match="laid only after the betting"):
        new(4).apply(LAYS[0])
    with pytest.raises(IllegalAction, match="betting is over"):
        state.apply(bet_on("n1-top"))


def test_mc_l1_tiles_held_back_are_never_shown() -> None:
    state = new(4, match_games=1)
    rng = random.Random(3)
    while state.current is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.phase == OVER
    assert sum(state.hand_size) == 8  # two held back by each of four players
    public = state.view(None)
    assert "hand" not in public
    text = repr(public)
    assert "hands" not in text
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == [d for d in range(1, 10) for _ in range(state.hands[seat][d])]
        others = [e for e in state.events if e.kind == "hand" and e.seats != frozenset([seat])]
        assert all(not e.visible_to(seat) for e in others)


# -- MC-S1: payouts --------------------------------------------------------------------------

def test_mc_s1_winning_number_pays_three_including_the_stake_losers_go_to_the_bank() -> None:
    state = new(4, match_games=1)
    rig(state, {0: [1, 1, 1, 1, 2, 3, 4, 5, 6]})
    bet(state, "n1-top")   # seat 0, wins 3
    bet(state, "n1-bottom")  # seat 1 rides along, wins 3
    bet(state, "cross")    # seat 2 loses its chip
    state.apply(STOP)      # seat 3
    stop_all(state)
    lay_out(state, {0: ["r1c1", "r1c2", "r2c1", "r2c2"]})
    assert state.phase == OVER
    assert state.chips == [27, 27, 24, 25]
    result = {r["field"]: r for r in state.history[0]["fields"]}
    assert result["n1-top"]["won"] and result["n1-top"]["payout"] == [3, 0, 0, 0]
    assert not result["cross"]["won"] and result["cross"]["payout"] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "field_id,odds",
    [("n5-top", 3), ("row4-left", 3), ("col2-bottom", 3), ("red", 5), ("d1-9", 3),
     ("m-rows34", 2), ("m-cols12", 2), ("m-green", 3), ("cross", 6), ("diamond", 6)],
)
def test_mc_s1_odds_pay_two_to_six_chips_per_chip_including_the_stake(field_id: str, odds: int) -> None:
    state = new(2, match_games=1)
    field = state.fields[state.field_pos[field_id]]
    # Script the whole laying act: seat 0 fills the field (or its region), both seats spread
    # every other tile evenly over the rival regions.
    rivals = field.rivals or (tuple(c for c in range(36) if c not in field.cells),)
    spread = [c for group in zip(*(sorted(r) for r in rivals)) for c in group]
    spread += [c for r in rivals for c in sorted(r) if c not in spread]
    own = list(field.cells) + spread[13:13 + 13 - len(field.cells)]
    other = spread[:13]
    unused = [c for c in range(36) if c not in own and c not in other]
    rig(state, {0: [DIGIT_OF[c] for c in own + unused[:5]], 1: [DIGIT_OF[c] for c in other + unused[5:]]})
    bet(state, field_id)
    bet(state, field_id)
    bet(state, field_id)  # seat 0 has 2 chips on it, seat 1 one
    stop_all(state)
    lay_out(state, {0: [cell_name(c) for c in own], 1: [cell_name(c) for c in other]})
    assert field.wins(_mask(state.history[0]["grid"])), "the scripted laying makes the field"
    assert state.history[0]["payout"] == [2 * odds, odds]
    assert state.chips == [25 - 2 + 2 * odds, 25 - 1 + odds]
    assert 2 <= odds <= 6


def _mask(grid) -> int:
    return sum(1 << c for c, who in enumerate(grid) if who != -1)


def test_mc_s1_majority_tie_loses_in_settlement() -> None:
    state = new(2, match_games=1)
    rig(state, {0: [1] * 4 + [2] * 4 + [3] * 4 + [9] * 4 + [8, 8],
                1: [4] * 4 + [5] * 4 + [6] * 4 + [7] * 4 + [8, 8]})
    bet(state, "m-rows12")
    bet(state, "m-rows34")
    stop_all(state)
    # seat 0 fills rows 1-2 with 12 tiles, seat 1 fills rows 3-4 with 12 tiles: a tie
    lay_out(state, {0: [cell_name(c) for c in layout.DOUBLE_ROWS[0]] + ["r5c5"],
                    1: [cell_name(c) for c in layout.DOUBLE_ROWS[1]] + ["r5c1"]})
    result = {r["field"]: r["won"] for r in state.history[0]["fields"]}
    assert result == {"m-rows12": False, "m-rows34": False}
    assert state.chips == [24, 24]


# -- MC-S2: the match ------------------------------------------------------------------------

def test_mc_s2_a_match_is_three_games_by_default_and_most_chips_wins() -> None:
    assert rules()["match_games"] == 3
    state = new(4, seed=8)
    rng = random.Random(8)
    while state.current is not None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert [h["game"] for h in state.history] == [1, 2, 3]
    assert state.scores() == [float(c) for c in state.chips]
    best = max(state.chips)
    assert state.winners() == [s for s in range(4) if state.chips[s] == best]
    single = GAME.new_game(4, load_ruleset(GAME).resolve(["single-game"]), 1)
    while single.current is not None:
        single.apply(single.legal_actions()[0])
    assert len(single.history) == 1


def test_mc_s2_a_bankrupt_player_drops_out() -> None:
    state = new(4)
    state.chips[3] = 1
    bet(state, "n1-top")
    bet(state, "n2-top")
    bet(state, "n3-top")
    bet(state, "cross")    # seat 3's last chip, on a field that cannot win
    stop_all(state)
    lay_out(state, {s: [] for s in range(4)})
    assert state.game_no == 1
    assert state.active == [True, True, True, False]
    assert state.history[0]["dropped"] == [3]
    assert state.hand_size == [12, 12, 12, 0], "the next game is dealt for three players"
    seen = set()
    while state.current is not None:
        seen.add(state.current)
        state.apply(state.legal_actions()[0])
    assert 3 not in seen
    assert state.scores()[3] == 0.0


def test_mc_s2_the_match_ends_when_one_player_is_left() -> None:
    state = new(2)
    state.chips[1] = 1
    state.apply(STOP)          # seat 0 risks nothing
    bet(state, "cross")        # seat 1 stakes its last chip
    lay_out(state, {})
    assert state.phase == OVER and state.current is None
    assert state.winners() == [0]
    assert state.events[-1].kind == "end" and "only one player" in state.events[-1].text
    assert len(state.history) == 1


# -- MC-V1: odds -----------------------------------------------------------------------------

def test_mc_v1_six_player_odds_variant_raises_every_figure_by_one_at_six() -> None:
    ruleset = load_ruleset(GAME)
    base = ruleset.resolve()["odds"]
    six = GAME.new_game(6, ruleset.resolve(["six-player-odds"]), 1)
    assert six.view(0)["odds"] == {k: v + 1 for k, v in base.items()}
    five = GAME.new_game(5, ruleset.resolve(["six-player-odds"]), 1)
    assert five.view(0)["odds"] == base
    plain = GAME.new_game(6, ruleset.resolve(), 1)
    assert plain.view(0)["odds"] == base


def test_mc_v1_odds_table_is_a_setting() -> None:
    odds = dict(rules()["odds"], cross=10)
    state = new(3, odds=odds)
    assert state.view(0)["odds"]["cross"] == 10


# -- rulesets, actions and records -------------------------------------------------------------

def test_ruleset_rejects_a_broken_tiles_table(tmp_path) -> None:
    text = (GAME.ruleset_path.read_text().replace("{players: 4, hand: 9, lay: 7}", "{players: 4, hand: 10, lay: 7}"))
    path = tmp_path / "mc.yaml"
    path.write_text(text)
    with pytest.raises(RulesetError, match="tiles.2.hand: 4 hands of 10 need more than 36 tiles"):
        load_ruleset(GAME, path)
    path.write_text(GAME.ruleset_path.read_text().replace("    - {players: 6, hand: 6, lay: 4}\n", ""))
    with pytest.raises(RulesetError, match="no row for 6 players"):
        load_ruleset(GAME, path)


def test_action_texts_are_stable_and_parse_back() -> None:
    state = new(3)
    for action in state.legal_actions():
        assert GAME.legal_action(state, action.text) == action
    assert bet_on("n1-top").text == "bet n1-top"
    assert STOP.text == "stop"
    assert LAYS[CELL_BY_NAME["r5c5"]].text == "lay 9 r5c5"
    assert LAYS[CELL_BY_NAME["r5c5"]].label == "lay a 9 on row 5, column 5 (green)"
    assert bet_on("d3-7").label == "bet a chip on diagonal D 3-7"
    with pytest.raises(IllegalAction):
        GAME.legal_action(state, "bet nowhere")
    with pytest.raises(IllegalAction):
        GAME.legal_action(state, "lay 1 r1c1")
    assert isinstance(Bet("x"), Bet)


def test_each_action_class_reads_back_its_own_text() -> None:
    """``text`` and ``from_text`` live on the same class, which reads back the shared objects;
    the game's reader picks the class by the first word, and refuses a text that names no
    action with an IllegalAction that quotes it."""
    rules = load_ruleset(GAME).resolve()
    for action in (bet_on("n1-top"), STOP, PASS, LAYS[CELL_BY_NAME["r5c5"]]):
        assert type(action).from_text(action.text, rules) is action  # the shared objects
        assert GAME.action_from_text(action.text, rules) is action
    assert Lay.from_text("lay 1 r5c5", rules) == Lay(1, "r5c5")  # the wrong digit: the state refuses it
    assert Bet.from_text("bet nowhere", rules) == Bet("nowhere")
    for text in ("", "stop now", "pass 1", "bet", "bet a b", "lay x r1c1", "lay 1 r9c9", "lay 1", "fold"):
        with pytest.raises(IllegalAction, match=re.escape(f"'{text}'")):
            GAME.action_from_text(text, rules)
    for kind, text in ((Stop, "pass"), (Lay, "bet r1c1")):
        with pytest.raises(IllegalAction):
            kind.from_text(text, rules)


def test_the_log_says_the_laying_begins_when_it_begins() -> None:
    """Issue 12: "the tiles are laid" was logged before a single tile was, as if it were done."""
    state = new(3, seed=2)
    stop_all(state)
    assert state.phase == LAYING
    said = [e.text for e in state.events if e.kind == "laying"]
    assert said == [f"The betting is closed. Now the tiles: Player {state.current + 1} lays first."]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_results_breakdown_adds_up(seed: int) -> None:
    """Issue 24: the results read start - staked + won back = end, and net = end - start (they
    showed "won 10 | lost 10" for a player who began with 25 and ended with 21)."""
    state = GAME.new_game(4, load_ruleset(GAME).resolve([]), seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(list(state.legal_actions())))
    scores = state.scores()
    for seat, parts in enumerate(state.score_breakdown()):
        assert parts["start"] - parts["staked"] + parts["won_back"] == scores[seat], parts
        assert parts["net"] == scores[seat] - parts["start"]
        assert parts["staked"] > 0 and parts["games"] >= 1


def test_the_results_name_monte_carlos_stages_games() -> None:
    from parlour.core.review import StageScores
    from parlour.tui.results import stages_title

    assert stages_title([StageScores("Game 1", [1.0]), StageScores("Game 2", [2.0])]) == "Game by game"
    assert stages_title([StageScores("Round 1", [1.0]), StageScores("Round 2", [2.0])]) == "Round by round"
