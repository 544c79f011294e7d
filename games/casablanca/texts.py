"""Casablanca's words: the phase names and statistics a view carries, the players' names,
and the fixed lines the engine says (a hint per phase, the move line written every turn)."""

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

STAT_KEYS = (
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
)

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
