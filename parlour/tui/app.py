"""The Parlour app: home, setup, table, hand-over, results and rules screens.

The app owns navigation: screens call its methods (:meth:`ParlourApp.set_up`,
:meth:`~ParlourApp.open_table`, :meth:`~ParlourApp.show_results`, :meth:`~ParlourApp.show_rules`)
to move on, and reach its services (registry, save folder, shelf of saves, timings) through
:attr:`ParlourScreen.parlour <parlour.tui.screen.ParlourScreen.parlour>`.
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen

from parlour.core.game import Game
from parlour.core.i18n import N_, _, choose_language, current_language, set_language
from parlour.core.lasttable import remembered_language, settings_path
from parlour.core.ledger import Kept, Ledger, LedgerProblem, ledger_path
from parlour.core.match import DEFAULT_TIME_LIMIT, Match
from parlour.core.record import HUMAN, Record, Seat
from parlour.core.saves import SaveFolder, SaveShelf
from parlour.core.seating import start_match
from parlour.tui.dialogs import ProblemDialog
from parlour.tui.home import HomeScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.results import ResultsScreen
from parlour.tui.rules import RulesScreen
from parlour.tui.screen import worded_bindings
from parlour.tui.setup import SetupScreen
from parlour.tui.table import TableScreen
from parlour.tui.table_view import LiveGame

if TYPE_CHECKING:
    from parlour.core.registry import Registry
    from parlour.core.review import SeenReview

#: Seconds a computer player's move stays pending so a person can follow (env override).
AI_DELAY_ENV = "PARLOUR_AI_DELAY"
DEFAULT_AI_DELAY = 0.6


def ai_delay_from_env() -> float:
    raw = os.environ.get(AI_DELAY_ENV, "").strip()
    try:
        return max(0.0, float(raw)) if raw else DEFAULT_AI_DELAY
    except ValueError:
        return DEFAULT_AI_DELAY


#: Seconds a searching computer player (``hard``) may think about one decision (env override).
AI_THINK_ENV = "PARLOUR_AI_THINK"
DEFAULT_AI_THINK = 1.0
#: the thinking time is kept within these bounds, whatever the environment says
AI_THINK_BOUNDS = (0.05, 60.0)


def ai_think_from_env() -> float:
    raw = os.environ.get(AI_THINK_ENV, "").strip()
    try:
        seconds = float(raw) if raw else DEFAULT_AI_THINK
    except ValueError:
        return DEFAULT_AI_THINK
    if seconds != seconds:  # NaN
        return DEFAULT_AI_THINK
    low, high = AI_THINK_BOUNDS
    return min(high, max(low, seconds))


class ParlourApp(App[None]):
    """Everything a player sees. ``registry``, ``saves``, ``ai_delay``, ``ai_think`` and ``rng``
    are injectable so tests can run it on the test game, in a temporary folder, without pauses.
    ``ai_think``: the seconds a searching computer player is given for each decision."""

    TITLE = "Parlour"
    CSS_PATH = "parlour.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), id="app.quit", show=False, priority=True),
    ]

    def __init__(
        self,
        registry: Registry | None = None,
        *,
        plugins: Sequence[str] = (),
        saves: SaveFolder | None = None,
        ai_delay: float | None = None,
        ai_think: float | None = None,
        agent_time_limit: float | None = None,
        rng: random.Random | None = None,
        start_game: str | None = None,
        start_review: tuple[Game, Record] | tuple[Game, Record, Path] | None = None,
        start_join: tuple[str, str] | None = None,
        language: str | None = None,
    ) -> None:
        """``start_join``: a hosted table's address and a join code, to sit down at first (the
        app ends with exit code 2 and the reason when the host cannot be reached or refuses).
        ``language``: ``--lang``'s, which beats the language remembered in the app."""
        super().__init__()
        if registry is None:
            from parlour.core.registry import discover

            registry = discover(plugins)
        self.registry = registry
        self.saves = saves if saves is not None else SaveFolder()
        self.language_option = language
        self.use_language(remembered_language(settings_path(self.saves.root)))
        self.ai_delay = ai_delay_from_env() if ai_delay is None else ai_delay
        self.ai_think = ai_think_from_env() if ai_think is None else ai_think
        #: seconds a computer player may take over one decision before the table stops
        self.agent_time_limit = DEFAULT_TIME_LIMIT if agent_time_limit is None else agent_time_limit
        self.seeds = rng if rng is not None else random.Random()
        self.start_game = start_game
        self.start_review = start_review
        self.start_join = start_join
        #: why the table of ``start_join`` could not be joined (the app then ends with code 2)
        self.join_problem: str | None = None
        #: whether boards show their hints (the table's F5; off when the app starts)
        self.hints = False
        #: each notification shown, until when it shows (see :meth:`notify`)
        self._notified: dict[tuple[str, str, str], float] = {}
        self._notified_lock = threading.Lock()
        #: the saves the home screen lists, each replayed once per version of its file
        self.shelf = SaveShelf(self.saves, seconds=self.ai_think)
        #: the record of finished games and ratings, opened when first needed (:meth:`ledger`)
        self._ledger: Ledger | None = None
        #: why the record cannot be used (then it is not tried again while the app runs)
        self.ledger_problem: str | None = None

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Textual's notification, shown once while it is on screen: a key pressed again and
        again (or held down) where it is refused says why once, not in a pile of toasts."""
        now = time.monotonic()
        key = (message, title, severity)
        with self._notified_lock:
            if self._notified.get(key, 0.0) > now:
                return
            if len(self._notified) > 100:
                self._notified = {k: until for k, until in self._notified.items() if until > now}
            self._notified[key] = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def use_language(self, setting: str | None) -> None:
        """Word everything in ``--lang``'s language if given, else ``setting`` (the one chosen
        in the app; None: the environment's), else English. Screens made from now on show it."""
        set_language(choose_language(self.language_option, setting))
        worded_bindings(self)

    def new_seed(self) -> int:
        return self.seeds.randrange(1, 1_000_000)

    def get_default_screen(self) -> Screen:
        return HomeScreen()

    def on_mount(self) -> None:
        self.saves.open_instance()  # the first copy running clears what killed saves left; any, stale locks
        if self.start_game is not None and self.start_game in self.registry.games:
            self.set_up(self.registry.get(self.start_game))
        elif self.start_review is not None:
            game, record, *path = self.start_review
            self.show_review(game, record, path=path[0] if path else None)
        elif self.start_join is not None:
            self.join_table(*self.start_join, exit_on_failure=True)

    def on_unmount(self) -> None:
        """The app quits (q, ctrl+q, the palette): every save a table still holds is let go,
        its lock file removed (the tables' screens have let theirs go already as they closed)."""
        self.saves.close()

    # -- navigation ----------------------------------------------------------------
    def set_up(self, game: Game) -> None:
        """Open the setup of a new game of ``game``."""
        self.push_screen(SetupScreen(game))

    def show_rules(self, game: Game, table: Mapping[str, Any] | None = None, variants: Sequence[str] = ()) -> None:
        """The rules of ``game``; from a table, with how its settings (``table``) differ."""
        self.push_screen(RulesScreen(game, table, variants, lang=current_language()))

    def new_match(
        self, game: Game, rules: Mapping[str, Any], seed: int, seats: Sequence[Seat], variants: Sequence[str]
    ) -> Match:
        """A match to open a table on, its searching players given ``ai_think`` a decision."""
        return start_match(game, rules, seed, seats, variants, seconds=self.ai_think)

    def open_table(self, game: Game, match: Match, path: Path | None = None, *, replace: bool = False) -> None:
        """Sit down to ``match``, saved to ``path`` (a new save file when None), on top of
        this screen, or instead of it with ``replace``."""
        if path is None:
            path = self.saves.new_path(game.id)
        self.remind(game, match)
        screen = TableScreen(LiveGame(game, match, path))
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_results(self, live: LiveGame, *, remote: int | None = None, seen: SeenReview | None = None) -> None:
        """The results of a finished game, instead of its table (``remote``: the seat played
        here at a hosted table, which only its host can play again; ``seen``: what a player's
        seat was sent of a hosted game, all he has of it)."""
        kept = self.keep_game(live) if seen is None else None
        self.switch_screen(ResultsScreen(live, remote=remote, seen=seen, kept=kept))

    def ledger(self) -> Ledger | None:
        """The record of finished games (``record.sqlite3`` in the data folder); None when it
        cannot be used, said once in a notification (the games go on without it)."""
        if self._ledger is None and self.ledger_problem is None:
            try:
                self._ledger, note = Ledger.open(ledger_path(self.saves.root))
            except LedgerProblem as exc:
                self.ledger_problem = str(exc)
                self.notify(str(exc), title=_("Your record"), severity="error", timeout=10, markup=False)
                return None
            if note is not None:
                self.notify(note, title=_("Your record"), severity="warning", timeout=10, markup=False)
        return self._ledger

    def remind(self, game: Game, match: Match) -> None:
        """The computer players at ``match`` start their models of the people there from
        what their earlier games of ``game`` in the record showed (``Match.remind``)."""
        if not any(seat.agent == HUMAN for seat in match.seats):
            return
        ledger = self.ledger()
        if ledger is None:
            return
        try:
            match.remind(ledger.habits(game.id, match.seats))
        except Exception as exc:  # noqa: BLE001 - the database or a computer player: the game goes on without
            self.notify(_("the players' earlier games could not be recalled: {error}").format(error=exc), title=_("Your record"),
                        severity="warning", timeout=10, markup=False)

    def keep_game(self, live: LiveGame) -> Kept | None:
        """Keep a game this app played to the end in the record and rate it: what the results
        show of the ratings (None when no person played, or the record cannot be used)."""
        ledger = self.ledger()
        if ledger is None:
            return None
        try:
            return ledger.keep_match(live.match, live.path.name)
        except Exception as exc:  # noqa: BLE001 - the game's own scores, or the database: the results still show
            line = str(exc) if isinstance(exc, LedgerProblem) else _("the game could not be kept: {error}").format(error=exc)
            self.notify(line, title=_("Your record"), severity="error", timeout=10, markup=False)
            return None

    @work(group="host", exit_on_error=False)
    async def host_table(self, game: Game, rules: Mapping[str, Any], seed: int, seats: Sequence[Seat],
                         variants: Sequence[str], here: int, host: str, port: int) -> None:
        """Host a table whose other people join from elsewhere with codes (setup's remote
        seats), here in the app: show the codes, then sit down at seat ``here`` as one of the
        players. The table is saved after every move; the hosting stops when the game is over
        or the player here leaves it."""
        from parlour.net.server import close_table, open_table
        from parlour.net.table import hosted
        from parlour.tui.dialogs import CodesDialog

        try:
            table = await asyncio.to_thread(hosted, game, rules, seed, seats, variants)  # computers may begin
        except Exception as exc:  # noqa: BLE001 - a plugin failing to deal is reported, not fatal
            self.push_screen(ProblemDialog(_("The game could not start"), f"{type(exc).__name__}: {exc}"))
            return
        codes = table.issue_codes()
        path = self.saves.new_path(game.id)
        try:
            server = await open_table(table, path, host, port)
        except OSError as exc:
            self.push_screen(ProblemDialog(_("Could not host the table"), _("cannot listen on {address}: {error}")
                                           .format(address=f"{host}:{port}", error=exc.strerror or exc)))
            return
        near = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        shown = f"[{host}]" if ":" in host else host

        def done(sit: bool | None) -> None:
            if sit:
                self.pop_screen()  # the setup
                self.join_table(f"{near}:{server.port}", codes[here], hosting=(server, path))
            else:
                self.run_worker(close_table(server, path), group="unhost", exit_on_error=False)

        names = [s.name for s in seats]
        self.push_screen(CodesDialog(game.title, f"{shown}:{server.port}",
                                     [(names[s], code) for s, code in codes.items() if s != here], codes[here]),
                         done)
        ends = [asyncio.ensure_future(event.wait()) for event in (server.finished, server.stopped)]
        await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
        for end in ends:
            end.cancel()
        await close_table(server, path)

    @work(group="join", exit_on_error=False)
    async def join_table(self, address: str, code: str, *, exit_on_failure: bool = False,
                         hosting: tuple[Any, Path] | None = None) -> None:
        """Sit down at a hosted table with a join code: connect, say hello, and open the
        table screen on the host's welcome. A host that cannot be reached, refuses the code
        or answers with something else is said in one line: a dialog, or with
        ``exit_on_failure`` the app's exit with code 2."""
        from parlour.net.client import HostLink, RemoteMatch
        from parlour.net.protocol import ProtocolError
        from parlour.tui.remote import RemoteTableScreen

        link = HostLink(address, code)
        try:
            welcome = await link.sit_down()
            if welcome["game"] not in self.registry.games:
                raise ProtocolError(_("the host plays {game}, which is not installed here").format(game=repr(welcome["game"])))
            game = self.registry.get(welcome["game"])
            match = RemoteMatch(game, welcome)
        except ProtocolError as exc:
            await link.close()
            if exit_on_failure:
                self.join_problem = str(exc)
                self.exit(return_code=2)
            else:
                self.push_screen(ProblemDialog(_("Could not join the table"), str(exc)))
            return
        self.push_screen(RemoteTableScreen(game, match, link, hosting=hosting))

    def show_review(self, game: Game, record: Record, seat: int | None = None, path: Path | None = None,
                    analyse: bool = False) -> None:
        """Step through ``record`` (a game of ``game``) as ``seat`` saw it; ``path``, the
        record's file, keeps its analysis; ``analyse`` starts the analysis at once."""
        try:
            screen = ReviewScreen(game, record, seat=seat, path=path, analyse=analyse)
        except Exception as exc:  # noqa: BLE001 - a record the game cannot replay: say so, stay here
            self.push_screen(ProblemDialog(_("The game cannot be reviewed"), f"{type(exc).__name__}: {exc}"))
            return
        self.push_screen(screen)

    def show_seen_review(self, game: Game, seen: SeenReview) -> None:
        """Step through what a player's seat was sent of a hosted game (all he has of it)."""
        self.push_screen(ReviewScreen(game, review=seen))

    def action_command_palette(self) -> None:
        """Textual's command palette, its search line in the language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=_("Search for commands…")))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette knows the current screen's main actions, then Textual's own."""
        commands = getattr(screen, "palette_commands", None)
        if commands is not None:
            yield from commands()
        for command in super().get_system_commands(screen):  # Textual's own, in the language (see TEXTUAL_COMMANDS)
            yield command._replace(title=_(command.title), help=_(command.help))


#: How long (seconds) a thread may hold the interpreter while another waits for it, in the app.
#: A searching computer player computes in a worker thread; at Python's default (5 ms) every
#: wake-up of the screen waits up to that long behind it. At 1 ms a loop that wakes every 2 ms
#: came back after a median 3-6 ms instead of 5.5-10.6 ms (one core, hard thinking in Banque
#: Fatale).
APP_SWITCH_INTERVAL = 0.001


def run(game_id: str | None = None, registry: Registry | None = None,
        review: tuple[Game, Record] | tuple[Game, Record, Path] | None = None, join: tuple[str, str] | None = None,
        language: str | None = None) -> int:
    """The app: the home screen, the setup of ``game_id``, the review of a record, or the
    hosted table at ``join`` (its address and a join code), in ``language`` (``--lang``; else
    the one chosen in the app, else the environment's). Returns the exit code; a table that
    could not be joined is said in one line on stderr, with code 2."""
    import sys

    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, APP_SWITCH_INTERVAL))
    app = ParlourApp(registry, start_game=game_id, start_review=review, start_join=join, language=language)
    try:
        app.run()
    finally:
        sys.setswitchinterval(before)
    if app.join_problem is not None:
        print(f"parlour: {app.join_problem}", file=sys.stderr)
        return 2
    return app.return_code or 0
