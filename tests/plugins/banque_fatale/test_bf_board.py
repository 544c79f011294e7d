"""The Banque Fatale board in a bare Textual app: views in, keys pressed, actions out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from bf_helpers import LETTERS, arrange, auction, counts, deal, play_random, rules
from parlour.games.banque_fatale import GAME
from parlour.games.banque_fatale.board import BanqueFataleBoard
from parlour.games.banque_fatale.actions import Bid, Keep, Pick, Sell, Take
from parlour.games.banque_fatale.state import DRAFT, SALE
from parlour.core.game import Action
from parlour.testing.boards import BoardHost, ManualClock, TableHost, panel_text, wait_for

NAMES = ["Ada", "Bea", "Cyd", "Dan"]


@pytest.fixture(autouse=True)
def _keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board takes keys at once here; the tests of the pause set their own."""
    monkeypatch.setattr(BanqueFataleBoard, "decision_delay", 0.0)


PANELS = ("bf-head", "bf-chart", "bf-offer", "bf-players", "bf-last", "bf-decision")


def run_board(state, seat: int, keys: Sequence[str], variants: Sequence[str] = (), legal: bool = True,
              wait: bool = True):
    """Show ``state`` to ``seat``, press ``keys``; the actions posted and the app's texts.
    With ``wait`` (and ``legal``), wait until the keys have chosen something."""

    async def scenario() -> tuple[list[Action], dict[str, str]]:
        app = BoardHost(BanqueFataleBoard, GAME, rules(*variants), NAMES)
        async with app.run_test(size=(110, 60)) as pilot:
            await wait_for(pilot, lambda: bool(app.query(BanqueFataleBoard)))
            app.board.show(state.view(seat), list(state.legal_actions()) if legal else None)
            app.board.focus()
            await wait_for(pilot, lambda: app.focused is app.board)
            await pilot.press(*keys)
            if keys and legal and wait:
                await wait_for(pilot, lambda: bool(app.chosen))
            await pilot.pause()
            texts = {name: panel_text(app.board.query_one(f"#{name}")) for name in PANELS}
            return list(app.chosen), texts

    return asyncio.run(scenario())


def test_board_picks_a_card_with_arrows_and_enter() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    chosen, texts = run_board(state, 0, ["right", "right", "enter"])
    assert chosen == [Pick("GO")]
    assert "[RG]" in texts["bf-decision"] and "Choose the card" in texts["bf-decision"]
    chosen, _ = run_board(state, 0, ["2", "enter"])
    assert chosen == [Pick("YB")]


def test_board_ignores_digits_of_other_scripts() -> None:
    """Issue 25: "²" (AltGr+2 on some keyboards) passes ``isdigit`` but not ``int``."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    chosen, _ = run_board(state, 0, ["²", "٢", "2", "enter"])
    assert chosen == [Pick("YB")]


def test_board_builds_a_bid_with_keys_and_shows_the_total() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    # red is the first row: two more; then down to yellow, one more; g adds a green; minus one red
    chosen, texts = run_board(state, 0, ["right", "right", "right", "down", "right", "g", "up", "up", "minus",
                                         "enter"])
    assert chosen == [Bid(counts("RYG"), LETTERS)], "red capped at the 2 held, less one"
    assert "Total: 3 jetons" in texts["bf-decision"]


def test_board_clears_a_bid_and_bids_nothing_on_a_second_enter() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    chosen, _ = run_board(state, 0, ["r", "o", "0", "enter", "enter"])
    assert chosen == [Bid(counts(""), LETTERS)]


def test_board_asks_before_bidding_nothing() -> None:
    """One Enter on an empty bid only asks; a jeton added then drops the question."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    chosen, texts = run_board(state, 0, ["enter"], legal=True, wait=False)
    assert chosen == []
    assert "Bid nothing? Enter again to confirm" in texts["bf-decision"]
    chosen, texts = run_board(state, 0, ["enter", "r", "enter"])
    assert chosen == [Bid(counts("R"), LETTERS)]


def test_board_a_doubled_key_does_not_answer_the_next_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bea takes a red jeton with a doubled r; the second r must not take one for Cyd too,
    although red is still in the pool. After the pause Cyd's own r counts."""
    delay = 0.8
    monkeypatch.setattr(BanqueFataleBoard, "decision_delay", delay)
    clock = ManualClock()  # the pause ends when the test says, not when a busy machine gets there
    monkeypatch.setattr(BanqueFataleBoard, "clock", clock)
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "RR", 1: "Y", 2: "G"})
    assert state.phase == DRAFT and state.to_move == 1 and state.pool[0] == 2
    cyd_red = state.jetons[2][0]

    async def scenario() -> None:
        app = TableHost(BanqueFataleBoard, GAME, state, NAMES)
        async with app.run_test(size=(110, 60)) as pilot:
            clock.advance(delay)
            await pilot.press("r", "r")
            await wait_for(pilot, lambda: bool(app.chosen))
            await pilot.pause()
            assert app.chosen == [Take("R")]
            assert state.to_move == 2 and state.pool[0] == 1 and state.jetons[2][0] == cyd_red
            await pilot.press("enter", "left")
            await pilot.pause()
            assert app.chosen == [Take("R")], "nothing counts during the pause"
            clock.advance(delay)
            await pilot.press("r")
            await wait_for(pilot, lambda: len(app.chosen) == 2)
            assert app.chosen == [Take("R"), Take("R")] and state.jetons[2][0] == cyd_red + 1

    asyncio.run(scenario())


def test_board_a_letter_typed_before_the_draft_appeared_takes_nothing() -> None:
    """Playtest (Monte Carlo's, and here the same): a colour's letter typed while others
    moved, read only once the player's pick from the pool was up, took that jeton at once.
    Stamped before the decision appeared, it is dropped; a letter typed afterwards counts."""
    from textual import events

    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GB"})
    assert state.phase == DRAFT and state.to_move == 2

    async def scenario() -> None:
        app = BoardHost(BanqueFataleBoard, GAME, rules(), NAMES)
        async with app.run_test(size=(110, 60)) as pilot:
            await wait_for(pilot, lambda: bool(app.query(BanqueFataleBoard)))
            app.board.show(state.view(2), None)  # someone else decides
            app.board.focus()
            typed_ahead = events.Key("b", "b")  # typed now, read below
            app.board.show(state.view(2), list(state.legal_actions()))
            app.post_message(typed_ahead)
            await wait_for(pilot, lambda: typed_ahead._stop_propagation)
            await pilot.pause()
            assert app.chosen == [], "the letter typed ahead took a jeton"
            await pilot.press("b")
            await wait_for(pilot, lambda: bool(app.chosen))
            assert app.chosen == [Take("B")]

    asyncio.run(scenario())


def test_board_takes_from_the_pool_by_letter_or_arrows() -> None:
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GB"})
    assert state.phase == DRAFT and state.to_move == 2
    chosen, texts = run_board(state, 2, ["b"])
    assert chosen == [Take("B")]
    assert "pool" in texts["bf-decision"]
    # a playtest read '←/→ or the colour's letter · Enter takes it', typed o and Enter, and the
    # Enter (the letter had taken the jeton) answered the sale that came next
    assert "a colour's letter takes one at once" in texts["bf-decision"]
    chosen, _ = run_board(state, 2, ["right", "enter"])
    assert chosen == [Take("Y")], "the pool's colours in chart order: R, Y, G, B"


def test_board_says_why_a_letter_not_in_the_pool_takes_nothing() -> None:
    """Issue 12: a colour's letter that is not in the pool was ignored silently."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GB"})
    assert "O" not in {a.colour for a in state.legal_actions()}

    async def scenario() -> tuple[list[Action], list[str]]:
        app = BoardHost(BanqueFataleBoard, GAME, rules(), NAMES)
        async with app.run_test(size=(110, 60), notifications=True) as pilot:
            await wait_for(pilot, lambda: bool(app.query(BanqueFataleBoard)))
            app.board.show(state.view(2), list(state.legal_actions()))
            app.board.focus()
            await wait_for(pilot, lambda: app.focused is app.board)
            await pilot.press("o")
            await wait_for(pilot, lambda: bool(app._notifications))
            return list(app.chosen), [str(n.message) for n in app._notifications]

    chosen, messages = asyncio.run(scenario())
    assert chosen == [] and messages == ["The pool has no O jetons left"]


def test_board_sells_or_keeps() -> None:
    state = arrange(deal(), start=0, chart={"R": 7, "G": 9}, display=["YB", "BO", "YO"],
                    cards=[["RG", "O"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {0: "RRGG", 1: "YYB", 2: "BBO", 3: "OO"})
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
    assert state.phase == SALE
    chosen, texts = run_board(state, 0, ["enter"])
    assert chosen == [Keep()], "Enter alone keeps: a sale cannot be taken back"
    assert "[RG]=16" in texts["bf-decision"]
    chosen, _ = run_board(state, 0, ["k"])
    assert chosen == [Keep()]
    chosen, _ = run_board(state, 0, ["left", "left", "enter", "enter"])
    assert chosen == [Sell("RG")]
    chosen, _ = run_board(state, 0, ["1", "enter", "enter"])
    assert chosen == [Sell("RG")]


def test_board_asks_before_selling() -> None:
    """Issue 12: Enter at the sale prompt sold at once; now the cursor starts on keeping and a
    sale takes a second Enter, after the board says what it sells for how much."""
    state = arrange(deal(), start=0, chart={"R": 7, "G": 9}, display=["YB", "BO", "YO"],
                    cards=[["RG", "O"], ["Y"], ["G"], ["B"]])
    auction(state, "YB", {0: "RRGG", 1: "YYB", 2: "BBO", 3: "OO"})
    while state.phase == DRAFT:
        state.apply(state.legal_actions()[0])
    chosen, texts = run_board(state, 0, ["1", "enter"], wait=False)
    assert chosen == []
    assert "Sell RG for 16 million? Enter again to confirm" in texts["bf-decision"]
    chosen, texts = run_board(state, 0, ["1", "enter", "right"], wait=False)
    assert chosen == [] and "Enter again" not in texts["bf-decision"], "moving on forgets the question"


def test_board_shows_the_table_and_the_revealed_bids_side_by_side() -> None:
    state = arrange(deal(), start=0, chart={"R": 9}, display=["YB", "GO", "BO"],
                    cards=[["RR", "RG"], ["Y"], ["G"], ["B"]], cash=[0, 3, 0, 0])
    auction(state, "YB", {0: "RR", 1: "RY", 2: "G"})
    chosen, texts = run_board(state, 1, [], legal=False)
    assert chosen == []
    assert "round 1 of 12" in texts["bf-head"] and "start player Ada" in texts["bf-head"]
    for letter, name in zip(LETTERS, ["red", "yellow", "green", "blue", "orange"]):
        assert f"{letter} {name}" in texts["bf-chart"], "every colour carries its letter"
    assert "9→11" in texts["bf-chart"] and "paid, back to 6" in texts["bf-chart"]
    assert "pile: 8 face down" in texts["bf-offer"]
    last = texts["bf-last"]
    assert "★ Ada" in last and "Bea" in last and "Cyd" in last and "Dan" in last
    assert "2 jetons" in last and "R2" in last and "R1 Y1" in last
    assert "Ada 15M (3R)" in last
    assert "15M" in texts["bf-players"] and "3M" in texts["bf-players"]
    assert "Waiting for" in texts["bf-decision"]


def test_board_hides_others_cash_and_jetons_behind_closed_screens_and_pending_bids() -> None:
    state = arrange(deal(variants=["closed-screens"]), start=0, display=["RG", "YB", "GO"], cash=[5, 6, 7, 8])
    state.apply(Pick("RG"))
    state.apply(Bid(counts("RRG"), LETTERS))
    _, texts = run_board(state, 1, [], variants=["closed-screens"])
    players = texts["bf-players"]
    assert "6M" in players and "5M" not in players and "hidden" in players
    assert "bid ✓" in players
    assert "R2" not in texts["bf-decision"] and "RRG" not in str(texts)
    _, texts = run_board(state, 0, [], variants=["closed-screens"], legal=False)
    assert "your sealed bid: R2 G1" in texts["bf-decision"]


@pytest.mark.parametrize(("lang", "done", "to_bid"), [("en", "bid ✓", "to bid"), ("de", "Gebot ✓", "bietet"),
                                                      ("fr", "misé ✓", "à miser")])
def test_board_says_in_words_which_seats_are_still_to_bid(lang: str, done: str, to_bid: str) -> None:
    """Playtest: a seat yet to bid showed a bare dim "…" beside the others' "bid ✓", which a
    player could not read; it says so in a word, whether a person or a computer bids for it."""
    from parlour.core.i18n import set_language

    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    state.apply(Pick("RG"))
    state.apply(Bid(counts("R"), LETTERS))
    set_language(lang)
    try:
        _, texts = run_board(state, 1, [])
    finally:
        set_language("en")
    rows = {name: next(line for line in texts["bf-players"].splitlines() if f" {name} " in line) for name in NAMES}
    assert rows["Ada"].rstrip().endswith(done), rows
    assert all(rows[name].rstrip().endswith(to_bid) for name in NAMES[1:]), rows
    assert "…" not in texts["bf-players"]


def test_board_shows_a_finished_game() -> None:
    state = play_random(deal(seed=5), 5)
    _, texts = run_board(state, 0, [], legal=False)
    assert "Game over" in texts["bf-decision"] and "game over" in texts["bf-head"]
    scores = state.scores()
    assert f"{NAMES[0]}: {scores[0]:g} million" in texts["bf-decision"]
    assert ".0 " not in texts["bf-decision"] and not texts["bf-decision"].rstrip().endswith(".0")  # not "85.0"


@pytest.mark.parametrize("system", ["TRUECOLOR", "EIGHT_BIT", "STANDARD"])
def test_board_colours_differ_in_every_colour_system(system: str) -> None:
    """Issue 12: yellow and orange looked the same in 256-colour terminals, and blue purple."""
    from rich.color import ColorSystem, ColorType
    from rich.style import Style

    from parlour.games.banque_fatale.board import STYLES

    colours = [Style.parse(STYLES[letter]).color for letter in LETTERS]
    assert all(c is not None and c.type == ColorType.TRUECOLOR for c in colours), \
        "exact colours: a named one is drawn by the terminal's theme (its yellow may be orange)"
    shown = [c.downgrade(getattr(ColorSystem, system)) for c in colours if c is not None]
    assert len({c.number if c.number is not None else c.triplet for c in shown}) == len(LETTERS)


def test_board_enter_after_a_letter_the_pool_lacks_takes_nothing() -> None:
    """Issue 24: after ``o`` (no orange in the pool) Enter took the colour under the cursor."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GB"})
    assert "O" not in {a.colour for a in state.legal_actions()}
    chosen, texts = run_board(state, 2, ["o", "enter"], wait=False)
    assert chosen == []
    assert "The pool has no O jetons: choose one it has" in texts["bf-decision"]
    chosen, _ = run_board(state, 2, ["o", "enter", "right", "enter"])
    assert chosen == [Take("Y")], "an arrow chooses again; Enter then takes"
    chosen, _ = run_board(state, 2, ["o", "enter", "g"])
    assert chosen == [Take("G")]


@pytest.mark.parametrize("variants, worth", [((), "every jeton counts the same"), (("worthless-jetons",), "jetons count for nothing")])
def test_board_says_the_last_rounds_picks_change_nothing(variants, worth) -> None:
    """BF-E1, BF-E2, BF-R7: once no card is left to auction, every jeton counts the same at
    the end (or nothing), and each player takes as many whatever the colours: the board
    says so and Enter takes all of the player's picks; before then it says nothing of it."""
    state = arrange(deal(variants=variants), start=0, display=["RG"], pile=[])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GB", 3: "O"})
    assert state.phase == DRAFT
    seat = state.to_move
    _, texts = run_board(state, seat, [], variants=variants)
    assert f"The last round: no pick changes a score ({worth})." in texts["bf-decision"]
    assert "Enter takes all your picks" in texts["bf-decision"]
    early = arrange(deal(variants=variants), start=0, display=["RG", "YB", "GO"])
    auction(early, "RG", {0: "R", 1: "YY", 2: "GB", 3: "O"})
    _, texts = run_board(early, early.to_move, [], variants=variants)
    assert "no pick changes" not in texts["bf-decision"]


def test_the_pool_of_the_last_auction_says_it_is_the_pool_as_bid() -> None:
    """A playtest at 80x24 read "Pool: R6 …" under the last auction and "Take a jeton from
    the pool (R5 …)" below it while the pool went round: two pools. The first is the pool as
    the bids made it (what moved the chart): "Pool as bid" now."""
    state = arrange(deal(), start=0, display=["RG", "YB", "GO"])
    auction(state, "RG", {0: "R", 1: "YY", 2: "GB"})
    state.apply(Take("Y"))  # Cyd, left of the winner Bea, takes first
    assert state.phase == DRAFT
    _, texts = run_board(state, state.to_move, [], wait=False)
    assert "Pool as bid: R1 Y2 G1 B1 O0" in texts["bf-last"], texts["bf-last"]
    assert "(R1 Y1 G1 B1)" in texts["bf-decision"], texts["bf-decision"]
    assert "Pool:" not in texts["bf-last"]


def test_the_charts_aces_wrap_between_holders_never_inside_one() -> None:
    """A playtest at 120x40 (the board 80 columns wide, hints on) read yellow's holders as
    'aces: Player 1 2, Blaise 1, Cleo' and under it '1, Dmitri 1': a name apart from its count."""
    from rich.console import Console

    from parlour.games.banque_fatale.board import chart_panel

    names = ["Player 1", "Blaise", "Cleo", "Dmitri"]
    state = arrange(deal(), start=0, cards=[["RY", "YG"], ["YO"], ["Y"], ["YB"]], chart={"Y": 10})
    console = Console(width=78, record=True, legacy_windows=False)
    console.print(chart_panel(state.view(0), 2, 12, (11, 12), aces=names, width=78))
    lines = console.export_text().splitlines()
    yellow = next(i for i, line in enumerate(lines) if line.startswith("Y yellow"))
    rows = [lines[yellow], *[line for line in lines[yellow + 1:] if line.startswith("   ")]]
    assert len(rows) == 2, "at 78 columns the holders take two lines"
    for holder in ("Player 1 2", "Blaise 1", "Cleo 1", "Dmitri 1"):
        assert sum(holder in row for row in rows) == 1, (holder, rows)
    assert rows[0].rstrip().endswith(",") and all(len(line) <= 78 for line in lines)


def test_the_players_table_does_not_jump_sideways_when_the_start_player_is_to_move() -> None:
    """A playtest at 120x40 saw the whole table of players shift a column right whenever
    "▶S" (the start player to move) stood in its first column: now a row has one mark, and
    the names start in the same column whoever is to move."""
    from rich.console import Console

    from parlour.games.banque_fatale.board import players_panel

    state = deal(4, 3)
    view = dict(state.view(0))

    def starts(to_move: int) -> list[int]:
        console = Console(width=110, record=True, color_system=None)
        console.print(players_panel({**view, "to_move": to_move}, NAMES))
        lines = console.export_text().splitlines()
        return [line.index(name) for line, name in zip(lines[1:], NAMES)]

    start = view["start_player"]
    other = (start + 1) % 4
    assert starts(start) == starts(other) == starts(None)  # type: ignore[arg-type]
