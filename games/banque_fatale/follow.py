"""Bids that follow the table's: a player who bids one more than the most anyone bid lately.

Kept apart from the searching player's knowledge because the state counts it too, for the
habits a computer remembers a person by (``State.habits``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

#: a seat may follow the most another seat bid in this many of the last auctions revealed
FOLLOW_BACK = 2


def recent_top(totals: Sequence[Sequence[int]], seat: int) -> int | None:
    """The most any seat but ``seat`` bid in the last :data:`FOLLOW_BACK` of the auctions
    whose bid totals are ``totals`` (latest last); ``None`` before the first."""
    if not totals:
        return None
    return max((t for row in totals[-FOLLOW_BACK:] for s, t in enumerate(row) if s != seat), default=0)


def followed(seat: int, rows: Sequence[tuple[Sequence[int], Sequence[int]]]) -> Iterator[tuple[int, int, int]]:
    """``seat``'s bids that can show whether it follows the recent top, from the auctions'
    ``(totals, held)`` (oldest first): ``(index, total, total - recent top)``, the auction's
    index in ``rows``. A bid of nothing, one of all it held (it wanted at least that much)
    and the first auction's (no top yet) say nothing of it."""
    for i, (totals, held) in enumerate(rows):
        total = totals[seat]
        if i and 0 < total < held[seat]:
            top = recent_top([row[0] for row in rows[max(0, i - FOLLOW_BACK):i]], seat)
            assert top is not None
            yield i, total, total - top
