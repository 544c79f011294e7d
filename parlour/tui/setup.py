"""Setup: who sits at the table, which variants and house rules apply, and the seed."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, VerticalScroll
from rich.text import Text
from textual import events
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static

from parlour.core.agents import kind_about
from parlour.core.game import Game
from parlour.core.i18n import LANGUAGES, N_, _, current_language, gettext, in_language, level_name, ngettext
from parlour.core.inputs import whole_number
from parlour.core.lasttable import LastTable, last_table, remember_table
from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import RulesetFile, offered_rules, origin, table_rules, turned
from parlour.core.seating import REMOTE
from parlour.core.yamlsource import RulesetError
from parlour.tui.screen import Footer, Header, ParlourScreen

COMPUTER_NAMES = ("Ada", "Blaise", "Cleo", "Dmitri", "Emmy", "Fermat", "Grace", "Hypatia", "Ibn", "Jules")
#: the names setup gives a seat nobody named: the first seat's, and a name left empty
DEFAULT_NAMES = (N_("Player {n}"), N_("Seat {n}"))


def as_remembered(name: str) -> str:
    """A remembered seat name as setup offers it now: a default name in any shipped language
    ("Spieler 1", "Place 2") was never typed by anyone, so it is the same default in the
    language of now ("Player 1"); a playtest found results recorded under the German default
    after the player had switched to English. Any other name stays as it was typed."""
    for language in LANGUAGES:
        with in_language(language):
            worded = [(template, _(template)) for template in DEFAULT_NAMES]
        for template, words in worded:
            found = re.fullmatch(re.escape(words).replace(re.escape("{n}"), r"([1-9][0-9]{0,2})"), name)
            if found:
                return _(template).format(n=int(found.group(1)))
    return name


def default_agent(game: Game) -> str:
    """The computer player offered first: the strongest of the usual levels the game has."""
    kinds = list(game.agent_kinds())
    for kind in ("hard", "medium", "easy"):
        if kind in kinds:
            return kind
    return next((k for k in kinds if k != "random"), "random")


def level_line(game: Game, kind: str) -> str:
    """What to expect of a computer level, in one line ("" for a person or a level the game
    says nothing about)."""
    if kind == HUMAN:
        return ""
    if kind == REMOTE:
        return _("remote — a person at another terminal or browser, who joins with a code; this app hosts the table")
    about = gettext(kind_about(game, kind)).strip()  # the host's own levels are in its catalog
    if not about:
        return ""
    return about if about.lower().startswith(kind.lower()) else f"{level_name(kind)} — {about}"


def house_notice(errors: list[RulesetError]) -> str:
    """The line at the top of setup about house-rules files that cannot be used: the first
    with its file, line and what is wrong (the variants list them all at the bottom)."""
    more = " " + ngettext("(and {n} more: see the end of the variants)", "(and {n} more: see the end of the variants)",
                          len(errors) - 1).format(n=len(errors) - 1) if len(errors) > 1 else ""
    return "! " + _("House rules left out until the file is fixed: {error}").format(error=errors[0]) + more


class Toggle(Checkbox):
    """A checkbox whose mark is a character, not only a colour, so it reads in monochrome."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


#: the most rows the line about a level takes (a longer one, a plugin's, ends in "…")
LEVEL_ROOM = 4


class SetupScreen(ParlourScreen):
    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start"), id="setup.start", priority=True),
        Binding("ctrl+n", "new_seed", N_("New seed"), id="setup.new_seed"),
        Binding("ctrl+r", "rules", N_("Rules"), id="setup.rules"),
        Binding("escape", "app.pop_screen", N_("Back"), id="setup.back"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.kinds = list(game.agent_kinds())
        #: the choices of each seat's level, in the order the game lists its levels
        self.seat_kinds: list[tuple[str, str]] = [
            (_("Human"), HUMAN), *[(_("Computer: {level}").format(level=level_name(k)), k) for k in self.kinds],
            (_("Remote: joins with a code"), REMOTE)]
        self.levels_described = any(level_line(game, k) for k in self.kinds)
        self.ruleset: RulesetFile | None = None
        self.house_errors: list[RulesetError] = []
        self.variant_names: list[str] = []
        self.last: LastTable | None = None  #: the table last set up for this game, offered again

    @property
    def last_tables(self) -> Path:
        return self.parlour.saves.root / "last-tables.json"

    def compose(self) -> ComposeResult:
        game = self.game
        offered = offered_rules(game, self.parlour.registry.ruleset(game.id))
        self.ruleset = offered.ruleset
        self.house_errors = offered.errors
        self.variant_names = list(self.ruleset.variants)
        self.last = last = last_table(self.last_tables, game, self.variant_names)
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield Static(_("{game}: {low} to {high} players").format(game=game.title, low=game.min_players,
                                                                       high=game.max_players),
                         classes="setup-title", markup=False)
            if self.house_errors:
                yield Static(house_notice(self.house_errors), id="house-notice", markup=False)
            yield Static(_("At the table"), classes="setup-heading")
            # above the number of players and the seats, so that no open list covers it (a
            # playtest at 80x24 saw the list of players cover it when it was below them)
            yield Static("", id="level-about", classes="setup-note", markup=False)
            with Horizontal(classes="setup-row", id="players-row"):
                yield Label(_("Players"), classes="setup-label")
                yield Select(
                    [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                    value=last.players if last else game.min_players, allow_blank=False, id="players", compact=True,
                )
            seat_kinds = self.seat_kinds
            remembered = last.seats if last else []
            for seat in range(game.max_players):
                human = seat == 0
                name = _("Player {n}").format(n=seat + 1) if human else COMPUTER_NAMES[seat % len(COMPUTER_NAMES)]
                kind = HUMAN if human else default_agent(game)
                if seat < len(remembered):
                    name, kind = as_remembered(remembered[seat].name), remembered[seat].agent
                with Horizontal(classes="setup-row seat-row", id=f"seat-{seat}"):
                    yield Label(_("Seat {n}").format(n=seat + 1), classes="setup-label")
                    yield Input(value=name, placeholder=_("name"), max_length=24, id=f"name-{seat}",
                                classes="seat-name", compact=True)
                    yield Select(seat_kinds, value=kind, allow_blank=False, id=f"kind-{seat}",
                                 classes="seat-kind", compact=True)
            with Horizontal(classes="setup-row", id="listen-row"):
                yield Label(_("Host on"), classes="setup-label")
                yield Input("127.0.0.1:8765", placeholder=_("address:port"), max_length=120, id="listen",
                            classes="seat-name", compact=True)
                yield Static(_("127.0.0.1: this machine only"), classes="setup-note",
                             markup=False)
            if game.starter is not None:
                with Horizontal(classes="setup-row"):
                    yield Label(game.starter[2], classes="setup-label")
                    yield Select(self.starter_choices(game.max_players),
                                 value=-1, allow_blank=False, id="starter", compact=True)
            yield Static(_("Variants"), classes="setup-heading")
            if not self.variant_names:
                yield Static(_("This game has no variants."), classes="setup-note")
            for index, (name, variant) in enumerate(self.ruleset.variants.items()):
                kind = origin(game, variant)
                curated = kind == "curated"
                label = name if kind == "variant" else (_("{name} (curated house rules)") if curated
                                                        else _("{name} (your house rules)")).format(name=name)
                yield Toggle(label, value=bool(last and name in last.variants), id=f"variant-{index}",
                             classes="variant", compact=True)
                note = variant.described(current_language()) or _("No description.")
                if variant.source != "built-in":
                    note += "\n" + (_("from the rule library: {file}").format(file=Path(variant.source).name) if curated
                                    else _("from {source}").format(source=variant.source))
                yield Static(note, classes="variant-note", markup=False)
                yield Static("", id=f"variant-why-{index}", classes="variant-why", markup=False)
            for error in self.house_errors:
                yield Static("x " + _("house rules not usable: {error}").format(error=error), classes="setup-error",
                             markup=False)
            with Horizontal(classes="setup-row"):
                yield Label(_("Seed"), classes="setup-label")
                yield Input(str(self.parlour.new_seed()), type="integer", id="seed", compact=True)
            yield Button(_("Start the game (ctrl+s)"), id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Set up {game}").format(game=self.game.title)
        self.show_seats(self.players())
        if self.last is not None:
            self.notify(_("The last table you set up for this game; change what you like."), timeout=4)
        self.query_one("#level-about").display = self.levels_described
        for seat in range(self.game.max_players):
            select = self.query_one(f"#kind-{seat}", Select)
            self.watch(select.query_one(OptionList), "highlighted",
                       partial(self.level_highlighted, select), init=False)
        first_computer = next((s for s in self.seats() if s.agent != HUMAN), None)
        if first_computer is not None:
            self.describe_level(first_computer.agent)
        self.query_one("#players", Select).focus()

    # -- what to expect of each level --------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_level_line)

    def fit_level_line(self) -> None:
        """As many rows as the longest level line (a remote seat's too) needs at this width,
        so that each is read whole and the seats below stay put while the player moves
        through the levels."""
        about = self.query_one("#level-about", Static)
        width = about.content_region.width
        if not self.levels_described or width <= 0:
            return
        rows = max(len(Text(level_line(self.game, k)).wrap(self.app.console, width)) for k in [*self.kinds, REMOTE])
        about.styles.height = max(1, min(LEVEL_ROOM, rows))

    def describe_level(self, kind: str) -> None:
        """Say what to expect of ``kind`` on the line above the seats (nothing for a person)."""
        self.query_one("#level-about", Static).update(level_line(self.game, kind))

    def level_highlighted(self, select: Select[str], index: int | None) -> None:
        """While a seat's list of levels is open, describe the level under the cursor."""
        if select.expanded and index is not None and 0 <= index < len(self.seat_kinds):
            self.describe_level(self.seat_kinds[index][1])

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        select = event.widget
        if isinstance(select, Select) and (select.id or "").startswith("kind-") and isinstance(select.value, str):
            self.describe_level(select.value)

    def show_seats(self, players: int) -> None:
        for seat in range(self.game.max_players):
            self.query_one(f"#seat-{seat}").display = seat < players
        self.show_listen()
        self.check_variants()
        if self.game.starter is not None:
            starter = self.query_one("#starter", Select)
            chosen = starter.value
            starter.set_options(self.starter_choices(players))
            starter.value = chosen if isinstance(chosen, int) and chosen < players else -1

    @staticmethod
    def starter_choices(players: int) -> list[tuple[str, int]]:
        return [(_("chosen at random"), -1), *[(_("Seat {n}").format(n=n + 1), n) for n in range(players)]]

    def show_listen(self) -> None:
        """The address to host on, shown while a seat is remote."""
        self.query_one("#listen-row").display = any(s.agent == REMOTE for s in self.seats())

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self.show_seats(event.value)
        elif (event.select.id or "").startswith("kind-") and isinstance(event.value, str):
            self.describe_level(event.value)
            self.show_listen()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if (event.checkbox.id or "").startswith("variant-"):
            self.check_variants()

    def check_variants(self) -> None:
        """Grey out each variant that cannot go with those chosen or does not suit the table
        size, saying why under it (a chosen one that no longer suits is taken off)."""
        if self.ruleset is None:
            return
        players = self.players()
        changed = True
        while changed:  # taking one off may free another
            changed = False
            chosen = self.chosen_variants()
            for index, name in enumerate(self.variant_names):
                toggle = self.query_one(f"#variant-{index}", Checkbox)
                why = self.ruleset.why_not(name, [c for c in chosen if c != name], players)
                if why is not None and toggle.value and self.ruleset.variants[name].unsuited(players):
                    with toggle.prevent(Checkbox.Changed):
                        toggle.value = False
                    changed = True
                toggle.disabled = why is not None and not toggle.value
                note = self.query_one(f"#variant-why-{index}", Static)
                note.update(_("not now: {why}").format(why=why) if why and not toggle.value else "")
                note.display = bool(why and not toggle.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            event.stop()
            self.action_start()

    def action_new_seed(self) -> None:
        self.query_one("#seed", Input).value = str(self.parlour.new_seed())

    def action_rules(self) -> None:
        self.parlour.show_rules(self.game)

    # -- starting ------------------------------------------------------------------
    def players(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else self.game.min_players

    def seats(self) -> list[Seat]:
        seats = []
        for seat in range(self.players()):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or _("Seat {n}").format(n=seat + 1)
            kind = self.query_one(f"#kind-{seat}", Select).value
            seats.append(Seat(name, kind if isinstance(kind, str) else HUMAN))
        return seats

    def chosen_variants(self) -> list[str]:
        return [name for index, name in enumerate(self.variant_names)
                if self.query_one(f"#variant-{index}", Checkbox).value]

    def action_start(self) -> None:
        assert self.ruleset is not None
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text)
        except ValueError:
            self.notify(_("The seed must be a whole number."), severity="error")
            self.query_one("#seed", Input).focus()
            return
        seats = self.seats()
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            self.notify(_("Give every seat a different name."), severity="error")
            return
        variants = self.chosen_variants()
        starter = self.query_one("#starter", Select).value if self.game.starter is not None else -1
        first = starter if isinstance(starter, int) and starter >= 0 else None
        try:
            rules = table_rules(self.game, self.ruleset, variants, len(seats), chosen_first=first is not None).settings
        except RulesetError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        if first is not None:
            seats = turned(seats, first)
        remote = [i for i, s in enumerate(seats) if s.agent == REMOTE]
        if remote:
            here = [i for i, s in enumerate(seats) if s.agent == HUMAN]
            listen = self.query_one("#listen", Input).value.strip()
            host, _colon, port = listen.rpartition(":")
            if len(here) != 1:
                self.notify(_("With remote players, one person plays here (Human); the others join with a code."),
                            severity="error")
                return
            if not host or whole_number(port, 65535) is None:
                self.notify(_("Host on: an address and a port, such as 127.0.0.1:8765."), severity="error")
                self.query_one("#listen", Input).focus()
                return
            self.remember(variants)
            self.parlour.host_table(self.game, rules, seed, [Seat(s.name, HUMAN) if s.agent == REMOTE else s
                                                             for s in seats], variants, here[0], host, int(port))
            return
        try:
            match = self.parlour.new_match(self.game, rules, seed, seats, variants)
        except Exception as exc:  # noqa: BLE001 - a plugin failing to deal is reported, not fatal
            self.notify(_("The game could not start: {error}").format(error=f"{type(exc).__name__}: {exc}"),
                        severity="error", markup=False)
            return
        self.remember(variants)
        self.parlour.open_table(self.game, match, replace=True)

    def remember(self, variants: list[str]) -> None:
        """Offer this table again next time."""
        try:
            remember_table(self.last_tables, self.game, self.players(), self.seats(), variants)
        except OSError as exc:
            self.notify(_("This table could not be remembered for next time: {error}").format(error=exc),
                        severity="warning", markup=False)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand(_("Start the game"), _("Sit down to {game} with this table").format(game=self.game.title),
                            self.action_start)
        yield SystemCommand(_("New seed"), _("Draw another random seed"), self.action_new_seed)
        yield SystemCommand(_("Rules of {game}").format(game=self.game.title), _("Read the rules"), self.action_rules)
        yield SystemCommand(_("Back to the games"), _("Leave the setup"), self.app.pop_screen)
