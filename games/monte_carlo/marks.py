"""How the Monte Carlo board marks the chips on a field: each in its seat's colour."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

#: each seat's colour, on the fields, the grid and the lines under the board
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan", "bold yellow")


def chips_mark(chips: Sequence[int], room: int) -> Text:
    """Chips as seat numbers (``113``); one player's pile as ``1x4`` once that is shorter
    than its digits, on every field alike (``1111`` fits a number field but not a
    column's label: the same pile read two ways); what does not fit ends in ``+``."""
    text = Text()
    if not chips:
        return Text("·", style="dim")
    pile = f"{chips[0] + 1}x{len(chips)}"
    if len(set(chips)) == 1 and len(pile) < len(chips) and len(pile) <= room:
        seat = chips[0]
        return Text(pile, style=SEAT_STYLES[seat % len(SEAT_STYLES)])
    shown = list(chips) if len(chips) <= room else list(chips[:room - 1])
    for seat in shown:
        text.append(str(seat + 1), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
    if len(shown) < len(chips):
        text.append("+")
    return text
