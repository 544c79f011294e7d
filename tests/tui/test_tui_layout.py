"""What a playtest at 80x24 found: the footer cut a key in the middle ("f4") and lost the keys
after it, the table's and the review's side panel with them; the results broke a key of their
note over two lines and cut the scores; Casablanca's board changed form when an exchange
opened. At 80x24 now every key the footer shows is whole, the ones that give way are listed
by ``?``, and the board keeps still."""

from __future__ import annotations

import random
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from test_tui_screens import CASES, at_decision
from textual.screen import Screen
from textual.widgets import Footer, Static
from tui_helpers import run, wait_for

from parlour.core.record import HUMAN, Seat
from parlour.core.registry import discover
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.core.review import StageScores
from parlour.testing.boards import panel_text, screen_text, settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.panels import MomentPanel
from parlour.tui.results import ResultsScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.table import LiveGame, Phase, TableScreen

REGISTRY = discover()
SMALL = (80, 24)


def cut_keys(app: Any) -> list[str]:
    """The footer's keys that do not show whole: past its right end, or under the palette's
    key (the space after a key's description may lie under the palette's border)."""
    footer = app.screen.query_one(Footer)
    palette = [key for key in footer.children if key.has_class("-command-palette")]
    end = palette[0].region.x + 1 if palette else footer.region.right
    return [f"{key.key_display} {key.description}" for key in footer.children
            if key.display and key not in palette and key.region.right > end]


def footer_line(text: str) -> str:
    return text.splitlines()[-1]


@pytest.mark.parametrize("game_id, phase, when", [case[:3] for case in CASES if case[1] in ("bid", "betting", "figure")],
                         ids=["banque-fatale", "monte-carlo", "casablanca"])
def test_at_80x24_the_table_footer_shows_whole_keys_and_the_rest_behind_a_question_mark(tmp_path: Path, game_id: str,
                                                                                         phase: str, when: Any) -> None:
    from parlour.tui.screen import KeysDialog

    game, match = at_decision(game_id, when)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, list[str], str]:
        async with app.run_test(size=SMALL) as pilot:
            app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
            await wait_for(pilot, lambda: "? Keys" in footer_line(screen_text(app)))
            text = await settled_text(pilot)
            cut = cut_keys(app)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, KeysDialog))
            return text, cut, await settled_text(pilot)

    text, cut, keys = run(scenario())
    footer = footer_line(text)
    assert cut == [], f"cut keys {cut}: {footer}"
    for key in ("esc Menu", "f1 Rules", "f4 Side", "? Keys"):  # F4: below 110 columns the way to the log
        assert f" {key} " in footer, f"{key!r} not whole in: {footer}"
    assert "Take back" in keys and "Advice" in keys and "Log" in keys, f"? lists every key:\n{keys}"


def finished(game_id: str, players: int = 4, variants: tuple[str, ...] = ()) -> LiveGame:
    game = REGISTRY.get(game_id)
    names = ["Ada", "Dominique", "Bea", "Cyd"][:players]
    match = start_match(game, REGISTRY.ruleset(game_id).resolve(list(variants)), 5,
                        [Seat(name, "random") for name in names], list(variants))
    match.play_out()
    match.replace_seat(0, Seat("Ada", HUMAN), match.agents[0])
    return LiveGame(game, match, Path("/saves/game.json"))


def test_at_80x24_the_review_keeps_its_side_panel_in_reach(tmp_path: Path) -> None:
    """The review's footer was cut at "a ", F4 (scores, plots and log) and Esc lost."""
    live = finished("banque-fatale")
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, list[str], bool]:
        async with app.run_test(size=SMALL) as pilot:
            app.show_review(live.game, live.match.record, seat=0)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            screen = app.screen
            await wait_for(pilot, lambda: bool(screen.query_one(Footer).children))
            text = await settled_text(pilot)
            cut = cut_keys(app)
            await pilot.press("f4")
            await wait_for(pilot, lambda: bool(screen.query_one("#review-side").display))
            return text, cut, screen.query_one("#review-side").region.width >= 76

    text, cut, side = run(scenario())
    footer = footer_line(text)
    assert cut == [], f"cut keys {cut}: {footer}"
    assert all(key in footer for key in ("→ Next", "← Back", "f4 Side", "esc Back", "? Keys")), footer
    assert side, "F4 shows the side panel at the whole width"


def test_the_key_list_names_each_key_of_a_pair_once(tmp_path: Path) -> None:
    """The footer shows "n/p Key moment"; the key list (?) showed that and "p Key moment back",
    p twice (a playtest). There each key is its own."""
    from parlour.core.analysis import Analysis
    from parlour.tui.screen import keys_here

    live = finished("banque-fatale")
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> list[tuple[str, str]]:
        async with app.run_test(size=SMALL) as pilot:
            app.show_review(live.game, live.match.record, seat=0)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            screen.analyses[0] = Analysis(live.game.id, "", 0, "Ada", 1, 0, [])
            screen.refresh_bindings()
            await pilot.pause()
            return keys_here(screen)

    keys = run(scenario())
    assert ("n", "Key moment") in keys and ("p", "Key moment back") in keys, keys
    assert not any("/" in key for key, _ in keys), keys


@pytest.mark.parametrize("size", [SMALL, (120, 40)], ids=["80x24", "120x40"])
def test_the_results_never_break_a_key_of_the_note_nor_cut_a_score(tmp_path: Path, size: tuple[int, int]) -> None:
    """A match of three rounds of Casablanca for four: its scores ("$16,450") were cut to
    "$16,4…" at 80 columns, and the note's "v: review the game move by / move" broke over two
    lines. Long names now wrap between words, and each key of the note stays on one line.
    Each round's money is written as the score is ("$10,400"); at 80 columns that leaves a
    long name to end in "…", never a number."""
    live = finished("casablanca", variants=("match-of-three",))
    scores = [live.game.score_text(score) for score in live.match.state.scores()]
    scores += [live.game.score_text(value) for parts in live.match.state.score_breakdown()
               for part, value in parts.items() if part.startswith("round")]
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> str:
        async with app.run_test(size=(size[0], 60)) as pilot:  # tall: the note keeps its keys
            await app.push_screen(Screen())
            app.show_results(live)
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            return await settled_text(pilot)

    text = run(scenario())
    assert all(score in text for score in scores), text
    cut = [line.split("…")[0].replace("* winner", "").strip() for line in text.splitlines() if "…" in line]
    assert all(name.startswith(("Ada", "Dominique", "Bea", "Cyd")) for name in cut), text  # names only
    assert size[0] < 100 or not cut, text
    assert "Score" in text and "winner" in text, text
    for key in ("n: play again with the same table (a new seed)", "v: review the game move by move",
                "a: analyse your decisions", "m: back to the games", "r: rules"):
        assert any(key in line for line in text.splitlines()), f"{key!r} broken or missing:\n{text}"


@pytest.mark.parametrize("size", [SMALL, (120, 40)], ids=["80x24", "120x40"])
def test_the_scores_round_by_round_and_their_plot_are_written_as_the_game_writes_scores(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """A playtest read Casablanca's results: "Round by round" 3000 and the plot's scale 16450
    beside the Score $16,450. The table of rounds (as long as it fits), the one on its side
    and the plot's scale are written as the game writes its scores (``Game.score_text``)."""
    from parlour.tui.results import history_rows
    from parlour.tui.scores_chart import ScoresChart
    from parlour.tui.screen import score_text

    live = finished("casablanca", variants=("match-of-three",))
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> tuple[str, str, list[StageScores], bool]:
        async with app.run_test(size=size) as pilot:
            await app.push_screen(Screen())
            app.show_results(live)
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            text = await settled_text(pilot)
            screen = app.screen
            assert isinstance(screen, ResultsScreen)
            return (text, screen.query_one(ScoresChart).render().plain, screen.stages,
                    screen.query_one("#results-history").display)

    text, plot, stages, shown = run(scenario())
    written = {live.game.score_text(score) for row in stages for score in row.scores if score is not None}
    known = [score for row in stages for score in row.scores if score is not None]
    assert len(stages) == 3 and all(score.startswith("$") for score in written), written
    assert plot.splitlines()[0].lstrip().startswith(live.game.score_text(max(known)) + " ▕"), plot
    assert plot.splitlines()[3].lstrip().startswith(live.game.score_text(min(known)) + " ▕"), plot
    on_its_side = panel_text(Static(history_rows(live.names, stages, partial(score_text, live.game))))
    assert all(score in on_its_side for score in written), on_its_side
    assert shown == (size == (120, 40)), text  # at 80x24 the plot has the rounds
    if shown:
        rows = [line for line in text.splitlines() if re.match(r"\s*Round \d", line)]
        assert len(rows) == 3 and all(row.count("$") == len(live.names) for row in rows), text
        assert all(score in text for score in written), text
    assert not re.search(rf"(?<![$,\d]){max(known):g}\b", text), text  # never the plain number


def test_a_game_writing_scores_badly_leaves_the_rounds_and_the_plot_as_numbers() -> None:
    """A plugin's ``score_text`` that fails or answers junk: the numbers show, nothing breaks."""
    from parlour.tui.panels import history_table
    from parlour.tui.results import history_rows
    from parlour.tui.scores_chart import plot
    from parlour.tui.screen import score_text

    class Failing:
        def score_text(self, score: float) -> str:
            raise RuntimeError("a plugin's bug")

    class Junk:
        def score_text(self, score: float) -> object:
            return None if score < 100 else "$" * 500

    stages = [StageScores("Round 1", [3000.0, 50.0]), StageScores("Round 2", [3500.0, 1200.0])]
    for game in (Failing(), Junk()):
        write = partial(score_text, game)
        table = panel_text(Static(history_table(["Ada", "Bea"], stages, write)))
        side = panel_text(Static(history_rows(["Ada", "Bea"], stages, write)))
        drawn = plot(["Ada", "Bea"], stages, 40, 4, write).plain.splitlines()
        assert all(number in table and number in side for number in ("3000", "50", "3500", "1200")), (table, side)
        assert "$" not in table + side + "".join(drawn)
        assert drawn[0].startswith("3500 ▕") and drawn[3].startswith("  50 ▕"), drawn


def test_casablancas_board_keeps_its_form_when_an_exchange_opens(tmp_path: Path) -> None:
    """At 80x36, with four players, the board was drawn whole for Ada's announcement and
    went compact when the exchange with its raises opened: the ring jumped. It now keeps the
    form chosen for the terminal, whatever the decision."""
    from parlour.games.casablanca.actions import Raise

    game = REGISTRY.get("casablanca")
    rules = REGISTRY.ruleset("casablanca").resolve([])
    seats = [Seat("Ada", HUMAN), Seat("Bea", "random"), Seat("Cyd", "random"), Seat("Dan", "random")]

    def raising(state: Any) -> bool:
        return state.to_move == 0 and any(isinstance(a, Raise) for a in state.legal_actions())

    for seed in range(1, 200):  # a game where Ada may raise, and her decision before that
        match = start_match(game, rules, seed, seats)
        rng = random.Random(seed)
        before: list[str] | None = None
        while not match.state.is_over and not raising(match.state):
            if match.state.to_move == 0:
                before = list(match.record.actions)
            match.play(rng.choice(match.state.legal_actions()))
        if raising(match.state) and before is not None:
            moves = match.record.actions
            break
    else:
        raise AssertionError("no game where Ada may raise")
    table = start_match(game, rules, seed, seats)
    for text in before:
        table.play(game.legal_action(table.state, text))
    ada = moves[len(before)]
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> list[tuple[bool, int]]:
        forms = []
        async with app.run_test(size=(80, 36)) as pilot:
            app.push_screen(TableScreen(LiveGame(game, table, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
            screen = app.screen
            await settled_text(pilot)
            board = screen.board
            forms.append((board.has_class("-compact"), board.query_one("#cb-ring").region.y))
            screen.driver.chosen(game.legal_action(table.state, ada))

            read = [0]

            def at_the_raise() -> bool:
                if screen.phase is Phase.PAUSED and screen.moments_held > read[0]:  # each moment read once
                    read[0] = screen.moments_held
                    screen.moment_panel.post_message(MomentPanel.GoOn())
                return screen.phase is Phase.DECIDING and raising(screen.match.state)

            await wait_for(pilot, at_the_raise)
            text = await settled_text(pilot)
            assert "raise" in text, text
            forms.append((board.has_class("-compact"), board.query_one("#cb-ring").region.y))
        return forms

    forms = run(scenario())
    assert forms[0] == forms[1], f"the board changed form (compact, ring's line): {forms}"


def test_key_lines_keep_each_key_whole_and_a_key_with_its_first_word() -> None:
    """The keys of a note, as the home screen and the results lay them out: as many to a
    line as fit, none broken (a playtest read "x: abandon" / "it"); one wider than the line
    goes on where the line is, broken between words, never "r:" / "rules"."""
    from parlour.tui.screen import key_lines

    keys = ["Enter: set up a game", "r: rules", "j: join a table somebody hosts", "l: language"]
    assert key_lines(keys, 44).splitlines() == ["Enter: set up a game   r: rules",
                                                "j: join a table somebody hosts   l: language"]
    assert key_lines(keys, 28).splitlines() == ["Enter: set up a game", "r: rules   j: join a table",
                                                "somebody hosts   l: language"]
    french = ["Entrée : préparer une partie", "r : règles", "j : rejoindre une table hébergée", "l : langue"]
    narrow = key_lines(french, 18).splitlines()
    assert all(len(line) <= 18 for line in narrow), narrow
    assert any(line.startswith("j : rejoindre") for line in narrow), narrow
    assert not any(line.endswith((" :", " j", " r", " l")) for line in narrow), narrow
    assert key_lines(["Enter: continue", "x: abandon it", "r: rules"], 28).splitlines() == [
        "Enter: continue", "x: abandon it   r: rules"]


@pytest.mark.parametrize("size", [SMALL, (120, 40), (80, 30)], ids=["80x24", "120x40", "80x30"])
def test_banque_fatales_board_keeps_one_form_in_every_phase_at_a_size(tmp_path: Path, size: tuple[int, int]) -> None:
    """A playtest at 80x24 saw the compact board while bidding ("Round 1 of 13 · sealed
    bids · start Blaise", the last auction in two lines) and the full one as the pool went
    round ("Banque Fatale round 1 of 13 · … · start player Blaise", the auction's table). The
    form is the terminal's: the same in each phase at a size, compact at 24 lines (and at 30,
    where all but the bid would fit whole), whole at 120x40."""
    forms: dict[str, tuple[bool, str]] = {}
    for game_id, phase, when, _needed in CASES:
        if game_id != "banque-fatale":
            continue
        game, match = at_decision(game_id, when)
        app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

        async def scenario() -> tuple[bool, str]:
            async with app.run_test(size=size) as pilot:
                app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
                await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
                text = await settled_text(pilot)
                return app.screen.board.has_class("-compact"), text.splitlines()[1]

        forms[phase] = run(scenario())
    assert set(forms) == {"pick", "bid", "draft", "sale"}
    compact = size[1] < 40
    assert all(form == compact for form, _head in forms.values()), forms
    assert all(head.strip().startswith("Round " if compact else "Banque Fatale  round") for _form, head in forms.values()), forms
