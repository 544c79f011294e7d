"""The Monte Carlo board: the grid, every betting field around it, the hand and the chips.

Betting: typing a field's short name (``C3``, ``R1``, ``Yel``, ``M12``; a unique start is
enough) or the arrow keys move a cursor over the fields, ``o`` goes to the other field of the
same name; Enter bets a chip there, ``s`` stops. Laying: ``1``-``9`` (or ``t``) pick a tile
from the hand, the arrows move over the grid, Enter lays it. ``l`` shows the last game's grid
with every field won or lost. Keys are ignored for a
moment after a new decision appears, so that a key pressed twice cannot also answer the next one,
and a tile's digit typed while others lay is dropped (it is no field's name then).

Nothing here depends on colour alone: each cell carries its quadrant's letter (y, b, r, g),
laid tiles sit in brackets, chips are shown as seat numbers (the players' line is their
legend: ``1=Tess``), won and lost fields carry a tick or a cross.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widgets import Static

from parlour.games.monte_carlo.actions import Lay, Pass, Stop
from parlour.games.monte_carlo.recap import chips_text, results_lines, results_summary
from parlour.games.monte_carlo.layout import (CELL_BY_NAME, CELLS, DIGIT_OF, QUADRANT_LETTERS, QUADRANT_OF, SIZE, cell_name,
                                      fields_for)
from parlour.games.monte_carlo.marks import SEAT_STYLES, chips_mark
from parlour.games.monte_carlo.state import sentence
from parlour.games.monte_carlo.words import N_, _, a_digit, colour, field_title, ngettext, pgettext
from parlour.games.monte_carlo.slots import Item, board_lines, completions, neighbour, short_label, typed_names
from parlour.core.game import Action, Event
from parlour.textlines import item_lines, item_pieces
from parlour.tui.board import Board
QUADRANT_STYLES = {"yellow": "on #4a4a00", "blue": "on #00004a", "red": "on #4a0000", "green": "on #003a00"}


class MonteCarloBoard(Board):
    """The whole table as text, with a cursor over the fields (betting) or the cells (laying)."""

    can_focus = True
    supports_hints = True

    DEFAULT_CSS = """
    MonteCarloBoard { height: 1fr; }
    MonteCarloBoard #mc-scroll { height: 1fr; overflow: auto auto; padding: 0 1; }
    MonteCarloBoard #mc-table { width: auto; height: auto; }
    """

    BINDINGS = [
        Binding("up", "move(0, -1)", N_("Up"), show=False, id="monte_carlo.up"),
        Binding("down", "move(0, 1)", N_("Down"), show=False, id="monte_carlo.down"),
        Binding("left", "move(-1, 0)", N_("Left"), show=False, id="monte_carlo.left"),
        Binding("right", "move(1, 0)", N_("Right"), show=False, id="monte_carlo.right"),
        Binding("enter,space", "place", N_("Bet / lay here"), id="monte_carlo.place"),
        Binding("s", "stop", N_("Stop betting"), id="monte_carlo.stop"),
        # the same key where stopping only passes this betting round (the pass-and-return variant)
        Binding("s", "pass_round", N_("Pass this round"), id="monte_carlo.pass"),
        Binding("t", "next_tile", N_("Next tile"), id="monte_carlo.next_tile"),
        Binding("l", "toggle_results", N_("Last game"), id="monte_carlo.results"),
        Binding("o", "other", N_("Other of that name"), show=False, id="monte_carlo.other"),
        *[
            Binding(str(d), f"tile({d})", f"Tile {d}", show=False, id=f"monte_carlo.tile_{d}")
            for d in range(1, 10)
        ],
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields = {f.id: f for f in fields_for(self.rules)}
        self.slot_lines = board_lines(set(self.fields))
        self.slot_at: dict[str, tuple[int, int]] = {
            item[2]: (i, item[0]) for i, line in enumerate(self.slot_lines) for item in line if item[1] == "field"
        }
        self.view: Mapping[str, Any] = {}
        self.legal: list[Action] = []
        self.by_text: dict[str, Action] = {}
        self.cursor_field = next(iter(self.slot_at), "")
        self.names = typed_names(list(self.slot_at))
        self.typed = ""  # the start of a field's name, typed while betting
        self.typed_from = ""  # the field the cursor was on when that typing began
        self.cursor_cell = 0
        self.tile: int | None = None
        self.results = False
        self.settled = False  # showing the game just settled, while the table holds that moment
        self.seen_games = 0
        self.confirming_stop = False  # stopping is for the rest of the game: a second s confirms
        self._word_bindings()

    def _word_bindings(self) -> None:
        """The board's key descriptions in the current language, from the game's catalog
        (the class keeps them in English; Textual gives each instance its own copy)."""
        keys = self._bindings.key_to_bindings
        for key, bindings in keys.items():
            worded = []
            for binding in bindings:
                if (binding.id or "").startswith("monte_carlo.tile_"):
                    binding = replace(binding, description=_("Tile {}").format(binding.id.rsplit("_", 1)[1]))
                elif (binding.id or "").startswith("monte_carlo."):
                    binding = replace(binding, description=_(binding.description))
                worded.append(binding)
            keys[key] = worded

    # -- the app's side -----------------------------------------------------------------
    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.hold_keys_if_new(view, legal)
        self.confirming_stop = False
        self.typed = ""
        games = len(view.get("history", []))
        if view.get("phase") == "over" and self.view.get("phase") != "over":
            self.results = True
        elif view.get("phase") != "over" and self.view.get("phase") == "over":
            # a review stepping back from the end (it opens there): the position of that
            # move, not the last game's result kept on for every move before it
            self.results = self.settled = False
        if games != self.seen_games:
            self.seen_games = games
            self.tile = None
        if not games:  # nothing settled to show (a review stepping back to the first game)
            self.results = self.settled = False
        if view.get("phase") != self.view.get("phase"):
            self.tile = None
        self.view = view
        self.legal = list(legal or [])
        self.by_text = {a.text: a for a in self.legal}
        if self.laying and self.tile not in self.hand:
            self.tile = None
        if self.laying and not self._lay_at(self.cursor_cell):
            first = next((a for a in self.legal if isinstance(a, Lay)), None)
            if first is not None:
                self.cursor_cell = CELL_BY_NAME[first.cell]
        self.redraw()
        self.refresh_bindings()  # the footer offers the keys of this phase only

    def hints_changed(self) -> None:
        self.redraw()

    def show_moment(self, view: Mapping[str, Any], events: Sequence[Event]) -> None:
        """A game was settled: its grid, the fields won and lost, until the player goes on."""
        if view.get("history"):
            self.results = self.settled = True
            self.redraw()

    def end_moment(self) -> None:
        if self.settled:
            self.results = self.settled = False
            self.redraw()

    def on_key(self, event: events.Key) -> None:
        if self.confirming_stop and event.key != "s":
            self.confirming_stop = False  # any other key answers "go on betting"
            self.redraw()
        if self.tile_out_of_turn(event.character):
            event.stop()  # not a jump to the field of that number, nor kept for the player's lay
            event.prevent_default()
            self.app.bell()
            self.notify(_("It is not your turn to lay."), severity="warning")
        elif self.type_name(event.character):
            event.stop()  # a letter of a field's name, not the key bound to it (l, s)
            event.prevent_default()
        elif self.typed and not (event.key == "o" and self.twin()):
            # o goes on to the other field of the name typed: its hint stays (o goes back)
            self.typed = ""
            self.redraw()

    def tile_out_of_turn(self, char: str | None) -> bool:
        """Whether ``char`` is a tile's digit typed while others lay: the player means a
        tile for a lay that is not theirs yet."""
        return (bool(char) and len(char) == 1 and char in "123456789" and self.view.get("phase") == "laying"
                and not self.laying and not self.results)

    def type_name(self, char: str | None) -> bool:
        """Over the fields, a key that continues (or begins) a field's short name: the cursor
        goes to the field once the name is unique (to the first open field of that name);
        the name typed afresh while the cursor is on it goes to the next field of the name.
        False when no name goes on or begins so (the key is left to the bindings)."""
        if (self.laying and not self.results) or not self.view or not char or not char.isprintable() \
                or char.isspace():
            return False
        char = char.lower()
        typed, options = self.typed + char, completions(self.names, self.typed + char)
        if not options:
            typed, options = char, completions(self.names, char)
            if not options:
                return False
        if typed == char:
            self.typed_from = self.cursor_field
        self.typed = typed
        if self.holding_keys():
            return True
        if len(options) == 1:
            fields = self.names[options[0]]
            if typed == options[0] and self.typed_from in fields:
                self.cursor_field = fields[(fields.index(self.typed_from) + 1) % len(fields)]
            elif self.cursor_field not in fields:
                self.cursor_field = next((f for f in fields if f"bet {f}" in self.by_text), fields[0])
        self.redraw()
        return True

    def twin(self) -> str | None:
        """The next field with the same short name as the one under the cursor, if any."""
        fields = self.names.get(short_label(self.cursor_field).lower(), [])
        if len(fields) < 2 or self.cursor_field not in fields:
            return None
        return fields[(fields.index(self.cursor_field) + 1) % len(fields)]

    def action_other(self) -> None:
        other = self.twin()
        if other is not None and not self.holding_keys():
            self.cursor_field = other
            self.redraw()

    @property
    def laying(self) -> bool:
        return self.view.get("phase") == "laying" and any(isinstance(a, Lay) for a in self.legal)

    @property
    def betting(self) -> bool:
        return self.view.get("phase") == "betting" and bool(self.legal)

    @property
    def hand(self) -> list[int]:
        return list(self.view.get("hand", []))

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat] if 0 <= seat < len(self.seat_names) else _("Player {}").format(seat + 1)

    # -- keys ---------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        if self.holding_keys():
            return
        if self.laying and not self.results:
            row, col = divmod(self.cursor_cell, SIZE)
            row = min(SIZE - 1, max(0, row + dy))
            col = min(SIZE - 1, max(0, col + dx))
            self.cursor_cell = row * SIZE + col
        else:
            self.cursor_field = neighbour(self.slot_lines, self.cursor_field, dx, dy)
        self.redraw()

    def action_place(self) -> None:
        if self.holding_keys():
            return
        if self.results:
            self.results = False
            self.redraw()
            return
        if self.laying:
            action = self._lay_at(self.cursor_cell)
            if action is None:
                self.notify(self._why_not_here(), severity="warning", markup=False)
                return
            self.tile = None
            self.choose(action)
            return
        if not self.betting:
            self.notify(_("It is not your turn to lay.") if self.view.get("phase") == "laying" else
                        _("It is not your turn to bet."), severity="warning")
            return
        action = self.by_text.get(f"bet {self.cursor_field}")
        if action is None:
            self.notify(self._why_closed(self.cursor_field), severity="warning", markup=False)
            return
        self.choose(action)

    def action_stop(self) -> None:
        if self.holding_keys():
            return
        stop = next((a for a in self.legal if isinstance(a, (Stop, Pass))), None)
        if stop is None:
            self.notify(_("There is no betting to stop now."), severity="warning")
            return
        if isinstance(stop, Stop) and not self.confirming_stop:
            self.confirming_stop = True  # MC-B2: it cannot be taken back
            self.redraw()
            return
        self.confirming_stop = False
        self.choose(stop)

    def action_pass_round(self) -> None:
        self.action_stop()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys for one phase are not offered in the other (a stop while laying, a tile while
        betting)."""
        if action in ("stop", "pass_round"):
            passing = any(isinstance(a, Pass) for a in self.legal)
            return self.betting and passing == (action == "pass_round")
        if action in ("next_tile", "tile"):
            return self.laying
        if action == "other":
            return not (self.laying and not self.results)
        return super().check_action(action, parameters)

    def action_tile(self, digit: int) -> None:
        if not self.laying or self.holding_keys():
            return
        if digit not in self.hand:
            self.notify(_("You hold no {}.").format(digit), severity="warning")
            return
        self.tile = digit
        free = self._cells_for(digit)
        if free and self.cursor_cell not in free:
            self.cursor_cell = free[0]
        self.redraw()

    def action_next_tile(self) -> None:
        digits = sorted({d for d in self.hand if self._cells_for(d)})
        if not self.laying or not digits or self.holding_keys():
            return
        later = [d for d in digits if self.tile is None or d > self.tile]
        self.action_tile(later[0] if later else digits[0])

    def action_toggle_results(self) -> None:
        if not self.view.get("history"):
            self.notify(_("No game has been settled yet."), severity="information")
            return
        self.results = not self.results
        self.redraw()

    def _cells_for(self, digit: int) -> list[int]:
        """The free cells a tile of ``digit`` may go on now."""
        return [c for c in range(CELLS) if DIGIT_OF[c] == digit and f"lay {digit} {cell_name(c)}" in self.by_text]

    def _lay_at(self, cell: int) -> Action | None:
        if self.tile is not None and DIGIT_OF[cell] != self.tile:
            return None
        return self.by_text.get(f"lay {DIGIT_OF[cell]} {cell_name(cell)}")

    def _why_not_here(self) -> str:
        cell = self.cursor_cell
        digit = DIGIT_OF[cell]
        if self.view["grid"][cell] != -1:
            return _("{} already holds a tile.").format(cell_name(cell))
        if self.tile is not None and digit != self.tile:
            return _("{cell} shows {digit}; your tile is {tile}.").format(
                cell=cell_name(cell), digit=a_digit(digit), tile=a_digit(self.tile))
        return _("You hold no {}.").format(digit)

    def _why_closed(self, fid: str) -> str:
        field = self.fields.get(fid)
        if field is None:
            return _("There is no field there.")
        owner = self.view.get("locked", {}).get(fid)
        name = field_title(fid)
        if owner is not None and owner == self.view.get("seat"):
            return sentence(_("{} is full: every chip on it is yours.").format(name))
        if owner is not None:
            return sentence(_("{field} belongs to {player} alone.").format(field=name, player=self.seat_name(owner)))
        return sentence(_("{} is full.").format(name))

    # -- drawing ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        scroll = ScrollableContainer(Static(self.table_text(), id="mc-table"), id="mc-scroll")
        scroll.can_focus = False  # the arrow keys belong to the board's cursor, not to scrolling
        yield scroll

    def redraw(self) -> None:
        if self.is_mounted:
            self.query_one("#mc-table", Static).update(self.table_text())

    def table_text(self) -> Text:
        """The whole table as text: what the board shows. When the board is too low for all
        of it (a terminal of 24 lines), a compact table: no blank lines, the players on one
        line and the last game's result behind ``l``,
        so the grid, your tiles, the players and the field under the cursor stay in view."""
        height = self.size.height
        text = self._table_text(compact=False)
        for tight in (False, True):
            if not height or len(text.plain.splitlines()) <= height:
                break
            text = self._table_text(compact=True, tight=tight)
        return text

    def _table_text(self, compact: bool, tight: bool = False) -> Text:
        """``tight``: more compact still (a settled game on 24 lines): the result in one
        line (the ✓ and ✗ are on the fields, the line under the grid details the field under
        the cursor), the hints' explanation in a few words; while the table holds a settled
        game, only the grid and the result."""
        view = self.view
        if not view:
            return Text(_("Monte Carlo: waiting for the deal."))
        out = Text()
        out.append_text(self._headline())
        out.append("\n" if compact else "\n\n")
        last = view["history"][-1] if view.get("history") else None
        shown = last if self.results and last else None
        for line in self.slot_lines:
            row = self._line(line, shown)
            if compact and not row.plain.strip():
                continue
            out.append_text(row)
            out.append("\n")
        if tight and self.settled:
            # the moment's panel below says Enter goes on: the grid and the result are read now
            out.append_text(self._wrapped(results_summary(last, not self.reviewing)) if last is not None else Text(""))
            return out
        if not compact:
            out.append("\n")
        out.append_text(self._hand_line())
        out.append("\n")
        out.append_text(self._players_short() if compact else self._players_line())
        out.append("\n")
        out.append_text(self._wrapped(self._detail_line(shown)))
        if last is not None and (not compact or shown is not None):
            out.append("\n")
            # a review has no l to show the rest of the fields lost: all of them, where they fit
            out.append_text(self._wrapped(results_summary(last, not self.reviewing)) if tight else
                            results_lines(last, shown is not None or self.reviewing, self.seat_name, self._width(),
                                          self._wrapped))
        if self.hints:
            out.append("\n")
            out.append_text(Text(_("Hints: =3 pays 3 for 1 (F5: off)"), style="cyan") if tight else
                            self._wrapped(Text(_("Hints: =3 on an empty field: a chip there pays 3 for 1 if it "
                                                 "wins (F5: off)"), style="cyan")))
        keys = self._help()
        if keys:  # none in a review
            out.append("\n")
            out.append_text(item_lines(item_pieces(Text(keys, style="dim"), [" · "]), self._width()))
        return out

    def _width(self) -> int:
        """How wide a line of the board may be (unbounded before it is laid out)."""
        return self.size.width - 2 if self.is_mounted and self.size.width > 22 else 10_000

    def _wrapped(self, text: Text) -> Text:
        """``text`` broken into lines as wide as the board (its text is not wrapped: the grid
        must not be), so a long line is not cut at the board's edge."""
        width = self.size.width - 2
        if width < 20 or text.cell_len <= width or not self.is_mounted:
            return text
        return Text("\n").join(text.wrap(self.app.console, width))

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()  # compact or not

    def _players_short(self) -> Text:
        """Every player on one line: chips in hand, +chips on the fields (laying: tiles to lay)."""
        view = self.view
        parts = []
        for seat in range(view["players"]):
            style = SEAT_STYLES[seat % len(SEAT_STYLES)]
            text = Text(">" if seat == view.get("to_move") else "", style="bold")
            text.append(f"{seat + 1}=", style=style)  # the legend of the chips on the fields
            text.append(self.seat_name(seat), style="bold" if seat == view.get("seat") else "")
            if not view["active"][seat]:
                text.append(" " + _("out"), style="dim")
            else:
                text.append(f" {view['chips'][seat]}")
                if view["staked"][seat]:
                    text.append(f"+{view['staked'][seat]}")
                if view["phase"] == "laying":
                    text.append(" " + _("lay {}").format(view["to_lay"][seat]), style="dim")
                elif view["phase"] == "betting" and not view["betting"][seat]:
                    text.append(" " + _("stopped"), style="dim")
            parts.append(text)
        head = (_("Chips (+on fields, tiles to lay):") if view["phase"] == "laying" else _("Chips (+on fields):")) + " "
        width = max(self.size.width - 2, 40)  # the board's text is not wrapped: break the line here
        lines = [Text(head, style="dim")]
        for part in parts:
            if len(lines[-1].plain) + 2 + len(part.plain) > width:
                lines.append(Text("  "))
            elif lines[-1].plain.strip() and lines[-1].plain != head:
                lines[-1].append("  ")
            lines[-1].append_text(part)
        return Text("\n").join(lines)

    def _headline(self) -> Text:
        view = self.view
        text = Text()
        number = view["history"][-1]["game"] if self.settled else view["game"]
        text.append(_("Game {} of {}").format(number, view["match_games"]), style="bold")
        phase = view["phase"]
        mover = view.get("to_move")
        if self.results and phase == "over":
            text.append("  ·  " + _("the match is over; the last game's result"))
        elif self.settled:
            text.append("  ·  " + _("settled: the fields won and lost"))
        elif self.results:
            text.append("  ·  " + _("showing game {}'s result (l: back)").format(view["history"][-1]["game"]))
        elif phase == "betting":
            text.append("  ·  " + _("betting, round {} of {}").format(view["round"], view["betting_rounds"]))
        elif phase == "laying":
            text.append("  ·  " + _("laying tiles"))
        else:
            text.append("  ·  " + _("the match is over"))
        if mover is not None and not self.results and not self.settled:
            if mover == view.get("seat"):
                turn = _("you to bet") if phase == "betting" else _("you to lay")
            else:
                turn = (pgettext("whose turn", "{} to bet") if phase == "betting" else
                        pgettext("whose turn", "{} to lay")).format(self.seat_name(mover))
            text.append("  ·  " + turn, style="bold")
        return text

    def _line(self, items: list[Item], shown: Mapping[str, Any] | None) -> Text:
        text = Text()
        for x, kind, key, width in items:
            if text.cell_len < x:
                text.append(" " * (x - text.cell_len))
            if kind == "field":
                text.append_text(self._slot(key, shown, width - 1))
                text.append(" ")
            elif kind == "cell":
                text.append_text(self._cell(key, shown))
        return text

    def _slot(self, fid: str, shown: Mapping[str, Any] | None, width: int) -> Text:
        label = short_label(fid)
        if shown is not None:
            result = next((r for r in shown["fields"] if r["field"] == fid), None)
            chips = result["chips"] if result else []
            mark = " " if result is None else ("✓" if result["won"] else "✗")
        else:
            chips = self.view["bets"].get(fid, [])
            result = None
            mark = ""
        text = Text(label, style="bold" if chips else "")
        if mark:
            text.append(mark, style="bold green" if result and result["won"] else "bold red" if result else "")
        if not mark:
            text.append(" ")
        if self.hints and not chips and shown is None and fid in self.fields:
            text.append(f"={self.view['odds'][self.fields[fid].kind]}", style="cyan")  # what a chip pays
        else:
            text.append_text(chips_mark(chips, width - text.cell_len))
        text.pad_right(width - text.cell_len)
        style = ""
        if self.betting and not self.results and f"bet {fid}" not in self.by_text:
            style = "dim"
        if fid in self.view.get("locked", {}) and shown is None:
            style += " underline"
        if fid == self.cursor_field and not (self.laying and not self.results):
            style += " reverse bold"
        if style:
            text.stylize(style.strip())
        return text

    def _cell(self, cell: int, shown: Mapping[str, Any] | None) -> Text:
        grid = shown["grid"] if shown is not None else self.view["grid"]
        who = grid[cell]
        digit = str(DIGIT_OF[cell])
        quadrant = QUADRANT_OF[cell]
        letter = QUADRANT_LETTERS[quadrant].lower()
        text = Text(" ", style=QUADRANT_STYLES[quadrant])
        if who == -1:
            text.append(f"·{digit}·", style="dim")
        elif who == -2:
            text.append(f"({digit})", style="bold")
        else:
            text.append(f"[{digit}]", style=SEAT_STYLES[who % len(SEAT_STYLES)])
        text.append(f" {letter} ", style="dim")  # CELL wide in all: a wider cell pushed the grid off its labels
        text.stylize(QUADRANT_STYLES[quadrant])
        if self.laying and not self.results:
            if self._lay_at(cell) is not None:
                text.stylize("underline", 1, 4)
            if cell == self.cursor_cell:
                text.stylize("reverse bold")
        return text

    def _hand_line(self) -> Text:
        hand = self.hand
        if self.settled and self.view.get("phase") != "over":
            # the game shown is settled; the hand is already the next game's
            text = Text(_("Your tiles for game {}:").format(self.view["game"]) + " ", style="bold")
        else:
            text = Text(_("Your tiles:") + " ", style="bold")
        if "hand" not in self.view:
            text.append(_("(hidden: you are watching)"), style="dim")
            return text
        if not hand:
            text.append(_("none"))
        picked = False
        for digit in hand:
            if digit == self.tile and not picked:
                text.append(f"[{digit}]", style="reverse bold")
                picked = True
            else:
                text.append(f" {digit} ")
        seat = self.view.get("seat")
        if seat is not None and self.view["phase"] == "laying":
            text.append("   " + _("to lay: {}").format(self.view["to_lay"][seat]))
        return text

    def _players_line(self) -> Text:
        view = self.view
        width = max(len(self.seat_name(s)) for s in range(view["players"]))
        lines = []
        for seat in range(view["players"]):
            style = SEAT_STYLES[seat % len(SEAT_STYLES)]
            marker = ">" if seat == view.get("to_move") else " "
            text = Text(f"{marker}{seat + 1}=", style=style)  # the legend of the chips on the fields
            text.append(self.seat_name(seat).ljust(width), style="bold" if seat == view.get("seat") else "")
            if not view["active"][seat]:
                text.append("  " + _("out of the match"), style="dim")
                lines.append(text)
                continue
            chips = view["chips"][seat]
            text.append("  " + ngettext("{:>3} chip", "{:>3} chips", chips).format(chips))
            if view["staked"][seat]:
                text.append(", " + _("{} on the fields").format(view["staked"][seat]))
            if view["phase"] == "betting" and not view["betting"][seat]:
                text.append(", " + _("stopped"), style="dim")
            if view["phase"] == "laying":
                text.append(", " + _("{} to lay").format(view["to_lay"][seat]))
            if seat == view.get("seat"):
                text.append("  " + _("(you)"))
            history = view.get("history") or []
            if history:
                track = _("after each game: {}").format(" → ".join(str(h["chips"][seat]) for h in history))
                # past the board's edge (laying, chips on the fields, you) it goes on under the chips
                wrap = text.cell_len + 5 + len(track) > self._width()
                text.append(("\n" + " " * (len(str(seat + 1)) + width + 4) if wrap else "  ·  ") + track, style="dim")
            lines.append(text)
        return Text("\n").join(lines)

    def _detail_line(self, shown: Mapping[str, Any] | None) -> Text:
        view = self.view
        odds = view["odds"]
        if self.laying and not self.results:
            cell = self.cursor_cell
            who = view["grid"][cell]
            where = _("{cell}: {digit} in the {colour} quadrant").format(
                cell=cell_name(cell), digit=a_digit(DIGIT_OF[cell]), colour=colour(QUADRANT_OF[cell]))
            if who == -1:
                state = _("free") if self._lay_at(cell) else _("free, not for the tile you picked")
            elif who == -2:
                state = _("the tile left over")
            else:
                state = _("laid by {}").format(self.seat_name(who))
            return Text(_("{where}, {state}.").format(where=where, state=state))
        field = self.fields.get(self.cursor_field)
        if field is None:
            return Text("")
        text = Text(sentence(field_title(field.id)), style="bold")
        text.append(_(": pays {} for 1.").format(odds[field.kind]) + " ")
        if shown is not None:
            result = next((r for r in shown["fields"] if r["field"] == field.id), None)
            if result is None:
                text.append(_("Nobody bet on it."))
            else:
                text.append((_("Won.") if result["won"] else _("Lost.")) + " ")
                text.append(chips_text(result["chips"], result["payout"] if result["won"] else None, self.seat_name))
            return text
        chips = view["bets"].get(field.id, [])
        text.append(chips_text(chips, None, self.seat_name) if chips else _("No chips yet."))
        owner = view.get("locked", {}).get(field.id)
        if owner is not None:
            text.append(" " + _("Closed to all but {}.").format(self.seat_name(owner)))
        return text

    def _help(self) -> str:
        if self.reviewing:  # the review's keys step through the game; the footer shows them
            return ""
        if self.settled:
            return _("enter: go on to the results") if self.view.get("phase") == "over" else \
                _("enter: go on to the next game")
        if self.results:
            return _("l or enter: back to the table")
        if self.laying:
            return _("1-9 or t: pick a tile · arrows: pick a cell · enter: lay · l: last game")
        if self.betting and self.confirming_stop:
            return _("Stop betting for this game? s again: stop · any other key: go on betting")
        if self.betting:
            passing = any(isinstance(a, Pass) for a in self.legal)
            going = self._going()
            if going.endswith(")"):  # a name half typed: the names it may become take the room
                return _("{} · enter: bet").format(going)
            return (_("{} · enter: bet · s: pass this round · l: last game") if passing else
                    _("{} · enter: bet · s: stop betting · l: last game")).format(going)
        return _("a name (C3) or arrows: look at the fields · l: last game")

    def _going(self) -> str:
        """The name being typed and where it may lead; once it led the cursor to a field,
        that the cursor is there and how to go elsewhere; else how to go to a field."""
        options = completions(self.names, self.typed) if self.typed else []
        if len(options) > 1:
            return _("go to: {typed}_ ({names})").format(
                typed=self.typed.upper(), names=" ".join(short_label(self.names[o][0]) for o in options))
        if not self.typed:
            return _("type a name (C3): go there")
        here = short_label(self.cursor_field)
        other = [_("o: the other {}").format(here)] if self.twin() else []
        return " · ".join([_("at {}").format(here), *other, _("type a name: go elsewhere")])
