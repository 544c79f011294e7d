"""Markers to check that a screen keeps every secret: plant them where a game's secrets are,
show what a seat is shown, and look for them.

The label of every hidden choice (a sealed bid, say) can carry :data:`SECRET`, and the
text of every event meant for some seats only can say which (``«for 0,2»``)::

    from parlour.testing.secrets import SECRET, plant_secret_labels, mark_private_events, readers

    def test_nobody_sees_anothers_bid(monkeypatch):
        plant_secret_labels(monkeypatch, (Bid,))
        review = Review(GAME, record)
        mark_private_events(review.states)
        line = review.last_move(step, seat)
        assert SECRET not in line and all(seat in r for r in readers(line))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from parlour.core.game import Event, State

#: what the label of a hidden choice carries once :func:`plant_secret_labels` has run
SECRET = "«SECRET»"
_FOR = re.compile(r"«for ([0-9,]+)»")


def plant_secret_labels(monkeypatch: Any, hidden: Iterable[type]) -> None:
    """The ``label`` of each action class in ``hidden`` ends in :data:`SECRET` (its record
    ``text`` is untouched, so records still replay). ``monkeypatch``: pytest's, which puts
    the labels back after the test."""
    for cls in hidden:
        old = cls.label
        if isinstance(old, property):
            monkeypatch.setattr(cls, "label", property(lambda self, get=old.fget: f"{get(self)} {SECRET}"))
        else:
            monkeypatch.setattr(cls, "label", f"{old} {SECRET}")


def mark_private_events(states: Sequence[State]) -> int:
    """In each of ``states``, every event meant for some seats only says which, at its end
    (``«for 0,2»``); returns how many such events the last state holds."""

    def mark(event: Event) -> Event:
        if event.seats is None:
            return event
        return event._replace(text=f"{event.text} «for {','.join(map(str, sorted(event.seats)))}»")

    for state in states:
        state.events = [mark(e) for e in state.events]
    return sum(e.seats is not None for e in states[-1].events) if states else 0


def readers(text: str) -> list[set[int]]:
    """For each marked event in ``text``, the seats it was meant for."""
    return [{int(s) for s in found.split(",")} for found in _FOR.findall(text)]
