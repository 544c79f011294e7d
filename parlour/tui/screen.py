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
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table as RichTable
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.dom import DOMNode, NoScreen
from textual.events import Mount
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer as _Footer
from textual.widgets import Header as _Header
from textual.widgets import Static

from parlour.core.game import Game as GameContract
from parlour.core.i18n import ENGLISH, N_, current_language, gettext, number, percent
from parlour.textlines import item_lines

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


def event_time() -> float:
    """Now, on the clock that stamps every Textual message as it is made (``Message.time``,
    a key's included): read from a fresh message, so no private Textual module is needed."""
    return Message().time


def score_number(value: object) -> str:
    """A score, a count or a rating on the app's screens: in English as it always was
    (``12.5``, ``1500``), in another language as it writes numbers (``12,5`` · ``1.500``)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    if current_language() == ENGLISH:
        return f"{value:g}" if isinstance(value, float) else str(value)
    return number(value)


def score_text(game: Game, score: float) -> str:
    """The game's way of writing a score (:meth:`Game.score_text`, Casablanca's "$5,950"), or
    the number alone (:func:`score_number`) when the game's code fails or answers with
    something that is not a short text: the results, the scores round by round and their plot.
    A game that keeps the contract's default is written as the app writes numbers (German
    "1.500"), as its scores round by round always were."""
    if getattr(type(game), "score_text", None) is GameContract.score_text:
        return score_number(score)
    try:
        text = game.score_text(score)
    except Exception:  # noqa: BLE001 - the game's own code: the number still shows
        text = None
    return text if isinstance(text, str) and 0 < len(text) <= 40 else score_number(score)


def part_text(game: Game, part: str, value: object) -> str:
    """A part of a score on the results: written as the game writes its scores
    (:func:`score_text`) where the game says the part counts what the score counts
    (:meth:`Game.part_as_score`), else the number alone, as it is where the game's code fails."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            as_score = game.part_as_score(part) is True
        except Exception:  # noqa: BLE001 - the game's own code: the number still shows
            as_score = False
        if as_score:
            return score_text(game, value)
    return score_number(value)


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


def chance_text(share: float, tight: bool = False) -> str:
    """An estimated win chance as :func:`share_text` writes it, "<1 %" and ">99 %" where it
    would read 0 or 100 (:func:`~parlour.core.analysis.chance_words`)."""
    from parlour.core.analysis import chance_words

    return chance_words(share, lambda s: share_text(s, tight))


#: what parts the keys of a note ("Enter: continue   x: abandon it   r: rules")
KEY_GAP = "   "


def key_lines(keys: Sequence[str], width: int) -> str:
    """``keys`` as many to a line as ``width`` columns hold, ``KEY_GAP`` between them, never
    one broken over two lines; a key wider than a whole line goes on from where the line is,
    broken between its words, its key never parted from its first word ("j: join")."""
    pieces = [(Text(KEY_GAP) if any(keys[:n]) else None, Text(key)) for n, key in enumerate(keys)]
    return item_lines(pieces, width, words=_key_words).plain


def _key_words(key: Text) -> list[Text]:
    """The words of a key's note, the key kept with the word after it ("j: join", French
    "j : rejoindre")."""
    words: list[str] = []
    for word in key.plain.split():
        if words and (words[-1].endswith(":") or word == ":"):
            words[-1] += " " + word
        else:
            words.append(word)
    return [Text(word) for word in words]


class KeyNote:
    """A note of keys parted by ``KEY_GAP``, laid out at the width it is drawn in (see
    :func:`key_lines`): a playtest at 80x24 read "x: abandon" at a line's end and "it" below."""

    def __init__(self, text: str) -> None:
        self.keys = [key.strip() for key in text.split(KEY_GAP) if key.strip()]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(key_lines(self.keys, options.max_width))


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
    """The base of the app's screens: its keys in the player's language, and ``?``, the list of
    every key here (offered in the footer when the footer cannot show them all)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "keys", N_("Keys"), id="screen.keys")]
    #: how much the footer needs a key, by binding id (0 unless named): where the keys do not
    #: all fit, the least needed give way first, and of keys needed alike the later one
    FOOTER_NEED: ClassVar[dict[str, int]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        worded_bindings(self)

    def footer_need(self, binding: Binding, owner: DOMNode) -> int:
        """How much the footer needs ``binding`` (bound on ``owner``, a widget of the screen
        or the screen itself): see ``FOOTER_NEED``."""
        return self.FOOTER_NEED.get(binding.id or "", 0)

    def action_keys(self) -> None:
        """Every key of this screen as it stands, with what it does."""
        self.app.push_screen(KeysDialog(keys_here(self)))

    @property
    def parlour(self) -> Parlour:
        """The running app, typed (``self.app`` is any Textual app)."""
        return cast("Parlour", self.app)


def keys_here(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys ``screen`` answers now, each with what it does (the keys of one action
    together, ``m esc``), in the footer's order; the keys shown nowhere (F2, Home) too."""
    found: dict[tuple[str, str], list[str]] = {}
    for key, (_owner, binding, enabled, _tooltip) in screen.active_bindings.items():
        # the app's and the games' own keys (each has an id), not the inner workings of widgets
        if not enabled or not binding.description or not binding.id or binding.action == "keys":
            continue
        # a footer's joint display ("n/p", "PgUp/PgDn") is its pair's: here each key is its own
        # ("n/p Key moment" above "p Key moment back" named p twice, a playtest)
        own = binding if "/" not in (binding.key_display or "") else replace(binding, key_display=None)
        shown = BRACKETS.get(key) or screen.app.get_key_display(own)
        keys = found.setdefault((binding.action.rpartition(".")[2], binding.description), [])  # app.quit: quit
        if shown not in keys:
            keys.append(shown)
    return [(" ".join(keys), description) for (_action, description), keys in found.items()]


#: keys Textual shows by their long names
BRACKETS = {"leftsquarebracket": "[", "rightsquarebracket": "]"}


class KeysDialog(ModalScreen[None]):
    """The keys of the screen below, each with what it does (``?``: the footer of a narrow
    terminal shows only the most needed)."""

    BINDINGS = [
        Binding("escape", "close", N_("Back"), id="keys.close"),
        Binding("question_mark,enter", "close", N_("Back"), show=False, id="keys.close_too"),
    ]

    def __init__(self, keys: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        worded_bindings(self)
        self.keys = list(keys)

    def compose(self) -> ComposeResult:
        columns = 2 if len(self.keys) > 8 else 1  # side by side, a long list fits a low terminal
        rows = -(-len(self.keys) // columns)
        grid = RichTable(box=None, show_header=False, pad_edge=False, padding=(0, 1))
        for column in range(columns):
            grid.add_column(justify="right", style="bold", no_wrap=True)
            grid.add_column(ratio=1, overflow="fold")
        for row in range(rows):
            grid.add_row(*[part for keys, description in self.keys[row::rows] for part in (keys, description)])
        with Vertical(classes="dialog", id="keys-dialog"):
            yield Static(Text(gettext("Keys"), style="bold"), classes="dialog-question")
            with VerticalScroll(id="keys-list"):
                yield Static(grid)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class Footer(_Footer):
    """Textual's footer, except that a key is never cut off in the middle: where the keys do
    not all fit, the least needed give way whole (the screen's ``footer_need``) and ``? Keys``
    (the list of them all) takes their place, shown only then."""

    #: the columns around a key and its description (a space either side of the key, one
    #: after the description: the last key's may lie under the palette's border)
    PADDING = 3

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.composed_width = 0

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        width = self.app.size.width
        self.composed_width = width
        screen = self.screen
        owners: dict[str, tuple[Binding, DOMNode]] = {}
        for owner, binding, _enabled, _tooltip in screen.active_bindings.values():
            owners.setdefault(binding.action, (binding, owner))
        palette = [w for w in widgets if w.has_class("-command-palette")]
        more = [w for w in widgets if getattr(w, "action", None) == "keys"]
        keys = [w for w in widgets if w not in palette and w not in more]
        # the palette's key is drawn tight (one space), between a border and a space
        room = width + 1 - sum(cell_len(getattr(w, "key_display", "")) + cell_len(getattr(w, "description", "")) + 3
                               for w in palette)
        if sum(self.width_of(w) for w in keys) > room and more:
            room -= self.width_of(more[0])
            need = screen.footer_need if isinstance(screen, ParlourScreen) else None

            def rank(item: tuple[int, Widget]) -> tuple[int, int]:
                position, widget = item
                found = owners.get(getattr(widget, "action", ""))
                return (need(*found) if need is not None and found is not None else 0), -position

            shown = {id(w) for w in keys}
            for _position, widget in sorted(enumerate(keys), key=rank):
                if sum(self.width_of(w) for w in keys if id(w) in shown) <= room:
                    break
                shown.discard(id(widget))
            keys = [w for w in keys if id(w) in shown] + more[:1]
        yield from keys
        yield from palette

    @classmethod
    def width_of(cls, widget: Widget) -> int:
        """The columns a key of the footer takes (a widget that is not a key: its content's)."""
        key, description = getattr(widget, "key_display", None), getattr(widget, "description", None)
        if key is None:
            return widget.get_content_width(widget.size, widget.size) if widget.is_mounted else 0
        return cell_len(key) + (cell_len(description) + cls.PADDING if description else 0)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self.composed_width:
            self.call_after_refresh(self.recompose)


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
