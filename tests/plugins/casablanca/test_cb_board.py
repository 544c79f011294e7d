"""The Casablanca board in a bare Textual app: a view in, keys pressed, actions out."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence

import pytest
from rich.console import Console

from cb_helpers import arranged, commit, move, open_table, place_figures, rules, set_cards, turn_over
from parlour.games.casablanca import GAME
from parlour.games.casablanca.actions import (
    Admit,
    Announce,
    Call,
    Challenge,
    Fold,
    Pass,
    Pick,
    PlaceFigure,
    Raise,
    Reshuffle,
    TakeCard,
    TakeTop,
)
from parlour.games.casablanca.board import CasablancaBoard
from parlour.games.casablanca.panels import knowledge_text, ring_geometry
from parlour.games.casablanca.state import CasablancaState
from parlour.core.game import Action
from parlour.testing.boards import BoardHost, ManualClock, TableHost, panel_text, wait_for

NAMES = ["Ada", "Bea", "Cyd", "Dan"]
PANELS = ("cb-head", "cb-ring", "cb-players", "cb-know", "cb-decision")


@pytest.fixture(autouse=True)
def _keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board (and the table's moment panel) take keys at once here; the test of the
    pause sets its own."""
    from parlour.tui.board import Board

    monkeypatch.setattr(CasablancaBoard, "decision_delay", 0.0)
    monkeypatch.setattr(Board, "decision_delay", 0.0)


def run_board(state, seat: int | None, keys: Sequence[str], variants: Sequence[str] = (),
              legal: bool = True, expect: bool = True, size: tuple[int, int] = (110, 60),
              names: Sequence[str] = NAMES) -> tuple[list[Action], dict[str, str]]:
    """Show ``state`` to ``seat`` (its legal actions too, if ``legal``), press ``keys``; wait
    for a choice if ``expect``. The panels' texts are drawn at the board's width inside its
    padding."""

    async def scenario() -> tuple[list[Action], dict[str, str]]:
        app = BoardHost(CasablancaBoard, GAME, rules(*variants), list(names))
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: bool(app.query(CasablancaBoard)))
            app.board.show(state.view(seat), list(state.legal_actions()) if legal else None)
            app.board.focus()
            await wait_for(pilot, lambda: app.focused is app.board)
            await pilot.press(*keys)
            if keys and legal and expect:
                await wait_for(pilot, lambda: bool(app.chosen))
            await pilot.pause()
            return list(app.chosen), {name: panel_text(app.board.query_one(f"#{name}"), width=size[0] - 2)
                                      for name in PANELS}

    return asyncio.run(scenario())


def test_ring_geometry_goes_round_a_rectangle() -> None:
    width, rows, where = ring_geometry(28)
    assert (width, rows) == (8, 8) and len(set(where.values())) == 28
    assert where[0] == (0, 0) and where[7] == (0, 7) and where[8] == (1, 7) and where[27] == (1, 0)
    for fields in (14, 21, 35, 56):
        width, rows, where = ring_geometry(fields)
        assert len(where) == fields and len(set(where.values())) == fields


def test_ring_legend_fits_beside_the_table_log() -> None:
    """At 120 columns the table screen leaves the board 80 (the ring 76 inside its padding):
    the legend keeps every entry whole on two lines no wider than the ring drawn above it."""
    from parlour.games.casablanca.panels import ring_panel

    state = arranged()
    console = Console(width=76, file=io.StringIO(), record=True, color_system=None)
    console.print(ring_panel(state.view(1), NAMES))
    lines = console.export_text().rstrip("\n").split("\n")
    ring_width = max(len(line.rstrip()) for line in lines[:-2])
    legend = [line.rstrip() for line in lines[-2:]]
    assert legend[0].startswith("(?) face down") and "figures" in legend[1]
    for entry in ("(?) face down", "(3) you know it", "[3] turned over", "<?> just put down", "figures"):
        assert any(entry in line for line in legend), entry
    assert all(len(line) <= ring_width for line in legend)
    assert abs(len(legend[0]) - len(legend[1])) <= 12, "two balanced lines"


def test_board_places_a_figure_with_arrows() -> None:
    state = arranged(top=3, figures=False)
    assert state.to_move == 1
    chosen, texts = run_board(state, 1, ["right", "right", "enter"])
    assert chosen == [PlaceFigure(5)], "the cursor starts on the first Star field (4), two steps on"
    assert "Put your figure on the ring" in texts["cb-decision"]


def test_board_picks_a_chip_or_reshuffles() -> None:
    state = arranged()
    chosen, texts = run_board(state, 1, ["enter"])
    assert chosen == [Pick(10)], "the first chip clockwise from the figure"
    assert "1  reshuffle" in texts["cb-decision"]
    chosen, _ = run_board(state, 1, ["right", "right", "enter"])
    assert chosen == [Pick(20)]
    chosen, _ = run_board(state, 1, ["1", "1"])
    assert chosen == [Reshuffle()]
    chosen, _ = run_board(state, 1, ["1", "enter"])
    assert chosen == [Reshuffle()]


def test_board_asks_before_the_one_reshuffle() -> None:
    """Issue 12: `1` used the round's one reshuffle at once."""
    state = arranged()
    chosen, texts = run_board(state, 1, ["1"], expect=False)
    assert chosen == []
    assert "Reshuffle" in texts["cb-decision"] and "It cannot be taken back: 1 again or Enter" in texts["cb-decision"]
    chosen, texts = run_board(state, 1, ["1", "right", "enter"])
    assert chosen == [Pick(12)], "an arrow goes back to the ring: Enter then takes the chip under the cursor"


def test_board_takes_a_stake_typed_as_a_number() -> None:
    """Issue 12: stakes moved $50 per arrow press and could not be typed."""
    state = arranged()
    state.apply(Pick(12))
    state.apply(Announce(3, 13))
    seat = state.to_move
    amounts = [a.stake for a in state.legal_actions() if isinstance(a, Challenge)]
    assert len(amounts) > 2, amounts
    wanted = amounts[2]
    chosen, texts = run_board(state, seat, [*str(wanted), "enter"])
    assert chosen == [Challenge(wanted)]
    chosen, texts = run_board(state, seat, [*str(wanted), "5", "backspace", "enter"])
    assert chosen == [Challenge(wanted)], "Backspace takes the last digit off"
    chosen, texts = run_board(state, seat, ["7", "enter"], expect=False)
    assert chosen == [] and "or type an amount" in texts["cb-decision"]


def test_board_ignores_digits_of_other_scripts() -> None:
    """Issue 25: "²" (AltGr+2 on some keyboards) passes ``isdigit`` but not ``int``: it is
    not a digit to the board, in a typed stake or an announcement."""
    state = arranged()
    state.apply(Pick(12))
    chosen, _ = run_board(state, 1, ["²", "٣", "3", "enter"])
    assert chosen == [Announce(3, 13)]
    state.apply(Announce(3, 13))
    wanted = [a.stake for a in state.legal_actions() if isinstance(a, Challenge)][2]
    chosen, _ = run_board(state, state.to_move, ["²", *str(wanted), "²", "enter"])
    assert chosen == [Challenge(wanted)]


def test_board_announces_by_digit_or_arrows_then_puts_the_chip_down() -> None:
    state = arranged()
    state.apply(Pick(12))
    chosen, texts = run_board(state, 1, ["3", "enter"])
    assert chosen == [Announce(3, 13)], "the field cursor starts clockwise after the chip's own field"
    assert "You announce 3 (to field 4, Star: the top card's symbol)" in texts["cb-decision"]
    chosen, _ = run_board(state, 1, ["left", "enter", "enter"])
    assert chosen == [Announce(4, 13)], "the number cursor starts on the chip's own number"
    chosen, _ = run_board(state, 1, ["3", "right", "right", "right", "enter"])
    assert chosen == [Announce(3, 16)], "three steps clockwise over free fields: 14, 15, 16"


def test_board_shows_the_numbers_first() -> None:
    state = arranged()
    state.apply(Pick(12))
    chosen, texts = run_board(state, 1, ["right"], expect=False)
    assert chosen == []
    assert "your chip shows 5" in texts["cb-decision"] and "3→S*" in texts["cb-decision"]
    assert "Put the chip down" not in texts["cb-decision"]


def test_board_changes_the_number_before_the_chip_is_down() -> None:
    state = arranged()
    state.apply(Pick(10))
    chosen, _ = run_board(state, 1, ["3", "backspace", "left", "enter", "enter"])
    assert chosen == [Announce(2, 11)], "Backspace goes back to the number, still on 3"
    chosen, _ = run_board(state, 1, ["3", "5", "enter"])
    assert chosen == [Announce(5, 11)], "another digit changes the number"
    chosen, _ = run_board(state, 1, ["3", "right", "enter"])
    assert chosen == [Announce(3, 13)], "field 12 holds a chip"


def test_board_challenge_prompt() -> None:
    state = arranged()
    move(state, 12, 3, 13)
    assert state.to_move == 2
    chosen, texts = run_board(state, 2, ["p"])
    assert chosen == [Pass()]
    assert "Bea announced 3" in texts["cb-decision"] and "the top card" in texts["cb-decision"]
    assert "challenge $100" in texts["cb-decision"]
    chosen, _ = run_board(state, 2, ["c"])
    assert chosen == [Challenge(100)]
    chosen, _ = run_board(state, 2, ["right", "right", "enter"])
    assert chosen == [Challenge(150)]
    chosen, _ = run_board(state, 2, ["end", "enter"])
    assert chosen == [Challenge(1300)]


def test_board_exchange_dialog_shows_both_stakes() -> None:
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: 200})
    chosen, texts = run_board(state, 1, ["a"])
    assert chosen == [Admit()]
    decision = texts["cb-decision"]
    assert "your stake $0" in decision and "Cyd's stake $200" in decision and "limit $1,300" in decision
    assert "Your chip shows 5; you announced 3." in decision
    assert "raise +$50→$250" in decision
    chosen, _ = run_board(state, 1, ["c"])
    assert chosen == [Call()]
    chosen, _ = run_board(state, 1, ["r"])
    assert chosen == [Raise(50)]
    chosen, _ = run_board(state, 1, ["end", "enter"])
    assert chosen == [Raise(1100)]
    chosen, texts = run_board(state, 1, ["right", "right", "right", "enter"])
    assert chosen == [Raise(100)]
    assert "◂ raise +$100→$300 ▸" in texts["cb-decision"], "the raise under the cursor, both stakes after it"
    state.apply(Raise(300))
    chosen, texts = run_board(state, 2, ["f"])
    assert chosen == [Fold()]
    assert "your stake $200" in texts["cb-decision"] and "Bea's stake $500" in texts["cb-decision"]
    assert "Your chip shows" not in texts["cb-decision"]


def _claim_after_a_won_challenge():
    """Seat 1 claims the landing 3 with the 5 and puts it on field 13; seat 2 challenges, the
    chip is turned over: seat 2, who holds two cards of symbol 2, takes a card."""
    state = arranged(figures=False)
    set_cards(state, 2, {2: 2})
    place_figures(state, {s: 0 for s in range(4)})
    move(state, 12, 3, 13)
    commit(state, {2: 100})
    turn_over(state)
    return state


def test_board_winner_chooses_a_card() -> None:
    state = _claim_after_a_won_challenge()
    assert state.phase == "claim" and state.to_move == 2
    set_cards(state, 1, {6: 1, 2: 1})
    chosen, texts = run_board(state, 2, ["right", "right", "enter"])
    assert chosen == [TakeCard(6)]
    assert "top card S Star" in texts["cb-decision"] and "their M Moon" in texts["cb-decision"]
    chosen, _ = run_board(state, 2, ["enter"])
    assert chosen == [TakeTop()]


@pytest.mark.parametrize("size", [(55, 60), (76, 60), (106, 60), (118, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_breaks_the_cards_on_offer_between_choices_only(size: tuple[int, int]) -> None:
    """A playtest at 120x40 read "their L" at a line's end and "Lamp" on the next: the row of
    choices broke inside one. However narrow, each choice stays on one line."""
    state = _claim_after_a_won_challenge()
    set_cards(state, 1, {s: 1 for s in range(7)})
    _chosen, texts = run_board(state, 2, [], size=size)
    lines = texts["cb-decision"].splitlines()
    offered = ["top card"] + [f"their {letter} " for letter in "PCLFMSK"]
    for choice in offered:
        assert any(choice in line for line in lines), (choice, lines)
    words = {"Palm", "Camel", "Lamp", "Fez", "Moon", "Star", "Key"}
    for line in lines:  # no line starts with a symbol's name cut from its letter
        first = line.strip("│ ").split(" ")[0] if line.strip("│ ") else ""
        assert first not in words, lines


def test_board_a_loser_without_cards_offers_only_the_top_card() -> None:
    """CB-X4: the winner takes the top card or one of the loser's cards; when the loser holds
    none, the board offers and words the top card alone (a playtest found "or one of Bea's
    cards" where Bea had none)."""
    state = _claim_after_a_won_challenge()
    assert state.phase == "claim" and state.to_move == 2 and not any(state.cards[1])
    assert state.legal_actions() == [TakeTop()]
    chosen, texts = run_board(state, 2, ["enter"])
    assert chosen == [TakeTop()]
    decision = " ".join(texts["cb-decision"].split())
    assert "Bea's cards" not in decision and "or one of" not in decision, decision
    assert "Bea has no cards: take the top card" in decision, decision
    assert "top card S Star" in decision


def shown_table(**settings):
    state = arranged(figures=False, **settings)
    set_cards(state, 0, {3: 2, 1: 1})
    place_figures(state, {0: 0, 1: 0, 2: 9, 3: 27})
    state.masks[22] |= 1 << 1
    state.pile.insert(0, 5)
    state.pile_known_bottom = 1
    return state


def test_board_shows_ring_money_collections_and_pile() -> None:
    state = shown_table()
    _, texts = run_board(state, 1, [], legal=False)
    ring = texts["cb-ring"]
    for f in range(28):
        assert f"{f + 1:>2}{'PCMSLFK'[f % 7]}" in ring, f"field {f + 1} with its symbol's letter"
    assert "23C (6)" in ring, "the memory aid shows the chip seat 1 knows"
    assert "11S (?)" in ring
    assert "Pot $4,800" in ring and "Top card: S Star" in ring and "Under the pile: F" in ring
    players = texts["cb-players"]
    assert "$1,300" in players and "C1 S2" in players
    # seat 1 is to move, shown without its moves (a moment held on what just happened): its
    # move comes, it is not "Waiting for" its own name (a playtest at 80x24 saw that)
    assert "Your move comes next." in texts["cb-decision"] and "Waiting for" not in texts["cb-decision"]
    assert "You know: 6 on 23" in texts["cb-know"] and "Not yet seen:" in texts["cb-know"]
    _, texts = run_board(shown_table(memory_aid=False), 1, [], variants=("no-memory-aid",), legal=False)
    assert "23C (?)" in texts["cb-ring"], "no memory aid: the ring shows no remembered number"
    assert "Memory aid off" in texts["cb-know"]


def test_another_seat_waits_for_the_seat_to_move() -> None:
    state = shown_table()
    _, texts = run_board(state, 0, [], legal=False)
    assert f"Waiting for {NAMES[state.to_move]}" in texts["cb-decision"]


def test_board_marks_figures_and_the_chip_just_put_down() -> None:
    state = arranged(figures=False)
    place_figures(state, {0: 0, 1: 0, 2: 9, 3: 9})
    move(state, 12, 3, 13)
    _, texts = run_board(state, 2, [], legal=False)
    ring = texts["cb-ring"]
    assert "Seen by others: field 14 (Bea)" in texts["cb-know"], "who has looked at a chip is public"
    assert "14K <?>" in ring, "the others see only that a chip was just put down"
    lines = ring.splitlines()
    row = next(i for i, line in enumerate(lines) if "10M" in line)
    assert lines[row + 1].rstrip().endswith("34"), "the figures of seats 3 and 4 share field 10"
    assert lines[1].split() == ["1", "·", "·", "2", "·", "·", "·", "·"], "Bea moved from field 1 to field 4"
    _, texts = run_board(state, 1, [], legal=False)
    assert "14K <5>" in texts["cb-ring"], "the mover knows what he put down"


def ended_round() -> CasablancaState:
    """A round Bea (seat 1) ends by completing four Star cards."""
    state = arranged(figures=False)
    set_cards(state, 1, {3: 3})
    place_figures(state, {s: 0 for s in range(4)})
    move(state, 10, 3, 11)
    commit(state)
    assert state.is_over
    return state


def test_board_shows_the_end_of_the_round() -> None:
    state = ended_round()
    _, texts = run_board(state, None, [], legal=False)
    assert "The round is over" in texts["cb-decision"] and "Bea" in texts["cb-decision"]
    assert "Bea completed 4 Star cards" in texts["cb-ring"]


@pytest.mark.parametrize("size", [(80, 40), (80, 24)], ids=["full", "compact"])
def test_the_end_of_a_round_is_told_in_the_ring_and_the_head_stays_one_line(size: tuple[int, int]) -> None:
    """A playtest at 120x40 (the board 80 columns wide beside the log) saw the head wrap onto
    a second line at the end of the round: why it ended was appended to the round and turn.
    It is told whole in the ring's centre now, as the compact form (80x24) tells it."""
    state = ended_round()
    _, texts = run_board(state, 0, [], legal=False, size=size, names=LONG_NAMES)
    assert "Player 2 completed 4 Star cards" in texts["cb-ring"], texts["cb-ring"]
    head = texts["cb-head"].strip()
    if size[1] == 24:
        assert not head, "the compact form has no head"
    else:
        assert len(head.splitlines()) == 1 and "completed" not in head, head


def test_board_plays_in_the_app_against_computer_players(tmp_path) -> None:
    """The real table screen with this board: one human (keys only) and three computers."""
    from parlour.core.record import Seat
    from parlour.core.registry import Registry
    from parlour.core.saves import SaveFolder
    from parlour.core.record import HUMAN
    from parlour.core.seating import start_match
    from parlour.tui.app import ParlourApp
    from parlour.tui.table import LiveGame, Phase, TableScreen

    registry = Registry()
    registry.add("casablanca", "tests", lambda: GAME)
    seats = [Seat("Ada", HUMAN), Seat("Bea", "medium"), Seat("Cyd", "easy"), Seat("Dan", "random")]
    match = start_match(GAME, rules(), 5, seats)
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)

    async def scenario() -> None:
        async with app.run_test(size=(120, 60)) as pilot:
            app.push_screen(TableScreen(LiveGame(GAME, match, tmp_path / "cb.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.query(CasablancaBoard)))
            table = app.screen
            board = table.query_one(CasablancaBoard)
            decided = paused = 0

            def ready() -> bool:  # the human decides, or a moment waits, or the game is over
                return (table.phase in (Phase.PAUSED, Phase.OVER)
                        or (table.awaiting == 0 and board.mode is not None))

            while decided < 6 and not match.state.is_over:
                await wait_for(pilot, ready)
                if table.phase is Phase.OVER:
                    break
                if table.phase is Phase.PAUSED:  # a challenge decided: read, then go on
                    shown = table.moment_panel.lines
                    assert any(word in line for line in shown for word in ("admits", "calls", "folds", "ends")), shown
                    await wait_for(pilot, lambda: app.focused is table.moment_panel)
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: table.phase is not Phase.PAUSED)
                    paused += 1
                    continue
                before = len(match.record.actions)
                keys = {"announce": ("3", "enter"), "commit": ("p",), "respond": ("a",), "exchange": ("f",)}
                await pilot.press(*keys.get(board.mode, ("enter",)))
                await wait_for(pilot, lambda: len(match.record.actions) > before or match.state.is_over)
                decided += 1
            assert board is not None
            assert decided >= 3, "the human decided through the board's keys"
            assert all(a for a in match.record.actions)

    asyncio.run(scenario())


def test_board_a_doubled_key_does_not_answer_the_next_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cyd passes the challenge with a doubled p: the second p must not pass for Dan, whose
    secret answer is his own. After the pause Dan's own key counts."""
    delay = 0.8
    monkeypatch.setattr(CasablancaBoard, "decision_delay", delay)
    clock = ManualClock()  # the pause ends when the test says, not when a busy machine gets there
    monkeypatch.setattr(CasablancaBoard, "clock", clock)
    state = arranged()
    move(state, 10, 3, 11)
    assert state.phase == "commit" and state.to_move == 2

    async def scenario() -> None:
        app = TableHost(CasablancaBoard, GAME, state, NAMES)
        async with app.run_test(size=(110, 60)) as pilot:
            clock.advance(delay)
            await pilot.press("p", "p")
            await wait_for(pilot, lambda: bool(app.chosen))
            await pilot.pause()
            assert app.chosen == [Pass()]
            assert state.to_move == 3 and state.commits == {2: -1}
            await pilot.press("enter", "c")
            await pilot.pause()
            assert app.chosen == [Pass()], "nothing counts during the pause"
            clock.advance(delay)
            await pilot.press("c")
            await wait_for(pilot, lambda: len(app.chosen) == 2)
            assert app.chosen[1] == Challenge(100) and state.commits[3] == 100

    asyncio.run(scenario())


def test_at_80x24_the_decision_and_the_ring_are_in_view() -> None:
    """Issue 12: the decision panel sits under the scrolling table, so it is never scrolled
    away; issue 24: the table goes compact (a line a row of the ring, no legend, the round
    and the pot in the ring's centre) and the whole ring is in view, nothing scrolled."""
    import asyncio

    from parlour.core.registry import discover
    from parlour.tui.app import ParlourApp
    from parlour.tui.table import TableScreen

    async def scenario() -> None:
        app = ParlourApp(discover(), ai_delay=0, start_game="casablanca")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.awaiting is not None
                           and bool(app.screen.query(CasablancaBoard)) and app.screen.query_one(CasablancaBoard).mode)
            board = app.screen.query_one(CasablancaBoard)
            await wait_for(pilot, lambda: board.size.height > 0 and board.has_class("-compact"))
            panel = app.screen.query_one("#cb-decision")
            screen_region = app.screen.region
            await wait_for(pilot, lambda: panel.region.height > 0)
            assert screen_region.contains_region(panel.region), "the decision is on screen"
            ring_text = panel_text(app.screen.query_one("#cb-ring"), 78)
            assert "Pot $" in ring_text and "Top card" in ring_text and "Round 1 of" in ring_text
            assert "face down" not in ring_text, "no legend when compact"
            ring = app.screen.query_one("#cb-ring").region
            scroll = app.screen.query_one("#cb-scroll").region
            assert ring.intersection(scroll) == ring, "the whole ring is in view"
            assert board.scroller() is None

    asyncio.run(scenario())


@pytest.mark.parametrize("lang, full, compact", [
    ("en", "Seen by others: field 14 (Bea, Cyd); field 27 (Bea)", "Seen by Bea: 14, 27 · Cyd: 14"),
    ("de", "Von anderen gesehen: Feld 14 (Bea, Cyd); Feld 27 (Bea)", "Gesehen von Bea: 14, 27 · Cyd: 14"),
    ("fr", "Vus par d\u2019autres\u00a0: case 14 (Bea, Cyd)\u00a0; case 27 (Bea)",
     "Vus par Bea\u00a0: 14, 27 · Cyd\u00a0: 14"),
])
def test_knowledge_says_which_fields_others_have_seen(lang: str, full: str, compact: str) -> None:
    """A playtest read "Seen by others: 6 (Cleo)" without telling that 6 is a field: the full
    table says "field 6 (Cleo)", the compact one each player with the fields he has seen; in
    every language, in lines of at most 80 columns."""
    from parlour.core.i18n import in_language

    view = dict(arranged().view(0))
    knowers = [[] for _ in view["knowers"]]
    knowers[13], knowers[26] = [1, 2], [1]
    chips = list(view["chips"])
    chips[13] = chips[26] = True
    view.update(knowers=knowers, chips=chips, public=[False] * len(chips), memory_aid=True)
    with in_language(lang):
        texts = [knowledge_text(view, 2, NAMES), knowledge_text(view, 2, NAMES, compact=True)]
    assert full in texts[0].plain.splitlines(), texts[0].plain
    assert compact in texts[1].plain, texts[1].plain
    console = Console(width=80, file=io.StringIO(), color_system=None)
    lines = ["".join(segment.text for segment in line) for text in texts
             for line in console.render_lines(text, pad=False)]
    assert lines and all(len(line.rstrip()) <= 80 for line in lines), lines
    # in a narrow panel each field with its players stays whole, in every language
    with in_language(lang):
        narrow = knowledge_text(view, 2, NAMES, width=40).plain.splitlines()
    fields = [item.strip(" \u00a0") for item in full.split(":", 1)[1].split(";")]
    assert len(fields) == 2 and not _whole_in(narrow, fields), (fields, narrow)
    assert all(len(line) <= 40 for line in narrow if "14" in line or "27" in line), narrow


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_compact_knowledge_names_every_player_who_saw_a_chip_in_two_lines(lang: str) -> None:
    """A playtest at 80x24 read one player under "Seen by" where the table at 120x40 named
    three: the compact list ran onto a third line, scrolled out of view under a decision. Where
    it saves a line, every name is cut alike and each player who saw a chip is still named
    ("Seen by" before the first only: "Seen by Bea: 10, 12, 15 · Cyd: 11, 12, 16")."""
    from parlour.core.i18n import in_language
    from parlour.games.casablanca.panels import dot_lines
    from parlour.games.casablanca.texts import _ as words
    from parlour.games.casablanca.texts import pgettext

    names = ["Alexandrina Romanova", "Bartholomew Fitzgerald", "Constantine Palaiologos", "Dorothea Brooke"]
    view = dict(arranged().view(0))
    knowers = [[] for _ in view["knowers"]]
    chips = list(view["chips"])
    for f, seats in {9: [1], 11: [1, 2], 14: [1], 10: [2], 15: [2], 12: [3]}.items():
        knowers[f], chips[f] = seats, True
    view.update(knowers=knowers, chips=chips, public=[False] * len(chips), memory_aid=True)
    with in_language(lang):
        text = dot_lines(knowledge_text(view, 2, names, compact=True, width=78), 78).plain
        said = [words("Seen by {}: {}"), pgettext("another player after 'Seen by …'", "{}: {}")]
        # each seat -> the cells its name may have been cut to (the spaces before "…" dropped), 0 whole
        shown = {seat: {k for k, cut in [(0, names[seat])] + [(k, names[seat][:k - 1].rstrip() + "…")
                                                              for k in range(20, 3, -1)]
                        if any(form.format(cut, fields) in text for form in said)}
                 for seat, fields in ((1, "10, 12, 15"), (2, "11, 12, 16"), (3, "13"))}
    lines = text.splitlines()
    assert len(lines) == 2 and all(len(line) <= 78 for line in lines), lines
    assert all(shown.values()), (shown, text)  # each seat named with the fields he saw
    assert set.intersection(*shown.values()) - {0}, shown  # cut alike
    # names that would read alike once cut stay whole, and wrap as before, even where only
    # one of them is listed ("Playe…" would not tell Player 2 from Player 3)
    same = ["Player 1", "Player 2", "Player 3", "Player 4"]
    with in_language(lang):
        text = dot_lines(knowledge_text(view, 2, same, compact=True, width=60), 60).plain
        view.update(knowers=[[1] if seats else [] for seats in knowers])
        alone = dot_lines(knowledge_text(view, 2, same, compact=True, width=60), 60).plain
    assert all(name in text for name in same[1:]) and "…" not in text, text
    assert "Player 2" in alone and "…" not in alone, alone


def test_knowledge_lists_many_watched_fields_by_player_in_the_full_table_too() -> None:
    """A playtest at 120x40 saw "Seen by others: field 1 (…); field 3 (…); …" overflow the panel
    late in a round: past WATCHED_ROOM fields the full table lists each player once with his
    fields, as the compact one does."""
    from parlour.games.casablanca.panels import WATCHED_ROOM

    view = dict(arranged().view(0))
    knowers = [[] for _ in view["knowers"]]
    chips = list(view["chips"])
    fields = range(1, 2 * (WATCHED_ROOM + 1), 2)
    for f in fields:
        knowers[f] = [1, 2] if f % 4 == 1 else [3]
        chips[f] = True
    view.update(knowers=knowers, chips=chips, public=[False] * len(chips), memory_aid=True)
    text = knowledge_text(view, 2, NAMES).plain
    assert "Seen by others" not in text and "field " not in text, text
    for seat in (1, 2, 3):
        seen = [str(f + 1) for f in fields if seat in knowers[f]]
        assert f"Seen by {NAMES[seat]}: {', '.join(seen)}" in text, text


def test_board_a_known_chip_in_another_hand_is_in_their_hand_not_yours() -> None:
    """Issue 12 (the memory aid): a chip this seat has looked at, picked up by another player,
    was shown as "in your hand"."""
    from cb_helpers import commit, move

    state = arranged()
    assert state.mover == 1
    move(state, 12, 3, 13)  # seat 1 looks at the chip it moves to field 13
    commit(state)
    assert state.mover == 2 and state.phase == "turn", (state.mover, state.phase)
    state.apply(Pick(13))
    view = state.view(1)
    assert view["move"]["held"] is not None
    text = knowledge_text(view, 2, NAMES).plain
    assert f"in {NAMES[2]}'s hand: {view['move']['held']}" in text and "in your hand" not in text
    assert "in your hand" in knowledge_text(state.view(2), 2, NAMES).plain


def test_board_a_typed_amount_is_always_a_stake_and_says_so() -> None:
    """Issue 24: a typed 300 was a stake in the challenge prompt but "raise by" in the
    exchange (300 became "raise +$300→$500"). Typed, it is always the stake you end with."""
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: 200})
    # Cyd staked $200: typing 300 raises Bea's stake to $300, a raise of $100
    chosen, texts = run_board(state, 1, ["3", "0", "0", "enter"])
    assert chosen == [Raise(100)]
    chosen, texts = run_board(state, 1, ["3", "0", "0"], expect=False)
    assert "Typed: raise your stake to $300" in texts["cb-decision"]
    assert "◂ raise +$100→$300 ▸" in texts["cb-decision"], "the cursor follows the typed stake"
    state2 = arranged()
    move(state2, 12, 3, 13)
    chosen, texts = run_board(state2, 2, ["3", "0", "0"], expect=False)
    assert "Typed: stake $300" in texts["cb-decision"]
    # an amount not offered says so as it is typed, not "Enter to take it" (a playtest typed
    # $5, was told to take it with Enter, and Enter refused it)
    chosen, texts = run_board(state2, 2, ["5"], expect=False)
    assert "Typed: stake $5 · Offered: from $100 to $" in texts["cb-decision"], texts["cb-decision"]
    assert "Enter to take it" not in texts["cb-decision"]
    _, untouched = run_board(state2, 2, [], expect=False)
    # Backspace to "30" (not offered): the cursor goes back where it was, not left on $300
    # (a playtest read "Typed: stake $20" under "◂ challenge $200 ▸"); to nothing, the same
    for keys, typed in ((["3", "0", "0", "backspace"], "Typed: stake $30"), (["2", "backspace"], None)):
        chosen, texts = run_board(state2, 2, keys, expect=False)
        assert not chosen and (typed is None or typed in texts["cb-decision"]), texts["cb-decision"]
        cursor = [line for line in texts["cb-decision"].splitlines() if "◂" in line]
        assert cursor == [line for line in untouched["cb-decision"].splitlines() if "◂" in line], texts["cb-decision"]


def test_board_offers_r_only_when_a_raise_is_possible() -> None:
    """Issue 24: "r raise by the minimum" was offered when no raise was possible."""
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: 200})
    _, texts = run_board(state, 1, ["a"])
    assert "r raise by the minimum" in texts["cb-decision"]
    state.apply(Raise(1100))  # Bea raises to the limit: Cyd can only call or fold
    assert not any(isinstance(a, Raise) for a in state.legal_actions())
    _, texts = run_board(state, 2, ["f"])
    assert "r raise" not in texts["cb-decision"] and "f fold" in texts["cb-decision"]


def test_board_names_the_player_who_completed_the_cards() -> None:
    """Issue 24: the header said "Player 2 completed 4 Star cards" instead of the name (the
    reason is in the ring's centre now)."""
    state = arranged()
    state.end_reason = "Player 2 completed 4 Star cards"
    _, texts = run_board(state, 0, [], legal=False)
    assert "Bea completed 4 Star cards" in texts["cb-ring"] and "Player 2" not in texts["cb-ring"]


def test_board_says_how_many_reshuffles_are_left() -> None:
    """Issue 24: with two reshuffles a round the choice still said "(once per round)"."""
    state = arranged()
    _, texts = run_board(state, 1, [], expect=False)
    assert "1  reshuffle the chips on the ring (the last one this round)" in texts["cb-decision"]
    state.reshuffles_left[1] = 2
    _, texts = run_board(state, 1, [], expect=False)
    assert "1  reshuffle the chips on the ring (2 left this round)" in texts["cb-decision"]


LONG_NAMES = ["Player 1", "Player 2", "Player 3", "Player 4"]


def _a_call_to_make(match) -> int:
    """Play ``match`` (seat 0 leads, seat 1 moves first) to the decision that turns a chip
    over: seats 1 and 2 move unchallenged, seat 3 moves and seat 2 challenges it with $1,000,
    seat 3 matches; seat 2 is to call. Returns the field seat 1 put its chip on (seen by
    seat 1 alone)."""
    state = match.state
    while state.phase == "figure":
        match.play(next(a for a in state.legal_actions() if isinstance(a, PlaceFigure)))
    placed = []
    for mover in (1, 2, 3):
        assert state.mover == mover and state.phase == "turn", (state.mover, state.phase)
        match.play(next(a for a in state.legal_actions() if isinstance(a, Pick) and a.field not in placed))
        match.play(next(a for a in state.legal_actions() if isinstance(a, Announce) and a.number == 3))
        placed.append(state.placed_at)
        while state.phase == "commit":
            match.play(Challenge(1000) if mover == 3 and state.to_move == 2 else Pass())
        while state.phase == "claim":  # nobody challenged, the figure on the top card's symbol
            match.play(state.legal_actions()[0])
    assert state.phase == "respond" and state.challenger == 2, (state.phase, state.challenger)
    match.play(Call())  # seat 3 matches: seat 2, the challenger, has the last word
    assert state.phase == "exchange" and state.to_move == 2
    return placed[0]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_held_moment_shows_the_whole_challenge_and_who_has_seen_a_chip(tmp_path, lang: str,
                                                                          size: tuple[int, int]) -> None:
    """A playtest at 80x24, held on a call: the ring's centre cut the challenge's line short
    ("Player 4 challenges: Player 3 $450 vs $450 (limit $1") and "Seen by others" gave the
    fields without the players' names; one at 120x40 saw "(limit …)" wrap off the stakes' line.
    The challenge is two whole lines now (who challenges and the table limit; the stakes), and
    each other player is named with the fields he has seen, in every language, at 80x24 and at
    120x40."""
    from parlour.core.record import HUMAN, Seat
    from parlour.core.registry import Registry
    from parlour.core.saves import SaveFolder
    from parlour.core.seating import start_match
    from parlour.games.casablanca.panels import centre_lines, fit_centre
    from parlour.games.casablanca.texts import _ as words
    from parlour.games.casablanca.texts import dollars
    from parlour.testing.boards import screen_text
    from parlour.tui.app import ParlourApp
    from parlour.tui.table import Phase

    registry = Registry()
    registry.add("casablanca", "tests", lambda: GAME)
    seats = [Seat(name, HUMAN if seat == 2 else "random") for seat, name in enumerate(LONG_NAMES)]
    match = start_match(GAME, rules(), 5, seats)
    seen = _a_call_to_make(match)
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, language=lang)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await open_table(app, pilot, match, tmp_path / "cb.json", 2)
            table = app.screen
            await pilot.press("c")
            await wait_for(pilot, lambda: table.phase is Phase.PAUSED and table.moment_panel.display)
            board = table.query_one(CasablancaBoard)
            await wait_for(pilot, lambda: board.size.height > 0 and board.query_one("#cb-know").region.height > 0)
            await pilot.pause()
            view = match.state.view(2)
            compact = board.has_class("-compact")
            width = 52 if compact else 46  # the ring's centre, inside its fields
            lines = centre_lines(view, LONG_NAMES, compact, width)
            # a playtest at 120x40 saw "(limit …)" wrap off the stakes' line: each line whole
            assert all(line.cell_len <= width for line in lines), [line.plain for line in lines]
            challenge = words("{} challenges! Table limit {}").format("Player 3", dollars(view["challenge"]["cap"]))
            stakes = words("{} {} vs {} {}").format("Player 4", dollars(1000), "Player 3", dollars(1000))
            assert [line.plain for line in lines].count(challenge) == 1, [line.plain for line in lines]
            assert [line.plain for line in lines].count(stakes) == 1, [line.plain for line in lines]
            fitted = fit_centre(lines, width, 6 if compact else 12)
            assert [line.plain for line in fitted if line.style != "dim"] == \
                [line.plain for line in lines if line.style != "dim"], "nothing needed wraps or goes"
            shown = screen_text(app)
            for line in fitted:
                assert line.plain.strip() in shown, (line.plain, shown)
            know = board.query_one("#cb-know")
            assert board.query_one("#cb-scroll").region.contains_region(know.region), "the knowledge in view"
            text = " ".join(panel_text(know, know.content_region.width).split())
            named = (words("Seen by {}: {}") if compact else words("field {} ({})")).format(
                *(("Player 2", seen + 1) if compact else (seen + 1, "Player 2")))
            assert " ".join(named.split()) in text, text

    asyncio.run(scenario())


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_at_80x24_a_match_keeps_its_round_turn_and_pot_on_one_whole_line(tmp_path, lang: str) -> None:
    """A playtest at 80 columns with match-of-three saw the compact ring's first line wrap
    (French "Pot 12 345" with its "$" alone below). Late in a round with a big pot the line
    "Round 1 of 3 · turn 399 (limit 400) · Pot $12,345" fits in the ring's centre in every
    language, the turn's limit left out whole where it would not (French), never a word cut."""
    from parlour.core.i18n import in_language
    from parlour.core.record import HUMAN, Seat
    from parlour.core.registry import Registry
    from parlour.core.saves import SaveFolder
    from parlour.core.seating import start_match
    from parlour.games.casablanca.texts import _ as words
    from parlour.games.casablanca.texts import dollars
    from parlour.testing.boards import screen_text
    from parlour.tui.app import ParlourApp

    registry = Registry()
    registry.add("casablanca", "tests", lambda: GAME)
    seats = [Seat(name, HUMAN if seat == 1 else "random") for seat, name in enumerate(NAMES)]
    match = start_match(GAME, rules("match-of-three"), 5, seats, ["match-of-three"])
    match.state.turns, match.state.pot = 398, 12345  # late in the round: the widest numbers
    app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, language=lang)

    async def scenario() -> tuple[str, dict[str, str]]:
        async with app.run_test(size=(80, 24)) as pilot:
            await open_table(app, pilot, match, tmp_path / "cb.json", 1)
            board = app.screen.query_one(CasablancaBoard)
            await wait_for(pilot, lambda: board.has_class("-compact") and board.query_one("#cb-ring").region.height > 0)
            await pilot.pause()
            with in_language(lang):
                pieces = {"round": words("Round {} of {}").format(1, 3), "pot": words("Pot {}").format(dollars(12345)),
                          "limited": words("turn {} (limit {})").format(399, 400), "turn": words("turn {}").format(399)}
            return screen_text(app), pieces

    text, pieces = asyncio.run(scenario())
    line = next((line for line in text.splitlines() if pieces["round"] in line), None)
    assert line is not None, f"{pieces['round']!r} not whole on a line:\n{text}"
    assert pieces["pot"] in line and pieces["turn"] in line, f"{pieces} not all on:\n{line}"
    assert (pieces["limited"] in line) == (lang != "fr"), line  # left out whole only where it is too wide
    assert len(line) <= 80 and line.split()[-1][0].isdigit(), line  # the ring's right column beside it


@pytest.mark.parametrize("size", [(120, 40), (80, 40)])
def test_the_board_keeps_its_form_at_a_size_through_a_challenge(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                                 size: tuple[int, int]) -> None:
    """A playtest saw the ring go compact in the middle of a round, as a challenge began (its
    lines, the stakes, a held moment under the board) and back after it. The form is the
    terminal's: the same at every drawing of the board, from the round's first decision
    through the challenge, the moment of the call held under the board and after it."""
    from parlour.core.record import HUMAN, Seat
    from parlour.core.registry import Registry
    from parlour.core.saves import SaveFolder
    from parlour.core.seating import start_match
    from parlour.tui.app import ParlourApp
    from parlour.tui.panels import MomentPanel
    from parlour.tui.table import LiveGame, Phase, TableScreen

    drawn: list[tuple[int, bool]] = []  # the board's height and form at each drawing
    refresh = CasablancaBoard.refresh_panels

    def recorded(board: CasablancaBoard) -> None:
        refresh(board)
        if board.view is not None and board.size.height:
            drawn.append((board.size.height, board.has_class("-compact")))

    monkeypatch.setattr(CasablancaBoard, "refresh_panels", recorded)
    registry = Registry()
    registry.add("casablanca", "tests", lambda: GAME)
    seats = [Seat(name, HUMAN if seat == 2 else "random") for seat, name in enumerate(LONG_NAMES)]
    fresh = start_match(GAME, rules(), 5, seats)
    challenged = start_match(GAME, rules(), 5, seats)
    _a_call_to_make(challenged)
    assert challenged.state.view(2)["challenge"] and not fresh.state.view(2)["challenge"]

    async def play(match, call: bool) -> None:
        app = ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0)
        async with app.run_test(size=size) as pilot:
            app.push_screen(TableScreen(LiveGame(GAME, match, tmp_path / "cb.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.awaiting == 2
                           and app.screen.phase is Phase.DECIDING and bool(drawn))
            table = app.screen
            if not call:
                return
            whole = drawn[-1][0]
            await pilot.press("c")
            # the moment held under the board takes its part of the board's height
            await wait_for(pilot, lambda: table.phase is Phase.PAUSED and drawn[-1][0] < whole)
            table.moment_panel.post_message(MomentPanel.GoOn())
            await wait_for(pilot, lambda: not table.moment_panel.display and drawn[-1][0] == whole)

    asyncio.run(play(fresh, call=False))
    asyncio.run(play(challenged, call=True))
    assert len({compact for _height, compact in drawn}) == 1, f"(height, compact) at each drawing: {drawn}"


@pytest.mark.parametrize("size", [(80, 40), (80, 24)], ids=["full", "compact"])
def test_long_names_are_shortened_in_the_ring_not_wrapped(size: tuple[int, int]) -> None:
    """Names of 24 letters (the most the set-up takes) with their stakes are wider than the
    ring's centre: the names lose their last letters to an ellipsis, the lines stay whole."""
    names = ["Ada", "Maximilian Habsburg-Lotz", "Bernadette-Louise Martin", "Dan"]
    state = arranged()
    move(state, 12, 3, 13)
    commit(state, {2: 100})
    state.apply(Raise(1200))
    _, texts = run_board(state, 2, [], size=size, names=names, expect=False)
    ring = texts["cb-ring"].splitlines()
    said = next(line for line in ring if "says 3: 1→4" in line)
    whole_or_cut = "Maximilian Habsburg-Lotz" in said or ("Maximilian Habsb" in said and "…" in said)
    assert "top card!" in said and whole_or_cut, said
    challenge = next(line for line in ring if "challenges! Table limit $1,300" in line)
    assert "Bernadette" in challenge and "…" in challenge, challenge
    stakes = next(line for line in ring if " vs " in line)
    assert "$1,300 vs Bernadette" in stakes and "$100" in stakes and stakes.count("…") == 2, stakes
    assert not any("(limit $" in line for line in ring), ring


@pytest.mark.parametrize("size", [(80, 40), (80, 24)], ids=["full", "compact"])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("mover", ["Maximilian", "Bartholomew"])
def test_a_long_name_that_had_seen_the_chip_stays_inside_the_ring(mover: str, lang: str,
                                                                 size: tuple[int, int]) -> None:
    """"Maximilian had seen that chip before picking it up" is the centre's widest line: at 80
    columns it stays inside the ring, clear of the fields' labels, in every language; the name
    ends in "…" only where that makes the line fit (German's sentence is wider than the centre
    whatever the name: it wraps between words, the name whole)."""
    from parlour.core.i18n import in_language
    from parlour.games.casablanca.panels import CELL, COMPACT_CELL, centre_lines, fit_centre
    from parlour.games.casablanca.texts import _ as words

    names = ["Ada", mover, "Bartholomew" if mover == "Maximilian" else "Maximilian", "Dan"]
    state = arranged()
    state.masks[12] |= 1 << 1  # the mover, seat 1, has seen the chip he picks up
    move(state, 12, 3, 13)
    with in_language(lang):
        _, texts = run_board(state, 2, [], size=size, names=names, expect=False)
        view = state.view(2)
        assert view["move"]["known_pick"]
        compact = size[1] == 24
        fields = len(view["field_symbols"])
        width, rows, _where = ring_geometry(fields)
        cell = COMPACT_CELL if compact else CELL
        inner = (width - 2) * (cell + 1) - 1
        centre = fit_centre(centre_lines(view, names, compact, inner - 1), inner - 1, (rows - 2) * (1 if compact else 2))
        sentence = words("{} had seen that chip before picking it up")
    ring = texts["cb-ring"].splitlines()
    per_row = 1 if compact else 2  # the full ring: a line of fields and one of the figures on them
    rows_inside = ring[per_row:(rows - 1) * per_row]
    left = rows_inside[0].index(centre[0].plain)  # where the centre starts: its width is the ring's inside
    inside = [line[left:left + inner - 1].rstrip() for line in rows_inside]
    assert inside == [line.plain.rstrip() for line in centre] + [""] * (len(inside) - len(centre)), ring
    for line in rows_inside:
        assert line[left - 1] == " " and line[left + inner - 1] == " ", f"the centre meets a field:\n{line}"
        label = line[left + inner:].strip()
        assert label in ("", "·") or label[0].isdigit(), f"a field's label is cut:\n{line}"
    seen = " ".join(line.strip() for line in inside if line.strip())
    whole = sentence.format(mover)
    if len(whole) <= inner - 1 or len(sentence.format(mover[:3] + "…")) > inner - 1:
        assert whole in seen, inside  # it fits, or no shorter name would make it fit: the name whole
    else:
        assert whole not in seen and "…" + sentence.split("{}")[1] in seen, inside  # "Maxim… had seen …"


@pytest.mark.parametrize("size", [(80, 40), (80, 24)], ids=["full", "compact"])
def test_keys_notes_and_knowledge_break_between_items(size: tuple[int, int]) -> None:
    """A playtest at 120x40 (the board 80 columns wide) read "· or" at the end of the keys'
    line and "type an amount" below it, and a player's notes broke inside "stake $1,300";
    at 80x24 the knowledge broke inside "Seen by Bea: 9". Keys and knowledge break between
    their items now, and the notes leave out the reshuffles in a challenge (none is taken
    then)."""
    state = arranged()
    move(state, 12, 3, 13)  # Bea says 3 (her chip shows 5) and puts it on field 13
    commit(state, {2: 100})
    state.apply(Raise(300))  # to $400: Cyd may raise again
    _, texts = run_board(state, 2, [], size=size, expect=False)
    decision = texts["cb-decision"].splitlines()
    assert any(line.strip() == "or type an amount" for line in decision), decision
    assert not any(line.rstrip().endswith(("·", " or")) for line in decision), decision
    players = texts["cb-players"]
    assert "moving, stake $400" in players and "challenger, stake $100" in players, players
    assert "reshuffle" not in players, players
    if size[1] == 24:
        assert any("Seen by Bea: 14" in line for line in texts["cb-know"].splitlines()), texts["cb-know"]


def test_players_table_shows_the_stakes_while_at_risk_not_once_paid() -> None:
    """A playtest read "Blaise $1,400 ... stake $1,300" after the chip was turned over and the
    money had moved as if the stake were still at risk: it goes once the challenge is settled."""
    from parlour.games.casablanca.panels import players_panel

    def notes(state: object) -> str:
        console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
        console.print(players_panel(state.view(1), NAMES, 4))
        return console.export_text()

    state = arranged()
    move(state, 10, 3, 11)  # the 3: true
    commit(state, {2: 100})
    assert "stake $100" in notes(state)
    turn_over(state)
    assert state.phase == "claim"
    assert "stake" not in notes(state)


def _whole_in(lines: Sequence[str], items: Sequence[str]) -> list[str]:
    """The ``items`` that no one of ``lines`` holds whole (a line broke inside them)."""
    return [item for item in items if not any(item in line for line in lines)]


@pytest.mark.parametrize("symbols, count", [(5, 1), (6, 1), (6, 2), (7, 1), (7, 12)])
def test_a_players_notes_break_between_items_only(symbols: int, count: int) -> None:
    """A playtest at 120x40 (the board 80 columns wide beside the log) read a row "leader,
    moving, reshuffle" with "×1" alone on the next line, once the cards column had widened late
    in the round: the notes break between their items only, however wide the cards are."""
    state = arranged()
    for seat in range(4):
        set_cards(state, seat, {symbol: count for symbol in range(symbols)})
    state.leader = state.mover = 1  # three notes on Player 2's row: leader, moving, reshuffle ×2
    state.reshuffles_left[1] = 2
    _, texts = run_board(state, 0, [], legal=False, size=(80, 40), names=LONG_NAMES)
    lines = texts["cb-players"].splitlines()
    assert not _whole_in(lines, ["leader", "moving", "reshuffle ×2", "reshuffle ×1"]), lines
    assert not any(line.strip() in ("×1", "×2") for line in lines), lines


@pytest.mark.parametrize("known", range(6, 12))
def test_the_knowledge_keeps_each_known_chip_and_set_aside_whole(known: int) -> None:
    """A playtest at 120x40 read "You know: … 4 on 25 · set" with "aside: 5" on the next line:
    the line breaks between its items only ("4 on 25", "set aside: 5")."""
    from cb_helpers import lay_chips

    state = arranged()
    fields = list(range(1, 2 * known, 2))
    lay_chips(state, {f: f % 7 for f in fields})
    for f in fields:
        state.masks[f] |= 1  # seat 0 has seen them all
    _, texts = run_board(state, 0, [], legal=False, size=(80, 40), names=LONG_NAMES)
    lines = texts["cb-know"].splitlines()
    items = [f"{f % 7} on {f + 1}" for f in fields] + [f"set aside: {state.aside[0]}"]
    assert not _whole_in(lines, items), lines
    assert any(line.startswith("You know: ") for line in lines), lines


@pytest.mark.parametrize("watched", range(3, 7))
def test_the_fields_others_have_seen_stay_whole(watched: int) -> None:
    """A playtest at 120x40 read "Seen by others: … field 28" with "(Cleo)" on the next line:
    each "field N (names)" stays whole on its line."""
    from cb_helpers import lay_chips

    state = arranged()
    fields = list(range(20, 20 + watched))
    lay_chips(state, {f: f % 7 for f in fields})
    for i, f in enumerate(fields):
        state.masks[f] |= 1 << (1 + i % 3) | (1 << 2 if i % 2 else 0)
    view = state.view(0)
    _, texts = run_board(state, 0, [], legal=False, size=(80, 40), names=LONG_NAMES)
    lines = texts["cb-know"].splitlines()
    items = [f"field {f + 1} ({', '.join(LONG_NAMES[k] for k in view['knowers'][f] if k != 0)})" for f in fields]
    assert any("Seen by others: " in line for line in lines), lines
    assert not _whole_in(lines, items), (items, lines)


def test_the_compact_ring_sets_a_lone_figure_apart_from_the_chip() -> None:
    """A playtest read "16C(4)3" in the compact ring (the review's at 120x40) as a chip
    "(4)3": a figure alone on a field with a chip stands a space after it, where the cell has
    room ("16C(4) 3"); two figures fill the cell and follow the chip at once."""
    from parlour.games.casablanca.panels import COMPACT_CELL, ring_cells

    state = arranged(figures=False)
    place_figures(state, {0: 12, 1: 22, 2: 22, 3: 10})  # 13: a 5; 23: a 6 with two figures; 11: a 3
    state.masks[12] |= 1  # seat 0 has looked at the chip on field 13
    cells = ring_cells(state.view(0), compact=True)
    texts = {f: cells[f][0].plain for f in (10, 12, 22)}
    assert texts[12] == "13" + texts[12][2] + "(5) 1", texts
    assert texts[10] == "11" + texts[10][2] + "(?) 4", texts
    assert texts[22] == "23" + texts[22][2] + "(?)23", texts
    assert all(len(text) == COMPACT_CELL for text in texts.values())


def test_the_compact_ring_keeps_its_rows_in_line_however_many_figures_stand_on_a_field() -> None:
    """A playtest read " 3M   134  4S": three figures on a field with no chip pushed the row
    out of line. A field with no chip gives the chip's columns to its figures, and a field
    with a chip and more figures than its cell holds shows what fits and "+"."""
    from parlour.games.casablanca.panels import COMPACT_CELL, ring_cells

    empty, chipped = 0, 12  # field 1 has no chip, field 13 a 5 that seat 0 has not seen
    state = arranged(figures=False)
    place_figures(state, {0: empty, 1: empty, 2: empty, 3: chipped})
    text = ring_cells(state.view(0), compact=True)[empty][0].plain
    assert text == " 1" + text[2] + " 123 ", text
    state = arranged(figures=False)
    place_figures(state, {0: chipped, 1: chipped, 2: chipped, 3: empty})
    cells = ring_cells(state.view(0), compact=True)
    text = cells[chipped][0].plain
    assert text == "13" + text[2] + "(?)1+", text
    assert all(len(cell[0].plain) == COMPACT_CELL for cell in cells.values())


@pytest.mark.parametrize("width", [103, 110, 114, 120, 124])
def test_what_you_know_still_breaks_between_items_when_the_tables_scroll_bar_comes(width: int) -> None:
    """A playtest at 120x40 read "3 on" / "26," at a round's end: the line was broken at the
    panel's whole width, then the table grew a scroll bar and the line wrapped again inside an
    item. The knowledge is broken at the width left beside a scroll bar, shown or not."""
    state = arranged(figures=False)
    place_figures(state, {s: 0 for s in range(4)})
    view = dict(state.view(0))
    view["known"] = [v if f % 3 else None for f, v in enumerate(state.chips)]  # a long "You know:"

    async def scenario() -> list[int]:
        app = BoardHost(CasablancaBoard, GAME, rules(), list(NAMES))
        widths = []
        async with app.run_test(size=(width, 60)) as pilot:
            await wait_for(pilot, lambda: bool(app.query(CasablancaBoard)))
            app.board.show(view, None)
            await pilot.pause()
            scroll = app.board.query_one("#cb-scroll")
            know = app.board.query_one("#cb-know")
            assert not scroll.show_vertical_scrollbar, "room enough: no bar yet"
            barred = know.content_region.width - scroll.styles.scrollbar_size_vertical
            text = knowledge_text(view, 2, NAMES, width=app.board._know_width())
            console = Console(width=barred, file=io.StringIO())
            for line in console.render_lines(text, console.options.update_width(barred), pad=False):
                widths.append(sum(len(segment.text) for segment in line))
                first = "".join(segment.text for segment in line).strip()
                assert not first[:1].isdigit() or " on " in first, "a line starting inside an item"
        return widths

    widths = asyncio.run(scenario())
    assert len(widths) >= 3
