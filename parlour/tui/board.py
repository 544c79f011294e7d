"""The board-widget contract between the app and a game plugin.

A game names its widget in ``Game.board`` as ``"package.module:Class"``; the app imports it
only when a game screen opens. The widget subclasses :class:`Board`:

- the app calls ``show(view, legal)`` whenever the table changes. ``view`` is the view of the
  seat the screen is shown to (never more); ``legal`` is that seat's legal actions when it
  must decide now, else None (someone else is deciding, or the game is over);
- when the player has chosen, the widget posts ``Board.Chosen(action)``. The app applies it;
  an illegal action comes back as a notification and the board is shown again unchanged.

A key typed before the decision now open was shown (while a computer moved, say, and read
only once the decision had come) is dropped with a bell before the board sees it: a key
pressed ahead never answers the next decision, however late a busy machine reads it.

:class:`GenericBoard` is the fallback for any plugin without a widget: the view as text and
the legal actions as a list.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour.core.game import Action, Event, Game
from parlour.core.i18n import N_, _
from parlour.tui.screen import event_time, worded_bindings


class Board(Widget):
    """Base of every board widget. A board taller than its room scrolls (``scroller``,
    ``action_scroll_board``: the table's PgUp/PgDn)."""

    #: seconds during which a board ignores keys after ``show`` presents a new decision, so
    #: that a key pressed twice (or held down) cannot answer the next decision too
    decision_delay: ClassVar[float] = 0.3
    #: where the pause reads the time; a test puts a clock it moves by hand here (see
    #: ``parlour.testing.boards.ManualClock``), so the pause never depends on how busy the
    #: machine is
    clock: ClassVar[Callable[[], float]] = time.monotonic
    #: whether the board can show hints (the table's F5 then turns them on and off)
    supports_hints: ClassVar[bool] = False

    @dataclass
    class Chosen(Message):
        action: Action

    def __init__(self, game: Game, rules: Mapping[str, Any], seat_names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.rules = rules
        self.seat_names = list(seat_names)
        self.decision: tuple[Mapping[str, Any], int] | None = None  # the decision shown now
        self.keys_from = float("-inf")  # the clock's time from which keys count
        #: when the decision open now was shown, on the clock that stamps a key as it is typed
        self.decision_since = float("inf")
        self.revealing: str | None = None  # what ``reveal`` keeps in view
        #: show the hints (see ``supports_hints``); the table sets it, then shows the board again
        self.hints = False
        #: the table holds a moment under the board until the player goes on (Enter): the
        #: table sets it before it shows the board for the moment, and clears it after
        self.moment_held = False
        #: shown in a review, whose keys step through the game: the board's own keys do
        #: nothing there, so a board that words its keys leaves them out
        self.reviewing = False

    def hold_keys_if_new(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        """Call from ``show``: start the pause of ``decision_delay`` when ``legal`` is a new
        decision (legal actions with a view this board has not just shown them with). A
        refused choice shows the same decision again and starts no pause."""
        if not legal:
            self.decision = None
            self.decision_since = float("inf")
            return
        decision = (view, len(legal))
        if decision != self.decision:
            self.decision = decision
            self.keys_from = self.clock() + self.decision_delay
            self.decision_since = event_time()

    def typed_ahead(self, event: events.Key) -> bool:
        """Whether ``event`` is a key for the board typed before the decision open now was
        shown. Keys the screen or the app bind (the menu, the rules) still count."""
        if self.decision is None or event.time >= self.decision_since:
            return False
        bound = self.screen.active_bindings.get(event.key)
        return bound is None or self in bound.node.ancestors_with_self

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and self.typed_ahead(event):
            event.stop()
            event.prevent_default()
            self.app.bell()
            return
        await super().on_event(event)

    def reveal(self, selector: str) -> None:
        """Keep the widget matching ``selector`` (say, the decision panel of a tall board on
        a small terminal) in view while this decision is open: now, and whenever the
        board's scrolling content changes size (panels filled in, a resize)."""
        self.revealing = selector
        self.call_after_refresh(self._scroll_revealed)

    def _scroll_revealed(self) -> None:
        if self.revealing is None or self.decision is None:
            return
        for widget in self.query(self.revealing):
            widget.scroll_visible(animate=False)

    def on_mount(self) -> None:
        for container in self.query(ScrollableContainer):
            self.watch(container, "virtual_size", lambda _size: self._content_resized(), init=False)
            self.watch(container, "size", lambda _size: self._content_resized(), init=False)

    def _content_resized(self) -> None:
        self._scroll_revealed()
        self.refresh_bindings()  # PgUp/PgDn in the footer only while something scrolls

    def scroller(self) -> ScrollableContainer | None:
        """The part of the board that is taller than its room now, if any."""
        for container in self.query(ScrollableContainer):
            if container.max_scroll_y > 0:
                return container
        return None

    def action_scroll_board(self, pages: int) -> None:
        container = self.scroller()
        if container is not None:
            if pages > 0:
                container.scroll_page_down(animate=False)
            else:
                container.scroll_page_up(animate=False)

    def room(self) -> Size:
        """The room the screen gives the board: its holder's, in which what the table shows
        below the board for a while (a moment held) takes its part, else the board's own. A
        board that chooses a compact form by the terminal's size measures this, so that its
        form does not change while a moment is held under it."""
        holder = self.parent
        room = holder.size if isinstance(holder, Widget) else Size(0, 0)
        return room if room.height else self.size

    def lines_needed(self, renderable: Any, width: int) -> int:
        """How many lines ``renderable`` takes at ``width`` columns (a board chooses its
        compact form when its full form would not fit)."""
        console = self.app.console
        return len(console.render_lines(renderable, console.options.update_width(max(width, 1)), pad=False))

    def holding_keys(self) -> bool:
        """Whether keys are ignored now (just after a new decision appeared)."""
        return self.clock() < self.keys_from

    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        raise NotImplementedError

    def hints_changed(self) -> None:
        """``hints`` was turned on or off: draw the board again as it stands (a board with
        ``supports_hints`` overrides this)."""

    def show_moment(self, view: Mapping[str, Any], events: Sequence[Event]) -> None:
        """The table stops after a move that logged a kind of event in ``Game.pauses``
        (``events``: what that move did that this seat saw) until the player goes on. The
        table lists the events itself; a board may show more (Monte Carlo shows the grid of
        the game just settled). Called after ``show(view, None)``."""

    def end_moment(self) -> None:
        """The player went on after :meth:`show_moment`: back to the ordinary board."""

    def moment_line(self) -> str:
        """What a board's line for the decision says while a moment is held (``moment_held``),
        in place of "Waiting for ...": the table waits for the player to read, as the status
        says, not for the next seat."""
        return _("Read what happened, then Enter")

    def choose(self, action: Action) -> None:
        self.post_message(self.Chosen(action))


def view_text(view: Mapping[str, Any], indent: int = 0) -> str:
    """A view dict as readable, indented text."""
    lines: list[str] = []
    pad = "  " * indent
    for key, value in view.items():
        label = str(key).replace("_", " ")
        if isinstance(value, Mapping) and value:
            lines.append(f"{pad}{label}:")
            lines.append(view_text(value, indent + 1))
        elif isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            lines.append(f"{pad}{label}:")
            for i, item in enumerate(value):
                lines.append(f"{pad}  [{i}]")
                lines.append(view_text(item, indent + 2))
        else:
            lines.append(f"{pad}{label}: {json.dumps(value)}")
    return "\n".join(lines)


class ActionList(OptionList):
    """The legal actions; Enter (shown in the footer) plays the highlighted one."""

    BINDINGS = [Binding("enter", "select", N_("Play it"), id="board.play")]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        worded_bindings(self)


class GenericBoard(Board):
    """Any game, playable: the seat's view as text, its legal actions as a list."""

    DEFAULT_CSS = """
    GenericBoard { height: 1fr; }
    GenericBoard #generic-view { height: 1fr; border: round $primary; padding: 0 1; }
    GenericBoard #generic-actions { height: auto; max-height: 12; }
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._legal: list[Action] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="generic-view"):
                yield Static(id="generic-text")
            yield ActionList(id="generic-actions")

    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.hold_keys_if_new(view, legal)
        self.query_one("#generic-text", Static).update(view_text(view))
        options = self.query_one("#generic-actions", OptionList)
        options.clear_options()
        self._legal = list(legal or [])
        options.add_options([Option(a.label, id=str(i)) for i, a in enumerate(self._legal)])
        options.display = bool(self._legal)
        if self._legal:
            options.highlighted = 0
            options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None and not self.holding_keys():
            self.choose(self._legal[int(event.option.id)])
