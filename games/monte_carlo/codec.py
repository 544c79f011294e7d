"""Monte Carlo's action numbering (for OpenSpiel and other tools that number actions).

In order: a bet on each betting field of the ruleset (in the order the table lists them),
stop, pass, and a lay of each digit on each cell (digit first, cells row by row).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.monte_carlo.actions import PASS, STOP, Bet, Lay
from parlour.games.monte_carlo.layout import CELLS, DIGITS, cell_name, fields_for
from parlour.core.codec import ActionCodec, Fixed, Phrase


def action_codec(rules: Mapping[str, Any]) -> ActionCodec:
    return ActionCodec([
        Phrase(Bet.word, [f.id for f in fields_for(rules)]), Fixed(STOP.text), Fixed(PASS.text),
        Phrase(Lay.word, range(DIGITS[0], DIGITS[-1] + 1), [cell_name(c) for c in range(CELLS)]),
    ])
