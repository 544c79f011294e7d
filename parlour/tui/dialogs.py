"""Small screens: a yes/no confirmation, a problem report, the leave-the-table menu, the
hot-seat hand-over, and joining a hosted table."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from parlour.core.i18n import N_, _
from parlour.core.inputs import whole_number
from parlour.net.protocol import join_line, read_join_line
from parlour.tui.screen import Footer, Header, worded_bindings


class ConfirmDialog(ModalScreen[bool]):
    """A question with two answers; Escape means no."""

    BINDINGS = [
        Binding("escape", "answer(False)", N_("Cancel"), id="confirm.cancel"),
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n", "answer(False)", N_("No"), id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        super().__init__()
        worded_bindings(self)
        self.question = question
        self.yes = _("Yes") if yes is None else yes
        self.no = _("No") if no is None else no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.no} (n)", id="no", variant="primary")
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ProblemDialog(ModalScreen[None]):
    """What went wrong, in words, and one button: a plugin that failed, say. Enter or Escape
    closes it; the app goes on."""

    BINDINGS = [
        Binding("escape", "close", N_("Close"), id="problem.close"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        worded_bindings(self)
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("OK"), id="ok", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class LeaveDialog(ModalScreen[str]):
    """Leaving a game in progress: keep playing, leave it saved, or abandon it."""

    BINDINGS = [
        Binding("escape", "choose('stay')", N_("Keep playing"), id="leave.stay"),
        Binding("l", "choose('leave')", N_("Leave (saved)"), id="leave.leave"),
        Binding("a", "choose('abandon')", N_("Abandon"), id="leave.abandon"),
    ]

    def __init__(self, title: str, *, hosted: bool = False, hosting: bool = False) -> None:
        """``hosted``: a hosted table (saved by its host): it cannot be abandoned here;
        ``hosting``: this app hosts it, and leaving stops it for everyone."""
        super().__init__()
        worded_bindings(self)
        self.game_title = title
        self.hosted = hosted
        self.hosting = hosting

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            if self.hosting:
                question = _("You host this table: leaving stops it for everyone. It is saved, and "
                             "'parlour host --resume' hosts it again (the players keep their codes).")
            elif self.hosted:
                question = _("The host keeps the game: join again with the same code to go on. While "
                             "you are away the others wait for you (or, if the host said so, a computer "
                             "takes your seat after a while).")
            else:
                question = _("It is saved after every move: leave now and continue it later from the home "
                             "screen, or abandon it for good.")
            yield Static(_("Leave this game of {game}?").format(game=self.game_title) + f"\n\n{question}",
                         classes="dialog-question", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Keep playing (Esc)"), id="stay", variant="primary")
                yield Button(_("Leave (l)") if self.hosted else _("Leave, saved (l)"), id="leave")
                if not self.hosted:
                    yield Button(_("Abandon (a)"), id="abandon", variant="error")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (self.hosted and action == "choose" and parameters == ("abandon",))

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "stay")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class HandOverScreen(Screen[str]):
    """Hides the table between two different people's decisions in a hot-seat game.

    Dismissed with "ready", or with "leave"/"abandon" when the players leave from here.
    Keys are ignored for ``ready_delay`` seconds after it appears, so that a key the last
    player pressed twice cannot dismiss it and show the next player's hand to him."""

    ready_delay: ClassVar[float] = 0.8

    BINDINGS = [
        Binding("enter,space", "ready", N_("I am ready"), id="handover.ready"),
        Binding("escape", "menu", N_("Menu"), id="handover.menu"),
    ]

    def __init__(self, name: str, game_title: str) -> None:
        super().__init__()
        worded_bindings(self)
        self.player = name
        self.game_title = game_title
        self.accepting = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Middle():
            with Center():
                yield Static(
                    f"{self.game_title}\n\n" + _("Pass the keyboard to {name}.").format(name=self.player) + "\n\n"
                    + _("{name}: press Enter when nobody else can see the screen.").format(name=self.player),
                    id="handover-text", markup=False,
                )
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Hand over to {name}").format(name=self.player)
        self.set_timer(self.ready_delay, self.accept)

    def accept(self) -> None:
        self.accepting = True

    def action_ready(self) -> None:
        if self.accepting:
            self.dismiss("ready")

    def action_menu(self) -> None:
        """Leave the game from here without showing anyone's hand."""
        self.run_worker(self.leave_menu(), group="menu", exclusive=True)

    async def leave_menu(self) -> None:
        choice = await self.app.push_screen_wait(LeaveDialog(self.game_title))
        if choice in ("leave", "abandon"):
            self.dismiss(choice)


class JoinDialog(ModalScreen["tuple[str, str] | None"]):
    """Join a table somebody hosts (``parlour host``, or a setup with remote seats): its address
    and the seat's join code. Returns them, or None when the player thinks better of it."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"), id="join.cancel")]

    def __init__(self, address: str = "127.0.0.1:8765") -> None:
        super().__init__()
        worded_bindings(self)
        self.address = address

    def compose(self) -> ComposeResult:
        from textual.widgets import Input

        with Vertical(classes="dialog"):
            yield Static(_("Join a table"), classes="dialog-title")
            yield Static(_("The host's address (host:port) and the join code the host gave you for your seat "
                           "(or the whole line the host gave you, pasted into the code)."),
                         classes="dialog-question", markup=False)
            yield Input(self.address, placeholder=_("host:port"), id="join-address", max_length=300)
            yield Input("", placeholder=_("join code"), id="join-code", max_length=100)
            yield Static("", id="join-why", classes="setup-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Join (Enter)"), id="join", variant="primary")
                yield Button(_("Back (Esc)"), id="back")
        yield Footer()

    def on_mount(self) -> None:
        from textual.widgets import Input

        self.query_one("#join-code" if self.address else "#join-address", Input).focus()

    def on_input_submitted(self) -> None:
        self.join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "join":
            self.join()
        else:
            self.dismiss(None)

    def join(self) -> None:
        from textual.widgets import Input

        address = self.query_one("#join-address", Input).value.strip()
        code = self.query_one("#join-code", Input).value.strip()
        pasted, code = read_join_line(code)  # the host's whole line pasted in, or a code alone
        address = pasted or address
        port = whole_number(address.rpartition(":")[2], 65535) if ":" in address else None
        why = (_("Give the host's address, as host:port.") if port is None
               else _("Give the join code.") if not code else None)
        if why is not None:
            self.query_one("#join-why", Static).update(why)
            return
        self.dismiss((address, code))

    def action_cancel(self) -> None:
        self.dismiss(None)


class CodesDialog(ModalScreen[bool]):
    """The join codes of a table this app hosts, one for each remote player, to hand out;
    then sit down (Enter) or stop hosting (Escape)."""

    BINDINGS = [Binding("escape", "answer(False)", N_("Stop hosting"), id="codes.stop")]

    def __init__(self, title: str, address: str, codes: list[tuple[str, str]], own: str = "") -> None:
        """``codes``: each remote player's name and code; ``own``: the code of the seat played
        here (needed to sit down again after hosting the saved game anew)."""
        super().__init__()
        worded_bindings(self)
        self.game_title = title
        self.address = address
        self.codes = codes
        self.own = own

    def compose(self) -> ComposeResult:
        lines = [f"  {name}: {join_line(self.address, code)}" for name, code in self.codes]
        beyond = self.address.split(":")[0] not in ("127.0.0.1", "localhost", "[::1]")
        note = (_("Anyone who can reach this address and has a code can sit down.")
                if beyond else _("127.0.0.1 is this machine only: players here, or in a browser served by "
                                 "'parlour serve' on this machine."))
        with Vertical(classes="dialog"):
            yield Static(_("Hosting {game} on {address}").format(game=self.game_title, address=self.address),
                         classes="dialog-title", markup=False)
            yield Static(_("Give each player his code (shown only now). They join with the command, or in "
                           "Parlour with j on the home screen:") + "\n\n" + "\n".join(lines) + f"\n\n{note}"
                         + ("\n\n" + _("Your own code, should you host this game again later: {code}").format(code=self.own)
                            if self.own else ""),
                         classes="dialog-question", markup=False, id="codes")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Sit down (Enter)"), id="sit", variant="primary")
                yield Button(_("Stop hosting (Esc)"), id="stop")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "sit")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
