"""The Casablanca board: the ring of fields with its chips and figures, the pot and the pile,
every player's money and collection, and the decision at hand, all from the keyboard.

Nothing depends on colour: each field shows its number and its symbol's letter, a face-down
chip is ``(?)``, a chip whose number this seat knows is ``(3)`` (memory aid on), a chip turned
over in a call is ``[3]``, the chip just put down this turn is ``<?>``; figures are seat
numbers; fields of the top card's symbol have their letter underlined and starred in the legend.

Keys: on the ring, ←/→ move to the previous/next field you may choose, ↑/↓ jump seven fields,
Enter confirms. Announcing: 0-6 (or ←/→ and Enter) says the number, then the ring asks where
the chip goes; Backspace (or another digit) changes the number until Enter. Challenges and exchanges: ←/→ (Home/End)
move along the choices (pass or a stake; admit, fold, call or a raise), Enter confirms;
shortcuts p (pass), c (challenge at the minimum, or call), a (admit), f (fold), r (raise by the
minimum). Extra choices at the start of a turn (reshuffle, selling) are numbered 1-9. Keys are
ignored for a moment after a new decision appears, so that a key pressed twice cannot also
answer the next one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from parlour.games.casablanca.actions import (
    Admit,
    Announce,
    Call,
    Challenge,
    Fold,
    Pass,
    Pick,
    PlaceFigure,
    Raise,
    Reshuffle,
    TakeCard,
    TakeTop,
    dollars,
)
from parlour.core.game import Action
from parlour.core.i18n import N_
from parlour.core.inputs import whole_number
from parlour.textlines import item_lines
from parlour.tui.board import Board

from parlour.games.casablanca.panels import (LIST_MODES, RING_MODES, dot_lines, fit_names, knowledge_text,
                                             letters_of, players_panel, ring_panel, seat_name, styled, symbol_names)
from parlour.games.casablanca.texts import _


class CasablancaBoard(Board, can_focus=True):
    """The whole table, and the decision at hand when it is this seat's."""

    DEFAULT_CSS = """
    CasablancaBoard { height: 1fr; }
    CasablancaBoard:focus { border: none; }
    CasablancaBoard #cb-scroll { height: 1fr; }
    CasablancaBoard .cb-panel { height: auto; padding: 0 1; }
    CasablancaBoard #cb-decision { border: round $accent; height: auto; padding: 0 1; }
    CasablancaBoard.-compact #cb-decision { border: none; border-top: round $accent; }
    """

    #: the lines of the tallest decision (an exchange: the stakes, your chip, the rule, the
    #: choices, the keys over two lines), the lines the players' notes grow by in a challenge
    #: (the mover's and the challenger's wrap), and the knowledge's usual lines (what you
    #: know, what is not yet seen, who has seen which field): the full table is drawn only
    #: where the terminal leaves that much room, whatever the table shows now, so that the
    #: board keeps its form for the whole game at a size (a longer text scrolls the table a
    #: line or two, the decision staying in view below it)
    DECISION_ROOM = 7
    NOTES_ROOM = 2
    KNOW_ROOM = 3

    BINDINGS = [
        Binding("left", "step(-1)", N_("Previous"), id="cb.left"),
        Binding("right", "step(1)", N_("Next"), id="cb.right"),
        Binding("up", "jump(-1)", N_("Up"), id="cb.up", show=False),
        Binding("down", "jump(1)", N_("Down"), id="cb.down", show=False),
        Binding("home", "end(-1)", N_("First"), id="cb.home", show=False),
        Binding("end", "end(1)", N_("Last"), id="cb.end", show=False),
        Binding("enter", "confirm", N_("Confirm"), id="cb.confirm"),
        Binding("backspace", "back", N_("Other number"), id="cb.back", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the keys' descriptions in the player's language (Textual gives each widget its own copy)
        keys = self._bindings.key_to_bindings
        for key, bindings in list(keys.items()):
            keys[key] = [replace(b, description=_(b.description)) if b.description else b for b in bindings]
        self.view: Mapping[str, Any] | None = None
        self.legal: list[Action] = []
        self.mode: str | None = None
        self.spots: list[int] = []  # ring modes: the fields that may be chosen, in ring order
        self.field_actions: dict[int, Action] = {}
        self.extras: list[Action] = []  # turn: reshuffle and sales, chosen by number
        self.options: list[Action] = []  # list modes
        self.numbers: list[int] = []  # announcing: the numbers that may be said
        self.announcing: int | None = None  # the number said, while its field is chosen
        self.by_number: dict[int, dict[int, Action]] = {}  # number -> field -> announcement
        self.cursor = 0
        self.pending_extra: int | None = None  # a numbered choice pressed once: it cannot be taken back
        self.typed = ""  # an amount typed as digits, while stakes or raises are offered
        self.untyped_cursor = 0  # where the cursor was when the first digit was typed
        rules = self.rules if isinstance(self.rules, Mapping) else {}
        self.win = len(rules.get("premiums", [100, 200, 300])) + 1
        self.chips_per_number = rules.get("chips_per_number", 2)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="cb-scroll"):
            yield Static(id="cb-head", classes="cb-panel")
            yield Static(id="cb-ring", classes="cb-panel")
            yield Static(id="cb-players", classes="cb-panel")
            yield Static(id="cb-know", classes="cb-panel")
        # outside the scrolling table, so the decision is always in view on a small terminal
        yield Static(id="cb-decision")

    # -- the app's calls -----------------------------------------------------------------
    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.hold_keys_if_new(view, legal)
        self.view = view
        self.legal = list(legal or [])
        self.mode = view["phase"] if self.legal else None
        self.spots, self.field_actions, self.extras, self.options = [], {}, [], []
        self.numbers, self.announcing, self.by_number = [], None, {}
        self.cursor = 0
        self.pending_extra, self.typed = None, ""
        if self.mode in RING_MODES:
            for action in self.legal:
                if isinstance(action, (PlaceFigure, Pick)):
                    self.field_actions[action.field] = action
                else:
                    self.extras.append(action)
            self.spots = sorted(self.field_actions)
            self.cursor = self._start_spot(view)
        elif self.mode == "announce":
            for action in self.legal:
                if isinstance(action, Announce):
                    self.by_number.setdefault(action.number, {})[action.field] = action
            self.numbers = sorted(self.by_number)
            held = view["move"]["held"] if view["move"] else None
            self.cursor = self.numbers.index(held) if held in self.numbers else 0
        elif self.mode in LIST_MODES:
            self.options = list(self.legal)
            self.cursor = 0
        self.refresh_panels()
        if self.legal:
            # the part of the table the decision is about: the ring for a field, else the players
            self.reveal("#cb-ring" if self.mode in RING_MODES or self.mode == "announce" else "#cb-players")

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_panels()

    def _start_spot(self, view: Mapping[str, Any]) -> int:
        if not self.spots:
            return 0
        seat = view["seat"]
        figure = view["figures"][seat] if seat is not None else None
        if self.mode == "figure" and view["top"] is not None:
            targets = [i for i, f in enumerate(self.spots) if view["field_symbols"][f] == view["top"]]
            return targets[0] if targets else 0
        if self.mode == "place" and view["move"] and view["move"]["picked_from"] is not None:
            origin = view["move"]["picked_from"]
            return min(range(len(self.spots)), key=lambda i: (self.spots[i] - origin) % len(view["chips"]))
        if figure is not None:
            return min(range(len(self.spots)), key=lambda i: (self.spots[i] - figure) % len(view["chips"]))
        return 0

    def _announce(self, number: int) -> None:
        """The number is said: now the ring asks where the chip goes."""
        assert self.view is not None
        self.announcing = number
        self.mode = "place"
        self.field_actions = self.by_number[number]
        self.spots = sorted(self.field_actions)
        self.cursor = self._start_spot(self.view)
        self.refresh_panels()

    def _destination(self, view: Mapping[str, Any]) -> str:
        """Where the number being announced takes the mover's figure."""
        move = view["move"] or {}
        if self.announcing is None or move.get("origin") is None:
            return ""
        to = (move["origin"] + self.announcing) % len(view["field_symbols"])
        symbol = view["field_symbols"][to]
        name = symbol_names(view)[symbol]
        if symbol == view["top"]:
            return " " + _("(to field {}, {}: the top card's symbol)").format(to + 1, name)
        return " " + _("(to field {}, {})").format(to + 1, name)

    def action_back(self) -> None:
        """While the chip's field is chosen: back to the number; while an amount is typed:
        its last digit off."""
        if self.typed and not self.holding_keys():
            self.typed = self.typed[:-1]
            self._follow_typed()
            self.refresh_panels()
            return
        if self.announcing is None or self.holding_keys():
            return
        self.mode = "announce"
        self.cursor = self.numbers.index(self.announcing)
        self.announcing = None
        self.spots, self.field_actions = [], {}
        self.refresh_panels()

    # -- drawing -------------------------------------------------------------------------
    def refresh_panels(self) -> None:
        view = self.view
        if view is None:
            return
        head = self._head(view, view["round"], view["turn"])  # why a round ended: in the ring's centre
        parts = self._parts(view, head, compact=self.compact_here(view))
        self.set_class(parts["head"] is None, "-compact")
        for key, renderable in parts.items():
            panel = self.query_one(f"#cb-{key}", Static)
            panel.display = renderable is not None
            if renderable is not None:
                panel.update(renderable)

    @staticmethod
    def _head(view: Mapping[str, Any], round_: int, turn: int) -> Text:
        return Text.assemble(("Casablanca", "bold"), "  " + _("round {} of {}").format(round_, view["rounds"]),
                             "  ·  " + _("turn {} (limit {})").format(turn, view["turn_limit"]))

    def compact_here(self, view: Mapping[str, Any]) -> bool:
        """Whether the board takes its compact form (a terminal of 24 lines): where the room
        it is given is lower than the full table with room for its tallest decision, the
        players' notes and the knowledge (``DECISION_ROOM``, ``NOTES_ROOM``, ``KNOW_ROOM``).
        A matter of the terminal's size alone, never of what the table shows now (a playtest
        saw the ring jump to its compact form as a challenge began and back after it): the
        head is measured at its widest (the last round, the turn limit), and the ring's lines
        are as many whatever stands on it (its centre is cut to the room inside it)."""
        room = self.room()
        if not room.height:
            return False
        width = self.size.width or room.width
        head = self._head(view, view["rounds"], view["turn_limit"])
        ring = ring_panel(view, self.seat_names, legend=True)
        full = (self.lines_needed(head, width - 2) + self.lines_needed(ring, width - 2)
                + len(self.seat_names) + 1 + self.NOTES_ROOM + self.KNOW_ROOM + self.DECISION_ROOM + 2)
        return full > room.height

    def _parts(self, view: Mapping[str, Any], head: Text, compact: bool) -> dict[str, RenderableType | None]:
        """The table's panels. ``compact`` (the whole would not fit, a terminal of 24 lines):
        a line a row of the ring, the round in its centre, no legend, the players' rows in
        one line each, the knowledge in one paragraph."""
        names = self.seat_names
        cursor = self.spots[self.cursor] if self.mode in RING_MODES and self.spots else None
        return {
            "head": None if compact else head,
            "ring": ring_panel(view, names, cursor, self.spots, legend=not compact, compact=compact),
            "players": players_panel(view, names, self.win, compact=compact),
            # compact: one paragraph, broken between its items ("Seen by Bea:" / "9" read badly)
            "know": (dot_lines(knowledge_text(view, self.chips_per_number, names, compact=True,
                                              width=self._know_width()), self._know_width())
                     if compact else knowledge_text(view, self.chips_per_number, names, width=self._know_width())),
            "decision": self._decision(compact),
        }

    def _decision(self, compact: bool = False) -> RenderableType:
        view = self.view
        assert view is not None
        names = self.seat_names
        letters = letters_of(view)
        symbols = symbol_names(view)
        move = view["move"] or {}
        challenge = view["challenge"] or {}
        mode = self.mode
        if mode in RING_MODES:
            f = self.spots[self.cursor] if self.spots else None
            where = "" if f is None else _("field {} ({})").format(f + 1, symbols[view["field_symbols"][f]])
            if mode == "figure":
                title = _("Put your figure on the ring: {}").format(where)
            elif mode == "turn":
                title = _("Your turn. Pick up the chip on {}").format(where)
            else:
                title = _("You announce {}{}. Put the chip down on {}").format(self.announcing,
                                                                              self._destination(view), where)
            lines: list[RenderableType] = [Text(title, style="bold")]
            for i, action in enumerate(self.extras):
                lines.append(Text(f"{i + 1}  {action.label}{self._times_left(view, action)}",
                                  style="reverse" if i == self.pending_extra else ""))
            if self.pending_extra is not None:
                n = self.pending_extra + 1
                label = self.extras[self.pending_extra].label
                lines.append(Text(_("{}? It cannot be taken back: {} again or Enter to confirm · ←/→ back to the ring")
                                  .format(label[:1].upper() + label[1:], n), style="bold yellow"))
            lines.append(dot_lines(Text(_("←/→ choose a field · ↑/↓ jump 7 · Enter confirm")
                                        + (" · " + _("1-9 the numbered choices") if self.extras else "")
                                        + (" · " + _("Backspace or 0-6: another number") if mode == "place" else ""),
                                        style="dim"), self._room_across(compact)))
            return Group(*lines)
        if mode == "announce":
            held = move.get("held")
            origin = move.get("origin")
            text = Text.assemble((_("Announce a number"), "bold"), " " + _("(your chip shows {}):").format(held) + "\n")
            for i, n in enumerate(self.numbers):
                reach = view["field_symbols"][(origin + n) % len(view["chips"])] if origin is not None else 0
                label = f" {n}→{letters[reach]}{'*' if reach == view['top'] else ''} "
                text.append(label, style="reverse" if i == self.cursor else "")
                text.append(" ")
            text.append("\n")
            keys = _("* reaches the top card · 0-6 or ←/→ and Enter; then the field for the chip")
            text.append_text(dot_lines(Text(keys, style="dim"), self._room_across(compact)))
            return text
        if mode in LIST_MODES:
            return self._list_decision(view, names, letters, move, challenge, compact)
        to_move = view["to_move"]
        if to_move is None:
            money = view["money"]
            best = max(money)
            winners = [seat_name(names, s) for s, m in enumerate(money) if m == best]
            return Text(_("The round is over. Most money: {} ({}).").format(", ".join(winners), dollars(best)),
                        style="bold")
        if self.moment_held:  # the table waits for the player to read what happened, not for the next seat
            return Text(self.moment_line(), style="bold")
        if to_move == view["seat"]:  # a moment held before his own decision opens: not "waiting for" himself
            return Text(_("Your move comes next."))
        text = Text(_("Waiting for {}").format(seat_name(names, to_move)))
        if view["phase"] == "commit" and challenge.get("my_commit"):
            if challenge["my_commit"] == "pass":
                text.append("  ·  " + _("you chose to pass"))
            elif challenge.get("my_stake") is not None:
                text.append("  ·  " + _("you chose to challenge ({})").format(dollars(challenge["my_stake"])))
            else:
                text.append("  ·  " + _("you chose to challenge"))
        return text

    def _list_decision(self, view: Mapping[str, Any], names: Sequence[str], letters: Sequence[str],
                       move: Mapping[str, Any], challenge: Mapping[str, Any], compact: bool = False) -> RenderableType:
        mode = self.mode
        me = view["seat"]
        lines: list[RenderableType] = []
        if mode == "commit":
            to = (move["origin"] + move["announced"]) % len(view["chips"])

            def announced(who: Sequence[str]) -> Text:
                said = styled(_("{} announced {} and moves to field {} ({})"), (who[0], "bold"),
                              str(move["announced"]), str(to + 1), symbol_names(view)[view["field_symbols"][to]])
                return said.append(" — " + _("the top card!")) if move["landing"] else said

            mover = seat_name(names, view["mover"])
            if compact:
                # a line each, the question shorter: at 80x24 the prompt's six lines pushed who
                # has seen which chip, what a player weighs here, under the fold
                lines.append(fit_names([mover], announced, self._room_across(compact)))
                lines.append(Text(_("Do you believe it? Nobody learns your answer, only the outcome.")))
            else:
                lines.append(announced([mover]).append("\n" + _(
                    "Do you believe it? A challenge needs a stake; nobody learns your answer but the outcome.")))
            hint = _("←/→ choose · Enter confirm · p pass · c challenge at the minimum")
        elif mode in ("respond", "exchange"):
            stakes = challenge["stakes"]
            mine_key = "mover" if me == view["mover"] else "challenger"
            other_key = "challenger" if mine_key == "mover" else "mover"
            other = challenge["challenger"] if mine_key == "mover" else view["mover"]
            lines.append(dot_lines(styled(_("{}: your stake {} · {}'s stake {} · table limit {}"),
                                          (_("The exchange"), "bold"), dollars(stakes[mine_key]),
                                          seat_name(names, other), dollars(stakes[other_key]),
                                          dollars(challenge["cap"])), self._room_across(compact)))
            if mine_key == "mover":
                truth = view["known"][move["placed_at"]]
                if truth is not None:
                    lines.append(Text(_("Your chip shows {}; you announced {}.").format(truth, move["announced"]),
                                      style="dim"))
            matching = mode == "respond" and self.rules.get("challenger_answers")
            if matching and not compact:  # the rules say so; a small terminal keeps the choices
                lines.append(Text(_("If you match, the challenger may still fold, call or raise."), style="dim"))
            raising = " · " + _("r raise by the minimum") if any(isinstance(a, Raise) for a in self.options) else ""
            hint = (_("←/→ choose · Enter confirm") + " · " + (_("c match") if matching else _("c call"))
                    + raising + " · " + (_("a admit") if mode == "respond" else _("f fold")))
        else:
            lines.append(Text.assemble((_("You won the exchange."), "bold"),
                                       " " + self._claim_prompt(seat_name(names, challenge.get("loser")))))
            hint = _("←/→ choose · Enter take it") if len(self.options) > 1 else _("Enter take it")
        lines.append(self._option_row(view, challenge))
        said = None
        if self._amounts():
            hint += " · " + _("or type an amount")
            if self.typed:
                typed = dollars(int(self.typed))
                meant = (_("Typed: stake {}") if mode == "commit" else _("Typed: raise your stake to {}")).format(typed)
                # an amount not offered says so as it is typed ("$5 … Enter to take it" was
                # refused on Enter, a playtest); on the way to "300", "$3" says it too
                said = Text(meant + " · " + (_("Enter to take it · Backspace to correct")
                                             if int(self.typed) in self._amounts() else self._offered()), style="bold")
        if said is not None and compact:
            # at 80x24 the amount typed takes the keys' line (its own keys are the ones that
            # count while typing): a line more pushed who has seen which chip out of view
            lines.append(dot_lines(said, self._room_across(compact)))
        else:
            if said is not None:
                lines.append(said)
            lines.append(dot_lines(Text(hint, style="dim"), self._room_across(compact)))
        return Group(*lines)

    def _room_across(self, compact: bool) -> int | None:
        """The decision's width inside its border and padding (none before the board is laid
        out): the compact form has a border only above it."""
        width = self.size.width
        return max(width - (2 if compact else 4), 1) if width else None

    def _know_width(self) -> int | None:
        """The knowledge panel's width inside its padding, the table's scroll bar's part left
        out even while it does not show: a text broken at the whole width before the bar
        came (a longer table at the round's end) was wrapped again inside an item, "3 on" /
        "26," (a playtest at 120x40)."""
        know = self.query_one("#cb-know", Static)
        width = know.content_region.width or (max(self.size.width - 2, 1) if self.size.width else None)
        scroll = self.query_one("#cb-scroll")
        if width and not scroll.show_vertical_scrollbar:
            width = max(1, width - scroll.styles.scrollbar_size_vertical)
        return width

    def _claim_prompt(self, loser: str) -> str:
        """CB-X4: what the winner may take, as offered: a choice that does not exist (the
        cards of a loser who holds none) is neither offered nor named."""
        top = any(isinstance(a, TakeTop) for a in self.options)
        theirs = any(isinstance(a, TakeCard) for a in self.options)
        if top and theirs:
            return _("Take the top card or one of {}'s cards:").format(loser)
        if top:
            return _("{} has no cards: take the top card:").format(loser)
        return _("Take one of {}'s cards:").format(loser)

    @staticmethod
    def _times_left(view: Mapping[str, Any], action: Action) -> str:
        """How many reshuffles this seat has left this round, as the rules set them."""
        if not isinstance(action, Reshuffle):
            return ""
        left = view["reshuffles_left"][view["seat"]]
        return " " + (_("(the last one this round)") if left == 1 else _("({} left this round)").format(left))

    def _amounts(self) -> dict[int, int]:
        """Offered amounts -> their option's index. A typed amount is always a stake: a
        challenge's, or the stake a raise brings this seat to (the other's stake plus the raise),
        as the raise's label shows it after the arrow."""
        return {action.stake if isinstance(action, Challenge) else self._raised_to(action): i  # type: ignore[attr-defined]
                for i, action in enumerate(self.options) if isinstance(action, (Challenge, Raise))}

    def _raised_to(self, action: Raise) -> int:
        view = self.view
        assert view is not None
        stakes = (view.get("challenge") or {}).get("stakes", {})
        return int(stakes.get("challenger" if view["seat"] == view["mover"] else "mover", 0)) + action.by

    def _follow_typed(self) -> None:
        """The cursor on the amount typed where one is offered, else where it was before
        typing (Backspace from "200" to "20" left it on "challenge $200", a playtest)."""
        amounts = self._amounts()
        self.cursor = amounts.get(int(self.typed), self.untyped_cursor) if self.typed else self.untyped_cursor

    def _take_typed(self) -> None:
        """Enter after digits: the stake or raise of that amount, or why there is none."""
        amounts = self._amounts()
        wanted = int(self.typed)
        self.typed = ""
        if wanted in amounts:
            self.choose(self.options[amounts[wanted]])
            return
        self.notify(_("{} is not offered.").format(dollars(wanted)) + " " + self._offered(), severity="warning")
        self.refresh_panels()

    def _offered(self) -> str:
        """The amounts offered: "from $100 to $1,300 in steps of $50"."""
        offered = sorted(self._amounts())
        step = offered[1] - offered[0] if len(offered) > 1 else 0
        if step:
            return _("Offered: from {} to {} in steps of {}.").format(dollars(offered[0]), dollars(offered[-1]),
                                                                      dollars(step))
        return _("Offered: from {} to {}.").format(dollars(offered[0]), dollars(offered[-1]))

    def _option_row(self, view: Mapping[str, Any], challenge: Mapping[str, Any]) -> Text:
        """The choices side by side; a long run of stakes or raises is one item, showing the
        amount under the cursor (or the range when the cursor is elsewhere)."""
        amounts = [i for i, a in enumerate(self.options) if isinstance(a, (Challenge, Raise))]
        squeeze = len(amounts) > 3
        pieces: list[tuple[Text | None, Text]] = []
        for i, action in enumerate(self.options):
            if squeeze and i in amounts:
                if i != amounts[0]:
                    continue
                if self.cursor in amounts:
                    label = f"◂ {self._option_label(self.options[self.cursor], view, challenge)} ▸"
                    selected = True
                else:
                    first = self._option_label(self.options[amounts[0]], view, challenge)
                    label = f"{first} … {self._amount(self.options[amounts[-1]])}"  # "challenge $100 … $500"
                    selected = False
            else:
                label = self._option_label(action, view, challenge)
                selected = i == self.cursor
            pieces.append((Text(" ") if pieces else None, Text(f" {label} ", style="reverse" if selected else "")))
        # broken between the choices only: at 120x40 a playtest read "their L" / "Lamp"
        width = self.query_one("#cb-decision", Static).content_region.width if self.is_mounted else 0
        if width:
            return item_lines(pieces, width)
        return Text(" ").join(item for _before, item in pieces)

    def _amount(self, action: Action) -> str:
        """The amount of a stake ("$100") or a raise ("+$50→$150": by how much, to what)."""
        if isinstance(action, Raise):
            return f"+{dollars(action.by)}→{dollars(self._raised_to(action))}"
        return dollars(action.stake)  # type: ignore[attr-defined]

    def _option_label(self, action: Action, view: Mapping[str, Any], challenge: Mapping[str, Any]) -> str:
        letters = letters_of(view)
        symbols = symbol_names(view)
        if isinstance(action, Pass):
            return _("pass")
        if isinstance(action, Challenge):
            return _("challenge {}").format(self._amount(action))
        if isinstance(action, Admit):
            return _("admit")
        if isinstance(action, Fold):
            return _("fold")
        if isinstance(action, Call):
            # revised CB-X3: the mover's first answer only matches; the challenger answers it
            return _("match") if self.mode == "respond" and self.rules.get("challenger_answers") else _("call")
        if isinstance(action, Raise):
            return _("raise {}").format(self._amount(action))
        if isinstance(action, TakeTop):
            top = view["top"]
            return _("top card {}").format(f"{letters[top]} {symbols[top]}") if top is not None else _("top card")
        if isinstance(action, TakeCard):
            return _("their {}").format(f"{letters[action.symbol]} {symbols[action.symbol]}")
        return action.label

    # -- keys ----------------------------------------------------------------------------
    def _count(self) -> int:
        if self.mode in RING_MODES:
            return len(self.spots)
        if self.mode == "announce":
            return len(self.numbers)
        return len(self.options)

    def action_step(self, delta: int) -> None:
        count = self._count()
        if self.mode is None or not count or self.holding_keys():
            return
        self.cursor = (self.cursor + delta) % count
        self.pending_extra, self.typed = None, ""
        self.refresh_panels()

    def action_jump(self, delta: int) -> None:
        if self.holding_keys():
            return
        if self.mode in RING_MODES and self.spots and self.view is not None:
            fields = len(self.view["chips"])
            target = (self.spots[self.cursor] + 7 * delta) % fields
            self.cursor = min(range(len(self.spots)),
                              key=lambda i: ((self.spots[i] - target) * delta) % fields)
            self.pending_extra = None
            self.refresh_panels()
        else:
            self.action_step(delta)

    def action_end(self, direction: int) -> None:
        count = self._count()
        if self.mode is None or not count or self.holding_keys():
            return
        self.cursor = 0 if direction < 0 else count - 1
        self.pending_extra, self.typed = None, ""
        self.refresh_panels()

    def action_confirm(self) -> None:
        if self.mode is None or self.holding_keys():
            return
        if self.mode in RING_MODES and self.pending_extra is not None:
            self.choose(self.extras[self.pending_extra])
        elif self.mode in RING_MODES:
            if self.spots:
                self.choose(self.field_actions[self.spots[self.cursor]])
        elif self.mode == "announce":
            if self.numbers:
                self._announce(self.numbers[self.cursor])
        elif self.typed:
            self._take_typed()
        elif self.options:
            self.choose(self.options[self.cursor])

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if self.mode is None or not char:
            return
        if self.holding_keys():
            if char.isprintable():
                event.stop()
            return
        digit = whole_number(char, 9)  # not isdigit: "²" (AltGr+2 on some keyboards) is one
        if self.mode in ("announce", "place") and self.numbers and digit is not None:
            event.stop()
            if digit in self.by_number:
                self._announce(digit)
            return
        if self.mode in RING_MODES and digit:
            event.stop()
            index = digit - 1
            if index < len(self.extras):
                if self.pending_extra == index:
                    self.choose(self.extras[index])
                else:
                    self.pending_extra = index  # asked first: a reshuffle or a sale cannot be taken back
                    self.refresh_panels()
            return
        if self.mode in LIST_MODES and digit is not None and self._amounts():
            event.stop()
            if len(self.typed) < 9 and (self.typed or char != "0"):
                if not self.typed:
                    self.untyped_cursor = self.cursor
                self.typed += char
                self._follow_typed()
                self.refresh_panels()
            return
        if self.mode in LIST_MODES:
            wanted = {
                "p": lambda a: isinstance(a, Pass),
                "c": lambda a: isinstance(a, (Challenge, Call)),
                "a": lambda a: isinstance(a, Admit),
                "f": lambda a: isinstance(a, Fold),
                "r": lambda a: isinstance(a, Raise),
            }.get(char.lower())
            if wanted is not None:
                event.stop()
                for action in self.options:
                    if wanted(action):
                        self.choose(action)
                        return
                self.notify(_("That is not a choice now."), severity="warning")
