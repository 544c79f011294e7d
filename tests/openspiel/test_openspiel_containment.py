"""The OpenSpiel bridge keeps a plugin's failures in their place, as the match runner does
(issue 16): each call into a game's or a computer player's code through the bridge, failing or
giving what cannot be used, ends as one line that names the game (or the player) and the call,
a ``PluginError``, through OpenSpiel too; an illegal action stays OpenSpiel's ``SpielError``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install parlour[openspiel])")

from faulty_sevens import GAME_FAULTS, HOSTILE, STATE_FAULTS, FaultySevens, HostileSevens, Stalls  # noqa: E402

from parlour.core.game import PluginError  # noqa: E402
from parlour.core.match import Match  # noqa: E402
from parlour.core.record import Seat  # noqa: E402
from parlour.core.registry import Plugin, Registry  # noqa: E402
from parlour.core.rulesets import load_ruleset  # noqa: E402
from parlour.openspiel.agents import ISMCTSAgent, ParlourBot, _Playouts, parlour_bot  # noqa: E402
from parlour.openspiel.bridge import ParlourGame, game_for, register, register_all, short_name  # noqa: E402
from parlour.plugin import RandomAgent  # noqa: E402

RULES = load_ruleset(HOSTILE).defaults
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _game(fault: str = "none") -> ParlourGame:
    return game_for(HOSTILE, {**RULES, "fault": fault}, 2)


def _one_line(error: pytest.ExceptionInfo[PluginError]) -> str:
    text = str(error.value)
    assert "\n" not in text and "\x1b" not in text
    return text


def _after_one_move(fault: str) -> pyspiel.State:
    """The game dealt (deal 3) and one move played: the state's faults are armed."""
    state = _game(fault).new_initial_state()
    state.apply_action(3)
    state.apply_action(state.legal_actions()[0])
    return state


def test_every_fault_of_the_fixture_is_tested() -> None:
    tested = {fault for fault, _ in GAME_CALLS} | {fault for fault, _, _ in STATE_CALLS}
    assert tested == set(GAME_FAULTS) | set(STATE_FAULTS)


GAME_CALLS = [
    ("settings", "Hostile Sevens failed to check its settings: AttributeError: no such setting"),
    ("codec", "Hostile Sevens failed to number its moves: IndexError: no numbers"),
    ("not-a-codec", "Hostile Sevens failed to number its moves: it gave a str, not an ActionCodec"),
    ("no-numbers", "Hostile Sevens failed to number its moves: it has 0 numbers, where OpenSpiel takes 1 to "
                   "2,147,483,647"),
    ("layout", "Hostile Sevens failed to lay out its view tensor: LookupError: no layout"),
    ("bad-layout", "Hostile Sevens failed to lay out its view tensor: [('row', -1)] is not a list of "
                   "(name, length) pairs with distinct names"),
    ("same-names", "Hostile Sevens failed to lay out its view tensor: [('row', 1), ('row', 1)] is not a list of "
                   "(name, length) pairs with distinct names"),
    ("deal", "Hostile Sevens failed to deal (deal 3): ZeroDivisionError: division by zero"),
    ("not-a-state", "Hostile Sevens failed to deal (deal 3): it gave a NoneType, not a game state"),
    ("numbers", "Hostile Sevens failed to list the moves: it numbered 'play 2' 99, not one of 0 to 3"),
    ("shared-numbers", "Hostile Sevens failed to list the moves: 'play 2' and 'play 3' share the action number 0"),
]


@pytest.mark.parametrize(("fault", "message"), GAME_CALLS)
def test_the_games_own_hooks_fail_in_one_line_through_openspiel(fault: str, message: str) -> None:
    """Loading the game (its settings, numbering and tensor layout), dealing it and listing
    its first moves, each through ``pyspiel`` itself: the error comes out as it was raised."""
    game_for(HOSTILE, RULES, 2)  # registered
    with pytest.raises(PluginError) as error:
        state = pyspiel.load_game(short_name(HOSTILE.id), {"players": 2, "fault": fault}).new_initial_state()
        state.apply_action(3)
        state.legal_actions()
    assert _one_line(error) == message


def _returns_at_the_end(state: pyspiel.State) -> list[float]:
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


STATE_CALLS = [
    ("moves", lambda s: s.legal_actions(), "Hostile Sevens failed to list the moves: KeyError: 'no such hand'"),
    ("no-moves", lambda s: s.legal_actions(),
     "Hostile Sevens failed to list the moves: none, and the game is not over"),
    ("turn", lambda s: s.current_player(), "Hostile Sevens failed to say whose turn it is: 7 is no seat of 2"),
    ("turn-raises", lambda s: s.current_player(), "Hostile Sevens failed to say whose turn it is: AttributeError: "
                                                  "'SevensState' object has no attribute 'seat'"),
    ("turn-raises", lambda s: s.is_terminal(), "Hostile Sevens failed to say whose turn it is: AttributeError: "
                                               "'SevensState' object has no attribute 'seat'"),
    ("view", lambda s: s.observation_string(1),
     "Hostile Sevens failed to show seat 2 its view: TypeError: a view\\x0aof two lines"),
    ("view", lambda s: s.information_state_string(0),
     "Hostile Sevens failed to show seat 1 its view: TypeError: a view\\x0aof two lines"),
    ("view", str, "Hostile Sevens failed to show an onlooker's view: TypeError: a view\\x0aof two lines"),
    ("apply", lambda s: s.apply_action(s.legal_actions()[0]),
     "Hostile Sevens failed on the move 'discard 6': ValueError: cannot play discard 6 face down"),
    ("copy", lambda s: s.clone(), "Hostile Sevens failed to copy a state: MemoryError: no room for a copy"),
    ("worlds", lambda s: s.resample_from_infostate(0, lambda: 0.5),
     "Hostile Sevens failed to draw a world for seat 1: RuntimeError: no world to draw"),
    ("winners", _returns_at_the_end,
     "Hostile Sevens failed to name the winners: [9] is not a list of distinct seats from 0 to 1"),
    ("no-winner", _returns_at_the_end,
     "Hostile Sevens failed to name the winners: [] is not a list of distinct seats from 0 to 1"),
    ("tensor", lambda s: s.observation_tensor(0),
     "Hostile Sevens failed to write seat 1's view as numbers: ArithmeticError: no numbers for this view"),
    ("tensor-size", lambda s: s.observation_tensor(1),
     "Hostile Sevens failed to write seat 2's view as numbers: 3 numbers in the shape (3,), where its layout has 2"),
    ("tensor-nan", lambda s: s.observation_tensor(0),
     "Hostile Sevens failed to write seat 1's view as numbers: one is not a finite number (of 32 bits)"),
]


@pytest.mark.parametrize(("fault", "call", "message"), STATE_CALLS)
def test_a_game_in_progress_fails_in_one_line_at_each_call(fault: str, call, message: str) -> None:
    state = _after_one_move(fault)
    history = state.history()
    with pytest.raises(PluginError) as error:
        call(state)
    assert _one_line(error) == message
    assert state.history()[:len(history)] == history, "the moves played are kept"


def test_the_fixture_is_a_sound_game_without_a_fault() -> None:
    pyspiel.random_sim_test(_game(), num_sims=3, serialize=True, verbose=False)


def test_the_same_calls_work_before_the_fault_is_armed() -> None:
    """The fixture fails only where its fault says: the deal, views, tensors and worlds of
    each faulty game work before its first move (so the errors above are the bridge's doors
    answering, not a fixture that never works)."""
    for fault in STATE_FAULTS:
        state = _game(fault).new_initial_state()
        state.apply_action(3)
        assert state.current_player() == 0 and state.legal_actions()
        assert state.observation_string(0) and state.information_state_string(1) and str(state)
        assert state.observation_tensor(0) == pytest.approx([0.0, 0.3]) and state.clone().history() == state.history()
        assert state.resample_from_infostate(0, lambda: 0.5).observation_string(0) == state.observation_string(0)


def test_an_illegal_action_is_still_openspiels_error() -> None:
    state = _game().new_initial_state()
    state.apply_action(3)
    with pytest.raises(pyspiel.SpielError, match="action 12345 is not legal now"):
        state.apply_action(12345)
    with pytest.raises(pyspiel.SpielError, match="deal 70000 is not one of the 65536 deals"):
        _game().new_initial_state().apply_action(70_000)


def _everything(state: pyspiel.State) -> tuple:
    return (state.history(), state.serialize(), state.legal_actions(),
            [(state.information_state_string(seat), state.observation_string(seat)) for seat in range(2)])


def test_a_failed_move_leaves_the_openspiel_state_as_it_was() -> None:
    state = _after_one_move("apply")
    before = _everything(state)
    with pytest.raises(PluginError):
        state.apply_action(state.legal_actions()[0])
    assert _everything(state) == before
    assert _everything(state.get_game().deserialize_state(state.serialize())) == before


def test_a_history_that_fails_to_replay_is_kept_as_it_was() -> None:
    """The seats' histories are replayed when asked for: a view that fails on the way leaves
    them whole, the same when asked again."""
    state = _game("view").new_initial_state()
    state.apply_action(3)
    first = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    for _ in range(2):
        with pytest.raises(PluginError, match="failed to show seat 1 its view"):
            state.information_state_string(0)
    assert state._core.memory.texts[0] == first and state._core.memory.lines[0] == [first]


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("raises", "the computer player 'raises' in seat 1 of Hostile Sevens failed: RuntimeError: "
                   "the agent fell over \\x1b[31m"),
        ("cheats", "the computer player 'cheats' in seat 1 of Hostile Sevens chose 'play 99', which is not a "
                   "legal move"),
        ("babbles", "the computer player 'babbles' in seat 1 of Hostile Sevens chose a str, which is not a legal move"),
        ("exits", "the computer player 'exits' in seat 1 of Hostile Sevens failed: SystemExit: 3"),
    ],
)
def test_a_parlour_bot_whose_agent_fails_is_one_line(kind: str, message: str) -> None:
    state = _game().new_initial_state()
    state.apply_action(3)
    agent = HOSTILE.agent_kinds()[kind](RULES)
    with pytest.raises(PluginError) as error:
        ParlourBot(agent, name=kind).step(state)
    assert _one_line(error) == message
    assert state.history() == [3]


def test_a_parlour_bot_whose_agent_cannot_be_made_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_PLUGINS", "faulty_sevens:HOSTILE")
    with pytest.raises(PluginError) as error:
        parlour_bot("hostile-sevens", "unmade", RULES)
    assert _one_line(error) == "Hostile Sevens failed to make its computer player 'unmade': KeyError: 'no such setting'"
    assert parlour_bot("hostile-sevens", "raises", RULES).name == "raises"


def test_a_parlour_bot_that_never_decides_is_stopped_by_its_time_limit() -> None:
    state = _game().new_initial_state()
    state.apply_action(3)
    with pytest.raises(PluginError) as error:
        ParlourBot(Stalls(), time_limit=0.05).step(state)  # type: ignore[arg-type]
    assert _one_line(error) == ("the computer player 'Stalls' in seat 1 of Hostile Sevens took longer than 0.05 s "
                                "to decide")


def test_a_parlour_bot_on_a_game_that_fails_names_the_game() -> None:
    with pytest.raises(PluginError) as error:
        ParlourBot(RandomAgent()).step(_after_one_move("moves"))
    assert _one_line(error) == "Hostile Sevens failed to list the moves: KeyError: 'no such hand'"
    with pytest.raises(PluginError) as error:
        ParlourBot(RandomAgent()).step(_after_one_move("view"))
    assert _one_line(error).startswith("Hostile Sevens failed to show seat 2 its view: TypeError")


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("winners", "Hostile Sevens failed to name the winners: [9] is not a list of distinct seats from 0 to 1"),
        ("worlds", "Hostile Sevens failed to draw a world for its computer player: RuntimeError: no world to draw"),
        ("copy", "Hostile Sevens failed to play a game out: MemoryError: no room for a copy"),
    ],
)
def test_openspiel_ismcts_at_a_parlour_table_names_itself_and_the_game(fault: str, message: str) -> None:
    """The ``openspiel-ismcts`` computer player: its search's play-outs, worlds and copies go
    through the bridge's doors, and the runner names the player whose decision failed."""
    rules = {**RULES, "fault": fault}
    seats = [Seat("A", "openspiel-ismcts:8"), Seat("B", "random")]
    match = Match(HOSTILE, rules, 5, seats, [ISMCTSAgent(HOSTILE, rules, 8), RandomAgent()])
    with pytest.raises(PluginError) as error:
        match.play_out()
    assert _one_line(error) == f"the computer player 'openspiel-ismcts:8' in seat 1 of Hostile Sevens failed: " \
                               f"PluginError: {message}"


def test_a_play_out_that_never_ends_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.openspiel import agents

    monkeypatch.setattr(agents, "MAX_GAME_LENGTH", 2)
    state = _game().new_initial_state()
    state.apply_action(3)
    with pytest.raises(PluginError) as error:
        _Playouts(random.Random(1)).evaluate(state)
    assert _one_line(error) == "Hostile Sevens failed to play a game out: no end after 2 moves"


class _Unregistrable(HostileSevens):
    id = "unregistrable-sevens"
    title = "Unregistrable Sevens"
    max_players = "four"  # type: ignore[assignment]


def test_a_game_openspiel_cannot_take_is_one_line() -> None:
    with pytest.raises(PluginError) as error:
        register(_Unregistrable(), load_ruleset(HOSTILE))
    assert _one_line(error).startswith("Unregistrable Sevens failed to register with OpenSpiel: TypeError: ")


def test_register_all_leaves_out_a_game_openspiel_cannot_take_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the registry takes but OpenSpiel cannot (more seats than it counts) is left out,
    with a warning in one line; the other games are registered all the same."""
    from parlour.core import registry as registry_module

    class Huge(FaultySevens):
        id = "huge-sevens"
        title = "Huge Sevens"
        max_players = 10**12

        @property
        def ruleset_path(self) -> Path:
            return tmp_path / "huge-sevens.yaml"

        def validate_rules(self, rules: dict) -> list[tuple[str, str]]:
            return []  # Sevens deals for its most players: these would need a huge deck

    ruleset = (FIXTURES / "faulty-sevens.yaml").read_text().replace("game: faulty-sevens", "game: huge-sevens")
    (tmp_path / "huge-sevens.yaml").write_text(ruleset)
    registry = Registry([Plugin("huge", "test", lambda: Huge()), Plugin("hostile", "test", lambda: HOSTILE)])
    assert set(registry.games) == {"huge-sevens", "hostile-sevens"}, registry.broken
    monkeypatch.setattr(registry_module, "discover", lambda extra=(): registry)
    with pytest.warns(RuntimeWarning) as warned:
        names = register_all()
    assert names == [short_name(HOSTILE.id)]
    assert len(warned) == 1
    message = str(warned[0].message)
    assert message.startswith("Huge Sevens failed to register with OpenSpiel: TypeError: ") and "\n" not in message
