"""The analysis of a finished game (issue 26): honest (a seat's analysis reads only what that
seat could see), reproducible whatever the number of processes, kept beside the record and
reused, and a bad record is one line."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from interrupts import ctrl_c, session

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.cli import main
from parlour.core import analysis
from parlour.core.analysis import Analysis, analyse, judge, mark, seat_decisions
from parlour.core.record import Record, Seat, clean_record_rules, replay
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import start_match

from test_cli import assert_user_error, parlour


def finished(game: Any, seed: int, players: int = 3, variants: tuple[str, ...] = ()) -> Record:
    rules = load_ruleset(game).resolve(variants)
    match = start_match(game, rules, seed, [Seat(f"P{i + 1}", "random") for i in range(players)], variants)
    match.play_out()
    record = match.record
    record.finished = True
    return record


@pytest.fixture(scope="module")
def casablanca_record() -> Record:
    return finished(CASABLANCA, 23)  # a short game: 36 moves


def test_marks_follow_the_win_chance_lost() -> None:
    assert [mark(x) for x in (0.0, 0.0499, 0.05, 0.0999, 0.1, 0.1999, 0.2, 0.9)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


@pytest.mark.parametrize("game, variants", [
    pytest.param(BANQUE, ("closed-screens",), id="banque-fatale-closed-screens"),
    pytest.param(MONTE, (), id="monte-carlo"),
    pytest.param(CASABLANCA, (), id="casablanca"),
])
def test_the_analysis_of_a_decision_does_not_depend_on_what_the_seat_could_not_see(game: Any, variants: Any) -> None:
    """At each of the first decisions of seat 0, the true state is swapped for another that
    seat 0 cannot tell from it (another seat's tiles, cards, bids or secret chips, drawn by
    the game's own ``sample_world``): the judgement must be the same, same seed. The swaps
    do change what the other seats see, or the test would prove nothing."""
    record = finished(game, 7, variants=variants)
    rules = clean_record_rules(game, record)
    indices, _ = seat_decisions(game, record, 0)
    changed = 0
    for index in indices[:16]:
        state = replay(game, record, upto=index)
        other = state.sample_world(0, random.Random(index))
        assert other.view(0) == state.view(0)
        changed += any(other.view(s) != state.view(s) for s in range(1, len(record.seats)))
        played = record.actions[index]
        assert judge(game, rules, other, played, index, 40, 3) == judge(game, rules, state, played, index, 40, 3)
    assert changed


def test_same_record_budget_and_seed_same_analysis_whatever_the_jobs(casablanca_record: Record) -> None:
    alone = analyse(CASABLANCA, casablanca_record, 1, budget=30, seed=2)
    shared = analyse(CASABLANCA, casablanca_record, 1, budget=30, seed=2, jobs=2)
    assert alone == shared and alone.decisions
    other_seed = analyse(CASABLANCA, casablanca_record, 1, budget=30, seed=3)
    assert [d.win_played for d in other_seed.decisions] != [d.win_played for d in alone.decisions]


def test_the_json_shape(casablanca_record: Record) -> None:
    found = analyse(CASABLANCA, casablanca_record, 0, budget=30)
    data = json.loads(json.dumps(found.to_json()))
    assert {"format", "version", "game", "record", "seat", "name", "budget", "seed", "thresholds", "decisions",
            "forced", "key_moments", "summary"} <= set(data)
    assert data["thresholds"] == {"blunder": 0.2, "mistake": 0.1, "inaccuracy": 0.05}
    indices, forced = seat_decisions(CASABLANCA, casablanca_record, 0)
    assert [d["move"] for d in data["decisions"]] == [i + 1 for i in indices] and data["forced"] == forced
    for d in data["decisions"]:
        assert 0.0 <= d["win_played"] <= 1.0 and 0.0 <= d["win_best"] <= 1.0
        assert d["lost"] == (0.0 if d["best"] == d["played"] else max(0.0, round(d["win_best"] - d["win_played"], 4)))
        assert d["mark"] == mark(d["lost"])
        # the budget, and the simulations that bring the move played to its floor
        assert 1 <= len(d["top"]) <= 3 and 30 <= d["simulations"] <= 30 + 4 * (30 // analysis.PLAYED_SHARE)
    marked = sorted((d for d in data["decisions"] if d["mark"]), key=lambda d: -d["lost"])[:3]
    assert sorted(data["key_moments"]) == sorted(d["move"] for d in marked)
    assert data["summary"]["decisions"] == len(data["decisions"])
    assert Analysis.from_json(data) == found


def test_the_analysis_is_kept_beside_the_record_and_reused(tmp_path: Path, casablanca_record: Record,
                                                          monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    path = tmp_path / "game.json"
    casablanca_record.save(path)
    calls: list[int] = []
    real = analysis.analyse

    def counted(*args: Any, **kwargs: Any) -> Analysis:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyse", counted)
    assert main(["analyse", str(path), "--budget", "20", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert (tmp_path / "game.analysis.json").is_file() and len(calls) == 1
    assert main(["analyse", str(path), "--budget", "20", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first and len(calls) == 1
    assert main(["analyse", str(path), "--budget", "21", "--json"]) == 0  # another budget: made anew
    assert len(calls) == 2
    capsys.readouterr()
    assert main(["analyse", str(path), "--budget", "20", "--seat", "2"]) == 0  # another seat, kept beside
    assert len(calls) == 3
    assert main(["analyse", str(path), "--budget", "20", "--json"]) == 0  # the first seat is still kept
    assert len(calls) == 3
    capsys.readouterr()
    (tmp_path / "game.analysis.json").write_text("{ not json")
    assert main(["analyse", str(path), "--budget", "20", "--json"]) == 0  # a spoilt file is made again
    assert json.loads(capsys.readouterr().out) == first and len(calls) == 4
    (tmp_path / "game.analysis.json").write_text('{"analyses": [{"format": "parlour-analysis", "decisions": [[1, 2]]}]}')
    assert main(["analyse", str(path), "--budget", "20", "--json"]) == 0  # an entry of another shape too
    assert json.loads(capsys.readouterr().out) == first and len(calls) == 5
    renamed = Record.from_json({**casablanca_record.to_json(), "seats": [
        {"name": f"Q{i}", "agent": "random"} for i in range(3)]})
    renamed.save(path)
    assert main(["analyse", str(path), "--budget", "20", "--json"]) == 0  # another record: made anew
    assert len(calls) == 6


def test_the_text_report_names_the_key_moments(tmp_path: Path, casablanca_record: Record, capsys: Any) -> None:
    path = tmp_path / "game.json"
    casablanca_record.save(path)
    assert main(["analyse", str(path), "--budget", "20", "--seat", "1"]) == 0
    out = capsys.readouterr()
    found = Analysis.from_json(json.loads((tmp_path / "game.analysis.json").read_text())["analyses"][0])
    assert "P1's decisions (seat 1)" in out.out
    for d in found.key_moments():
        assert f"move {d.move}" in out.out
    assert "analysing P1's decisions: 0/" in out.err  # progress before the first decision is done
    # each decision's row: its win chances as the app writes them, "<1%" for a share that
    # rounds to 0 (no simulation won is not a lost game), never "0%" nor "100%"
    rows = [line.split() for line in out.out.splitlines() if line[:5].strip().isdigit()]
    assert len(rows) == len(found.decisions)
    shares = [word for row in rows for word in row if word.endswith("%")]
    assert len(shares) == 2 * len(rows) and not {"0%", "100%"} & set(shares), shares
    assert "<1%" in shares and ">99%" in shares, shares  # this game has both


def test_bad_input_is_one_line(tmp_path: Path, casablanca_record: Record) -> None:
    assert_user_error(parlour("analyse", str(tmp_path / "missing.json")), "no such record")
    (tmp_path / "bad.json").write_text("{ nope")
    assert_user_error(parlour("analyse", str(tmp_path / "bad.json")), "bad.json")
    path = tmp_path / "game.json"
    casablanca_record.save(path)
    assert_user_error(parlour("analyse", str(path), "--seat", "4"), "--seat must be 1 to 3")
    assert_user_error(parlour("analyse", str(path), "--budget", "0"), "--budget")
    assert_user_error(parlour("analyse", str(path), "--jobs", "0"), "--jobs")
    unfinished = Record.from_json({**casablanca_record.to_json(), "actions": casablanca_record.actions[:10]})
    unfinished.save(tmp_path / "half.json")
    assert_user_error(parlour("analyse", str(tmp_path / "half.json")), "half.json", "not finished")
    broken = Record.from_json({**casablanca_record.to_json(),
                               "actions": casablanca_record.actions[:5] + ["fly to the moon"]})
    broken.save(tmp_path / "broken.json")
    assert_user_error(parlour("analyse", str(tmp_path / "broken.json")), "action 6", "does not replay")


@pytest.mark.parametrize("to_group", [False, True], ids=["to-the-program", "ctrl-c-in-a-terminal"])
def test_ctrl_c_stops_an_analysis_with_workers(tmp_path: Path, to_group: bool) -> None:
    """SIGINT once the first decision is done (the workers are at work): exit 130, no
    traceback, nothing kept beside the record."""
    path = tmp_path / "game.json"
    finished(CASABLANCA, 5).save(path)  # a long game: 200 decisions
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "fixtures")}
    with session([sys.executable, "-m", "parlour", "analyse", str(path), "--jobs", "2", "--budget", "3000"],
                 env=env) as proc:
        assert proc.stderr is not None
        seen = [proc.stderr.readline(), proc.stderr.readline()]
        # the next progress line says some decision is done: with two workers two may finish
        # together and it reads "2/210" (a CI run), so any count but none
        assert seen[0].startswith("analysing P1's decisions: 0/"), seen
        assert re.match(r"analysing P1's decisions: [1-9]\d*/", seen[1]), seen
        out, err = ctrl_c(proc, to_group=to_group)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and out == ""
    assert not (tmp_path / "game.analysis.json").exists()


def test_a_kept_analysis_is_not_taken_for_a_record(tmp_path: Path, casablanca_record: Record) -> None:
    from parlour.core.analysis import cache_path
    from parlour.core.review import find_record

    path = tmp_path / "casablanca-1.json"
    casablanca_record.save(path)
    cache_path(path).write_text("{}")
    assert cache_path(path).name == "casablanca-1.analysis.json"
    assert find_record("casablanca", tmp_path) == path


KNOWLEDGE = '''
from parlour.games.casablanca.knowledge import CasablancaKnowledge


class Tweaked(CasablancaKnowledge):
    rollout_depth = {depth}
'''


def test_a_kept_analysis_is_made_again_when_the_searchers_knowledge_changes(
        tmp_path: Path, casablanca_record: Record, monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis is kept by the searcher that made it (the source of the game's knowledge
    and of the search): a game whose knowledge changed judges anew, one whose knowledge is
    the same reuses it, and any other budget is made anew too."""
    import importlib

    source = tmp_path / "plugin" / "tweaked_knowledge.py"
    source.parent.mkdir()
    source.write_text(KNOWLEDGE.format(depth=4))
    monkeypatch.syspath_prepend(str(source.parent))
    module = importlib.import_module("tweaked_knowledge")
    monkeypatch.setattr(CASABLANCA, "search_knowledge", lambda rules: module.Tweaked(rules), raising=False)
    path = tmp_path / "game.json"
    casablanca_record.save(path)
    made = analyse(CASABLANCA, casablanca_record, 0, budget=10)
    analysis.keep(path, made)
    assert analysis.kept(path, CASABLANCA, casablanca_record, 0, 10, 0) == made
    assert analysis.kept(path, CASABLANCA, casablanca_record, 0, 11, 0) is None, "another budget"
    source.write_text(KNOWLEDGE.format(depth=5))
    assert analysis.kept(path, CASABLANCA, casablanca_record, 0, 10, 0) is None, "the knowledge changed"
    source.write_text(KNOWLEDGE.format(depth=4))
    assert analysis.kept(path, CASABLANCA, casablanca_record, 0, 10, 0) == made, "the same knowledge again"
    monkeypatch.undo()
    assert analysis.kept(path, CASABLANCA, casablanca_record, 0, 10, 0) is None, "the game's own knowledge"


@pytest.mark.parametrize("lang, one, many", [
    ("en", ["1 simulation each", "1 decision (1 forced move not counted): 1 blunder"],
     ["2 simulations each", "2 decisions (2 forced moves not counted): 2 blunders"]),
    ("de", ["je 1 Simulation", "1 Entscheidung (1 erzwungener Zug nicht gezählt): 1 grober Fehler"],
     ["je 2 Simulationen", "2 Entscheidungen (2 erzwungene Züge nicht gezählt): 2 grobe Fehler"]),
    ("fr", ["1 simulation chacune", "1 décision (1 coup forcé non compté)\u00a0: 1 gaffe"],
     ["2 simulations chacune", "2 décisions (2 coups forcés non comptés)\u00a0: 2 gaffes"]),
])
def test_the_text_report_counts_in_the_singular_and_the_plural(lang: str, one: list[str], many: list[str],
                                                                 capsys: Any) -> None:
    """Playtest: `parlour analyse` printed "1 decisions"; each count it prints takes its
    number's form, in every language."""
    from parlour.analyse import print_report
    from parlour.core.analysis import Decision
    from parlour.core.i18n import set_language

    decision = Decision(move=1, stage=None, played="x", played_label="x", best="y", best_label="y",
                        win_played=0.1, win_best=0.9, lost=0.8, mark="blunder", choices=2, simulations=1)
    set_language(lang)
    try:
        for n, expected in ((1, one), (2, many)):
            found = Analysis(game="casablanca", record="", seat=0, name="P1", budget=n, seed=0,
                             decisions=[decision] * n, forced=n)
            print_report(CASABLANCA, None, found)
            out = capsys.readouterr().out
            for text in expected:
                assert text in out, (lang, n, out)
    finally:
        set_language("en")


@pytest.mark.parametrize("bad", [{"win_played": "x"}, {"lost": None}, {"move": True}, {"mark": "oops"},
                                 {"mark": ["blunder"]}])
def test_a_kept_decision_the_review_cannot_count_with_is_not_an_analysis(bad: dict[str, Any]) -> None:
    """A file edited by hand: a win chance or a mark the review would compute with and fail
    on makes the kept analysis unreadable (it is made again); its move texts and labels are
    shown as they are."""
    from parlour.core.analysis import Decision

    decision = Decision(move=1, stage=None, played="x", played_label="x", best="y", best_label="y",
                        win_played=0.1, win_best=0.9, lost=0.8, mark="blunder", choices=2, simulations=1)
    data = Analysis(game="casablanca", record="", seat=0, name="P1", budget=1, seed=0, decisions=[decision]).to_json()
    assert Analysis.from_json(json.loads(json.dumps(data))).decisions == [decision]
    data["decisions"][0].update(bad)
    with pytest.raises(ValueError):
        Analysis.from_json(data)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_text_report_of_a_kept_analysis_words_the_moves_in_its_language(
        tmp_path: Path, casablanca_record: Record, capsys: Any, lang: str) -> None:
    """An analysis kept in English (``--json --lang en``) reported in French or German: the
    moves' labels are read back from their texts in the report's language."""
    from parlour.core.i18n import in_language

    path = tmp_path / "game.json"
    casablanca_record.save(path)
    assert main(["analyse", str(path), "--budget", "20", "--json", "--lang", "en"]) == 0
    made = Analysis.from_json(json.loads(capsys.readouterr().out))
    assert main(["analyse", str(path), "--budget", "20", "--lang", lang]) == 0  # the kept one
    out = capsys.readouterr().out
    rules = clean_record_rules(CASABLANCA, casablanca_record)
    moments = made.key_moments()
    assert moments, "the report names moves in full at its key moments"
    for d in moments:
        with in_language(lang):
            played = CASABLANCA.action_from_text(d.played, rules).label
        assert played != d.played_label and played in out, (played, out)
        assert d.played_label not in out, (d.played_label, out)


def test_a_games_wording_of_a_move_that_fails_gives_the_moves_own_label_then_its_text() -> None:
    """``Game.label_in`` is plugin code: one that raises or gives no text leaves the action's
    label, and a label that fails too its text; an analysis is not lost for a label."""
    from types import SimpleNamespace

    from parlour.core.game import label_in

    def broken(state: object, action: object) -> str:
        raise RuntimeError("no words")

    class Labelled:
        text = "pick 3"
        label = "pick up the chip on field 4"

    class Unlabelled:
        text = "pick 3"

        @property
        def label(self) -> str:
            raise ValueError("no label")

    assert label_in(SimpleNamespace(label_in=broken), None, Labelled()) == "pick up the chip on field 4"  # type: ignore[arg-type]
    assert label_in(SimpleNamespace(label_in=lambda s, a: 5), None, Labelled()) == "pick up the chip on field 4"  # type: ignore[arg-type]
    assert label_in(SimpleNamespace(label_in=broken), None, Unlabelled()) == "pick 3"  # type: ignore[arg-type]
    assert label_in(SimpleNamespace(label_in=lambda s, a: "match"), None, Labelled()) == "match"  # type: ignore[arg-type]


def test_a_games_few_words_for_a_move_that_fail_give_the_moves_text() -> None:
    """``Game.short_label`` and the reading of a text are plugin code: one that raises, gives
    no text, or a text the game cannot read leaves the record's text; a broken record leaves
    the moves past the break without their state."""
    from types import SimpleNamespace

    from parlour.core.game import move_short

    def reader(text: str, rules: object) -> object:
        if text == "unreadable":
            raise ValueError("no such move")
        return SimpleNamespace(text=text)

    def broken(action: object) -> str:
        raise RuntimeError("no words")

    def game(short: object) -> Any:
        return SimpleNamespace(reads_actions=True, action_from_text=reader, short_label=short)

    assert move_short(game(broken), {}, "bet col4-bottom") == "bet col4-bottom"
    assert move_short(game(lambda a: 5), {}, "bet col4-bottom") == "bet col4-bottom"
    assert move_short(game(lambda a: "bet C4"), {}, "unreadable") == "unreadable"
    assert move_short(game(lambda a: "bet C4"), {}, "bet col4-bottom") == "bet C4"
    assert move_short(SimpleNamespace(reads_actions=False), {}, "bet col4-bottom") == "bet col4-bottom"
    assert move_short(game(broken), {}, None) == "None"

    record = finished(CASABLANCA, 23)
    whole = analysis.states_before(CASABLANCA, record, [1, 10, len(record.actions)])
    assert sorted(whole) == [1, 10, len(record.actions)]
    record.actions[5] = "nonsense 99"
    cut = analysis.states_before(CASABLANCA, record, [1, 10])
    assert sorted(cut) == [1] and cut[1].view(0) == whole[1].view(0)


def test_picks_that_change_no_score_are_counted_forced_not_judged() -> None:
    """Banque Fatale's last round: each jeton counts the same at the end and every seat takes
    as many whatever it picks. A playtest's analysis judged those picks on noise (three at
    0 %, "best: take one B jeton"); they are counted forced (``Knowledge.indifferent``)."""
    from parlour.core.record import replay
    from parlour.games.banque_fatale import GAME as BANQUE

    rules = load_ruleset(BANQUE).resolve()
    match = start_match(BANQUE, rules, 3, [Seat(f"P{i + 1}", "random") for i in range(3)])
    match.play_out()
    record = match.record
    record.finished = True
    knowledge = BANQUE.search_knowledge(rules)
    for seat in range(3):
        chosen, forced = seat_decisions(BANQUE, record, seat)
        last_picks = []
        for index in range(len(record.actions)):
            state = replay(BANQUE, record, upto=index)
            if state.to_move == seat and knowledge.indifferent(state.view(seat)):
                last_picks.append(index)
        assert last_picks, "the last round's pool goes round"
        assert not set(last_picks) & set(chosen)
        assert forced >= len(last_picks)


def test_a_move_the_games_advice_leaves_alone_is_the_computers_choice_not_a_blunder() -> None:
    """A playtest's match of three (seed 256612): Dmitri moved a chip every seat had seen turned
    over as a 6 and said 6; the analysis marked letting it pass a blunder (−36 %) against
    challenging it. Casablanca's advice offers the pass alone there, and ``hard`` passes
    unsearched: the pass is the computer's choice, judged beside the others for its win
    chance only."""
    from parlour.core.record import replay

    path = Path(__file__).parents[1] / "fixtures" / "casablanca-a-claim-known-true.json"
    record = Record.from_json(json.loads(path.read_text(encoding="utf-8")))
    rules = clean_record_rules(CASABLANCA, record)
    index = 796
    state = replay(CASABLANCA, record, upto=index)
    view = state.view(0)
    moved_to = int(record.actions[index - 1].split()[2])
    assert state.to_move == 0 and record.actions[index - 1] == "announce 6 23" and view["known"][moved_to] == 6
    advice = CASABLANCA.search_knowledge(rules).candidates(view, state.legal_actions(), random.Random(0))
    assert [a.text for a in advice] == ["pass"] == [record.actions[index]]
    found = judge(CASABLANCA, rules, state, "pass", index, 120, seed=1)
    assert found.best == found.played == "pass" and found.lost == 0.0 and found.mark is None
    assert found.simulations > 0 and 0.0 <= found.win_played <= 1.0
    assert {t["move"] for t in found.top} - {"pass"}, "the others were searched beside it"


def test_the_text_report_words_each_move_in_the_state_it_was_made_in(capsys: Any) -> None:
    """Playtest: `parlour analyse` named Casablanca's mover's first answer to a challenge "call:
    turn the chip over" where the review said "match the stake (the challenger answers)": the
    report worded the moves without their state. Each is worded in the state it was made in,
    as the review words it (``Game.label_in``)."""
    from parlour.analyse import print_report
    from parlour.core.analysis import Decision
    from parlour.core.game import label_in

    for seed in range(200):  # a game where a mover matched a challenger's stake
        record = finished(CASABLANCA, seed, players=4)
        state = replay(CASABLANCA, record, upto=0)
        found = None
        for index, text in enumerate(record.actions):
            action = CASABLANCA.legal_action(state, text)
            if label_in(CASABLANCA, state, action) != action.label:
                found = (index + 1, state.to_move, label_in(CASABLANCA, state, action), action.label, text)
                break
            state.apply(action)
        if found is not None:
            break
    assert found is not None, "no game of 200 had a move worded by its moment"
    move, seat, in_its_state, plain, text = found
    assert in_its_state == "match the stake (the challenger answers)" and plain == "call: turn the chip over"
    decision = Decision(move=move, stage=None, played=text, played_label=plain, best=text, best_label=plain,
                        win_played=0.4, win_best=0.4, lost=0.0, mark=None, choices=2, simulations=1)
    report = Analysis(game="casablanca", record="", seat=seat, name=f"P{seat + 1}", budget=1, seed=0,
                      decisions=[decision])
    print_report(CASABLANCA, record, report)
    out = capsys.readouterr().out
    assert "match the stake" in out and "turn the chip over" not in out, out
    print_report(CASABLANCA, None, report)  # without the record, the move's own label
    assert "turn the chip over" in capsys.readouterr().out


def test_the_text_reports_table_shows_a_long_move_in_the_games_few_words(capsys: Any) -> None:
    """Playtest: the report's table cut Monte Carlo's labels at 25 columns, "bet a chip on
    number 8 (…" for both fields of 8. Where a label does not fit, the column shows the game's
    few words for the move (``Game.short_label``), as the app's narrow lines do; a label that
    fits stays (and Monte Carlo's lays read "an 8", not "a 8")."""
    from parlour.analyse import print_report
    from parlour.core.analysis import Decision
    from parlour.games.monte_carlo.actions import LAYS
    from parlour.games.monte_carlo.layout import CELL_BY_NAME

    assert LAYS[CELL_BY_NAME["r5c3"]].label == "lay an 8 on row 5, column 3 (red)"
    decisions = [Decision(move=1, stage=None, played="bet n8-top", played_label="", best="bet n8-bottom",
                          best_label="", win_played=0.2, win_best=0.3, lost=0.1, mark="mistake", choices=2,
                          simulations=1),
                 Decision(move=5, stage=None, played="pass", played_label="", best="bet d1-9", best_label="",
                          win_played=0.2, win_best=0.2, lost=0.0, mark=None, choices=2, simulations=1)]
    print_report(MONTE, None, Analysis(game="monte-carlo", record="", seat=0, name="P1", budget=1, seed=0,
                                       decisions=decisions))
    rows = [line for line in capsys.readouterr().out.splitlines() if line.strip()[:1].isdigit()]
    assert "bet 8 (top)" in rows[0] and "bet 8 (bottom)" in rows[0] and "…" not in rows[0], rows
    assert "pass this round" in rows[1] and "bet D19" in rows[1], rows  # a label that fits stays
