"""Home: the installed games, broken plugins with their error, and games to continue."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour.core.game import Game
from parlour.core.i18n import LANGUAGES, N_, _, current_language, level_name, moment, ngettext, pgettext
from parlour.core.lasttable import remember_language, remembered_language, settings_path
from parlour.core.ledger import Standing, provisional_note
from parlour.core.record import HUMAN
from parlour.core.saves import CorruptSave, SavedGame
from parlour.tui.dialogs import ConfirmDialog
from parlour.tui.screen import Footer, Header, KeyNote, ParlourScreen, worded_bindings


#: the people whose rating in a game the details show (those who played last)
RATED_PEOPLE = 3


def seat_line(names: Iterable[tuple[str, str]]) -> str:
    return ", ".join(name if agent == HUMAN else _("{name} (computer: {level})").format(name=name, level=level_name(agent))
                     for name, agent in names)


def _indented(head: Text, body: Text | None) -> Group:
    """An entry of the list: a heading line, then its text indented under it, then a gap."""
    parts: list[RenderableType] = [head]
    if body is not None:
        parts.append(Padding(body, (0, 0, 0, 2)))
    parts.append(Text(""))
    return Group(*parts)


class GameList(OptionList):
    """The home list; Enter is shown in the footer."""

    BINDINGS = [Binding("enter", "select", N_("Open"), id="home.open")]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        worded_bindings(self)


class HomeScreen(ParlourScreen):
    """Pick a game to set up, continue a saved one, or read the rules."""

    BINDINGS = [
        Binding("r", "rules", N_("Rules"), id="home.rules"),
        Binding("c", "continue", N_("Continue"), id="home.continue"),
        Binding("j", "join", N_("Join a table"), id="home.join"),
        Binding("x", "abandon", N_("Abandon save"), id="home.abandon"),
        Binding("d", "dismiss_notes", N_("Dismiss notes"), id="home.dismiss"),
        Binding("l", "language", N_("Language"), id="home.language", show=False),  # said in the details
        Binding("q", "app.quit", N_("Quit"), id="home.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saved: list[SavedGame] = []
        self.problems: list[CorruptSave] = []
        #: per game, the ratings of the people in the record (who played last first)
        self.ratings: dict[str, list[Standing]] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="home-problems", markup=False)
        with Horizontal(id="home"):
            yield GameList(id="home-list")
            with VerticalScroll(id="home-details"):
                yield Static(id="home-info")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Choose a game")

    def on_screen_resume(self) -> None:
        self.refresh_list()

    # -- the list ------------------------------------------------------------------
    def refresh_list(self) -> None:
        registry = self.parlour.registry
        scan = self.parlour.shelf.scan(registry.games)
        if scan.corrupt:
            self.problems.extend(scan.corrupt)
            for problem in scan.corrupt:
                self.notify(problem.describe(), title=_("A saved game is unreadable"), severity="error",
                            timeout=10, markup=False)
        unchanged = [s.path for s in scan.saved] == [s.path for s in self.saved]
        self.saved = scan.saved
        self.ratings = self.people_ratings()
        problems = self.query_one("#home-problems", Static)
        lines = ["! " + _("Unreadable save {save}").format(save=p.describe()) for p in self.problems]
        lines += [f"· {note}" for note in scan.notes]
        problems.update("\n".join(lines))
        problems.display = bool(lines)

        options: list[Option | None] = []
        for index, saved in enumerate(self.saved):
            # a save that cannot be continued stays choosable: Enter says why, x abandons it
            options.append(Option(self._save_prompt(saved), id=f"save:{index}"))
        if options:
            options.append(None)
        for game in registry.games.values():
            options.append(Option(self._game_prompt(game), id=f"game:{game.id}"))
        for broken in registry.broken:
            prompt = _indented(Text.assemble(("x ", "bold"), (broken.name, "bold"), " " + _("(broken)")),
                               Text(broken.error))
            options.append(Option(prompt, id=f"broken:{broken.name}", disabled=True))
        if not registry.games and not registry.broken:
            options.append(Option(_("No games installed."), id="none", disabled=True))
        listing = self.query_one("#home-list", OptionList)
        before = self.highlighted()
        listing.clear_options()
        listing.add_options(options)
        enabled = [o.id for o in options if o is not None and not o.disabled and o.id is not None]
        # the cursor starts on something that can be played: not on a save that cannot go on
        stuck = {f"save:{i}" for i, saved in enumerate(self.saved) if saved.problem is not None}
        playable = [i for i in enabled if i not in stuck] or enabled
        keep = f"{before[0]}:{before[1]}" if before and unchanged else None
        target = keep if keep in enabled else (playable[0] if playable else None)
        if target is not None:
            listing.highlighted = listing.get_option_index(target)
        listing.focus()
        self.show_details()

    def _save_prompt(self, saved: SavedGame) -> Group:
        record = saved.record
        game = self.parlour.registry.games.get(record.game)
        title = game.title if game else record.game
        played = "  " + ngettext("{n} move played, saved {when}", "{n} moves played, saved {when}", saved.moves).format(
            n=saved.moves, when=moment(saved.saved_at))
        body = Text(seat_line((s.name, s.agent) for s in record.seats))
        if saved.problem:
            head = Text.assemble((_("Saved") + " ", "dim"), (title, "bold"), played,
                                 ("  " + _("(cannot be continued)"), "italic"))
            body.append("\n" + _("cannot continue: {why}").format(why=saved.problem))
        else:
            head = Text.assemble((pgettext("a save in the list", "Continue") + " ", "bold"), (title, "bold"), played)
        return _indented(head, body)

    @staticmethod
    def _game_prompt(game: Game) -> Group:
        title = Text.assemble((game.title, "bold"), "  " + _("{low}-{high} players").format(
            low=game.min_players, high=game.max_players))
        return _indented(title, Text(game.blurb, "italic") if game.blurb else None)

    def highlighted(self) -> tuple[str, str] | None:
        listing = self.query_one("#home-list", OptionList)
        if listing.highlighted is None:
            return None
        option = listing.get_option_at_index(listing.highlighted)
        if option.id is None or option.disabled:
            return None
        kind, _colon, key = option.id.partition(":")
        return kind, key

    def highlighted_game(self) -> Game | None:
        target = self.highlighted()
        if target is None:
            return None
        kind, key = target
        if kind == "game":
            return self.parlour.registry.games.get(key)
        if kind == "save":
            return self.parlour.registry.games.get(self.saved[int(key)].record.game)
        return None

    def highlighted_save(self) -> SavedGame | None:
        target = self.highlighted()
        if target is None or target[0] != "save":
            return None
        return self.saved[int(target[1])]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_details()
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def show_details(self) -> None:
        info = self.query_one("#home-info", Static)
        save = self.highlighted_save()
        game = self.highlighted_game()
        parts: list[RenderableType] = []
        if save is not None:
            record = save.record
            parts.append(Text(_("{game}: a game in progress").format(game=game.title if game else record.game) + "\n",
                              "bold"))
            if save.problem:
                parts.append(Text(_("It cannot be continued: {why}.").format(why=save.problem) + "\n", "italic"))
            parts.append(Text(_("Moves played: {moves}, seed {seed}").format(moves=save.moves, seed=record.seed)))
            parts.append(Text(_("Variants: {names}").format(names=", ".join(record.variants) or _("none")) + "\n"))
            parts.append(Text(_("At the table"), "bold"))
            parts += [Padding(Text(seat_line([(s.name, s.agent)])), (0, 0, 0, 2)) for s in record.seats]
            parts.append(Text(""))
            parts.append(KeyNote(_("x: abandon it") if save.problem
                                 else _("Enter: continue   x: abandon it   r: rules")))
        elif game is not None:
            ruleset = self.parlour.registry.ruleset(game.id)
            parts.append(Text(game.title, "bold"))
            parts.append(Text(_("{low} to {high} players").format(low=game.min_players, high=game.max_players) + "\n"))
            if self.ratings.get(game.id):
                shown = self.ratings[game.id][:RATED_PEOPLE]
                parts.append(Text(_("Ratings"), "bold"))
                parts += [Padding(Text(f"{s.who} {s.rating()}  " + ngettext(
                    "{games} game, {wins} won", "{games} games, {wins} won", s.games).format(games=s.games, wins=s.wins)),
                    (0, 0, 0, 2)) for s in shown]
                if any(s.provisional for s in shown):
                    parts.append(Padding(Text(provisional_note(), "italic"), (0, 0, 0, 2)))
                parts.append(Text(""))
            if game.blurb:
                parts.append(Text(game.blurb + "\n"))
            parts.append(Text(_("Computer players: {levels}").format(levels=", ".join(map(level_name, game.agent_kinds()))) + "\n"))
            if ruleset.variants:
                parts.append(Text(_("Variants"), "bold"))
                for name, variant in ruleset.variants.items():
                    parts.append(Padding(Text(name, "underline"), (0, 0, 0, 2)))
                    parts.append(Padding(Text(variant.described(current_language()), "italic"), (0, 0, 0, 4)))
            parts.append(Text(""))
            parts.append(KeyNote(_("Enter: set up a game   r: rules   j: join a table somebody hosts   l: language")))
        elif self.parlour.registry.broken:
            parts.append(Text(_("Broken plugins cannot be played; their error is shown in the list.")))
        info.update(Group(*parts))

    def people_ratings(self) -> dict[str, list[Standing]]:
        ledger = self.parlour.ledger()
        if ledger is None:
            return {}
        try:
            order = {name: i for i, name in enumerate(ledger.people())}
            standings = [s for s in ledger.standings() if not s.computer and s.who in order]
        except sqlite3.Error as exc:
            self.notify(_("Your record cannot be read: {error}").format(error=exc), severity="error", markup=False)
            return {}
        ratings: dict[str, list[Standing]] = {}
        for standing in sorted(standings, key=lambda s: order[s.who]):
            ratings.setdefault(standing.game, []).append(standing)
        return ratings

    # -- actions -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return any(s.problem is None for s in self.saved)
        if action == "abandon":
            return self.highlighted_save() is not None
        if action == "dismiss_notes":
            return self.query_one("#home-problems", Static).display
        if action == "rules":
            return self.highlighted_game() is not None
        return True

    def action_open(self) -> None:
        save = self.highlighted_save()
        if save is not None:
            self.continue_game(save)
            return
        game = self.highlighted_game()
        if game is not None:
            self.parlour.set_up(game)

    def action_rules(self) -> None:
        game = self.highlighted_game()
        if game is not None:
            self.parlour.show_rules(game)

    def action_continue(self) -> None:
        """``c``: the highlighted save, else the newest one that can go on, once asked."""
        chosen = self.highlighted_save()
        playable = [s for s in self.saved if s.problem is None]
        if chosen is None or chosen.problem is not None:
            chosen = playable[0] if playable else None
        if chosen is None:
            return
        game = self.parlour.registry.games.get(chosen.record.game)
        title = game.title if game else chosen.record.game
        self.run_worker(self.ask_to_continue(chosen, title), group="dialog", exclusive=True)

    async def ask_to_continue(self, saved: SavedGame, title: str) -> None:
        if await self.app.push_screen_wait(
                ConfirmDialog(_("Continue the game of {game} saved at move {move}?").format(game=title, move=saved.moves)
                              + "\n" + seat_line((s.name, s.agent) for s in saved.record.seats),
                              yes=_("Continue it"), no=_("Not now"))):
            # once the home screen has resumed (and rescanned), so the scan keeps its match
            self.call_after_refresh(self.continue_game, saved)

    def action_join(self) -> None:
        """``j``: sit down at a table somebody hosts, with its address and a join code."""
        self.run_worker(self.ask_to_join(), group="dialog", exclusive=True)

    async def ask_to_join(self) -> None:
        from parlour.tui.dialogs import JoinDialog

        joining = await self.app.push_screen_wait(JoinDialog())
        if joining is not None:
            self.parlour.join_table(*joining)

    def action_dismiss_notes(self) -> None:
        """Put away the notes about unreadable or skipped saves (each was moved aside or left)."""
        self.problems.clear()
        problems = self.query_one("#home-problems", Static)
        problems.update("")
        problems.display = False
        self.refresh_bindings()

    def continue_game(self, saved: SavedGame) -> None:
        """Sit down again to ``saved``, on the match rebuilt when the saves were scanned."""
        if saved.problem is not None:
            self.notify(saved.problem, severity="warning", markup=False)
            return
        game = self.parlour.registry.get(saved.record.game)
        try:
            match = self.parlour.shelf.take(saved, game)
        except Exception as exc:  # noqa: BLE001 - a save that does not rebuild is moved aside, not fatal
            problem = self.parlour.saves.set_aside(saved.path, exc, [s.name for s in saved.record.seats])
            self.problems.append(problem)
            self.notify(problem.describe(), title=_("A saved game is unreadable"), severity="error",
                        timeout=10, markup=False)
            self.refresh_list()
            return
        self.parlour.open_table(game, match, saved.path)

    def action_abandon(self) -> None:
        save = self.highlighted_save()
        if save is None:
            return
        game = self.parlour.registry.games.get(save.record.game)
        title = game.title if game else save.record.game
        self.run_worker(self.ask_to_abandon(save, title), group="dialog", exclusive=True)

    async def ask_to_abandon(self, save: SavedGame, title: str) -> None:
        if await self.app.push_screen_wait(
                ConfirmDialog(_("Abandon the saved game of {game} at move {move}?").format(game=title, move=save.moves)
                              + "\n" + _("It cannot be continued afterwards."), yes=_("Abandon it"), no=_("Keep it"))):
            self.parlour.saves.discard(save.path)
            self.notify(_("The saved game of {game} was abandoned.").format(game=title), markup=False)
            self.refresh_list()

    def palette_commands(self) -> Iterable[SystemCommand]:
        registry = self.parlour.registry
        for saved in self.saved:
            game = registry.games.get(saved.record.game)
            if game is not None and saved.problem is None:
                yield SystemCommand(_("Continue {game} (move {move})").format(game=game.title, move=saved.moves),
                                    _("Go back to this saved game"), lambda s=saved: self.continue_game(s))
        for game in registry.games.values():
            yield SystemCommand(_("Play {game}").format(game=game.title), _("Set up a new game"),
                                lambda g=game: self.parlour.set_up(g))
        yield SystemCommand(_("Join a table"), _("Sit down at a table somebody hosts, with a join code"), self.action_join)
        for game in registry.games.values():
            yield SystemCommand(_("Rules of {game}").format(game=game.title), _("Read the rules"),
                                lambda g=game: self.parlour.show_rules(g))
        for code, name in LANGUAGES.items():
            yield SystemCommand(_("Language: {name}").format(name=name), _("Show Parlour in this language"),
                                lambda c=code: self.choose_language(c))
        yield SystemCommand(_("Language: as the system"), _("Follow LC_ALL, LC_MESSAGES or LANG"),
                            lambda: self.choose_language(None))

    # -- the language ----------------------------------------------------------------
    def action_language(self) -> None:
        """``l``: the next language (English, Deutsch, Français, then as the system again)."""
        order: list[str | None] = [*LANGUAGES, None]
        now = remembered_language(settings_path(self.parlour.saves.root)) or current_language()
        self.choose_language(order[(order.index(now) + 1) % len(order)])

    def choose_language(self, language: str | None) -> None:
        """Show everything in ``language`` (None: as the environment says) from now on, and
        remember it; the home screen is worded again at once, every screen opened after it."""
        try:
            remember_language(settings_path(self.parlour.saves.root), language)
        except OSError as exc:
            self.notify(_("The language could not be remembered for next time: {error}").format(error=exc),
                        severity="warning", markup=False)
        self.parlour.use_language(language)
        name = LANGUAGES[current_language()]
        worded_bindings(self)  # this screen stays (it is the first): its words change in place
        worded_bindings(self.query_one(GameList))
        self.sub_title = _("Choose a game")
        self.refresh_list()
        self.refresh_bindings()
        self.app.notify(_("Language: {name}").format(name=name) if language else
                        _("Language: as the system ({name})").format(name=name), timeout=3)
