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
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from games.casablanca.actions import (
    Admit,
    Announce,
    Call,
    Challenge,
    Fold,
    Pass,
    Pick,
    PlaceFigure,
    Raise,
    TakeCard,
    TakeTop,
    dollars,
)
from parlour.core.game import Action
from parlour.tui.board import Board

CELL = 7  # characters per field, plus one space between fields
SYMBOL_STYLES = ("green", "yellow", "cyan", "bold white", "magenta", "red", "blue")
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
RING_MODES = ("figure", "turn", "place")
LIST_MODES = ("commit", "respond", "exchange", "claim")


def ring_geometry(fields: int) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """Fields laid clockwise round a rectangle: (columns, rows, field -> (row, col))."""
    top = fields // 4 + 1
    side = (fields - 2 * top) // 2
    bottom = fields - top - 2 * side
    width = max(top, bottom)
    where: dict[int, tuple[int, int]] = {}
    f = 0
    for col in range(top):
        where[f] = (0, col)
        f += 1
    for row in range(1, side + 1):
        where[f] = (row, width - 1)
        f += 1
    for k in range(bottom):
        where[f] = (side + 1, width - 1 - k)
        f += 1
    for row in range(side, 0, -1):
        where[f] = (row, 0)
        f += 1
    return width, side + 2, where


def letters_of(view: Mapping[str, Any]) -> list[str]:
    return [name.strip()[:1].upper() for name in view["symbols"]]


def seat_name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def chip_mark(view: Mapping[str, Any], field: int) -> str:
    """How the chip on ``field`` looks to this seat (see the module docstring)."""
    if not view["chips"][field]:
        return "   "
    move = view["move"]
    known = view["known"][field]
    revealed = view["revealed"]
    if revealed and revealed["field"] == field:
        return f"[{revealed['value']}]"
    shown = known if view["memory_aid"] else None
    if move and move["placed_at"] == field and view["phase"] in ("commit", "respond", "exchange", "claim"):
        mover_knows = view["seat"] is not None and view["seat"] == view["mover"]
        value = known if (shown is not None or mover_knows) else None
        return f"<{'?' if value is None else value}>"
    return f"({'?' if shown is None else shown})"


def ring_cells(view: Mapping[str, Any], cursor: int | None = None,
               choosable: Sequence[int] = ()) -> dict[int, tuple[Text, Text]]:
    """Two lines per field: number, symbol letter and chip; the figures standing there."""
    letters = letters_of(view)
    top = view["top"]
    figures: dict[int, list[int]] = {}
    for seat, f in enumerate(view["figures"]):
        if f is not None:
            figures.setdefault(f, []).append(seat)
    cells = {}
    allowed = set(choosable)
    for f, symbol in enumerate(view["field_symbols"]):
        style = "reverse" if f == cursor else ""
        first = Text(f"{f + 1:>2}", style=style or ("bold" if f in allowed else "dim"))
        letter_style = SYMBOL_STYLES[symbol % len(SYMBOL_STYLES)] + (" underline bold" if symbol == top else "")
        first.append(letters[symbol], style=letter_style + (" reverse" if style else ""))
        first.append(" " + chip_mark(view, f), style=style)
        second = Text(style=style)
        standing = figures.get(f, [])
        marks = "".join(str(s + 1) for s in standing)
        pad = CELL - len(marks)
        second.append(" " * (pad // 2), style=style)
        for s in standing:
            second.append(str(s + 1), style=SEAT_STYLES[s % len(SEAT_STYLES)] + (" reverse" if style else ""))
        second.append(" " * (pad - pad // 2), style=style)
        if not standing and not style:
            second = Text("   ·   ", style="dim")
        cells[f] = (first, second)
    return cells


def centre_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """What sits inside the ring: the pot, the pile, the move and the challenge under way."""
    letters = letters_of(view)
    symbols = view["symbols"]
    lines = [Text.assemble(("Pot ", "bold"), (dollars(view["pot"]), "bold"))]
    top = view["top"]
    if top is not None:
        lines.append(Text.assemble("Top card: ", (f"{letters[top]} {symbols[top]}", "bold underline"),
                                   f"  (pile {view['pile_size']})"))
    else:
        lines.append(Text("The pile is empty"))
    if view["pile_bottom"]:
        lines.append(Text("Under the pile: " + " ".join(letters[s] for s in view["pile_bottom"]), style="dim"))
    move = view["move"]
    mover = view["mover"]
    if move and mover is not None and move["origin"] is not None:
        who = seat_name(names, mover)
        if move["announced"] is not None:
            to = (move["origin"] + move["announced"]) % len(view["field_symbols"])
            reach = view["field_symbols"][to]
            text = Text.assemble((who, "bold"), f" says {move['announced']}: {move['origin'] + 1}→{to + 1} ",
                                 (letters[reach], "bold"))
            if move["landing"]:
                text.append(" top card!", style="bold")
            lines.append(text)
        else:
            lines.append(Text.assemble((who, "bold"), f" picked up the chip on {move['picked_from'] + 1}"))
        if move["needed"] is not None:
            lines.append(Text(f"{move['needed']} would reach the top card", style="dim"))
    challenge = view["challenge"]
    if challenge and "stakes" in challenge:
        c = challenge["challenger"]
        lines.append(Text.assemble((seat_name(names, c), "bold"), " challenges!"))
        lines.append(Text(f"{seat_name(names, mover)} {dollars(challenge['stakes']['mover'])} vs "
                          f"{seat_name(names, c)} {dollars(challenge['stakes']['challenger'])}"
                          f" (limit {dollars(challenge['cap'])})"))
    revealed = view["revealed"]
    if revealed:
        lines.append(Text(f"Turned over: {revealed['value']} on field {revealed['field'] + 1}", style="italic"))
    return lines


def ring_panel(view: Mapping[str, Any], names: Sequence[str], cursor: int | None = None,
               choosable: Sequence[int] = ()) -> Text:
    fields = len(view["field_symbols"])
    width, rows, where = ring_geometry(fields)
    cells = ring_cells(view, cursor, choosable)
    at = {pos: f for f, pos in where.items()}
    inner = (width - 2) * (CELL + 1) - 1
    centre = centre_lines(view, names)
    out = Text()
    for row in range(rows):
        for half in (0, 1):
            line = Text()
            col = 0
            while col < width:
                f = at.get((row, col))
                if f is not None:
                    line.append_text(cells[f][half])
                    line.append(" ")
                    col += 1
                elif 0 < row < rows - 1 and col == 1:
                    k = (row - 1) * 2 + half
                    text = centre[k] if k < len(centre) else Text("")
                    text = text.copy()
                    text.truncate(inner - 1, pad=True)
                    line.append(" ")
                    line.append_text(text)
                    line.append(" ")
                    col = width - 1
                else:
                    line.append(" " * (CELL + 1))
                    col += 1
            out.append_text(line.rstrip() or line)
            out.append("\n")
    # two lines, each narrower than the ring, so the legend never wraps where the ring fits
    legend = Text("(?) face down   (3) you know it   [3] turned over\n"
                  "<?> just put down   digits below a field: figures", style="dim")
    out.append_text(legend)
    return out


def collection_text(counts: Sequence[int], letters: Sequence[str], win: int) -> Text:
    text = Text()
    for symbol, count in enumerate(counts):
        if count:
            if text:
                text.append(" ")
            text.append(f"{letters[symbol]}{count}", style="bold" if count >= win - 1 else "")
            if count >= win - 1:
                text.append("!", style="bold")
    return text or Text("-", style="dim")


def players_panel(view: Mapping[str, Any], names: Sequence[str], win: int) -> Table:
    letters = letters_of(view)
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    for column in ("", "player", "money", "cards", "aside", "notes"):
        table.add_column(column)
    challenge = view["challenge"] or {}
    for seat in range(view["players"]):
        marks = Text()
        if seat == view["to_move"]:
            marks.append("▶", style="bold")
        who = Text(seat_name(names, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)]
                   + (" underline" if seat == view["seat"] else ""))
        who.append(f" ({seat + 1})", style="dim")
        notes = []
        if seat == view["leader"]:
            notes.append("leader")
        if seat == view["mover"]:
            notes.append("moving")
        if seat == challenge.get("challenger"):
            notes.append("challenger")
        if not view["active"][seat]:
            notes.append("out")
        if view["reshuffles_left"][seat]:
            notes.append(f"reshuffle ×{view['reshuffles_left'][seat]}")
        if "stakes" in challenge and seat in (view["mover"], challenge["challenger"]):
            key = "mover" if seat == view["mover"] else "challenger"
            notes.append(f"stake {dollars(challenge['stakes'][key])}")
        aside = str(view["aside"]) if seat == view["seat"] and view["aside"] is not None else "?"
        table.add_row(marks, who, dollars(view["money"][seat]), collection_text(view["cards"][seat], letters, win),
                      aside, ", ".join(notes))
    return table


def knowledge_text(view: Mapping[str, Any], chips_per_number: int, names: Sequence[str] = ()) -> Text:
    seat = view["seat"]
    if seat is None:
        return Text("Watching: only turned-over chips are known.", style="dim")
    if not view["memory_aid"]:
        return Text(f"Memory aid off. Your set-aside chip: {view['aside']}.", style="dim")
    known = [(f, v) for f, v in enumerate(view["known"]) if v is not None]
    counts = [chips_per_number] * len(view["symbols"])
    for _, v in known:
        counts[v] -= 1
    if view["aside"] is not None:
        counts[view["aside"]] -= 1
    move = view["move"]
    if move and move["held"] is not None:
        counts[move["held"]] -= 1
    text = Text("You know: ")
    text.append(", ".join(f"{v} on {f + 1}" for f, v in known) or "no chip on the ring")
    text.append(f" · set aside: {view['aside']}")
    if move and move["held"] is not None:
        holder = "your" if view["mover"] == seat else f"{seat_name(names, view['mover'])}'s"
        text.append(f" · in {holder} hand: {move['held']}", style="bold")
    text.append("\nNot yet seen: " + "  ".join(f"{v}×{max(c, 0)}" for v, c in enumerate(counts)), style="dim")
    watched = []
    for f, knowers in enumerate(view["knowers"]):
        others = [k for k in knowers if k != seat]
        if view["chips"][f] and others and not view["public"][f]:
            watched.append(f"{f + 1} ({', '.join(seat_name(names, k) for k in others)})")
    if watched:
        text.append("\nSeen by others: " + "; ".join(watched), style="dim")
    return text


class CasablancaBoard(Board, can_focus=True):
    """The whole table, and the decision at hand when it is this seat's."""

    DEFAULT_CSS = """
    CasablancaBoard { height: 1fr; }
    CasablancaBoard:focus { border: none; }
    CasablancaBoard #cb-scroll { height: 1fr; }
    CasablancaBoard .cb-panel { height: auto; padding: 0 1; }
    CasablancaBoard #cb-decision { border: round $accent; height: auto; padding: 0 1; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", id="cb.left"),
        Binding("right", "step(1)", "Next", id="cb.right"),
        Binding("up", "jump(-1)", "Up", id="cb.up", show=False),
        Binding("down", "jump(1)", "Down", id="cb.down", show=False),
        Binding("home", "end(-1)", "First", id="cb.home", show=False),
        Binding("end", "end(1)", "Last", id="cb.end", show=False),
        Binding("enter", "confirm", "Confirm", id="cb.confirm"),
        Binding("backspace", "back", "Other number", id="cb.back", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
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
        rules = self.rules if isinstance(self.rules, Mapping) else {}
        self.win = len(rules.get("premiums", [100, 200, 300])) + 1
        self.chips_per_number = rules.get("chips_per_number", 2)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="cb-scroll"):
            yield Static(id="cb-head", classes="cb-panel")
            yield Static(id="cb-ring", classes="cb-panel")
            yield Static(id="cb-players", classes="cb-panel")
            yield Static(id="cb-know", classes="cb-panel")
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
            self.reveal("#cb-decision")

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
        top = ": the top card's symbol" if symbol == view["top"] else ""
        return f" (to field {to + 1}, {view['symbols'][symbol]}{top})"

    def action_back(self) -> None:
        """While the chip's field is chosen: back to the number; while an amount is typed:
        its last digit off."""
        if self.typed and not self.holding_keys():
            self.typed = self.typed[:-1]
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
        names = self.seat_names
        head = Text.assemble(("Casablanca", "bold"), f"  round {view['round']} of {view['rounds']}",
                             f"  ·  turn {view['turn']} (limit {view['turn_limit']})")
        if view["end_reason"]:
            head.append(f"  ·  {view['end_reason']}", style="italic")
        self.query_one("#cb-head", Static).update(head)
        cursor = self.spots[self.cursor] if self.mode in RING_MODES and self.spots else None
        self.query_one("#cb-ring", Static).update(ring_panel(view, names, cursor, self.spots))
        self.query_one("#cb-players", Static).update(players_panel(view, names, self.win))
        self.query_one("#cb-know", Static).update(knowledge_text(view, self.chips_per_number, names))
        self.query_one("#cb-decision", Static).update(self._decision())

    def _decision(self) -> RenderableType:
        view = self.view
        assert view is not None
        names = self.seat_names
        letters = letters_of(view)
        symbols = view["symbols"]
        move = view["move"] or {}
        challenge = view["challenge"] or {}
        mode = self.mode
        if mode in RING_MODES:
            f = self.spots[self.cursor] if self.spots else None
            where = "" if f is None else f"field {f + 1} ({symbols[view['field_symbols'][f]]})"
            title = {
                "figure": f"Put your figure on the ring: {where}",
                "turn": f"Your turn. Pick up the chip on {where}",
                "place": f"You announce {self.announcing}{self._destination(view)}. Put the chip down on {where}",
            }[mode]
            lines: list[RenderableType] = [Text(title, style="bold")]
            for i, action in enumerate(self.extras):
                lines.append(Text(f"{i + 1}  {action.label}", style="reverse" if i == self.pending_extra else ""))
            if self.pending_extra is not None:
                n = self.pending_extra + 1
                lines.append(Text(f"{self.extras[self.pending_extra].label[:1].upper()}"
                                  f"{self.extras[self.pending_extra].label[1:]}? It cannot be taken back: "
                                  f"{n} again or Enter to confirm · ←/→ back to the ring", style="bold yellow"))
            lines.append(Text("←/→ choose a field · ↑/↓ jump 7 · Enter confirm"
                              + (" · 1-9 the numbered choices" if self.extras else "")
                              + (" · Backspace or 0-6: another number" if mode == "place" else ""), style="dim"))
            return Group(*lines)
        if mode == "announce":
            held = move.get("held")
            origin = move.get("origin")
            text = Text.assemble(("Announce a number", "bold"), f" (your chip shows {held}):\n")
            for i, n in enumerate(self.numbers):
                reach = view["field_symbols"][(origin + n) % len(view["chips"])] if origin is not None else 0
                label = f" {n}→{letters[reach]}{'*' if reach == view['top'] else ''} "
                text.append(label, style="reverse" if i == self.cursor else "")
                text.append(" ")
            text.append("\n* reaches the top card · 0-6 or ←/→ and Enter; then the field for the chip", style="dim")
            return text
        if mode in LIST_MODES:
            return self._list_decision(view, names, letters, move, challenge)
        to_move = view["to_move"]
        if to_move is None:
            money = view["money"]
            best = max(money)
            winners = [seat_name(names, s) for s, m in enumerate(money) if m == best]
            return Text(f"The round is over. Most money: {', '.join(winners)} ({dollars(best)}).", style="bold")
        text = Text(f"Waiting for {seat_name(names, to_move)}")
        if view["phase"] == "commit" and challenge.get("my_commit"):
            mine = challenge["my_commit"]
            text.append(f"  ·  you chose to {mine}" + (f" ({dollars(challenge['my_stake'])})"
                                                      if challenge.get("my_stake") is not None else ""))
        return text

    def _list_decision(self, view: Mapping[str, Any], names: Sequence[str], letters: Sequence[str],
                       move: Mapping[str, Any], challenge: Mapping[str, Any]) -> RenderableType:
        mode = self.mode
        me = view["seat"]
        lines: list[RenderableType] = []
        if mode == "commit":
            mover = view["mover"]
            to = (move["origin"] + move["announced"]) % len(view["chips"])
            lines.append(Text.assemble(
                (seat_name(names, mover), "bold"), f" announced {move['announced']} and moves to field {to + 1} "
                f"({view['symbols'][view['field_symbols'][to]]})", (" — the top card!" if move["landing"] else ""),
                "\nDo you believe it? A challenge needs a stake; nobody learns your answer but the outcome."))
            hint = "←/→ choose · Enter confirm · p pass · c challenge at the minimum"
        elif mode in ("respond", "exchange"):
            stakes = challenge["stakes"]
            mine_key = "mover" if me == view["mover"] else "challenger"
            other_key = "challenger" if mine_key == "mover" else "mover"
            other = challenge["challenger"] if mine_key == "mover" else view["mover"]
            lines.append(Text.assemble(
                ("The exchange", "bold"), f": your stake {dollars(stakes[mine_key])} · ",
                f"{seat_name(names, other)}'s stake {dollars(stakes[other_key])} · table limit {dollars(challenge['cap'])}"))
            if mine_key == "mover":
                truth = view["known"][move["placed_at"]]
                if truth is not None:
                    lines.append(Text(f"Your chip shows {truth}; you announced {move['announced']}.", style="dim"))
            hint = ("←/→ choose · Enter confirm · c call · r raise by the minimum · "
                    + ("a admit" if mode == "respond" else "f fold"))
        else:
            loser = challenge.get("loser")
            lines.append(Text.assemble(("You won the exchange.", "bold"),
                                       f" Take the top card or one of {seat_name(names, loser)}'s cards:"))
            hint = "←/→ choose · Enter take it"
        lines.append(self._option_row(view, challenge))
        if self._amounts():
            hint += " · or type an amount"
            if self.typed:
                lines.append(Text(f"Typed: {dollars(int(self.typed))} · Enter to take it · Backspace to correct",
                                  style="bold"))
        lines.append(Text(hint, style="dim"))
        return Group(*lines)

    def _amounts(self) -> dict[int, int]:
        """Offered amounts (a challenge's stake, a raise's size) -> their option's index."""
        return {action.stake if isinstance(action, Challenge) else action.by: i  # type: ignore[attr-defined]
                for i, action in enumerate(self.options) if isinstance(action, (Challenge, Raise))}

    def _take_typed(self) -> None:
        """Enter after digits: the stake or raise of that amount, or why there is none."""
        amounts = self._amounts()
        wanted = int(self.typed)
        self.typed = ""
        if wanted in amounts:
            self.choose(self.options[amounts[wanted]])
            return
        offered = sorted(amounts)
        step = offered[1] - offered[0] if len(offered) > 1 else 0
        steps = f" in steps of {dollars(step)}" if step else ""
        self.notify(f"{dollars(wanted)} is not offered: from {dollars(offered[0])} to {dollars(offered[-1])}{steps}.",
                    severity="warning")
        self.refresh_panels()

    def _option_row(self, view: Mapping[str, Any], challenge: Mapping[str, Any]) -> Text:
        """The choices side by side; a long run of stakes or raises is one item, showing the
        amount under the cursor (or the range when the cursor is elsewhere)."""
        amounts = [i for i, a in enumerate(self.options) if isinstance(a, (Challenge, Raise))]
        squeeze = len(amounts) > 3
        row = Text()
        for i, action in enumerate(self.options):
            if squeeze and i in amounts:
                if i != amounts[0]:
                    continue
                if self.cursor in amounts:
                    label = f"◂ {self._option_label(self.options[self.cursor], view, challenge)} ▸"
                    selected = True
                else:
                    first = self._option_label(self.options[amounts[0]], view, challenge)
                    last = self._option_label(self.options[amounts[-1]], view, challenge)
                    label = f"{first} … {last.split(' ', 1)[-1]}"
                    selected = False
            else:
                label = self._option_label(action, view, challenge)
                selected = i == self.cursor
            row.append(f" {label} ", style="reverse" if selected else "")
            row.append(" ")
        return row

    def _option_label(self, action: Action, view: Mapping[str, Any], challenge: Mapping[str, Any]) -> str:
        letters = letters_of(view)
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Challenge):
            return f"challenge {dollars(action.stake)}"
        if isinstance(action, Admit):
            return "admit"
        if isinstance(action, Fold):
            return "fold"
        if isinstance(action, Call):
            return "call"
        if isinstance(action, Raise):
            stakes = challenge.get("stakes", {})
            other = stakes.get("challenger" if view["seat"] == view["mover"] else "mover", 0)
            return f"raise +{dollars(action.by)}→{dollars(other + action.by)}"
        if isinstance(action, TakeTop):
            top = view["top"]
            return f"top card {letters[top]} {view['symbols'][top]}" if top is not None else "top card"
        if isinstance(action, TakeCard):
            return f"their {letters[action.symbol]} {view['symbols'][action.symbol]}"
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
        if self.mode in ("announce", "place") and self.numbers and char.isdigit():
            event.stop()
            if int(char) in self.by_number:
                self._announce(int(char))
            return
        if self.mode in RING_MODES and char.isdigit() and char != "0":
            event.stop()
            index = int(char) - 1
            if index < len(self.extras):
                if self.pending_extra == index:
                    self.choose(self.extras[index])
                else:
                    self.pending_extra = index  # asked first: a reshuffle or a sale cannot be taken back
                    self.refresh_panels()
            return
        if self.mode in LIST_MODES and char.isdigit() and self._amounts():
            event.stop()
            if len(self.typed) < 9 and (self.typed or char != "0"):
                self.typed += char
                amounts = self._amounts()
                if int(self.typed) in amounts:
                    self.cursor = amounts[int(self.typed)]
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
                self.notify("That is not a choice now.", severity="warning")
