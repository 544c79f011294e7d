"""Hints (issue 12): off by default; F5 at the table turns them on and off, and the status says
they are on. Banque Fatale shows the cards still to come and what each colour would pay each
player now; Monte Carlo what a chip pays on each field without chips."""

from __future__ import annotations

from typing import Any

from test_tui_screens import REGISTRY, at_decision
from tui_helpers import run, sevens_registry, wait_for

from parlour.games.banque_fatale.board import hints_panel
from parlour.games.monte_carlo.slots import short_label as _label
from parlour.core.saves import SaveFolder
from parlour.testing.boards import panel_text, settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.table import LiveGame, Phase, TableScreen


async def open_at(pilot: Any, app: ParlourApp, game: Any, match: Any, path: Any) -> TableScreen:
    app.push_screen(TableScreen(LiveGame(game, match, path)))
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
    return app.screen  # type: ignore[return-value]


def test_banque_fatale_hints_show_the_cards_to_come_and_the_payouts(tmp_path) -> None:
    game, match = at_decision("banque-fatale", lambda v: v["phase"] == "bid" and v["round"] >= 2)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            screen = await open_at(pilot, app, game, match, tmp_path / "g.json")
            assert not screen.query_one("#bf-hints").display and not app.hints
            await pilot.press("right")  # a bid half entered survives turning hints on
            counts = list(screen.board.counts)
            await pilot.press("f5")
            await wait_for(pilot, lambda: app.screen.query_one("#bf-hints").display)
            assert screen.board.counts == counts and sum(counts) == 1
            assert "Hints on (F5)" in screen.status_panel.lines_shown
            text = panel_text(app.screen.query_one("#bf-hints"), 118)
            view = match.state.view(0)
            assert f"still to come ({len(match.state.pile)})" in text
            await pilot.press("f5")
            await wait_for(pilot, lambda: not app.screen.query_one("#bf-hints").display)
            assert "Hints on (F5)" not in screen.status_panel.lines_shown
            assert view == match.state.view(0)

    run(scenario())


def test_the_payout_hint_counts_each_players_aces() -> None:
    view = {"letters": "RY", "chart": [9, 11], "to_come": ["RY"], "cards": [["RR", "Y"], ["RY"]]}
    text = panel_text_of(hints_panel(view, ["Ann", "Bo"], {"payout": {11: 5, 12: 6}}))
    assert "still to come (1)" in text
    assert "millions at 11 / 12" in text
    assert "R at  9  10/12  5/6" in text  # Ann holds two R aces, Bo one
    assert "Y at 11    5/6  5/6" in text
    compact = panel_text_of(hints_panel(view, ["Ann", "Bo"], {"payout": {11: 5, 12: 6}}, compact=True))
    assert "an ace pays 5M at 11, 6M at 12" in compact and len(compact.splitlines()) == 1


def panel_text_of(renderable: Any) -> str:
    from textual.widgets import Static

    return panel_text(Static(renderable), 118)


def test_monte_carlo_hints_put_the_odds_on_every_empty_field(tmp_path) -> None:
    game, match = at_decision("monte-carlo", lambda v: v["phase"] == "betting" and v["round"] >= 3)
    app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_at(pilot, app, game, match, tmp_path / "g.json")
            before = await settled_text(pilot)
            await pilot.press("f5")
            after = await settled_text(pilot)
            assert "Hints: =3 on an empty field" in after and "Hints:" not in before
            board = screen.board
            view = match.state.view(0)
            empty = [fid for fid in board.fields if fid not in view["bets"]]
            for fid in empty[:5]:
                assert f"{_label(fid)} ={view['odds'][board.fields[fid].kind]}" in after

    run(scenario())


def test_a_board_without_hints_offers_no_f5(tmp_path) -> None:
    import sevens

    from parlour.core.record import HUMAN, Seat
    from parlour.core.rulesets import load_ruleset
    from parlour.core.seating import start_match

    match = start_match(sevens.GAME, load_ruleset(sevens.GAME).resolve(), 3, [Seat("Ann", HUMAN), Seat("Bo", "high")])
    app = ParlourApp(sevens_registry(), saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await open_at(pilot, app, sevens.GAME, match, tmp_path / "s.json")
            assert "f5" not in app.screen.active_bindings
            await pilot.press("f5")
            assert not app.hints

    run(scenario())
