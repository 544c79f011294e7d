"""Casablanca's table at 80x24: names cut short, who has seen which chip, and the challenge
prompt, all in view together."""

from __future__ import annotations

from rich.text import Text

from parlour.games.casablanca.panels import _cut, fit_names


def test_a_name_cut_at_a_space_keeps_no_space_before_the_ellipsis() -> None:
    """A playtest at 80x24 read "Dmitri …" for "Dmitri Ivanov" cut to eight cells, as if the
    ellipsis were a word of its own: the spaces before the ellipsis go."""
    assert _cut("Dmitri Ivanov", 8) == "Dmitri…"
    assert _cut("Dmitri Ivanov", 7) == "Dmitri…"
    assert _cut("Jo  Ann", 5) == "Jo…"
    assert _cut("Dmitri Ivanov", 9) == "Dmitri I…"
    assert _cut("Dmitri", 6) == "Dmitri"
    line = fit_names(["Dmitri Ivanov"], lambda n: Text(f"{n[0]} challenges! Table limit $1,300"), 39)
    assert line.plain == "Dmitri… challenges! Table limit $1,300", line.plain
