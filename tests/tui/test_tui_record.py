"""Your record in the app (issue 26): a finished game with a person at the table is kept and
rated, the results show each player's rating and its change, the home screen the people's
ratings; a broken record file never stops a game."""

from __future__ import annotations

import random
from typing import Any

from test_tui_play import app_for, open_setup, play_to_results
from textual.screen import Screen
from textual.widgets import Static
from tui_helpers import SIZE, run, sevens_registry, wait_for

from parlour.core.ledger import Ledger, ledger_path
from parlour.core.record import HUMAN, Seat
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.home import HomeScreen
from parlour.tui.results import ResultsScreen
from parlour.tui.table import LiveGame


def shown(widget: Static) -> str:
    return str(widget.render())


def details(screen: str) -> str:
    """The home screen's details panel (the box on the right) as one line of words."""
    inside = [line.rsplit("\u2502", 2)[1] for line in screen.splitlines() if line.count("\u2502") >= 2]
    return " ".join(" ".join(inside).split())


def noted(app: ParlourApp) -> list[str]:
    """The app's notifications, each kept (they go from the screen after a while)."""
    notes: list[str] = []
    notify = app.notify

    def keep(message: str, **kwargs: Any) -> None:
        notes.append(message)
        notify(message, **kwargs)

    app.notify = keep  # type: ignore[method-assign]
    return notes


def test_a_finished_game_is_kept_rated_and_shown_in_the_results_and_at_home(saves: SaveFolder) -> None:
    async def scenario() -> None:
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            await open_setup(pilot, app)
            await pilot.press("ctrl+s")
            await play_to_results(pilot, app)
            results = app.screen
            assert isinstance(results, ResultsScreen)
            state = results.live.match.state
            person, computer = results.live.match.seats
            [record] = saves.records.glob("*.json")
            ledger, _ = Ledger.open(ledger_path(saves.root))
            [played] = ledger.recent()
            assert played.game == "sevens" and played.record == record.name
            assert [(s["name"], s["agent"], s["score"], s["winner"]) for s in played.seats] == [
                (person.name, "human", state.scores()[0], 0 in state.winners()),
                (computer.name, computer.agent, state.scores()[1], 1 in state.winners())]
            ratings = {s.who: s for s in ledger.standings("sevens")}
            ledger.close()
            mine = ratings[person.name]
            assert mine.games == 1 and mine.wins == int(0 in state.winners())
            went_up = 0 in state.winners() and 1 not in state.winners()
            assert (mine.skill.shown > 1500) == went_up
            line = shown(results.query_one("#results-ratings", Static))
            change = mine.skill.shown - 1500
            sign = "+" if change > 0 else "\u2212" if change < 0 else "\u00b1"
            # a first game: the ratings are provisional, and a line under them says what "?" means
            # (Sevens' "high" is no level the ladder measured: it starts as someone new does)
            assert f"{person.name} {mine.skill.shown:,}?, {sign}{abs(change)}" in line
            assert f"{computer.agent} {ratings[computer.agent].skill.shown:,}?" in line
            assert line.splitlines()[-1] == "? provisional: fewer than 5 games, so it still moves a lot"
            await pilot.press("m")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            info = details(await settled_text(pilot))
            assert f"Ratings {person.name} {mine.skill.shown:,}? 1 game, {mine.wins} won" in info
            assert "? provisional: fewer than 5 games, so it still moves a lot" in info, info

    run(scenario())


def test_the_mark_goes_at_the_fifth_game_and_its_line_with_it(saves: SaveFolder) -> None:
    """Home shows the people who played last: Ann after five games without the mark, Tess
    after four with it, and the line that explains it while one rating shown has it."""
    ledger, _ = Ledger.open(ledger_path(saves.root))
    tess, ann, bot = Seat("Tess", HUMAN), Seat("Ann", HUMAN), Seat("bot", "high")
    for number in range(5):
        ledger.keep("sevens", {}, [], [ann, bot], [2.0, 1.0], [0], f"a{number}.json")
    ledger.close()
    note = "? provisional: fewer than 5 games, so it still moves a lot"

    async def home_text() -> str:
        app = app_for(sevens_registry())
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            return details(await settled_text(pilot))

    def rating(who: str) -> int:
        ledger, _ = Ledger.open(ledger_path(saves.root))
        [standing] = [s for s in ledger.standings("sevens") if s.who == who]
        ledger.close()
        return standing.skill.shown

    info = run(home_text())
    assert f"Ratings Ann {rating('Ann'):,} 5 games, 5 won" in info and "?" not in info and note not in info
    ledger, _ = Ledger.open(ledger_path(saves.root))
    for number in range(4):
        ledger.keep("sevens", {}, [], [tess, bot], [1.0, 2.0], [1], f"t{number}.json")
    ledger.close()
    info = run(home_text())
    assert f"Ratings Tess {rating('Tess'):,}? 4 games, 0 won Ann {rating('Ann'):,} 5 games, 5 won {note}" in info


def test_a_corrupt_record_is_set_aside_and_the_game_still_played_and_kept(saves: SaveFolder) -> None:
    path = ledger_path(saves.root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage, not a database\n" * 40)

    async def scenario() -> list[str]:
        app = app_for()
        notes = noted(app)
        async with app.run_test(size=SIZE) as pilot:
            await open_setup(pilot, app)
            await pilot.press("ctrl+s")
            await play_to_results(pilot, app)
            assert app.screen.query("#results-ratings")
        return notes

    notes = run(scenario())
    assert any("record.sqlite3.corrupt" in note and "\n" not in note for note in notes), notes
    assert path.with_name("record.sqlite3.corrupt").read_bytes() == b"garbage, not a database\n" * 40
    ledger, note = Ledger.open(path)
    assert note is None and len(ledger.recent()) == 1
    ledger.close()


def test_a_record_that_cannot_be_used_leaves_the_results_without_ratings(saves: SaveFolder) -> None:
    """A folder where the database file should be: nothing to set aside, one line, the game's
    results still shown."""
    ledger_path(saves.root).mkdir(parents=True)

    async def scenario() -> list[str]:
        app = app_for()
        notes = noted(app)
        async with app.run_test(size=SIZE) as pilot:
            await open_setup(pilot, app)
            await pilot.press("ctrl+s")
            await play_to_results(pilot, app)
            assert isinstance(app.screen, ResultsScreen) and not app.screen.query("#results-ratings")
        return notes

    notes = run(scenario())
    assert any("record.sqlite3" in note for note in notes), notes


def test_a_game_of_computers_only_is_not_kept(saves: SaveFolder) -> None:
    registry = sevens_registry()
    game = registry.get("sevens")
    match = start_match(game, registry.ruleset("sevens").resolve([]), 3, [Seat("A", "high"), Seat("B", "high")])
    match.play_out()

    async def scenario() -> None:
        app = app_for(registry, rng=random.Random(1))
        async with app.run_test(size=SIZE) as pilot:
            await app.push_screen(Screen())
            app.show_results(LiveGame(game, match, saves.records / "x.json"))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            assert not app.screen.query("#results-ratings")

    run(scenario())
    ledger, _ = Ledger.open(ledger_path(saves.root))
    assert ledger.recent() == [] and ledger.standings() == []
    ledger.close()


def test_a_table_opened_in_the_app_reminds_its_computers_of_the_people_there(saves: SaveFolder) -> None:
    """Computer players that recall (issue 29) start from what the record kept of each person
    at the table: his habits summed over his earlier games of this game."""
    from parlour.core.agents import RandomAgent
    from parlour.core.match import Match

    class Remembers(RandomAgent):
        recalls = True
        told: list[object] = []

        def recall(self, habits: Any) -> None:
            self.told.append(list(habits))

    registry = sevens_registry()
    game = registry.get("sevens")
    ledger, _ = Ledger.open(ledger_path(saves.root))
    tess, bot = Seat("Tess", HUMAN), Seat("bot", "high")
    ledger.keep("sevens", {}, [], [tess, bot], [1.0, 2.0], [1], "old.json", habits=[{"bluffs": 3.0}, {"x": 1.0}])
    ledger.close()
    agent = Remembers()
    match = Match(game, registry.ruleset("sevens").resolve([]), 3, [tess, bot], [RandomAgent(), agent])

    async def scenario() -> None:
        app = app_for(registry, rng=random.Random(1))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            app.open_table(game, match)
            await wait_for(pilot, lambda: bool(agent.told) and bool(app.screen.query("#side")))

    run(scenario())
    assert agent.told == [[{"bluffs": 3.0}, None]]


def test_the_ratings_line_breaks_between_players_never_inside_one() -> None:
    """At 80 columns a playtest read "… medium 1,697, −1   hard" / "1,557, ±0": the line broke
    inside a player's rating. It breaks between players, a later line under the first."""
    from types import SimpleNamespace

    from parlour.core.ledger import Change, Kept
    from parlour.core.ratings import Skill

    changes = [Change(who, who in ("easy", "medium", "hard"), Skill(), Skill(mu=Skill().mu + 0.3), "banque-fatale", 9)
               for who in ("Player 1", "easy", "medium", "hard")]
    holder = SimpleNamespace(kept=Kept(1, changes))
    entries = [change.text() for change in changes]
    for width in (30, 50, 75, 115):
        text = ResultsScreen.ratings_text(holder, width).plain  # type: ignore[arg-type]
        lines = text.splitlines()
        assert all(len(line) <= width for line in lines), (width, lines)
        assert lines[0].startswith("Ratings  ")
        found = [part.strip() for line in lines for part in line.removeprefix("Ratings").split("   ") if part.strip()]
        assert found == entries, (width, lines)
    assert len(ResultsScreen.ratings_text(holder, 115).plain.splitlines()) == 1  # type: ignore[arg-type]
