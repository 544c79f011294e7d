"""What the review and the results show of a finished game, whole at the sizes a player has:
each evaluation's shares (Casablanca's long labels cut their wording, never "47 %"), one
form of the moves for all of a seat's evaluations, the results' note with its keys beside a
record's path of two lines, the marks counted beside the plot, and every score of the
review's side table. Finished games of seeded random players, analysed at a tiny budget."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tui_helpers import run, wait_for

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.core import analysis as engine
from parlour.core.record import HUMAN, Seat
from parlour.core.registry import Registry
from parlour.core.review import Review, StageScores
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import screen_text, settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.results import ResultsScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.table import LiveGame

BUDGET = 8
NAMES = ("Ann", "Bea", "Cyd", "Dan")


@pytest.fixture(autouse=True)
def tiny_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.tui.review.APP_BUDGET", BUDGET)
    monkeypatch.setattr("parlour.tui.results.APP_BUDGET", BUDGET)


def finished(game: Any, seed: int = 5, players: int = 4, variants: tuple[str, ...] = ()) -> Any:
    """A finished match of seeded random players; Ann, the first, the person."""
    rules = dict(load_ruleset(game).resolve(list(variants)))
    match = start_match(game, rules, seed, [Seat(name, "random") for name in NAMES[:players]], list(variants))
    match.play_out()
    match.replace_seat(0, Seat("Ann", HUMAN), match.agents[0])
    return match


def app_for(tmp_path: Path) -> ParlourApp:
    registry = Registry()
    for game in (BANQUE, CASABLANCA):
        registry.add(game.id, "tests", lambda game=game: game)
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)


def evaluations(tmp_path: Path, game: Any, match: Any, size: tuple[int, int]) -> list[tuple[engine.Decision, str]]:
    """Ann's decisions, each with its evaluation's line in the review at ``size`` (``a``)."""
    app = app_for(tmp_path)

    async def scenario() -> list[tuple[engine.Decision, str]]:
        async with app.run_test(size=size) as pilot:
            app.show_review(game, match.record, seat=0, path=tmp_path / "game.json")
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await pilot.press("a")
            await wait_for(pilot, lambda: 0 in screen.analyses and screen.analysing is None, timeout=60)
            lines = []
            for decision in screen.analyses[0].decisions:
                screen.go(decision.move)
                await pilot.pause()
                lines.append((decision, str(screen.query_one("#review-where").render()).splitlines()[1]))
            return lines

    return run(scenario())


#: an evaluation whose best move has a share, the mark's loss after it where marked
BEST_SHARE = re.compile(r"· best: .*\S ([<>]?\d+ ?%)( · \w+ \(−\d+ ?%\))?$")


def test_at_80x24_casablancas_evaluations_cut_the_moves_wording_not_the_best_moves_share(tmp_path: Path) -> None:
    """At 80x24 a Casablanca review read "you: raise by $350 · blunder (−35%) · win 65% ·
    best: admit (undo the move, p…": the best move's share was cut with its wording. The
    moves' wording gives way now; every share and the mark stay."""
    lines = evaluations(tmp_path, CASABLANCA, finished(CASABLANCA), (80, 24))
    assert all(len(line) <= 78 for _d, line in lines), [line for _d, line in lines if len(line) > 78]
    best = [(d, line) for d, line in lines if " · best: " in line or (d.best != d.played and "choice:" not in line)]
    assert best, "some decision had a better move"
    missing = [line for _d, line in best if not BEST_SHARE.search(line)]
    assert not missing, "\n".join(missing)
    unmarked = [line for d, line in lines if d.mark and f"{d.mark} (−" not in line]
    assert not unmarked, "\n".join(unmarked)
    assert any("…" in line for _d, line in lines), "the long labels are cut, not left out"


def test_a_cut_evaluation_keeps_its_shares_and_its_order() -> None:
    from parlour.tui.analysis_view import evaluation

    d = engine.Decision(44, None, "raise 350", "raise by $350", "admit", "admit (undo the move, pay the fee)",
                        0.65, 1.0, 0.35, "blunder", 5, 8)
    line = evaluation(d, "you", 74, texts=False).plain
    # the words in brackets go whole before a move is cut
    assert line == "you: raise by $350 · win 65% · best: admit >99% · blunder (−35%)", line
    pick = engine.Decision(44, None, "pick 11", "pick up the chip on field 12 (Lamp)", "pick 9",
                           "pick up the chip on field 10 (Moon)", 0.30, 0.64, 0.34, "blunder", 5, 8)
    # the words both moves begin with give way first: the fields stay
    assert evaluation(pick, "you", 100, texts=False).plain == (
        "you: pick up the chip on field 12 (Lamp) · win 30% · best: …field 10 (Moon) 64% · blunder (−34%)")
    # narrower, the move played keeps its verb (at 80 columns it read "you: …field 8 (Palm)",
    # a pick-up or a put-down only the log told), the words in brackets giving way before
    # each of its words does
    assert evaluation(pick, "you", 88, texts=False).plain == (
        "you: pick up the chip …field 12 · win 30% · best: …field 10 64% · blunder (−34%)")
    assert evaluation(pick, "you", 78, texts=False).plain == (
        "you: pick up the …field 12 · win 30% · best: …field 10 64% · blunder (−34%)")
    assert evaluation(pick, "you", 70, texts=False).plain == (
        "you: pick …field 12 · win 30% · best: …field 10 64% · blunder (−34%)")
    assert evaluation(pick, "you", 64, texts=False).plain == (
        "you: …field 12 · win 30% · best: …field 10 64% · blunder (−34%)")
    # too narrow: the mark first, the rest cut, a number whole or not at all ("win 6…" read as 6 %)
    assert evaluation(d, "you", 40).plain == "you: raise 350 · blunder (−35%) · win …"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_banque_fatales_review_words_every_move_in_one_form(tmp_path: Path, size: tuple[int, int]) -> None:
    """At 80x24 a Banque Fatale review read "you: take one B jeton · ..." on one decision and
    "you: take R · ..." on the next: each line took the labels where they fitted. All the
    seat's lines now take one form at a width, the labels where every line fits with them."""
    lines = evaluations(tmp_path, BANQUE, finished(BANQUE), size)
    forms = {}
    for d, line in lines:
        if d.played != d.played_label:
            said = line.split(" · ")[0]
            forms[said] = "label" if said == f"you: {d.played_label}" else "text" if said == f"you: {d.played}" else "?"
    assert len(set(forms.values())) == 1, forms
    assert set(forms.values()) == ({"text"} if size[0] < 100 else {"label"}), forms
    assert all(len(line) <= size[0] - 2 for _d, line in lines)


def results_text(tmp_path: Path, match: Any, path: Path, size: tuple[int, int] = (80, 24)) -> tuple[str, Any]:
    app = app_for(tmp_path)

    async def scenario() -> tuple[str, Any]:
        async with app.run_test(size=size) as pilot:
            app.push_screen(ResultsScreen(LiveGame(BANQUE, match, path)))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-picture")))
            text = await settled_text(pilot)
            return text, app.screen.query_one("#results").max_scroll_y

    return run(scenario())


def long_path(tmp_path: Path) -> Path:
    """Where the app keeps a record on a player's machine (``tmp_path``'s "home/dominique"
    standing for his home folder): "Record: …" takes two lines at 80 columns."""
    folder = tmp_path / "home" / "dominique" / ".local" / "share" / "parlour" / "records"
    folder.mkdir(parents=True)
    return folder / "banque-fatale-20261129-064853-k3f9q2.json"


@pytest.mark.parametrize("analysed", [False, True], ids=["plain", "analysed"])
def test_at_80x24_a_records_path_of_two_lines_is_whole_and_nothing_scrolls(tmp_path: Path, monkeypatch,
                                                                           analysed: bool) -> None:
    """Banque Fatale of three at 80x24, the record kept where the app keeps records: the path
    took two lines, broken inside, and with a path of 75 columns the results scrolled (the
    scrollbar narrowed the note, the path wrapped once more, the line kept the bar). The path
    is written from "~" on a line of its own, whole; the note is laid out as narrow as the
    scrollbar leaves it, and nothing scrolls. The plots give up rows (down to two) for the
    rest, and the keys go before the rounds' scores (the footer has the keys)."""
    home = tmp_path / "home" / "dominique"
    monkeypatch.setenv("HOME", str(home))
    match = finished(BANQUE, players=3)
    path = long_path(tmp_path)
    if analysed:
        engine.keep(path, engine.analyse(BANQUE, match.record, 0, BUDGET))
    text, scroll = results_text(tmp_path, match, path)
    shown = "~" + str(path)[len(str(home)):]
    assert len(f"Record: {shown}") > 76 and scroll == 0, text
    assert "  Record:" in text.splitlines() and f"  {shown}" in text.splitlines(), text
    assert "Round by round" in text and "━ Ann" in text and "v Review" in text, text
    assert ("100% ▕" in text) == analysed, "the win chance's bars beside the plot once analysed"


@pytest.mark.parametrize("analysed", [False, True], ids=["plain", "analysed"])
def test_the_results_offer_to_read_an_analysis_once_it_is_kept(tmp_path: Path, analysed: bool) -> None:
    """"a: analyse your decisions" was still offered after the analysis was kept beside the
    record, as if it had to be made again; then ``a`` reads it."""
    match = finished(BANQUE, players=3)
    path = tmp_path / "game.json"
    if analysed:
        engine.keep(path, engine.analyse(BANQUE, match.record, 0, BUDGET))
    text, _scroll = results_text(tmp_path, match, path, size=(120, 40))
    assert ("a: read the analysis of your decisions" in text) == analysed, text
    assert ("a: analyse your decisions" in text) != analysed, text


def test_at_80x24_the_marks_beside_the_plot_show_every_count(tmp_path: Path) -> None:
    """At 80x24 the results read "Ann's win chance · 11 blund., 8 mist…" beside the plot:
    the inaccuracies' count was cut. Where the title and the counts do not fit together, the
    counts show whole."""
    from parlour.tui.analysis_view import WinChart

    match = finished(BANQUE)
    path = tmp_path / "game.json"
    found = engine.analyse(BANQUE, match.record, 0, BUDGET)
    engine.keep(path, found)
    app = app_for(tmp_path)

    async def scenario() -> tuple[str, int]:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(ResultsScreen(LiveGame(BANQUE, match, path)))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen) and bool(app.screen.query("#results-picture")))
            await settled_text(pilot)
            chart = app.screen.query_one(WinChart)
            return chart.render().plain.splitlines()[-1], chart.size.width

    last, width = run(scenario())
    counts = found.counts()
    assert len([n for n in counts.values() if n]) == 3, counts
    assert len(last) <= width and "…" not in last, (width, last)
    assert [int(n) for n in re.findall(r"\d+", last)] == [n for n in counts.values() if n], (counts, last)


def test_at_120x40_the_reviews_side_table_writes_every_score_whole(tmp_path: Path) -> None:
    """A Casablanca match of three (seed 7) at 120x40: the side table read "$10,2…" and
    "$12,4…". A score is never cut: the round's heading, then the gaps give way (a name
    would be cut first)."""
    match = finished(CASABLANCA, seed=7, variants=("match-of-three",))
    stages = Review(CASABLANCA, match.record).history(0)
    scores = {CASABLANCA.score_text(score) for row in stages for score in row.scores if score is not None}
    app = app_for(tmp_path)

    async def scenario() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_review(CASABLANCA, match.record, seat=0)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            await settled_text(pilot)
            table = app.screen.query_one("#review-history")
            assert table.display
            region = table.region
            return "\n".join(line[region.x: region.right] for line in screen_text(app).splitlines()[region.y: region.bottom])

    table = run(scenario())
    assert "…" not in table, table
    assert "$12,400" in scores and all(score in table for score in scores), (scores, table)
    assert all(name in table for name in NAMES), table


def side_table(names: list[str], width: int) -> str:
    """The review's narrow table of two rounds of Casablanca scores, ``width`` wide."""
    from parlour.tui.panels import history_table

    stages = [StageScores("Round 1", [10400.0, 11200.0, 12450.0, 13850.0]),
              StageScores("Round 2", [20400.0, 0.0, 12450.0, 13850.0])]
    console = Console(width=width, record=True)
    console.print(history_table(names, stages, CASABLANCA.score_text, narrow=True, width=width))
    return console.export_text()


@pytest.mark.parametrize("width", [37, 33])
def test_the_narrow_side_table_cuts_a_name_before_a_score(width: int) -> None:
    text = side_table(["Dominique", "Bea", "Cyd", "Dan"], width)
    for score in ("$10,400", "$11,200", "$12,450", "$13,850", "$20,400"):
        assert score in text, (score, text)
    assert all(len(line) <= width for line in text.splitlines()), text


@pytest.mark.parametrize("width", [45, 41, 37])
def test_the_narrow_side_table_narrows_its_gaps_before_it_cuts_a_name(width: int) -> None:
    """The review's side table read "Playe…" to keep gaps of two columns: a name is cut only
    when gaps of one and no stages' heading leave no room for it."""
    names = ["Player 1", "Player 2", "Player 3", "Player 4"]
    text = side_table(names, width)
    assert all(name in text for name in names) and "…" not in text, text
    assert ("Round" in text) == (width >= 41), text  # the heading goes last of all but the names
    assert all(len(line) <= width for line in text.splitlines()), text


def test_the_records_path_is_never_broken_inside() -> None:
    """At 80x24 "Record:" stood alone and the path broke inside ("…ggggggg.jso" / "n"): it
    goes on the same line where it fits, else on a line of its own, the home folder written
    "~", and a path wider than a line keeps its end (the file's name) after "…"."""
    from parlour.tui.results import record_line

    home = str(Path.home())
    assert record_line("/tmp/a.json", 76) == "Record: /tmp/a.json"
    name = "banque-fatale-20261129-064853-k3f9q2.json"
    kept = f"{home}/.local/share/parlour/records/{name}"
    assert record_line(kept, 200) == f"Record: {kept}"
    short = f"~/.local/share/parlour/records/{name}"
    assert record_line(kept, len(short) + 8) == f"Record: {short}"
    assert record_line(kept, len(short)) == f"Record:\n{short}"
    long = "/srv/" + "x" * 100 + "/" + name
    lines = record_line(long, 76).splitlines()
    assert lines[0] == "Record:" and len(lines[1]) == 76 and lines[1].startswith("…") and lines[1].endswith(name)


def test_narrowed_evaluations_keep_what_tells_the_moves_apart() -> None:
    """A playtest at 80 columns read "you: pick up the chi… · best: reshuffle the ch…",
    "announce 2, chip to fiel… · best: announce 0, chip to fiel…", "match the stake (…" and
    "pick …field 6 (Fez)" (the verb cut, the brackets kept). Now the brackets go first, the
    words both moves share in the middle go, a move keeps its first and last words about an
    ellipsis, a cut falls between words, and the verb stays while the brackets can go."""
    from parlour.tui.analysis_view import evaluation

    def line(played: str, best: str, win: float, best_win: float, mark: str | None = None) -> str:
        d = engine.Decision(1, None, "p", played, "q", best, win, best_win, best_win - win, mark, 5, 8)
        return evaluation(d, "you", 78, texts=False).plain

    assert line("pick up the chip on field 6 (Fez)", "pick up the chip on field 16 (Camel)", 0.004, 0.004) == (
        "you: pick up the chip …field 6 · win <1% · the computer's choice: …field 16")
    assert line("announce 2, chip to field 10 (Moon)", "announce 0, chip to field 1 (Palm)", 0.11, 0.14) == (
        "you: announce 2, …field 10 · win 11% · best: announce 0, …field 1 14%")
    assert line("pick up the chip on field 4 (Star)", "reshuffle the chips on the ring", 0.19, 0.33, "mistake") == (
        "you: pick up …field 4 · win 19% · best: reshuffle the… 33% · mistake (−14%)")
    assert line("match the stake (the challenger answers)", "admit (undo the move, pay the fee)", 0.01, 0.07,
                "inaccuracy") == "you: match the stake · win 1% · best: admit 7% · inaccuracy (−6%)"
    assert line("announce 5, chip to field 9 (Camel)", "announce 1, chip to field 19 (Lamp)", 0.16, 0.16) == (
        "you: announce 5, …field 9 · win 16% · the computer's choice: announce 1…")


def test_a_squeezed_move_does_not_say_a_word_twice_about_the_gap() -> None:
    """A playtest read "reshuffle the …the ring": the head stops short of the word the tail
    begins with, where a shorter head fits."""
    from parlour.tui.analysis_view import _squeezed

    assert _squeezed("reshuffle the chips on the ring", 22) == "reshuffle …the ring"
    assert _squeezed("reshuffle the chips on the ring", 29) == "reshuffle the chips …the ring"
    # a digit in the head still keeps it, repeated word or not
    assert _squeezed("announce 5, chip to field 9", 22) == "announce 5, …field 9"


def test_a_move_estimated_lower_than_the_one_played_is_not_called_best() -> None:
    """"you: let it pass · win 2% · best: challenge, staking $100 1%" (a playtest): the
    search's choice, by its simulations, where the move played was estimated higher on its
    own. It reads as the computer's choice, with its share."""
    from parlour.tui.analysis_view import evaluation

    d = engine.Decision(88, None, "pass", "let it pass", "challenge 100", "challenge, staking $100",
                        0.02, 0.01, 0.0, None, 5, 8)
    assert evaluation(d, "you").plain == "you: let it pass · win 2 % · the computer's choice: challenge, staking $100 1 %"


def test_the_loss_a_mark_shows_is_the_difference_of_the_shares_shown() -> None:
    """A playtest read "win 0% · best: …field 1 (Palm) 12% · mistake (−11%)": the shares
    0.4 % and 11.6 %, each rounded, and the loss from them unrounded. The loss shown is the
    difference of the shares shown (under half a point reads "<1 %", a point's worth of
    nothing: see the next test)."""
    from parlour.tui.analysis_view import evaluation

    d = engine.Decision(199, None, "pick 7", "pick up the chip on field 8 (Palm)", "pick 0",
                        "pick up the chip on field 1 (Palm)", 0.004, 0.116, 0.112, "mistake", 5, 8)
    line = evaluation(d, "you", 200).plain
    assert "win <1 %" in line and "12 %" in line and "mistake (−12 %)" in line, line
    assert "(−12%)" in evaluation(d, "you", 200, tight=True).plain
    d = engine.Decision(199, None, "pick 7", "pick up the chip on field 8 (Palm)", "pick 0",
                        "pick up the chip on field 1 (Palm)", 0.054, 0.216, 0.162, "mistake", 5, 8)
    assert "win 5 % · best: pick up the chip on field 1 (Palm) 22 % · mistake (−17 %)" in evaluation(d, "you", 200).plain


def test_an_estimated_chance_never_reads_as_settled() -> None:
    """Many of a losing player's decisions read "win 0%" from mid-round, as if the game were
    lost; the estimate is a mean of simulations, and seats none of whose simulations won still
    won now and then. What rounds to 0 reads "<1 %", what rounds to 100 ">99 %"; the same two
    shares under a point read as the computer's choice, not as a better move."""
    from parlour.core.i18n import in_language
    from parlour.tui.analysis_view import evaluation
    from parlour.tui.screen import chance_text

    assert [chance_text(s) for s in (0.0, 0.004, 0.006, 0.5, 0.994, 0.996, 1.0)] == [
        "<1 %", "<1 %", "1 %", "50 %", "99 %", ">99 %", ">99 %"]
    assert chance_text(0.0, tight=True) == "<1%" and chance_text(1.0, tight=True) == ">99%"
    with in_language("de"):
        assert chance_text(0.0) == "<1\u00a0%" and chance_text(1.0, tight=True) == ">99%"
    d = engine.Decision(99, None, "pass", "pass", "bid 1", "bid 1", 0.0, 0.003, 0.003, None, 5, 8)
    assert evaluation(d, "you", 200).plain == "you: pass · win <1 % · the computer's choice: bid 1"
