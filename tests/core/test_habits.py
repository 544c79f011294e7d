"""Computer players remember people across games (issue 29): a game's public counts of each
seat's play (``State.habits``) are kept per person in the record, summed, and handed to the
agents that recall them when a table opens (``Match.remind``)."""

from __future__ import annotations

import random
from pathlib import Path

from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.casablanca.agents import MediumAgent
from parlour.games.casablanca.knowledge import CasablancaKnowledge
from parlour.games.casablanca.models import FOLD_CHANCE, MEMORY_MOVES, remembered, seat_models
from parlour.core.agents import RandomAgent, abilities
from parlour.core.ledger import Ledger
from parlour.core.match import Match
from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.core.search import SearchAgent

RULES = load_ruleset(CASABLANCA).resolve()
TESS, ANN, HARD = Seat("Tess", HUMAN), Seat("Ann", HUMAN), Seat("hard-1", "hard")


def _ledger(tmp_path: Path) -> Ledger:
    ledger, note = Ledger.open(tmp_path / "r.sqlite3")
    assert note is None
    return ledger


def test_habits_are_summed_per_person_and_game_and_a_computer_has_none(tmp_path: Path) -> None:
    ledger = _ledger(tmp_path)
    seats = [TESS, ANN, HARD]
    first = [{"moves": 4.0, "raise_folds": 1.0}, {"moves": 2.0}, {"moves": 9.0}]
    second = [{"moves": 3.0, "raise_folds": 0.0, "raises_faced": 2.0}, {"moves": 1.0}, {"moves": 9.0}]
    ledger.keep("casablanca", {}, [], seats, [1, 2, 3], [2], "a.json", habits=first)
    ledger.keep("casablanca", {}, [], seats, [1, 2, 3], [2], "b.json", habits=second)
    ledger.keep("casablanca", {}, [], seats, [1, 2, 3], [2], "b.json", habits=second)  # the same game again
    tess, ann, hard = ledger.habits("casablanca", seats)
    assert tess == {"moves": 7.0, "raise_folds": 1.0, "raises_faced": 2.0}
    assert ann == {"moves": 3.0}
    assert hard is None
    assert ledger.habits("monte-carlo", seats) == [None, None, None]
    ledger.close()


def test_a_plugins_bad_habits_are_not_kept(tmp_path: Path) -> None:
    ledger = _ledger(tmp_path)
    bad = [{"moves": float("nan"), "big": 1e300, "neg": -1.0, 7: 1.0, "flag": True, "ok": 2.0}, "not a mapping"]
    ledger.keep("casablanca", {}, [], [TESS, ANN], [1, 2], [1], "c.json", habits=bad)  # type: ignore[list-item]
    assert ledger.habits("casablanca", [TESS, ANN]) == [{"ok": 2.0}, None]
    ledger.close()


def test_habits_edited_by_hand_are_read_back_only_as_finite_counts(tmp_path: Path) -> None:
    """Text, an infinity or a negative count put in the record by hand would make a
    computer's model of that person NaN (or stop the table): such a count is left out."""
    import sqlite3

    ledger = _ledger(tmp_path)
    ledger.keep("casablanca", {}, [], [TESS, ANN], [1, 2], [1], "d.json",
                habits=[{"moves": 3.0, "known_lies": 1.0}, {"moves": 3.0}])
    ledger.close()
    db = sqlite3.connect(tmp_path / "r.sqlite3")
    rows = [("casablanca", "Tess", key, value) for key, value in
            (("text", "many"), ("inf", float("inf")), ("neg", -2.0), ("big_raise_folds", 2))]
    db.executemany("INSERT INTO habits (game, player, key, count) VALUES (?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    ledger = _ledger(tmp_path)
    [tess] = ledger.habits("casablanca", [TESS])
    assert tess == {"moves": 3.0, "known_lies": 1.0, "big_raise_folds": 2.0}
    stats = CASABLANCA.new_game(4, RULES, 1).stats
    model = seat_models(stats, [None, tess])[1]
    assert all(value == value for value in vars(model).values())  # no NaN
    ledger.close()


def test_casablanca_habits_are_the_public_counts_every_seat_sees() -> None:
    """Nothing a seat could not see is remembered: the habits equal the stats in every view."""
    state = CASABLANCA.new_game(4, RULES, 7)
    rng = random.Random(3)
    while not state.is_over and sum(h["moves"] for h in state.habits()) < 12:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    habits = state.habits()
    assert sum(h["moves"] for h in habits) > 0
    for seat in range(4):
        assert [{k: float(v) for k, v in s.items()} for s in state.view(seat)["stats"]] == habits


def test_remembered_counts_keep_their_shares_and_weigh_at_most_memory_moves() -> None:
    now = {"moves": 2, "raises_faced": 1, "raise_folds": 1}
    past = {"moves": 300.0, "raises_faced": 60.0, "raise_folds": 0.0}
    blended = remembered(now, past)
    assert max(v - now[k] for k, v in blended.items()) == MEMORY_MOVES
    assert blended["raises_faced"] == 1 + 60.0 * MEMORY_MOVES / 300.0
    assert remembered(now, None) is now


def test_a_person_who_always_called_is_not_expected_to_fold_in_the_next_game() -> None:
    """The searching player starts its fold model of a known caller from his past, not from
    the prior that every opponent folds to a raise 70 % of the time."""
    stats = [dict.fromkeys(("moves", "landing", "lies_landing", "truths_landing", "mover_raises",
                            "raise_shown_false", "admits", "shown_false", "mover_folds", "doubted_landing",
                            "asked_landing", "raise_folds", "raises_faced"), 0) for _ in range(2)]
    caller = {"moves": 40.0, "raises_faced": 25.0, "raise_folds": 1.0}
    fresh, known = seat_models(stats), seat_models(stats, [None, caller])
    assert fresh[1].fold == FOLD_CHANCE
    assert known[1].fold < 0.2 and known[0].fold == FOLD_CHANCE
    knowledge = CasablancaKnowledge(RULES)
    knowledge.recall([None, caller])
    knowledge.read({"stats": stats})
    assert knowledge.models[1].fold == known[1].fold


class _Remembers(RandomAgent):
    recalls = True

    def __init__(self) -> None:
        self.told: list[object] = []

    def recall(self, habits):  # noqa: ANN001 - the protocol's shape
        self.told.append(list(habits))


def test_a_match_reminds_each_recalling_agent_of_the_others_never_of_itself() -> None:
    agents = [_Remembers(), RandomAgent(), _Remembers()]
    habits = [{"moves": 1.0}, {"moves": 2.0}, None]
    Match(CASABLANCA, RULES, 1, [TESS, ANN, HARD], agents, habits=habits)
    assert agents[0].told == [[None, {"moves": 2.0}, None]]
    assert agents[2].told == [[{"moves": 1.0}, {"moves": 2.0}, None]]


def test_casablancas_computer_players_declare_that_they_recall() -> None:
    assert abilities(MediumAgent(RULES)).recalls
    assert abilities(SearchAgent(CasablancaKnowledge(RULES))).recalls
    assert not abilities(RandomAgent()).recalls
