"""Casablanca's table at 80x24: names cut short, who has seen which chip, and the challenge
prompt, all in view together."""

from __future__ import annotations

import pytest
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


SEEN = {9: [1], 11: [1, 2], 14: [1], 10: [2], 15: [2], 12: [3]}  # field -> the other seats who saw its chip


def _seen_view(seen: dict[int, list[int]] = SEEN) -> dict:
    """Seat 0's view of the arranged table, the chips on ``seen``'s fields seen by its seats."""
    from cb_helpers import arranged

    view = dict(arranged().view(0))
    knowers = [[] for _ in view["knowers"]]
    chips = list(view["chips"])
    for f, seats in seen.items():
        knowers[f], chips[f] = seats, True
    view.update(knowers=knowers, chips=chips, public=[False] * len(chips), memory_aid=True)
    return view


def _compact_knowledge(view: dict, names: list[str], lang: str, width: int = 78) -> list[str]:
    from parlour.core.i18n import in_language
    from parlour.games.casablanca.panels import dot_lines, knowledge_text

    with in_language(lang):
        return dot_lines(knowledge_text(view, 2, names, compact=True, width=width), width).plain.splitlines()


@pytest.mark.parametrize("names", [["Ada", "Bea", "Cyd", "Dan"], ["Player 1", "Player 2", "Player 3", "Player 4"],
                                   ["Alexandrina", "Bartholomew", "Constantine", "Dorothea"]],
                         ids=["short", "numbered", "long"])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_who_has_seen_a_chip_takes_no_more_lines_in_german_or_french_than_in_english(lang: str,
                                                                                    names: list[str]) -> None:
    """A playtest at 80x24 in German read "Von Bea gesehen: 10, 12, 15 · Von Cyd gesehen: 11,
    12, 16" and "Von Dan gesehen: 13" on a third line where English took two: the compact list
    says "Seen by" once, then each other player with his fields, in every language, and German
    and French take no more lines than English at the panel's width (78 at 80 columns)."""
    view = _seen_view()
    english = _compact_knowledge(view, names, "en")
    lines = _compact_knowledge(view, names, lang)
    assert len(lines) <= len(english) <= 2, (english, lines)
    assert all(len(line) <= 78 for line in lines), lines
    text = "\n".join(lines)
    for seat, fields in ((1, "10, 12, 15"), (2, "11, 12, 16"), (3, "13")):
        assert any(name in text for name in (names[seat], names[seat][:4])) and fields in text, (seat, text)
