"""The rules of a game, as the plugin writes them (Markdown)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from parlour.core.game import Game
from parlour.core.i18n import N_, _
from parlour.core.rulesets import offered_rules, rules_text
from parlour.tui.screen import Footer, Header, worded_bindings


class RulesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", N_("Back"), id="rules.back"),
    ]

    def __init__(self, game: Game, table: Mapping[str, Any] | None = None, variants: Sequence[str] = (),
                 lang: str = "en") -> None:
        """``table``: the settings of the table the rules are read from (its ``variants`` by
        name); the text then opens with how they differ from the rules as written. ``lang``:
        the language to read them in (English where the game has no such text)."""
        super().__init__()
        worded_bindings(self)
        self.game = game
        self.table = table
        self.variants = variants
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Header()
        try:
            registry = self.app.registry  # type: ignore[attr-defined]
            ruleset = offered_rules(self.game, registry.ruleset(self.game.id)).ruleset
            text = rules_text(self.game, ruleset, self.table, self.variants, self.lang)
        except Exception as exc:  # noqa: BLE001 - a plugin bug must not take the app down
            text = f"# {self.game.title}\n\n" + _("The rules could not be loaded: {error}").format(
                error=f"{type(exc).__name__}: {exc}")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(text, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Rules of {game}").format(game=self.game.title)
        self.query_one("#rules-scroll").focus()
