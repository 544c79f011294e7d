"""The board-widget contract between the app and a game plugin.

A game names its widget in ``Game.board`` as ``"package.module:Class"``; the app imports it
only when a game screen opens. The widget subclasses :class:`Board`:

- the app calls ``show(view, legal)`` whenever the table changes. ``view`` is the view of the
  seat the screen is shown to (never more); ``legal`` is that seat's legal actions when it
  must decide now, else None (someone else is deciding, or the game is over);
- when the player has chosen, the widget posts ``Board.Chosen(action)``. The app applies it;
  an illegal action comes back as a notification and the board is shown again unchanged.

:class:`GenericBoard` is the fallback for any plugin without a widget: the view as text and
the legal actions as a list.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour.core.game import Action, Game


class Board(Widget):
    """Base of every board widget."""

    @dataclass
    class Chosen(Message):
        action: Action

    def __init__(self, game: Game, rules: Mapping[str, Any], seat_names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.rules = rules
        self.seat_names = list(seat_names)

    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        raise NotImplementedError

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

    BINDINGS = [Binding("enter", "select", "Play it", id="board.play")]


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
        if event.option.id is not None:
            self.choose(self._legal[int(event.option.id)])
