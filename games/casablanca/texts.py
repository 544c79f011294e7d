"""Casablanca's words: the phase names and statistics a view carries (and how the public
record is counted), the players' names, and the fixed lines the engine says (a hint per
phase, the move line written every turn)."""

from __future__ import annotations

from parlour.core.game import seat_label

FIGURE = "figure"
TURN = "turn"
ANNOUNCE = "announce"
COMMIT = "commit"
RESPOND = "respond"
EXCHANGE = "exchange"
CLAIM = "claim"
OVER = "over"

PLAYER = [seat_label(seat) for seat in range(16)]

STAT_KEYS = (  # public counts per seat, over the whole match (every round so far)
    "moves",               # turns completed as mover
    "landing",             # announcements that reached the top card's symbol
    "challenged_landing",  # ...of those, challenged
    "challenged_other",    # other announcements challenged
    "admits",
    "shown_true",          # announcement turned over in a call: true
    "shown_false",         # ...false
    "mover_raises",        # exchanges in which the mover raised
    "raise_shown_false",   # ...and the chip, turned over, proved a lie
    "mover_folds",
    "truths_landing",      # announcements shown true in a call, that had reached the top symbol
    "lies_landing",        # ...shown false or admitted
    "truths_other",        # the same for announcements that had not
    "lies_other",
    "challenges",          # challenges made that counted
    "challenges_won",
    "challenger_folds",
    "asked_landing",       # landing claims this seat's answer to is public (it challenged, or passed before one who did)
    "doubted_landing",     # ...of those, challenged (and counted)
    "asked_other",         # the same for claims that did not land
    "doubted_other",
    "raises_faced",        # a challenger's answers to a mover who had raised
    "raise_folds",         # ...of those, folds
)

def count_doubts(stats: list[dict[str, int]], order: list[int], challenger: int, landing: bool) -> None:
    """The commits whose answer is public: the challenger's and those of the seats asked
    before him (they passed); every seat's when nobody challenged."""
    for s in order[: order.index(challenger) + 1 if challenger >= 0 else len(order)]:
        stats[s]["asked_landing" if landing else "asked_other"] += 1
        stats[s]["doubted_landing" if landing else "doubted_other"] += s == challenger


def count_answer(stats: list[dict[str, int]], seat: int, challenger: int, behind: int, fold: bool) -> None:
    """A challenger's answer (``fold`` or not) when the mover's stake is ``behind`` above his."""
    if seat == challenger and behind > 0:
        stats[seat]["raises_faced"] += 1
        stats[seat]["raise_folds"] += fold


#: what a player must do in each phase: the reason an action that does not fit is refused
PHASE_HINTS = {
    FIGURE: "every player must first put a figure on the ring",
    TURN: "pick up a chip from the ring first",
    ANNOUNCE: "announce a number and put the chip down on a free field first",
    COMMIT: "challenge with a stake, or let it pass",
    RESPOND: "admit, call or raise",
    EXCHANGE: "fold, call or raise",
    CLAIM: "take the top card or one of the loser's cards",
}

#: the log line of a move (picked up, announced, put down, moved), a template for str.format
MOVE_LINE = ("{} picks up the chip on field {}, announces {}, puts the chip face down on field {} and moves to "
             "field {} ({}).")
