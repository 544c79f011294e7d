"""Advice at the table (F6, issue 26): at the person's decision, the searching player's three
best moves with their win chances (:mod:`parlour.core.advice` does the work, from the seat's
view alone), in a dialog with a progress bar; Esc stops it.

Offered only where the take-back is: one person at the table, every other seat a computer
(nobody else is helped against, nobody else sees it). It thinks as long as a ``hard``
decision at this table. Each decision advised on is counted once in the record, and the
results say how many times advice was asked.

The table screen keeps only its key and calls :func:`offered` and :func:`ask`.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from parlour.core.advice import Advice, advice_seed, advise, can_advise
from parlour.core.agents import Budget
from parlour.core.game import Game, State, move_label
from parlour.core.i18n import N_, _, ngettext, number
from parlour.core.match import Match
from parlour.tui.screen import Footer, chance_text, worded_bindings

#: the advice last shown at each table: (the match, the moves before the decision, the advice)
_given: weakref.WeakKeyDictionary[Any, tuple[Match, int, Advice]] = weakref.WeakKeyDictionary()


class AdviceStopped(Exception):
    """Raised from the progress callback to stop the search (Esc)."""


def budget(app: Any) -> Budget:
    """What the advice may think: what a ``hard`` decision at the app's tables gets."""
    return Budget(seconds=app.ai_think)


def offered(table: Any) -> bool:
    """Whether the table offers advice: as the take-back, when one person sits at it and every
    other seat is a computer (``LiveGame.humans``), the game is played here (not at a hosted
    table, where this app has only its seat's view to send moves from) and can be searched."""
    return isinstance(table.match, Match) and len(table.live.humans) == 1 and \
        can_advise(table.live.game, table.match.state)


def ask(table: Any) -> None:
    """The advice on the person's decision now, shown in a dialog (once computed, shown again
    at the same decision without counting it twice)."""
    if not offered(table):
        table.notify(_("No advice at this table: it is offered when every other seat is a computer."),
                     title=_("Advice"), severity="warning", markup=False)
        return
    seat = table.awaiting
    if seat is None:
        table.notify(_("Advice is for your own decision: ask when it is your move."), title=_("Advice"), markup=False)
        return
    match: Match = table.match
    moves = len(match.record.actions)
    name = table.live.names[seat]
    given = _given.get(table)
    if given is not None and given[0] is match and given[1] == moves:
        table.app.push_screen(AdviceDialog(table.live.game, match.rules, None, name, advice=given[2]))
        return

    def shown(advice: Advice) -> None:
        if table.match is not match or len(match.record.actions) != moves:
            return  # the table moved on meanwhile
        _given[table] = (match, moves, advice)
        match.record.count_advice(seat)
        table.save()

    table.app.push_screen(AdviceDialog(table.live.game, match.rules, match.state.clone(), name,
                                       budget=budget(table.app), seed=advice_seed(match.seed, moves), shown=shown))


def advice_table(advice: Advice) -> RichTable:
    """The moves advised, the searcher's choice first, each with its win chance."""
    grid = RichTable(box=None, pad_edge=False, show_header=False, expand=False)
    grid.add_column("", no_wrap=True)
    grid.add_column("move", overflow="ellipsis", no_wrap=True, max_width=44)
    grid.add_column("win", justify="right", no_wrap=True)
    for place, move in enumerate(advice.suggestions, 1):
        win = _("not tried") if move.win is None or not move.visits else _("win {share}").format(share=chance_text(move.win))
        grid.add_row(f"{place}.", move.label, win, style="bold" if place == 1 else "")
    return grid


class AdviceDialog(ModalScreen[None]):
    """The search at work (a progress bar; Esc stops it), then its three best moves."""

    BINDINGS = [
        Binding("escape", "close", N_("Back to the table"), id="advice.close"),
        Binding("enter", "close", N_("Back to the table"), show=False, id="advice.close_enter"),
    ]

    def __init__(self, game: Game, rules: Any, state: State | None, name: str, *, advice: Advice | None = None,
                 budget: Budget | None = None, seed: int = 0,
                 shown: Callable[[Advice], None] | None = None) -> None:
        """``state``: a copy of the table's state to search from (None: ``advice`` is shown
        as it was computed); ``shown`` is told the advice once it is on screen."""
        super().__init__()
        worded_bindings(self)
        self.game, self.rules, self.state, self.seat_name = game, rules, state, name
        self.advice = advice
        self.budget = budget or Budget(iterations=1)
        self.seed = seed
        self.shown = shown
        self.stop = threading.Event()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="advice"):
            yield Static(Text(_("Advice for {name}").format(name=self.seat_name), style="bold"), id="advice-title")
            yield Static(Text(_("The computer weighs your moves from what you can see…")), id="advice-body")
            yield ProgressBar(total=1.0, show_eta=False, id="advice-progress")
        yield Footer()

    def on_mount(self) -> None:
        if self.advice is not None:
            self.show(self.advice)
            return
        state, bar = self.state, self.query_one(ProgressBar)
        assert state is not None
        stop, shown = self.stop, [-1.0]

        def progress(share: float) -> None:
            if stop.is_set():
                raise AdviceStopped
            if share - shown[0] >= 0.02 and share < 1.0:
                shown[0] = share
                self.app.call_from_thread(bar.update, progress=share)

        self.run_worker(lambda: advise(self.game, self.rules, state, self.budget, self.seed, progress),
                        thread=True, group="advice", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "advice" or self.stop.is_set():
            return
        if event.state == WorkerState.SUCCESS:
            self.advice = event.worker.result
            self.show(self.advice)
            if self.shown is not None:
                self.shown(self.advice)
        elif event.state == WorkerState.ERROR:
            exc = event.worker.error
            self.query_one(ProgressBar).display = False
            self.query_one("#advice-body", Static).update(
                Text(_("The advice failed ({error}).").format(error=f"{type(exc).__name__}: {exc}"), style="red"))

    def show(self, advice: Advice) -> None:
        self.query_one(ProgressBar).display = False
        advice = replace(advice, suggestions=tuple(  # worded now: shown again later, the language may differ
            replace(s, label=move_label(self.game, self.rules, s.move, s.label, self.state)) for s in advice.suggestions))
        if advice.choices < 2:
            body: Any = Text(_("There is nothing to choose: {move} is the only move.").format(
                move=advice.suggestions[0].label) if advice.suggestions else _("There is nothing to choose: it is the only move."))
        else:
            simulations = (ngettext("{n} simulation", "{n} simulations", advice.simulations).format(
                n=number(advice.simulations)) if advice.simulations else _("the game's own choice"))
            head = Text(_("Best of your {n} moves, from what you can see ({simulations}):").format(
                n=advice.choices, simulations=simulations))
            foot = Text(_("The first is what hard would play. Esc: back to the table."), style="italic")
            body = RichTable.grid()
            body.add_row(head)
            body.add_row(advice_table(advice))
            body.add_row(foot)
        self.query_one("#advice-body", Static).update(body)

    def action_close(self) -> None:
        self.stop.set()
        self.dismiss(None)
