"""The last game's result as the board words it: the fields won with what each paid, the
fields lost, and the chips on a field. Plain functions of the view's data, the board's seat
names and its width, so the board module keeps to the drawing and the keys."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from parlour.games.monte_carlo.words import _, field_title, ngettext

#: a seat's name as the board shows it
SeatName = Callable[[int], str]


def paid(what: int | str) -> str:
    """What a won field paid (an amount, or amounts to players), stake included, as its odds
    say ("pays 3 for 1": 2 chips are paid 6): said "paid", since a bare "+6" read as a gain
    beside the log's "receives 6 (net +4)"."""
    return _("(paid {})").format(what)


def chips_text(chips: Sequence[int], payout: Sequence[int] | None, seat_name: SeatName) -> str:
    """Who has how many chips on a field, and what each was paid when it was won."""
    counts: dict[int, int] = {}
    for seat in chips:
        counts[seat] = counts.get(seat, 0) + 1
    parts = []
    for seat, n in counts.items():
        part = f"{seat_name(seat)} " + ngettext("{} chip", "{} chips", n).format(n)
        if payout is not None:
            part += " " + paid(payout[seat])
        parts.append(part)
    return _("Chips: {}.").format(", ".join(parts))


def results_summary(last: Mapping[str, Any], keys: bool = True) -> Text:
    """The last game's result in one line: how many fields were won and lost (and, with
    ``keys``, that the arrows show each: not in a review, whose arrows step through the game)."""
    won = sum(1 for r in last["fields"] if r["won"])
    counted = (ngettext("{won} field won ✓, {lost} lost ✗ (arrows: each field)",
                        "{won} fields won ✓, {lost} lost ✗ (arrows: each field)", won) if keys else
               ngettext("{won} field won ✓, {lost} lost ✗", "{won} fields won ✓, {lost} lost ✗", won))
    return Text(_("Game {}:").format(last["game"]) + " ", style="bold") + Text(
        counted.format(won=won, lost=len(last["fields"]) - won) if last["fields"] else _("nobody bet."))


def results_lines(last: Mapping[str, Any], full: bool, seat_name: SeatName, width: int,
                  wrapped: Callable[[Text], Text]) -> Text:
    """The fields won, then (on a line of their own) the fields lost, broken into lines
    ``width`` wide between fields: a field with its payouts is never split (``wrapped``
    breaks a line longer than that)."""
    won, lost = [r for r in last["fields"] if r["won"]], [r for r in last["fields"] if not r["won"]]
    head = Text(_("Game {}:").format(last["game"]) + " ", style="bold")
    if not last["fields"]:
        return head + Text(_("nobody bet."))
    lines: list[Text] = []
    if won:
        items = [Text(f"✓ {field_title(r['field'])} " + paid(", ".join(
            _("{chips} to {name}").format(chips=n, name=seat_name(seat)) for seat, n in enumerate(r["payout"]) if n)))
            for r in won]
        lines += _items(head + Text(_("won") + " ", style="bold green"), items, ".", width, wrapped)
    if lost:
        shown = lost if full else lost[:4]
        items = [Text(f"✗ {field_title(r['field'])}") for r in shown]
        if len(shown) < len(lost):
            items.append(Text(_("and {} more (l shows them all)").format(len(lost) - len(shown))))
        lines += _items((Text() if won else head) + Text(_("lost") + " ", style="bold red"), items, ".", width, wrapped)
    return Text("\n").join(lines)


def _items(head: Text, items: list[Text], end: str, width: int, wrapped: Callable[[Text], Text]) -> list[Text]:
    """``head`` then ``items`` separated by commas, in lines no wider than ``width``."""
    lines = [head.copy()]
    for i, item in enumerate(items):
        item = item + Text(end if i == len(items) - 1 else ",")
        if lines[-1].plain.strip() and lines[-1].cell_len + 1 + item.cell_len > width:
            lines.append(Text(" "))
        elif lines[-1].plain and not lines[-1].plain.endswith(" "):
            lines[-1].append(" ")
        lines[-1].append_text(item)
    return [wrapped(line) for line in lines]
