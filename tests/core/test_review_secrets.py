"""The review keeps every secret (issue 24): whatever it shows a seat of a game — the line
about the last move, the log, the scores by stage, the view — comes from what that seat was
shown at the time, never from the record's text of another seat's move.

Markers are planted where the secrets are: in the label of every hidden choice (a sealed bid,
a challenge or a let-it-pass), and in the text of every event meant for some seats only (a
hand of tiles, a chip looked at, one's own bid). Whole games between three seats are then
reviewed from every seat and from an onlooker's chair, every step."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.banque_fatale.actions import Bid, Pick, Sell, Take
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.casablanca import actions as cb
from parlour.games.monte_carlo import GAME as MONTE
from parlour.games.monte_carlo import actions as mc
from parlour.core.record import Record, Seat
from parlour.core.review import Review, seen_scores
from parlour.core.rulesets import load_ruleset
from parlour.core.seating import start_match
from parlour.testing.secrets import SECRET, mark_private_events, plant_secret_labels, readers

SEATS: tuple[int | None, ...] = (0, 1, 2, None)


def finished(game: Any, seed: int, variants: tuple[str, ...] = ()) -> Record:
    rules = load_ruleset(game).resolve(variants)
    match = start_match(game, rules, seed, [Seat(f"P{i}", "random") for i in range(3)], variants)
    match.play_out()
    return match.record


def everything_shown(review: Review, step: int, seat: int | None) -> tuple[str, str]:
    """The last-move line, and all else the review shows ``seat`` at ``step`` as text."""
    state = review.states[step]
    rest = [e.text for e in state.events_for(seat)]
    rest += [f"{row.stage} {row.scores}" for row in review.history(seat)]
    rest.append(json.dumps(state.view(seat)))
    return review.last_move(step, seat), "\n".join(rest)


GAMES = [
    # game, variants, the hidden choices, the public moves (each logs what it did)
    pytest.param(BANQUE, (), (Bid,), (Pick, Take, Sell), id="bf_r2-sealed-bids"),
    pytest.param(BANQUE, ("closed-screens",), (Bid,), (Pick, Take, Sell), id="bf_r2-closed-screens"),
    pytest.param(CASABLANCA, (), (cb.Challenge, cb.Pass), (cb.PlaceFigure, cb.Announce, cb.Raise, cb.Admit,
                                                          cb.Call, cb.Fold), id="cb_t3-secret-commits"),
    pytest.param(MONTE, (), (), (mc.Bet, mc.Lay, mc.Stop, mc.Pass), id="mc_c2-secret-tiles"),
]


@pytest.mark.parametrize("game, variants, hidden, public", GAMES)
@pytest.mark.parametrize("seed", [3, 11])
def test_no_review_text_shows_a_seat_what_it_could_not_see(monkeypatch, game, variants, hidden, public,
                                                           seed) -> None:
    plant_secret_labels(monkeypatch, hidden)
    record = finished(game, seed, variants)
    review = Review(game, record)
    assert mark_private_events(review.states) > 0
    own_secrets = 0
    named = 0
    for step in range(review.last + 1):
        before = review.states[step - 1] if step else None
        action = game.legal_action(before.clone(), record.actions[step - 1]) if before else None
        mover = before.to_move if before else None
        for seat in SEATS:
            line, rest = everything_shown(review, step, seat)
            where = f"step {step} as seat {seat}: {line!r}"
            for shown in (line, rest):
                for meant_for in readers(shown):
                    assert seat in meant_for, f"{where}: another's event"
            assert SECRET not in rest, where
            if isinstance(action, hidden) and seat == mover:
                assert SECRET in line, f"{where}: the mover's own choice, in full"
                own_secrets += 1
            else:
                assert SECRET not in line, where
            if isinstance(action, public) and seat != mover:
                seen = review.seen_of_move(step, seat)
                assert seen and seen[0].text in line, f"{where}: a public move is named"
                named += 1
    assert named > 0
    assert own_secrets > 0 or not hidden, "the test saw no hidden choice: it proves nothing"


def test_bf_r2_a_sealed_bid_reads_as_who_bid_to_the_others() -> None:
    """The issue's own case: move 3 as another seat saw it says who bid, not what."""
    record = finished(BANQUE, 5)
    review = Review(BANQUE, record)
    step = next(s for s in range(1, review.last + 1) if record.actions[s - 1].startswith("bid")
                and not review.seen_of_move(s, None)[1:])  # a bid before the reveal
    mover = review.states[step - 1].to_move
    other = (mover + 1) % 3
    played = record.actions[step - 1]
    assert review.last_move(step, other) == f"After Player {mover + 1}'s move: Player {mover + 1} has bid"
    assert played.split(" ", 1)[1] not in review.last_move(step, other)
    assert review.last_move(step, mover).startswith(f"Last move, Player {mover + 1}'s: bid ")


def test_bf_closed_screens_scores_by_round_hide_the_others_until_the_end() -> None:
    """Behind closed screens a seat is shown only its own score until the game is over:
    so are the scores after each round in the review and on the results screen."""
    record = finished(BANQUE, 5, ("closed-screens",))
    review = Review(BANQUE, record)
    rows = review.history(1)
    assert len(rows) > 2
    for row in rows[:-1]:
        assert row.scores[1] is not None and row.scores[0] is None and row.scores[2] is None
    assert rows[-1].scores == review.states[-1].scores()
    assert all(s is None for row in review.history(None)[:-1] for s in row.scores)
    assert seen_scores(review.states[rows[0].step], 0)[0] == review.states[rows[0].step].scores()[0]
