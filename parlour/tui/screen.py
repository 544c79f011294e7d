"""The base of the app's screens: the one typed way for a screen to reach the app.

Screens navigate by calling the app (:class:`~parlour.tui.app.ParlourApp` owns which screen
comes next) and reach its services (registry, save folder, timings) through it; they never
import each other to move on. What a screen may ask of the app is :class:`Parlour`, so this
module (below every screen) does not import the app (above them all)."""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.text import Text
from textual.dom import DOMNode
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.screen import Screen
from textual.widgets import Header as _Header
from textual.widgets import Static

from parlour.core.i18n import ENGLISH, N_, current_language, gettext, number, percent

if TYPE_CHECKING:
    from parlour.core.game import Game
    from parlour.core.ledger import Ledger
    from parlour.core.match import Match
    from parlour.core.record import Record, Seat
    from parlour.core.registry import Registry
    from parlour.core.review import SeenReview
    from parlour.core.saves import SaveFolder, SaveShelf
    from parlour.tui.table_view import LiveGame


class Parlour(Protocol):
    """The app as its screens see it: its services, and the ways to move to another screen."""

    registry: Registry
    saves: SaveFolder
    shelf: SaveShelf
    #: whether boards show their hints (the table's F5)
    hints: bool
    #: seconds a computer's move stays pending, a searching player thinks, a player may take
    ai_delay: float
    ai_think: float
    agent_time_limit: float

    def new_seed(self) -> int: ...
    def new_match(self, game: Game, rules: Mapping[str, Any], seed: int, seats: Sequence[Seat],
                  variants: Sequence[str]) -> Match: ...
    def ledger(self) -> Ledger | None: ...
    def set_up(self, game: Game) -> None: ...
    def show_rules(self, game: Game, table: Mapping[str, Any] | None = None, variants: Sequence[str] = ()) -> None: ...
    def open_table(self, game: Game, match: Match, path: Path | None = None, *, replace: bool = False) -> None: ...
    def show_results(self, live: LiveGame, *, remote: int | None = None, seen: SeenReview | None = None) -> None: ...
    def show_review(self, game: Game, record: Record, seat: int | None = None, path: Path | None = None,
                    analyse: bool = False) -> None: ...
    def show_seen_review(self, game: Game, seen: SeenReview) -> None: ...
    def host_table(self, game: Game, rules: Mapping[str, Any], seed: int, seats: Sequence[Seat],
                   variants: Sequence[str], here: int, host: str, port: int) -> Any: ...
    def join_table(self, address: str, code: str) -> Any: ...


#: Textual's own words on Parlour's screens (the command palette's key in the footer)
TEXTUAL_WORDS = (N_("palette"), N_("Open the command palette"))
#: Textual's own commands in the palette, each as its title and help (worded by the app)
TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)


def score_number(value: object) -> str:
    """A score, a count or a rating on the app's screens: in English as it always was
    (``12.5``, ``1500``), in another language as it writes numbers (``12,5`` · ``1.500``)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    if current_language() == ENGLISH:
        return f"{value:g}" if isinstance(value, float) else str(value)
    return number(value)


def styled(template: str, style: str = "", **values: str | tuple[str, str]) -> Text:
    """``template`` (a translated text with ``{named}`` fields) as rich text, each value in
    its own style where it is given as ``(text, style)``: a language may put the bold name
    anywhere in its sentence."""
    text = Text(style=style)
    for literal, name, spec, _conversion in string.Formatter().parse(template):
        text.append(literal)
        if name is not None:
            value = values[name]
            text.append(*(value if isinstance(value, tuple) else (format(value, spec or ""),)))
    return text


def share_text(share: float, tight: bool = False) -> str:
    """A win chance: ``24 %`` in English as it always was (``tight``: ``24%``), else as the
    language writes a percentage (``24 %``; ``tight``: without the space)."""
    if current_language() == ENGLISH:
        return f"{share * 100:.0f}" + ("%" if tight else " %")
    text = percent(share)
    return text.replace("\u00a0", "") if tight else text


def worded_bindings(node: DOMNode) -> None:
    """``node``'s key descriptions in the current language. Textual copies a class's bindings
    into each instance, so a screen made after the language changes shows the new words;
    the descriptions are written in English (marked with ``N_``) and worded here, again
    from the English when the language changes (the app's own bindings)."""
    keys = node._bindings.key_to_bindings
    english = node.__dict__.setdefault("_english_bindings", dict(keys))
    for key, bindings in english.items():
        keys[key] = [replace(b, description=gettext(b.description), tooltip=gettext(b.tooltip)) for b in bindings]


class ParlourScreen(Screen[None]):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        worded_bindings(self)

    @property
    def parlour(self) -> Parlour:
        """The running app, typed (``self.app`` is any Textual app)."""
        return cast("Parlour", self.app)


class Header(_Header):
    """Textual's header, except that a title still on its way when the screen goes is dropped:
    Textual's own sets it in a callback that fails (``NoMatches``) once the screen has taken
    the header's title away (a hosted game's last move and its results come together)."""

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # instead of the header's own watchers, these

        async def set_title() -> None:
            try:
                self.query_one("HeaderTitle", Static).update(self.format_title())  # Textual's own, by name
            except (NoScreen, NoMatches):
                pass

        for owner in (self.app, self.screen):
            self.watch(owner, "title", set_title)
            self.watch(owner, "sub_title", set_title)
