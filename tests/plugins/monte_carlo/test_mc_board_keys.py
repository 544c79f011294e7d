"""Monte Carlo betting from the keyboard (issue 24): a field's short name typed (or a unique
start of it, plus ``o`` for the other field of that name) reaches any field in at most three
keys, the hint line says what is being typed, and the arrows move in the direction pressed,
down a column rather than across the grid."""

from __future__ import annotations

import asyncio

import pytest
from mc_helpers import new
from test_mc_board import BoardApp, plain, synchronous

from parlour.games.monte_carlo.actions import bet_on
from parlour.games.monte_carlo.board import MonteCarloBoard
from parlour.games.monte_carlo.layout import SIZE
from parlour.games.monte_carlo.slots import board_lines, neighbour, short_label
from parlour.core.i18n import set_language


@pytest.fixture(autouse=True)
def _keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MonteCarloBoard, "decision_delay", 0.0)


def keys_for(target: str, fields: list[str]) -> list[str]:
    """The shortest start of the target's name that no other name shares (the whole name if
    it is one), then ``o`` for each field of that name before it on the board."""
    names = [short_label(f).lower() for f in fields]
    name = short_label(target).lower()
    for n in range(1, len(name) + 1):
        start = name[:n]
        if start == name or {m for m in names if m.startswith(start)} == {name}:
            break
    twins = [f for f in fields if short_label(f).lower() == name]
    return list(start) + ["o"] * twins.index(target)


#: the colour fields' names in each language (the board shows them, so players type them)
COLOUR_NAMES = {"en": ["Yel", "Blu", "Red", "Grn"], "de": ["Gel", "Bla", "Rot", "Grü"], "fr": ["Jau", "Ble", "Rou", "Ver"]}


def in_language(lang: str, check) -> None:  # noqa: ANN001 - an async function of the language
    """Run ``check(lang)`` with the app in ``lang``, English again afterwards."""
    set_language(lang)
    try:
        asyncio.run(check(lang))
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_field_is_at_most_three_keys_away_by_its_name(lang: str) -> None:
    """In every language: the names shown are the names typed, and none begins with a key
    the board binds (``s`` stop, ``l`` last game, ``o`` the other field, ``t`` a tile)."""
    in_language(lang, every_field_by_its_name)


async def every_field_by_its_name(lang: str) -> None:
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        board = app.board
        fields = list(board.slot_at)
        assert len(fields) == 60  # every field of the default rules
        assert [short_label(f) for f in ("yellow", "blue", "red", "green")] == COLOUR_NAMES[lang]
        assert not [name for name in board.names if name[0] in "slot"], board.names
        for target in fields:
            keys = keys_for(target, fields)
            assert len(keys) <= 3, (target, keys)
            away = "<" if short_label(target) == "X" else "x"  # from another field, not its twin
            await pilot.press(away, *keys)
            assert board.cursor_field == target, (target, keys, board.cursor_field)
        await pilot.press(*COLOUR_NAMES[lang][2][:2].lower())  # "re", "ro": the red field
        assert board.cursor_field == "red"
        assert plain(app).split("\n")[-1].split(" · ")[0].endswith(short_label("red")), plain(app)
        await pilot.press("enter")
        assert app.chosen == [bet_on("red")]


@synchronous
async def test_the_hint_line_shows_what_is_typed() -> None:
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        assert "type a name (C3): go there · enter: bet" in plain(app)
        await pilot.press("c")
        assert "go to: C_ (C1 C2 C3 C4 C5 C6) · enter: bet\n" in plain(app) + "\n"
        await pilot.press("3")
        assert app.board.cursor_field == "col3-top"
        assert "at C3 · o: the other C3 · type a name: go elsewhere · enter: bet" in plain(app)
        await pilot.press("o")
        assert app.board.cursor_field == "col3-bottom"
        await pilot.press("m")
        assert "go to: M_ (MY MB M12 M34 M56 MR MG)" in plain(app)
        assert max(len(line) for line in plain(app).splitlines()) <= 78, "fits an 80-column board"
        await pilot.press("right")
        assert "go to:" not in plain(app), "another key ends the typing"


@synchronous
async def test_after_o_the_hint_still_offers_the_other_field() -> None:
    """Playtest: after "m56" the hint read "at M56 · o: the other M56 · …"; after ``o`` it
    dropped "o: the other M56", though ``o`` still went back. It offers it on either field."""
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        board = app.board
        await pilot.press("m", "5", "6")
        first = board.cursor_field
        hint = "at M56 · o: the other M56 · type a name: go elsewhere · enter: bet"
        assert short_label(first) == "M56" and hint in plain(app)
        await pilot.press("o")
        assert board.cursor_field != first and short_label(board.cursor_field) == "M56"
        assert hint in plain(app), plain(app)
        await pilot.press("o")
        assert board.cursor_field == first and hint in plain(app), plain(app)
        await pilot.press("right")
        assert "o: the other" not in plain(app), "another key ends the typing"


#: the hint once a name led the cursor to a field: that it is there, and how to go elsewhere
AT = {"en": "at {}", "de": "hier: {}", "fr": "ici\u00a0: {}"}
OTHER = {"en": "o: the other {}", "de": "o: anderes {}", "fr": "o\u00a0: l’autre {}"}
ELSEWHERE = {"en": "type a name: go elsewhere", "de": "Namen tippen: anderswohin",
             "fr": "tapez un nom\u00a0: aller ailleurs"}


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_on_the_field_a_name_led_to_the_hint_says_the_cursor_is_there(lang: str) -> None:
    """Playtest: with the cursor on M56 after "m5" the hint read "go to: M56", as if it were
    still to go there. It says the cursor is there and how to go elsewhere; at 80 columns the
    key line breaks between its items (" · "), never inside one nor past the board's edge."""
    in_language(lang, on_the_field_a_name_led_to)


async def on_the_field_a_name_led_to(lang: str) -> None:
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(80, 40)) as pilot:
        board = app.board
        for keys, name, twin in ((("d", "1"), "D19", False), (("m", "5"), "M56", True)):
            await pilot.press("right", *keys)
            assert short_label(board.cursor_field) == name and board.typed == "".join(keys)
            going = [AT[lang].format(name), *([OTHER[lang].format(name)] if twin else []), ELSEWHERE[lang]]
            help_line = board._help()
            assert help_line.startswith(" · ".join(going) + " · "), help_line
            lines = plain(app).splitlines()
            shown = next((lines[-n:] for n in (1, 2, 3) if " · ".join(lines[-n:]) == help_line), None)
            assert shown is not None, f"the key line is not the hint, or broken inside an item:\n{plain(app)}"
            assert all(len(line) <= board.size.width - 2 for line in shown), shown


@synchronous
async def test_a_name_typed_again_goes_to_its_other_field_and_an_open_one_first() -> None:
    state = new(4, seed=3)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        board = app.board
        await pilot.press("x", "4")
        assert board.cursor_field == "n4-top"
        await pilot.press("4")
        assert board.cursor_field == "n4-bottom", "the same name again: its other field"
        for fid in ("n1-top", "n1-top", "n1-top", "n2-top"):
            state.apply(bet_on(fid))  # number 1 (top) is full
        app.present()
        await pilot.press("1")
        assert board.cursor_field == "n1-bottom", "the open field of that name first"


@synchronous
async def test_letters_of_a_name_are_not_taken_for_the_keys_bound_to_them() -> None:
    """``l`` shows the last game (``r`` begins Red and R1-R6 now); inside a name it is a letter."""
    state = new(4, seed=2)
    app = BoardApp(state, 0)
    async with app.run_test(size=(110, 50)) as pilot:
        board = app.board
        await pilot.press("y", "e", "l")
        assert board.cursor_field == "yellow" and board.typed == "yel" and not board.results
        await pilot.press("r", "1")
        assert board.cursor_field == "row1-left"
        assert board.check_action("toggle_results", ()) is not False
        bindings = {b.key: b.action for b in MonteCarloBoard.BINDINGS}
        assert bindings["l"] == "toggle_results" and "r" not in bindings


def test_the_arrows_go_down_a_column_and_across_a_row() -> None:
    """Up from Column 3 landed on Number 2; down from Number 6 went to D 3-7, Column 5, then
    Row 1 on the far side of the grid."""
    state = new(4, seed=2)
    board = MonteCarloBoard(__import__("parlour.games.monte_carlo", fromlist=["GAME"]).GAME, state.rules, ["A", "B", "C", "D"])
    lines = board_lines(set(board.slot_at))
    for c in range(1, SIZE + 1):
        assert neighbour(lines, f"col{c}-top", 0, 1) == f"col{c}-bottom"
        assert neighbour(lines, f"col{c}-bottom", 0, -1) == f"col{c}-top"
    for r in range(1, SIZE + 1):
        assert neighbour(lines, f"row{r}-left", 1, 0) == f"row{r}-right"
        assert neighbour(lines, f"row{r}-right", -1, 0) == f"row{r}-left"
        if r < SIZE:
            assert neighbour(lines, f"row{r}-left", 0, 1) == f"row{r + 1}-left"
            assert neighbour(lines, f"row{r}-right", 0, 1) == f"row{r + 1}-right"
    path = ["n6-top"]
    for _ in range(5):
        path.append(neighbour(lines, path[-1], 0, 1))
    assert path == ["n6-top", "d3-7", "col5-top", "col5-bottom", "diamond", "n6-bottom"]
    assert neighbour(lines, "col3-top", 0, -1) in ("n3-top", "n4-top", "d1-9")


@synchronous
async def test_the_line_about_the_field_under_the_cursor_is_not_cut_at_80_columns() -> None:
    """It ran off the board's edge: "... Chips: Anna 4 chips. Closed to all but"."""
    state = new(2, seed=3)
    app = BoardApp(state, 0)
    async with app.run_test(size=(80, 40)) as pilot:
        for fid in ("m-cols12", "n1-top", "m-cols12", "n1-top", "m-cols12", "n2-top"):
            state.apply(bet_on(fid))  # Anna's three chips close majority columns 1-2
        app.present()
        await pilot.press("m", "1", "o")
        await pilot.pause()
        assert app.board.cursor_field == "m-cols12"
        text = plain(app)
        assert "Closed to all but Anna." in " ".join(text.split())
        assert max(len(line) for line in text.splitlines()) <= app.board.size.width - 2, text  # inside the padding
