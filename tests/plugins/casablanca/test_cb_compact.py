"""Casablanca's table at 80x24: names cut short, who has seen which chip, and the challenge
prompt, all in view together."""

from __future__ import annotations

import pytest
from rich.text import Text

from parlour.games.casablanca.panels import fit_names
from parlour.textlines import cut


def test_a_name_cut_at_a_space_keeps_no_space_before_the_ellipsis() -> None:
    """A playtest at 80x24 read "Dmitri …" for "Dmitri Ivanov" cut to eight cells, as if the
    ellipsis were a word of its own: the spaces before the ellipsis go."""
    assert cut("Dmitri Ivanov", 8) == "Dmitri…"
    assert cut("Dmitri Ivanov", 7) == "Dmitri…"
    assert cut("Jo  Ann", 5) == "Jo…"
    assert cut("Dmitri Ivanov", 9) == "Dmitri I…"
    assert cut("Dmitri", 6) == "Dmitri"
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


#: fields (0-based) each other seat has seen, besides the chips the moves show: two lines of
#: "Seen by" at 80 columns in every language, with these names
LOOKED = {1: (3, 7, 11, 14, 22), 3: (4, 9, 12, 15, 22), 0: (3, 4, 7, 12, 14, 15)}
NAMES = ["Alexandrina", "Bartholomew", "Constantine", "Dorothea"]


def _a_challenge_to_decide(match) -> None:
    """Play ``match`` (seat 0 leads) to seat 2's decision whether to challenge seat 1's move,
    the other seats having seen ``LOOKED``'s chips."""
    from parlour.games.casablanca.actions import Announce, Pick, PlaceFigure

    state = match.state
    while state.phase == "figure":
        match.play(next(a for a in state.legal_actions() if isinstance(a, PlaceFigure)))
    match.play(next(a for a in state.legal_actions() if isinstance(a, Pick)))
    match.play(next(a for a in state.legal_actions() if isinstance(a, Announce)))
    assert state.phase == "commit" and state.to_move == 2, (state.phase, state.to_move)
    for seat, fields in LOOKED.items():
        for f in fields:
            assert state.chips[f] >= 0 and f != state.placed_at, f
            state.masks[f] |= 1 << seat


@pytest.mark.parametrize("lang, typed", [("en", False), ("de", False), ("fr", False), ("en", True), ("de", True)])
def test_at_80x24_who_has_seen_which_chip_is_in_view_while_deciding_to_challenge(tmp_path, monkeypatch, lang: str,
                                                                                typed: bool) -> None:
    """A playtest at 80x24: deciding whether to challenge, the player could not see "Seen by"
    (who has looked at which chip, just what he needs then): the prompt's six lines left the
    table room for one line of it, the second under the fold. The compact prompt says the
    move, whether he believes it (nobody learns his answer), the choices and the keys in five
    lines, so two lines of "Seen by" stay in view with the ring and the players, in every
    language; nothing of the decision goes. An amount typed takes the keys' line (a line more
    put the second line of "Seen by" under the fold again while the player typed)."""
    import asyncio

    from cb_helpers import open_table, rules
    from parlour.core.i18n import in_language
    from parlour.core.record import HUMAN, Seat
    from parlour.core.registry import Registry
    from parlour.core.saves import SaveFolder
    from parlour.core.seating import start_match
    from parlour.games.casablanca import GAME
    from parlour.games.casablanca.board import CasablancaBoard
    from parlour.games.casablanca.texts import _ as words
    from parlour.games.casablanca.texts import dollars
    from parlour.testing.boards import screen_text, wait_for
    from parlour.tui.app import ParlourApp

    from parlour.tui.board import Board

    for board_class in (Board, CasablancaBoard):  # keys count at once: no pause after a decision shows
        monkeypatch.setattr(board_class, "decision_delay", 0.0)
    registry = Registry()
    registry.add("casablanca", "tests", lambda: GAME)
    seats = [Seat(name, HUMAN if seat == 2 else "random") for seat, name in enumerate(NAMES)]
    match = start_match(GAME, rules(), 5, seats)
    _a_challenge_to_decide(match)
    view = match.state.view(2)
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, language=lang)

    async def scenario() -> tuple[str, int, bool]:
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(app, pilot, match, tmp_path / "cb.json", 2)
            board = app.screen.query_one(CasablancaBoard)
            know = board.query_one("#cb-know")
            await wait_for(pilot, lambda: board.has_class("-compact") and know.region.height > 0)
            if typed:
                board.focus()
                await wait_for(pilot, lambda: app.focused is board and bool(board.options))
                await pilot.press("3", "0", "0")
                await wait_for(pilot, lambda: board.typed == "300")
            await pilot.pause()
            in_view = board.query_one("#cb-scroll").region.contains_region(know.region)
            return screen_text(app), know.region.height, in_view

    shown, height, in_view = asyncio.run(scenario())
    assert height == 3, f"two lines of 'Seen by' after what you know:\n{shown}"
    assert in_view, f"'Seen by' below the fold:\n{shown}"
    lines = shown.splitlines()
    with in_language(lang):
        for seat in (0, 1, 3):
            fields = ", ".join(str(f + 1) for f, knowers in enumerate(view["knowers"])
                               if seat in knowers and view["chips"][f] and not view["public"][f])
            assert any(f"{NAMES[seat]}" in line and fields in line for line in lines) or any(
                f"{NAMES[seat][:4]}" in line and fields in line for line in lines), (seat, fields, shown)
        keys = words("←/→ choose · Enter confirm · p pass · c challenge at the minimum").split(" · ")
        question = words("Do you believe it? Nobody learns your answer, only the outcome.")
        if typed:
            keys = [words("Typed: stake {}").format(dollars(300))] + words("Enter to take it · Backspace to correct").split(" · ")
        else:
            keys.append(words("or type an amount"))
        for needed in [words("pass"), question] + keys:
            assert " ".join(needed.split()) in " ".join(shown.split()), (needed, shown)
        assert any(line.strip().startswith(NAMES[1]) and str(view["move"]["announced"]) in line for line in lines[16:])
