"""One way to write an action (issue 23): its word, its text written once, ``from_text`` on its
class, a game's reader built from its classes; two doors on ``Game``; and the contract's checks
that fail when a game's action classes break the pattern."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
import sevens

from parlour.core.actions import Action, ActionReader, IllegalAction
from parlour.core.game import Game
from parlour.core.rulesets import load_ruleset
from parlour.testing.conformance import GameContract


@dataclass(frozen=True, order=True)
class Lay(Action):
    digit: int
    cell: str
    word = "lay"
    written: ClassVar[list[str]] = []

    def to_text(self) -> str:
        Lay.written.append("lay")
        return super().to_text()


@dataclass(frozen=True, order=True)
class Keep(Action):
    pass


@dataclass(frozen=True, order=True)
class TakeTop(Action):
    word = "take top"


@dataclass(frozen=True, order=True)
class Take(Action):
    colour: str
    word = "take"


READER = ActionReader("Tiles", [Lay, Keep, TakeTop, Take])


def test_an_action_is_its_word_and_its_fields_and_reads_back_through_its_class() -> None:
    assert (Lay(4, "r4c5").text, Keep().text, TakeTop().text, Take("R").text) == ("lay 4 r4c5", "keep", "take top",
                                                                                  "take R")
    assert Keep.word == "keep", "a class that names no word is written with its name"
    for action in (Lay(4, "r4c5"), Keep(), TakeTop(), Take("R")):
        assert type(action).from_text(action.text, {}) == action
        assert READER.read(action.text, {}) == action and type(READER.read(action.text, {})) is type(action)


def test_the_text_is_written_once_per_object() -> None:
    Lay.written.clear()
    action = Lay(2, "r1c1")
    assert [action.text for _ in range(5)] == ["lay 2 r1c1"] * 5 and str(action) == "lay 2 r1c1"
    assert Lay.written == ["lay"]
    assert action == Lay(2, "r1c1") and hash(action) == hash(Lay(2, "r1c1")), "the kept text is no field"


@pytest.mark.parametrize(("text", "says"), [
    ("", "is not a Tiles move"),
    ("fold", "is not a Tiles move"),
    ("lay 4", "a lay move is written 'lay <digit> <cell>'"),
    ("lay 4 r4c5 x", "a lay move is written 'lay <digit> <cell>'"),
    ("lay ² r4c5", "a lay move is written"),
    ("lay -1 r4c5", "a lay move is written"),
    ("lay 04 r4c5", "a lay move is written"),
    ("lay " + "9" * 5000 + " r4c5", "a lay move is written"),
    ("lay 4  r4c5", "a lay move is written"),
    ("keep ", "a keep move is written 'keep'"),
    ("take top now", "a take move is written 'take <colour>'"),
    ("take", "a take move is written 'take <colour>'"),
])
def test_a_text_that_is_no_action_is_refused_with_an_error_that_quotes_it(text: str, says: str) -> None:
    with pytest.raises(IllegalAction, match=says) as refused:
        READER.read(text, {})
    assert str(refused.value).startswith("'" + text[:20]) and len(str(refused.value)) < 200


def test_a_reader_is_not_built_from_classes_that_break_the_pattern() -> None:
    @dataclass(frozen=True, order=True)
    class Other(Action):
        number: int
        word = "lay"

    @dataclass(frozen=True, order=True)
    class Bid(Action):
        counts: tuple[int, ...]

    @dataclass(frozen=True, order=True)
    class TakeOne(Action):
        colour: str
        word = "take one"

    with pytest.raises(TypeError, match="both written 'lay'"):
        ActionReader("Tiles", [Lay, Other])
    with pytest.raises(TypeError, match="write Bid.from_text"):
        ActionReader("Tiles", [Bid])
    with pytest.raises(TypeError, match="has a space"):
        ActionReader("Tiles", [TakeOne])


def test_the_old_first_word_kind_still_names_it_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="Old.word"):
        @dataclass(frozen=True, order=True)
        class Old(Action):
            number: int
            kind = "old"
    assert Old(3).text == "old 3" and Old.word == "old"
    with pytest.warns(DeprecationWarning, match="Action.word"):
        assert Lay(1, "r1c1").kind == "lay"


# -- the two doors on Game ---------------------------------------------------------------------

RULES = load_ruleset(sevens.GAME).resolve()


def test_a_game_without_action_classes_reads_a_legal_action_only_in_a_game() -> None:
    state = sevens.GAME.new_game(2, RULES, 1)
    text = state.legal_actions()[0].text
    assert sevens.GAME.legal_action(state, text) == state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="only in a game in progress"):
        sevens.GAME.action_from_text(text, RULES)
    with pytest.raises(IllegalAction, match="'play 99' is not a legal move now"):
        sevens.GAME.legal_action(state, "play 99")


def test_the_old_doors_still_open_with_a_warning() -> None:
    from parlour.games.monte_carlo import GAME as MONTE

    rules = load_ruleset(MONTE).resolve()
    state = MONTE.new_game(3, rules, 1)
    text = state.legal_actions()[0].text
    with pytest.warns(DeprecationWarning, match="Game.action_from_text"):
        assert MONTE.read_action(text, rules) == state.legal_actions()[0]
    with pytest.warns(DeprecationWarning, match="Game.action_from_text"):
        assert MONTE.read_action("nonsense", rules) is None
    with pytest.warns(DeprecationWarning, match="Game.legal_action"):
        assert MONTE.parse_action(state, text) == state.legal_actions()[0]


def test_a_plugin_that_overrides_the_old_doors_is_warned_once_and_still_read() -> None:
    with pytest.warns(DeprecationWarning, match="OldSevens.parse_action is deprecated"):
        class OldSevens(sevens.Sevens):
            def parse_action(self, state: Any, text: str) -> Action:
                return next(a for a in state.legal_actions() if a.text == text)

    game = OldSevens()
    state = game.new_game(2, RULES, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert game.legal_action(state, state.legal_actions()[-1].text) == state.legal_actions()[-1]


# -- the contract fails when a game breaks the pattern -----------------------------------------

class ListedSevens(sevens.Sevens):
    """Sevens with its action classes listed, so that it reads actions without a state."""

    action_kinds = (sevens.Play, sevens.Discard)


def test_the_contract_passes_a_game_that_writes_its_actions_the_one_way() -> None:
    contract = GameContract()
    contract.test_contract_action_classes_follow_the_one_pattern(ListedSevens())
    contract.test_contract_actions_read_back_through_the_games_reader(ListedSevens())


def test_the_contract_fails_an_action_whose_text_is_written_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclass(frozen=True, order=True)
    class ByHand(sevens.Play):
        @property
        def text(self) -> str:  # type: ignore[override]
            return f"play {self.card}"

    monkeypatch.setattr(sevens, "Play", ByHand)
    with pytest.raises(AssertionError, match="ByHand replaces text"):
        GameContract().test_contract_action_classes_follow_the_one_pattern(sevens.GAME)


def test_the_contract_fails_a_class_the_game_does_not_list() -> None:
    class HalfListed(sevens.Sevens):
        action_kinds = (sevens.Play,)

    with pytest.raises(AssertionError, match="Discard is offered but not in HalfListed.action_kinds"):
        GameContract().test_contract_action_classes_follow_the_one_pattern(HalfListed())


def test_the_contract_fails_a_text_that_does_not_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclass(frozen=True, order=True)
    class Misread(sevens.Play):
        word = "play"

        @classmethod
        def from_text(cls, text: str, rules: Any) -> Misread:
            return cls(int(text.split()[1]) % 3)  # a field read wrong: written back otherwise

    monkeypatch.setattr(sevens, "Play", Misread)

    class MisreadSevens(sevens.Sevens):
        action_kinds = (Misread, sevens.Discard)

    with pytest.raises(pytest.fail.Exception, match="legal_action refuses 'play"):
        GameContract().test_contract_actions_read_back_through_the_games_reader(MisreadSevens())


def test_the_contract_fails_a_reader_that_gives_another_label(monkeypatch: pytest.MonkeyPatch) -> None:
    """Casablanca's labels name symbols the reader looks up in the rules: one it forgets shows."""
    from parlour.games.casablanca import GAME as CASABLANCA
    from parlour.games.casablanca import actions

    def without_note(cls: Any, text: str, rules: Any) -> Any:
        return cls(*cls.values_in(text))

    monkeypatch.setattr(actions._OnField, "from_text", classmethod(without_note))
    with pytest.raises(AssertionError, match="reads back as"):
        GameContract().test_contract_actions_read_back_through_the_games_reader(CASABLANCA)


def test_every_built_in_game_lists_its_action_classes() -> None:
    from parlour.games.banque_fatale import GAME as BANQUE
    from parlour.games.casablanca import GAME as CASABLANCA
    from parlour.games.monte_carlo import GAME as MONTE

    for game in (BANQUE, MONTE, CASABLANCA):
        assert isinstance(game, Game) and game.action_kinds and game.reads_actions, game.id


def test_a_record_replays_each_move_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying read each move as a legal action and then ``apply`` checked it again."""
    from parlour.core.agents import RandomAgent
    from parlour.core.match import Match
    from parlour.core.record import Seat, replay

    game = ListedSevens()
    seats = [Seat(f"p{i}", "random") for i in range(3)]
    match = Match(game, RULES, 8, seats, [RandomAgent() for _ in seats])
    final = match.play_out()
    checks: list[Action] = []
    judge = sevens.SevensState.why_illegal

    def counted(self: Any, action: Action) -> str | None:
        checks.append(action)
        return judge(self, action)

    monkeypatch.setattr(sevens.SevensState, "why_illegal", counted)
    assert replay(game, match.record).scores() == final.scores()
    assert [a.text for a in checks] == match.record.actions, "each recorded move checked once, in order"
