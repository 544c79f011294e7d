"""Setup remembers the last table of each game, and lets the players choose who begins
where the rules allow it (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, Select
from tui_helpers import SIZE, run, wait_for

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.core.lasttable import last_table, remember_table
from parlour.core.record import HUMAN, Seat
from parlour.core.registry import Registry
from parlour.core.saves import SaveFolder
from parlour.tui.app import ParlourApp
from parlour.tui.setup import SetupScreen
from parlour.tui.table import TableScreen


def app_for(folder: SaveFolder, game: Any) -> ParlourApp:
    registry = Registry()
    registry.add(game.id, "tests", lambda: game)
    return ParlourApp(registry, saves=folder, ai_delay=0, start_game=game.id)


async def setup_open(pilot: Any, app: ParlourApp) -> SetupScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#seed")))
    return app.screen  # type: ignore[return-value]


def test_the_last_table_is_offered_again(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)

    async def first() -> None:
        app = app_for(folder, CASABLANCA)
        async with app.run_test(size=SIZE) as pilot:
            setup = await setup_open(pilot, app)
            setup.query_one("#players", Select).value = 3
            await pilot.pause()
            setup.query_one("#name-0", Input).value = "Zoe"
            setup.query_one("#kind-2", Select).value = "easy"
            setup.query_one("#variant-1", Checkbox).value = True
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("escape")  # the leave dialog; the test ends here

    async def second() -> None:
        app = app_for(folder, CASABLANCA)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            setup = await setup_open(pilot, app)
            assert setup.players() == 3
            assert [(s.name, s.agent) for s in setup.seats()][:3:2] == [("Zoe", HUMAN), ("Cleo", "easy")]
            assert setup.chosen_variants() == [setup.variant_names[1]]
            assert any("last table" in n.message for n in app._notifications)

    run(first())
    run(second())


def test_what_no_longer_fits_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "last-tables.json"
    remember_table(path, BANQUE, 4, [Seat("Ann", HUMAN), Seat("Bo", "clairvoyant"), Seat("", "easy")],
                   ["worthless-jetons", "gone-variant"])
    table = last_table(path, BANQUE, ["worthless-jetons"])
    assert table is not None and table.players == 4
    assert table.seats == [Seat("Ann", HUMAN)] and table.variants == ["worthless-jetons"]
    data = json.loads(path.read_text())
    data["banque-fatale"]["players"] = 9
    path.write_text(json.dumps(data))
    assert last_table(path, BANQUE, []) is None
    remember_table(path, CASABLANCA, 2, [Seat("Cy", "medium")], [])
    assert set(json.loads(path.read_text())) == {"banque-fatale", "casablanca"}, "other games' tables are kept"


@pytest.mark.parametrize("garbage", [b"", b"\xff\xfe", b"[1, 2]", b'{"banque-fatale": 3}', b"{" * 5000,
                                     b'{"banque-fatale": {"players": 4, "seats": "x", "variants": 7}}'])
def test_a_damaged_file_offers_nothing_and_is_written_anew(tmp_path: Path, garbage: bytes) -> None:
    path = tmp_path / "last-tables.json"
    path.write_bytes(garbage)
    table = last_table(path, BANQUE, [])
    assert table is None or (table.seats == [] and table.variants == [])
    remember_table(path, BANQUE, 3, [Seat("Ann", HUMAN)], [])
    assert last_table(path, BANQUE, []) is not None


@pytest.mark.parametrize("game, key, first", [(BANQUE, "start_player", "first"),
                                              (CASABLANCA, "first_leader", "first-seat")])
def test_bf_s3_and_cb_s1_the_chosen_seat_begins(tmp_path: Path, game: Any, key: str, first: str) -> None:
    app = app_for(SaveFolder(tmp_path), game)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            setup = await setup_open(pilot, app)
            setup.query_one("#players", Select).value = 3
            await pilot.pause()
            names = [s.name for s in setup.seats()]
            setup.query_one("#starter", Select).value = 1
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            match = app.screen.match
            assert match.rules[key] == first
            assert [s.name for s in match.seats] == names[1:] + names[:1], "turned round the table"
            view = match.state.view(None)
            assert view.get("start_player", view.get("leader")) == 0, "the chosen player begins"

    run(scenario())


def test_by_default_the_rules_choose_who_begins(tmp_path: Path) -> None:
    app = app_for(SaveFolder(tmp_path), BANQUE)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            setup = await setup_open(pilot, app)
            names = [s.name for s in setup.seats()]
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            match = app.screen.match
            assert match.rules["start_player"] == "random" and [s.name for s in match.seats] == names

    run(scenario())


def test_setup_names_curated_house_rules_as_such(tmp_path: Path) -> None:
    app = app_for(SaveFolder(tmp_path), CASABLANCA)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            setup = await setup_open(pilot, app)
            index = setup.variant_names.index("rich-bank")
            assert "rich-bank (curated house rules)" in str(setup.query_one(f"#variant-{index}", Checkbox).label)

    run(scenario())


def test_a_default_name_is_offered_in_the_language_of_now_and_a_typed_one_as_typed(tmp_path: Path) -> None:
    """A playtest: setup remembered "Spieler 1", the German default, from a table set up in
    German, and after the switch to English the results were recorded under it. A default
    name (in any shipped language) is offered as the default of the language of now; a name
    the player typed is offered as typed."""
    folder = SaveFolder(tmp_path)
    registry = Registry()
    registry.add(CASABLANCA.id, "tests", lambda: CASABLANCA)

    async def sit_down(language: str, typed: str | None = None) -> list[str]:
        """Open setup in ``language`` (typing ``typed`` as the second seat's name), start the
        table; the names it was started with."""
        app = ParlourApp(registry, saves=folder, ai_delay=0, start_game=CASABLANCA.id, language=language)
        async with app.run_test(size=SIZE) as pilot:
            setup = await setup_open(pilot, app)
            setup.query_one("#players", Select).value = 3
            await pilot.pause()
            if typed is not None:
                setup.query_one("#name-1", Input).value = typed
            offered = [s.name for s in setup.seats()]
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            assert [s.name for s in app.screen.match.seats] == offered, "the table sits as setup offered"
            await pilot.press("escape")  # the leave dialog; the app ends here
            return offered

    assert run(sit_down("de"))[:2] == ["Spieler 1", "Blaise"]
    assert run(sit_down("en"))[:2] == ["Player 1", "Blaise"], "the default in English, not German"
    assert run(sit_down("fr", typed="Zoé"))[:2] == ["Joueur 1", "Zoé"]
    assert run(sit_down("en"))[:2] == ["Player 1", "Zoé"], "a name typed stays as typed"
    remember_table(tmp_path / "last-tables.json", CASABLANCA, 3,
                   [Seat("Place 1", HUMAN), Seat("Joueur 2", "easy"), Seat("Player 3x", "easy")], [])
    assert run(sit_down("de")) == ["Platz 1", "Spieler 2", "Player 3x"], "any shipped language's defaults"
