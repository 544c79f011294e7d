"""Placeholder app until the TUI lands: lists the games."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class ParlourApp(App[None]):
    TITLE = "Parlour"
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        from parlour.core.registry import discover

        registry = discover()
        lines = [f"{g.title} ({g.min_players}-{g.max_players} players)" for g in registry.games.values()]
        yield Header()
        yield Static("\n".join(lines) or "No games installed.")
        yield Footer()


def run(game_id: str | None = None) -> int:
    ParlourApp().run()
    return 0
