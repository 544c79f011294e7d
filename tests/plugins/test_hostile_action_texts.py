"""Any action text a player, a host or a record may send, for each game (issues 16 and 25).

Every reader refuses what it cannot read as its contract says and raises nothing else:
``Game.legal_action`` gives a legal action or raises IllegalAction (the state unchanged),
``Game.action_from_text`` an action written exactly so or an IllegalAction that quotes the
text, and each action class's ``from_text`` an action or an IllegalAction. Hypothesis
writes the texts: anything at all, and the legal moves' own texts with a word, a character
or a digit changed — other scripts' digits (``²``, which ``str.isdigit`` accepts and ``int``
cannot read, ``٣``), signs, huge numbers, control characters, spaces.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from sevens import GAME as SEVENS

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.game import Action, IllegalAction
from parlour.core.inputs import shown
from parlour.core.rulesets import load_ruleset
from parlour.testing.conformance import snapshot

GAMES = {game.id: game for game in (BANQUE, MONTE, CASABLANCA, SEVENS)}
RULES = {game_id: load_ruleset(game).resolve() for game_id, game in GAMES.items()}


def positions(game, count: int = 12):
    """States along one random game, every few moves (the phases the game goes through),
    and the finished game."""
    state = game.new_game(game.min_players + 1, RULES[game.id], 11)
    rng = random.Random(11)
    found = []
    for step in range(100_000):
        if state.is_over:
            break
        if step % 9 == 0 and len(found) < count:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_over
    return [*found, state]


POSITIONS = {game_id: positions(game) for game_id, game in GAMES.items()}
#: every text each game offered in those positions: the finished game is asked about them too
OFFERED = {game_id: sorted({a.text for state in states[:-1] for a in state.legal_actions()})
           for game_id, states in POSITIONS.items()}

#: characters that look like digits or spaces to one test and not to another
TRICKY = "²³¹⁰₂٣۴߁०໒①Ⅻ𝟙-+_.,eE\x00\x1b\t\n\r\x0b\x1c\u2028\u00a0\u200b\ufeff"
CHAR = st.one_of(st.sampled_from(TRICKY), st.characters())
WORD = st.one_of(st.text(max_size=12), st.integers(-10**30, 10**30).map(str),
                 st.sampled_from(["", " ", "-1", "0", "1e9", "nan", "None", "bid", "lay", "bet", "x" * 300,
                                  "9" * 5000, "\x00", "\x1b[31m", "٣", "²", "Ⅻ", "R", "r1c1"]))


def _word_changed(draw: Any, text: str) -> str:
    words = text.split(" ")
    at = draw(st.integers(0, len(words)))
    change = draw(st.sampled_from(["replace", "insert", "drop", "stick"]))
    if change == "replace" and at < len(words):
        words[at] = draw(WORD)
    elif change == "insert":
        words.insert(at, draw(WORD))
    elif change == "stick" and at < len(words):
        words[at] = draw(WORD) + words[at] if draw(st.booleans()) else words[at] + draw(WORD)
    elif words and at < len(words):
        del words[at]
    return " ".join(words)


def _character_changed(draw: Any, text: str) -> str:
    """One character put in, replaced or taken out; where the text has digits, mostly next
    to or in place of one of them."""
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    at = draw(st.sampled_from(digits)) if digits and draw(st.booleans()) else draw(st.integers(0, len(text)))
    change = draw(st.sampled_from(["insert", "replace", "delete", "repeat"]))
    if change == "insert":
        return text[:at] + draw(CHAR) + text[at:]
    if change == "replace":
        return text[:at] + draw(CHAR) + text[at + 1:]
    if change == "repeat":
        return text[:at] + text[at:at + 1] * draw(st.integers(2, 6000)) + text[at + 1:]
    return text[:at] + text[at + 1:]


@st.composite
def texts(draw: Any, game_id: str) -> tuple[int, str]:
    """A position and a text to read in it."""
    index = draw(st.integers(0, len(POSITIONS[game_id]) - 1))
    how = draw(st.sampled_from(["any", "word", "character"]))
    if how == "any":
        return index, draw(st.text(max_size=60))
    text = draw(st.sampled_from(OFFERED[game_id]))
    changed = _word_changed(draw, text) if how == "word" else _character_changed(draw, text)
    return index, changed


#: the texts issue 25 names, and their kin in each game
ISSUE_TEXTS = ["bid ²R", "bid 1²R", "bid ٣R", "bid " + "9" * 5000 + "R", "lay ² r1c1", "lay ٣ r1c1",
               "lay " + "9" * 5000 + " r1c1", "raise ²", "announce ² 1", "announce 1 ²", "pick ١٢",
               "figure " + "1" * 5000, "", " ", "\x00", "bid -1R", "lay -1 r1c1", "raise -5"]


def _check_parse(game_id: str, index: int, text: str) -> None:
    game, state = GAMES[game_id], POSITIONS[game_id][index]
    before = snapshot(state)
    try:
        action = game.legal_action(state, text)
    except IllegalAction as exc:
        assert str(exc).strip() and "\x1b" not in str(exc)
    else:
        assert state.is_legal(action), f"{text!r} parsed to a move that is not legal"
    assert snapshot(state) == before


def _check_read(game_id: str, text: str) -> None:
    try:
        action = GAMES[game_id].action_from_text(text, RULES[game_id])
    except IllegalAction as exc:
        assert f"'{shown(text)}'" in str(exc), f"the refusal of {text!r} does not quote it: {exc}"
    else:
        assert isinstance(action, Action) and action.text == text, f"action_from_text({text!r}) gave {action!r}"


def _own_readers() -> dict[str, Callable[[str], list[Action]]]:
    """Each game's action classes' readers, all tried on a text: what each one read."""

    def reader(game_id: str) -> Callable[[str], list[Action]]:
        def read(text: str) -> list[Action]:
            found = []
            for kind in GAMES[game_id].action_kinds:
                try:
                    found.append(kind.from_text(text, RULES[game_id]))
                except IllegalAction:
                    pass
            return found
        return read

    return {game_id: reader(game_id) for game_id, game in GAMES.items() if game.action_kinds}


OWN_READERS = _own_readers()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_any_action_text_is_parsed_or_refused(game_id: str) -> None:
    @given(texts(game_id))
    def check(case: tuple[int, str]) -> None:
        _check_parse(game_id, *case)

    check()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_any_action_text_is_read_exactly_or_not_at_all(game_id: str) -> None:
    @given(texts(game_id))
    def check(case: tuple[int, str]) -> None:
        _check_read(game_id, case[1])

    check()


@pytest.mark.parametrize("game_id", list(OWN_READERS))
def test_a_games_own_reader_reads_or_refuses_any_text(game_id: str) -> None:
    reader = OWN_READERS[game_id]

    @given(texts(game_id))
    @example((0, "bid ²R"))
    @example((0, "lay ² r1c1"))
    @example((0, "raise ²"))
    def check(case: tuple[int, str]) -> None:
        assert all(isinstance(action, Action) for action in reader(case[1]))

    check()


@pytest.mark.parametrize("text", ISSUE_TEXTS, ids=lambda text: ascii(text)[1:25])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_texts_of_issue_25_are_refused(game_id: str, text: str) -> None:
    """Each is refused in every position (the finished game's too) by ``legal_action``, and
    read by the readers without a state as no action or one written exactly so (``pick ١٢``
    is a card Banque Fatale's deck does not hold: the state judges that)."""
    for index in range(len(POSITIONS[game_id])):
        with pytest.raises(IllegalAction):
            GAMES[game_id].legal_action(POSITIONS[game_id][index], text)
    _check_read(game_id, text)
    if game_id in OWN_READERS:
        assert all(read.text == text for read in OWN_READERS[game_id](text))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_finished_game_refuses_every_text_it_once_offered(game_id: str) -> None:
    finished = POSITIONS[game_id][-1]
    assert finished.is_over and list(finished.legal_actions()) == []
    for text in OFFERED[game_id]:
        with pytest.raises(IllegalAction):
            GAMES[game_id].legal_action(finished, text)
