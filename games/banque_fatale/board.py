"""The Banque Fatale board: the value chart, the cards on offer, the players, the last auction,
and the decision at hand, all from the keyboard.

Every colour is drawn with its letter (R Y G B O) as well as its colour, so the board reads
without colour. Keys: arrows move and adjust, Enter confirms, a colour's letter adds a jeton of
it to a bid (or takes it from the pool), digits pick the n-th choice, 0 clears a bid, k keeps
(no sale). An empty bid takes a second Enter. Keys are ignored for a moment after a new decision
appears, so that a key pressed twice cannot also answer the next one.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from parlour.games.banque_fatale.actions import Bid, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.words import N_, _, figure, million_words, millions, ngettext
from parlour.core.game import Action
from parlour.core.inputs import whole_number
from parlour.textlines import item_lines, item_pieces
from parlour.tui.board import Board

#: Exact colours, not the terminal's named ones (whose yellow is orange in some themes, and blue
#: purple): five different colours in truecolour, in 256 colours and in the 16 basic ones
#: (bright red, bright yellow, green, bright blue, and dark yellow, often drawn brown-orange).
#: Every colour also carries its letter, so the board reads without colour too.
STYLES = {"R": "bold #e53935", "Y": "bold #fdd835", "G": "bold #22b14c", "B": "bold #1e6fe8", "O": "bold #d9730d"}
PHASES = {"pick": N_("choosing a card"), "bid": N_("sealed bids"), "draft": N_("the pool goes round"),
          "sale": N_("the sale"), "over": N_("game over")}


def style(letter: str) -> str:
    return STYLES.get(letter, "bold")


def card_text(code: str, chart: Sequence[int] | None = None, letters: str = "", selected: bool = False) -> Text:
    """``[RG]`` with each ace in its colour, and ``=14`` when the chart is given."""
    text = Text("[", style="reverse" if selected else "")
    for letter in code:
        text.append(letter, style=style(letter) + (" reverse" if selected else ""))
    text.append("]", style="reverse" if selected else "")
    if chart is not None and letters:
        text.append(f"={card_value(code, chart, letters)}", style="dim")
    return text


def card_value(code: str, chart: Sequence[int], letters: str) -> int:
    """What the bank pays for a card now: the sum of its colours' chart values."""
    return sum(chart[letters.index(ch)] for ch in code)


def jetons_text(counts: Sequence[int] | None, letters: str, zeros: bool = True) -> Text:
    if counts is None:
        return Text(_("hidden"), style="dim italic")
    text = Text()
    for letter, n in zip(letters, counts):
        if n or zeros:
            if text:
                text.append(" ")
            text.append(letter, style=style(letter))
            text.append(str(n))
    if not text:
        text.append(_("none"), style="dim")
    return text


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's player name, or "Seat 3" where the board was given no name for it."""
    return names[seat] if seat < len(names) else _("Seat {}").format(seat + 1)


def jetons_words(total: int) -> str:
    """``3 jetons``, ``1 jeton`` in the player's language."""
    return ngettext("{} jeton", "{} jetons", total).format(figure(total))


def hints_panel(view: Mapping[str, Any], names: Sequence[str], rules: Mapping[str, Any],
                compact: bool = False) -> RenderableType:
    """The hints (F5): the cards still to come, and what each colour would pay each player
    if it stood at a paying value now (aces held times the millions per ace): a table, one
    row a colour and one column a player. ``compact``: one line, the aces each player holds
    being on the chart's rows (see :func:`chart_panel`)."""
    letters: str = view["letters"]
    to_come = view.get("to_come") or []
    text = Text(_("Hints"), style="bold italic")
    text.append(" · " + _("to come ({}):").format(len(to_come)) + " " if compact
                else "  ·  " + _("still to come ({}):").format(len(to_come)) + " ")
    text.append_text(Text(" ").join([card_text(c, view["chart"], letters) for c in to_come])
                     if to_come else Text(_("none"), style="dim"))
    payout = {int(value): amount for value, amount in (rules.get("payout") or {}).items()}
    if not payout:
        return text
    values = sorted(payout)
    if compact:
        text.append(" · " + _("an ace pays {}").format(", ".join(
            _("{} at {}").format(millions(payout[v]), v) for v in values)), style="dim")
        return text
    seats = range(len(view["cards"]))
    title = Text(_("If a colour paid now: millions at {}, for the aces each holds").format(
        " / ".join(str(v) for v in values)), style="dim")
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    table.add_column("")
    for seat in seats:
        table.add_column(seat_name(names, seat), justify="right",
                         no_wrap=True, overflow="ellipsis", max_width=12)
    for i, letter in enumerate(letters):
        aces = [sum(card.count(letter) for card in cards) for cards in view["cards"]]
        row: list[RenderableType] = [Text(_("{} at {}").format(letter, f"{view['chart'][i]:>2}"), style=style(letter))]
        for seat in seats:
            row.append(Text("/".join(str(aces[seat] * payout[v]) for v in values)) if aces[seat]
                       else Text("·", style="dim"))
        table.add_row(*row)
    return Group(text, title, table)


def aces_text(view: Mapping[str, Any], names: Sequence[str], letter: str) -> Text:
    """Who holds aces of ``letter`` and how many (the compact hints, on the chart's row)."""
    held = [(seat_name(names, s), sum(card.count(letter) for card in cards)) for s, cards in enumerate(view["cards"])]
    shown = [f"{name} {n}" for name, n in held if n]
    return Text(_("aces: {}").format(", ".join(shown)) if shown else _("no aces"), style="cyan")


def chart_panel(view: Mapping[str, Any], low: int, high: int, paying: Sequence[int], reset: int = 6,
                aces: Sequence[str] | None = None, width: int = 0) -> RenderableType:
    """One row per colour, a cell per value; the marker is the colour's letter. ``aces``:
    the players' names, to say on each row who holds aces of it (the compact hints), broken
    between holders where the panel is ``width`` cells wide (a holder's name and count stay
    together: a playtest read 'Cleo' at a line's end and its '1' under it)."""
    letters: str = view["letters"]
    names: list[str] = view["names"]
    changes = _changes_this_round(view, reset)
    if aces is not None:
        room = width - 12 - 3 * (high - low + 1)  # the colour's name, a cell a value, a line's last ','
        for letter in letters:
            change = changes.get(letter)
            pieces = item_pieces(aces_text(view, aces, letter), [", "])
            if change:
                pieces = [(None, change), (Text("  "), pieces[0][1]), *pieces[1:]]
            # too narrow to break well (or not laid out yet): one line, left to wrap
            changes[letter] = item_lines(pieces, room if room > 10 else sys.maxsize)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=10)
    for _value in range(low, high + 1):
        grid.add_column(justify="center", width=2)
    grid.add_column()
    grid.add_row(Text(_("value"), style="dim"), *[Text(str(v), style="bold" if v in paying else "dim")
                                              for v in range(low, high + 1)], Text(""))
    for i, letter in enumerate(letters):
        value = view["chart"][i]
        head = Text.assemble((letter, style(letter)), " ", _(names[i])[:8])
        cells = []
        for v in range(low, high + 1):
            if v == value:
                cells.append(Text(letter, style=style(letter) + " reverse"))
            else:
                cells.append(Text("$" if v in paying else "·", style="dim"))
        grid.add_row(head, *cells, changes.get(letter, Text("")))
    return grid


def _changes_this_round(view: Mapping[str, Any], reset: int) -> dict[str, Text]:
    """What the last reveal did to each colour, while it is still this round."""
    last = view.get("last_auction")
    out: dict[str, Text] = {}
    if not last or last["round"] != view["round"] or view["phase"] in ("pick", "bid"):
        return out
    for change in last["changes"]:
        before, after = change["from"], change["to"]
        arrow = "▲" if after > before else "▼"
        out[change["colour"]] = Text(f"{before}→{after} {arrow}", style="green" if after > before else "red")
    for letter in last.get("reset", []):
        previous = out.get(letter, Text(""))
        out[letter] = Text.assemble(previous, (" " + _("paid, back to {}").format(reset), "bold magenta"))
    return out


def players_panel(view: Mapping[str, Any], names: Sequence[str], header: bool = True) -> RenderableType:
    letters: str = view["letters"]
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim", show_header=header)
    # one mark a row in a column of one: "▶S" (the start player to move) made the column two
    # wide and the table jumped sideways each time (a playtest at 120x40); the start player to
    # move shows "▶" in the start mark's colour (the head names the start player too)
    table.add_column("", min_width=1)
    for column in (_("player"), _("cards"), _("cash"), _("jetons"), ""):
        table.add_column(column)
    for seat, cards in enumerate(view["cards"]):
        marks = Text()
        start = seat == view["start_player"]
        if seat == view["to_move"]:
            marks.append("▶", style="bold cyan" if start else "bold")
        elif start:
            marks.append("S", style="bold cyan")
        who = Text(seat_name(names, seat), style="bold" if seat == view["seat"] else "")
        hand = Text(" ").join([card_text(c, view["chart"], letters) for c in cards]) if cards else Text("-")
        cash = view["cash"][seat]
        held = view["jetons"][seat]
        total = f" ({figure(sum(held))})" if held is not None else ""
        status = Text()
        if view["phase"] == "bid":
            status = Text(_("bid ✓"), style="green") if view["has_bid"][seat] else Text(_("to bid"), style="dim")
        table.add_row(marks, who, hand, Text("?" if cash is None else millions(cash)),
                      Text.assemble(jetons_text(held, letters), total), status)
    return table


def last_auction_panel(view: Mapping[str, Any], names: Sequence[str], compact: bool = False) -> RenderableType | None:
    """The revealed bids side by side, the winner, the pool and what it did. ``compact``:
    two lines, the bids as totals (the log has them colour by colour)."""
    last = view.get("last_auction")
    if not last:
        return None
    letters: str = view["letters"]
    if compact:
        line = Text.assemble(_("Round {}:").format(last["round"]) + " ", card_text(last["card"]), " " + _("bids") + " ")
        for seat, total in enumerate(last["totals"]):
            name = seat_name(names, seat)
            line.append(("★" if seat == last["winner"] else "") + f"{name} {total}",
                        style="bold" if seat == last["winner"] else "")
            line.append("  ")
        # "as bid": while the pool goes round, the decision shows what is left of it
        pool = Text.assemble(_("Pool as bid:") + " ", jetons_text(last["pool"], letters))
        for i, p in enumerate(last["payouts"]):
            name = seat_name(names, p["seat"])
            pool.append(("  " + _("paid:") + " " if i == 0 else ", ") + f"{name} {millions(p['amount'])} ({p['aces']}")
            pool.append(p["colour"], style=style(p["colour"]))
            pool.append(")")
        line.rstrip()
        return Text("\n").join([line, pool])
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold",
                  title=Text.assemble(_("Round {}: auction of").format(last["round"]) + " ", card_text(last["card"])),
                  title_justify="left")
    for seat in range(len(last["bids"])):
        table.add_column(("★ " if seat == last["winner"] else "") + seat_name(names, seat))
    table.add_row(*[Text(jetons_words(t), style="bold" if s == last["winner"] else "")
                    for s, t in enumerate(last["totals"])])
    table.add_row(*[jetons_text(b, letters, zeros=False) for b in last["bids"]])
    lines: list[RenderableType] = [table]
    pool = Text.assemble(_("Pool as bid:") + " ", jetons_text(last["pool"], letters))
    lines.append(pool)
    if last["payouts"]:
        paid = Text(_("Paid:") + " ")
        for p in last["payouts"]:
            name = seat_name(names, p["seat"])
            paid.append(f"{name} {millions(p['amount'])} ({p['aces']}")
            paid.append(p["colour"], style=style(p["colour"]))
            paid.append(")  ")
        lines.append(paid)
    return Group(*lines)


class BanqueFataleBoard(Board, can_focus=True):
    """The whole table, and the decision at hand when it is this seat's."""

    supports_hints = True

    DEFAULT_CSS = """
    BanqueFataleBoard { height: 1fr; }
    BanqueFataleBoard:focus { border: none; }
    BanqueFataleBoard #bf-scroll { height: 1fr; }
    BanqueFataleBoard .bf-panel { height: auto; padding: 0 1; }
    BanqueFataleBoard #bf-decision { border: round $accent; height: auto; padding: 0 1; }
    """

    #: the lines of the tallest decision besides a line a colour (a bid: the card, the total,
    #: a bid of nothing to confirm, the keys, the border), of the last auction in full (its
    #: title, the bidders, their totals, their bids, the pool, who was paid) and of the offer
    #: with the card up for auction: the full table is drawn only where the terminal leaves
    #: that much room, whatever the phase, so that the board keeps its form at a size
    DECISION_ROOM = 6
    LAST_ROOM = 6
    OFFER_ROOM = 2

    BINDINGS = [
        Binding("left", "step(-1)", N_("Prev / fewer"), id="bf.left"),
        Binding("right", "step(1)", N_("Next / more"), id="bf.right"),
        Binding("up", "row(-1)", N_("Colour up"), id="bf.up", show=False),
        Binding("down", "row(1)", N_("Colour down"), id="bf.down", show=False),
        Binding("enter", "confirm", N_("Confirm"), id="bf.confirm"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the keys' descriptions in the player's language (Textual gave this board its own
        # copy of the class's bindings, written in English)
        keys = self._bindings.key_to_bindings
        for key, bindings in list(keys.items()):
            keys[key] = [replace(b, description=_(b.description)) for b in bindings]
        self.view: Mapping[str, Any] | None = None
        self.legal: Sequence[Action] = []
        self.mode: str | None = None  # pick, bid, draft or sale when this seat decides
        self.options: list[Action] = []  # pick, draft and sale choices, in board order
        self.cursor = 0
        self.counts: list[int] = []  # the bid being built
        self.held: list[int] = []
        self.row = 0
        self.confirming_nothing = False  # an empty bid waits for a second Enter
        self.confirming_sale = False  # so does a sale: it cannot be taken back
        self.refused: str | None = None  # a colour typed that the pool does not hold
        #: (round, seat) whose remaining pool picks Enter took all at once (they change nothing)
        self.taking_all: tuple[int, int | None] | None = None
        chart = self.rules.get("chart", {}) if isinstance(self.rules, Mapping) else {}
        self.low: int = chart.get("min", 2)
        self.high: int = chart.get("max", 12)
        payout = self.rules.get("payout", {}) if isinstance(self.rules, Mapping) else {}
        self.paying: list[int] = sorted(int(v) for v in payout)
        self.reset: int = self.rules.get("reset_value", 6) if isinstance(self.rules, Mapping) else 6

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="bf-scroll"):
            yield Static(id="bf-head", classes="bf-panel")
            yield Static(id="bf-chart", classes="bf-panel")
            yield Static(id="bf-hints", classes="bf-panel")
            yield Static(id="bf-offer", classes="bf-panel")
            yield Static(id="bf-players", classes="bf-panel")
            yield Static(id="bf-last", classes="bf-panel")
            yield Static(id="bf-decision")

    # -- the app's calls -----------------------------------------------------------------
    def show(self, view: Mapping[str, Any], legal: Sequence[Action] | None) -> None:
        self.hold_keys_if_new(view, legal)
        self.view = view
        self.legal = legal if legal is not None else []
        self.mode = None
        self.options = []
        self.confirming_nothing = False
        if legal:
            first = legal[0]
            letters: str = view["letters"]
            if isinstance(first, Pick):
                self.mode = "pick"
                self.options = list(legal)
            elif isinstance(first, Bid):
                self.mode = "bid"
                mine = view["jetons"][view["seat"]] if view["seat"] is not None else None
                self.held = list(mine) if mine is not None else [0] * len(letters)
                self.counts = [0] * len(letters)
                self.row = next((i for i, h in enumerate(self.held) if h), 0)
            elif isinstance(first, Take):
                self.mode = "draft"
                self.options = sorted(legal, key=lambda a: letters.index(a.colour))  # type: ignore[attr-defined]
            else:
                self.mode = "sale"
                self.options = [a for a in legal if isinstance(a, Sell)] + [a for a in legal if isinstance(a, Keep)]
            # a sale cannot be taken back: the cursor starts on keeping
            self.cursor = len(self.options) - 1 if self.mode == "sale" else 0
            self.confirming_sale = False
        self.refused = None
        self.refresh_panels()
        if self.mode == "draft" and self.taking_all == (view["round"], view["seat"]) and self.picks_change_nothing:
            self.choose(self.options[0])  # taken for the player, as he asked
            return
        if legal:
            self.reveal("#bf-decision")

    def hints_changed(self) -> None:
        self.refresh_panels()

    # -- drawing -------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.refresh_panels()  # compact or not

    def refresh_panels(self) -> None:
        """Draw the table; where the whole of it would not fit (a terminal of 24 lines, the
        hints on), its compact form: the round and phase with the offer, the hints on the
        chart's rows, the last auction in two lines, a shorter decision (see :meth:`compact_here`)."""
        view = self.view
        if view is None:
            return
        compact = self.compact_here(view)
        self.set_class(compact, "-compact")
        parts = self._parts(view, compact=compact)
        for key, renderable in parts.items():
            panel = self.query_one(f"#bf-{key}", Static)
            panel.display = renderable is not None
            if renderable is not None:
                panel.update(renderable)
                if key == "last" and self.size.width:  # auto kept the height of the full form
                    panel.styles.height = self.lines_needed(renderable, self.size.width - 2)

    def compact_here(self, view: Mapping[str, Any]) -> bool:
        """Whether the board takes its compact form: where the room it is given is lower than
        the full table with room for its tallest decision (a bid: ``DECISION_ROOM`` and a line
        a colour), the last auction in full (``LAST_ROOM``) and the card up for auction
        (``OFFER_ROOM``). A matter of the terminal's size alone, never of the phase (a
        playtest at 80x24 saw the compact head and auction while bidding, the full ones while
        the pool went round); the hints, when turned on, take their part."""
        room = self.room()
        if not room.height:
            return False
        width = self.size.width or room.width
        names = self.seat_names
        full = (1 + self.lines_needed(chart_panel(view, self.low, self.high, self.paying, self.reset), width - 2)
                + (self.lines_needed(hints_panel(view, names, self.rules), width - 2) if self.hints else 0)
                + max(self.OFFER_ROOM, self.lines_needed(self._offer(), width - 2))
                + self.lines_needed(players_panel(view, names), width - 2)
                + max(self.LAST_ROOM, self.lines_needed(last_auction_panel(view, names) or Text(), width - 2))
                + self.DECISION_ROOM + len(view["letters"]))
        return full > room.height

    def _head(self, view: Mapping[str, Any], compact: bool) -> Text:
        """The round, the phase and the start player: the short line where the board is
        compact or the full one would not fit the width at its widest (the last round, the
        longest phase and name): never a wrapped line, nor a head that changes form with the
        phase or the round (at 120x40 it went short from round 10)."""
        names = self.seat_names
        starter = seat_name(names, view["start_player"])

        def full(round_: int, phase: str, starter: str) -> Text:
            return Text.assemble(("Banque Fatale", "bold"), "  " + _("round {} of {}").format(round_, view["rounds"])
                                 + "  ·  ", (phase, "italic"), "  ·  " + _("start player") + " ", (starter, "bold cyan"))

        phase = _(PHASES.get(view["phase"], view["phase"]))
        widest = full(view["rounds"], max((_(p) for p in PHASES.values()), key=cell_len),
                      max((seat_name(names, s) for s in range(len(view["cards"]))), key=cell_len))
        if not compact and widest.cell_len <= self.size.width - 2:
            return full(view["round"], phase, starter)
        return Text.assemble((_("Round {} of {}").format(view["round"], view["rounds"]), "bold"), "  ·  ",
                             (phase, "italic"), "  ·  " + _("start") + " ", (starter, "bold cyan"))

    def _parts(self, view: Mapping[str, Any], compact: bool) -> dict[str, RenderableType | None]:
        names = self.seat_names
        head = self._head(view, compact)
        last = last_auction_panel(view, names, compact=compact)
        return {
            "head": head,
            "chart": chart_panel(view, self.low, self.high, self.paying, self.reset,
                                 aces=names if compact and self.hints else None, width=self.size.width - 2),
            "hints": hints_panel(view, names, self.rules, compact=compact) if self.hints else None,
            "offer": self._offer(compact),
            "players": players_panel(view, names),
            "last": last,
            "decision": self._decision(compact),
        }

    def _offer(self, compact: bool = False) -> Text:
        view = self.view
        assert view is not None
        letters = view["letters"]
        text = Text(_("On offer:") + " ")
        text.append_text(Text(" ").join([card_text(c, view["chart"], letters) for c in view["display"]])
                         if view["display"] else Text(_("nothing"), style="dim"))
        text.append("   " + _("pile: {} face down").format(view["pile"]))
        if view["auction"]:
            text.append("   " + _("up for auction:") + " " if compact else "\n" + _("Up for auction:") + " ")
            text.append_text(card_text(view["auction"], view["chart"], letters))
        return text

    def _decision(self, compact: bool = False) -> RenderableType:
        view = self.view
        assert view is not None
        letters: str = view["letters"]
        names = self.seat_names
        if self.mode == "pick":
            text = Text(_("Choose the card to auction:") + "  ")
            for i, action in enumerate(self.options):
                text.append(f"{i + 1} ")
                text.append_text(card_text(action.card, view["chart"], letters, i == self.cursor))  # type: ignore[attr-defined]
                text.append("  ")
            text.append("\n" + _("←/→ or 1-9 choose · Enter auction it"), style="dim")
            return text
        if self.mode == "bid" and compact:
            return self._compact_bid(view)
        if self.mode == "bid":
            pays = _(" and ").join(str(v) for v in self.paying)
            lines = [Text.assemble(_("Your sealed bid for") + " ", card_text(view["auction"], view["chart"], letters),
                                   ("   " + _("(a colour pays at {})").format(pays) if pays else "", "dim"))]
            for i, letter in enumerate(letters):
                line = Text("▶ " if i == self.row else "  ")
                line.append(letter, style=style(letter))
                line.append(f" {_(view['names'][i]):<7} ")
                line.append(f"{self.counts[i]:>2}", style="bold reverse" if i == self.row else "bold")
                line.append(" " + _("of {}").format(f"{self.held[i]:<2}"), style="dim")
                # the chart while bidding: on a small terminal the chart panel is scrolled away
                line.append("   " + _("value {}").format(f"{view['chart'][i]:>2}"),
                            style="bold" if view["chart"][i] in self.paying else "")
                lines.append(line)
            total = sum(self.counts)
            lines.append(Text(_("Total: {}").format(jetons_words(total)), style="bold"))
            if self.confirming_nothing:
                lines.append(Text(_("Bid nothing? Enter again to confirm"), style="bold yellow"))
            lines.append(Text(_("↑/↓ colour · ←/→ fewer/more · a letter adds one · 0 clears · Enter bids"),
                              style="dim"))
            return Group(*lines)
        if self.mode == "draft":
            before, _pool, after = _("Take a jeton from the pool ({}):").partition("{}")
            text = Text.assemble(before, jetons_text(view["pool"], letters, zeros=False), after + "  ")
            for i, action in enumerate(self.options):
                letter = action.colour  # type: ignore[attr-defined]
                text.append(f" {letter} ", style=style(letter) + (" reverse" if i == self.cursor else ""))
                text.append(" ")
            if self.refused:
                text.append("\n" + _("The pool has no {} jetons: choose one it has (←/→ or its letter)").format(
                    self.refused), style="bold yellow")
            elif self.picks_change_nothing:
                worth = _("jetons count for nothing") if not self.rules.get("jeton_value", 1) else \
                    _("every jeton counts the same")
                text.append("\n" + _("The last round: no pick changes a score ({}).").format(worth), style="bold")
                text.append("\n" + _("Enter takes all your picks · ←/→ or a letter takes one"), style="dim")
                return text
            text.append("\n" + _("a colour's letter takes one at once · ←/→ choose · Enter takes it"), style="dim")
            return text
        if self.mode == "sale":
            text = Text(_("Sell one card to the bank, or keep them:") + "  ")
            for i, action in enumerate(self.options):
                if isinstance(action, Sell):
                    text.append_text(card_text(action.card, view["chart"], letters, i == self.cursor))
                else:
                    text.append("[" + _("keep") + "]", style="reverse" if i == self.cursor else "")
                text.append("  ")
            chosen = self.options[self.cursor] if self.options else None
            if self.confirming_sale and isinstance(chosen, Sell):
                value = card_value(chosen.card, view["chart"], letters)
                text.append("\n" + _("Sell {} for {}? Enter again to confirm").format(chosen.card, million_words(value)),
                            style="bold yellow")
                text.append("\n" + _("Enter sells it · ←/→ choose again · k keeps"), style="dim")
            else:
                text.append("\n" + _("←/→ or 1-9 choose · k keeps · Enter confirms"), style="dim")
            return text
        # not this seat's decision
        to_move = view["to_move"]
        if to_move is None:
            scores = view.get("scores") or []
            return Text(_("Game over.") + " " + ", ".join(
                _("{}: {} million").format(names[s] if s < len(names) else s, figure(score))
                for s, score in enumerate(scores)))
        if self.moment_held:  # the table waits for the player to read what happened, not for the next seat
            return Text(self.moment_line(), style="bold")
        text = Text(_("Waiting for {}").format(seat_name(names, to_move)))
        if view["phase"] == "bid" and view.get("my_bid") is not None:
            text.append("  ·  " + _("your sealed bid:") + " ")
            text.append_text(jetons_text(view["my_bid"], letters, zeros=False))
        if view["phase"] == "draft":
            text.append("  ·  " + _("pool:") + " ")
            text.append_text(jetons_text(view["pool"], letters, zeros=False))
        return text

    def _compact_bid(self, view: Mapping[str, Any]) -> RenderableType:
        """The bid in three lines: the chart is in view above, so no values here."""
        letters: str = view["letters"]
        total = sum(self.counts)
        before, _card, after = _("Your sealed bid for {}:").partition("{}")
        head = Text.assemble(before, card_text(view["auction"], view["chart"], letters),
                             (after + "  " + _("total {}").format(jetons_words(total)), "bold"))
        row = Text()
        for i, letter in enumerate(letters):
            row.append("▶" if i == self.row else " ")
            row.append(letter, style=style(letter))
            row.append(" ")
            row.append(f"{self.counts[i]}", style="bold reverse" if i == self.row else "bold")
            row.append(" " + _("of {}").format(self.held[i]) + "  ", style="dim")
        lines = [head, row]
        if self.confirming_nothing:
            lines.append(Text(_("Bid nothing? Enter again to confirm"), style="bold yellow"))
        lines.append(Text(_("↑/↓ colour · ←/→ fewer/more · a letter adds one · 0 clears · Enter bids"), style="dim"))
        return Group(*lines)

    @property
    def picks_change_nothing(self) -> bool:
        """A pool pick of the last round (no card left to auction): every jeton counts the
        same at the end whatever its colour (or nothing, worthless-jetons), and each player
        takes as many whatever is chosen, so no choice can change a score."""
        view = self.view
        return (self.mode == "draft" and view is not None and not view["display"] and not view["pile"])

    # -- keys ----------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        if self.holding_keys():
            return
        if self.mode == "bid":
            self._adjust(self.row, delta)
        elif self.options:
            self.cursor = (self.cursor + delta) % len(self.options)
            self.confirming_sale = False
            self.refused = None
            self.refresh_panels()

    def action_row(self, delta: int) -> None:
        if self.holding_keys():
            return
        if self.mode == "bid" and self.counts:
            self.row = (self.row + delta) % len(self.counts)
            self.refresh_panels()
        elif self.options:
            self.action_step(delta)

    def action_confirm(self) -> None:
        view = self.view
        if view is None or self.mode is None or self.holding_keys():
            return
        if self.mode == "bid":
            bid = Bid(tuple(self.counts), view["letters"])
            if not bid.total and not self.confirming_nothing:
                self.confirming_nothing = True  # one Enter too many must not give the card away
                self.refresh_panels()
            elif bid in self.legal:
                self.choose(bid)
            else:
                self.notify(_("{} is not allowed").format(bid.label), severity="warning")
        elif self.refused:
            self.notify(_("The pool has no {} jetons: choose a colour it has first.").format(self.refused),
                        severity="warning", markup=False)
        elif self.options:
            action = self.options[self.cursor]
            if self.mode == "draft" and self.picks_change_nothing:
                self.taking_all = (view["round"], view["seat"])
            if isinstance(action, Sell) and not self.confirming_sale:
                self.confirming_sale = True
                self.refresh_panels()
            else:
                self.choose(action)

    def on_key(self, event: events.Key) -> None:
        view = self.view
        char = event.character
        if view is None or self.mode is None or not char:
            return
        if self.holding_keys():
            if char.isprintable():
                event.stop()
            return
        letters: str = view["letters"]
        upper = char.upper()
        digit = whole_number(char, 9)  # not isdigit: "²" (AltGr+2 on some keyboards) is one
        if digit is not None:
            event.stop()
            if self.mode == "bid":
                if digit == 0:
                    self.counts = [0] * len(self.counts)
                    self.confirming_nothing = False
                    self.refresh_panels()
            elif 1 <= digit <= len(self.options):
                self.cursor = digit - 1
                self.confirming_sale = False
                self.refresh_panels()
        elif upper in letters and len(char) == 1 and char.isalpha():
            event.stop()
            colour = letters.index(upper)
            if self.mode == "bid":
                self.row = colour
                self._adjust(colour, 1)
            elif self.mode == "draft":
                for i, action in enumerate(self.options):
                    if action.colour == upper:  # type: ignore[attr-defined]
                        self.cursor = i
                        self.choose(action)
                        break
                else:
                    self.refused = upper  # Enter now asks for a colour the pool has
                    self.refresh_panels()
                    self.notify(_("The pool has no {} jetons left").format(upper), severity="warning")
        elif char == "k" and self.mode == "sale":
            event.stop()
            self.choose(Keep())
        elif char in "+=" and self.mode == "bid":
            event.stop()
            self._adjust(self.row, 1)
        elif char == "-" and self.mode == "bid":
            event.stop()
            self._adjust(self.row, -1)

    def _adjust(self, colour: int, delta: int) -> None:
        if not self.counts:
            return
        self.counts[colour] = max(0, min(self.held[colour], self.counts[colour] + delta))
        self.confirming_nothing = False
        self.refresh_panels()
