"""The one log idiom: an engine notes a template and its values; ``events`` words them when
read, so a quiet world never words a line and an engine never guards its logging."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from parlour.core.events import Worded
from parlour.core.game import Action, State

ROOT = Path(__file__).parents[2]


class Counter(State):
    """A bare state that logs whatever the test asks."""

    to_move = 0

    def legal_actions(self) -> list[Action]:
        return []

    def _apply(self, action: Action) -> None:
        pass

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> State:
        world = self._bare_copy(events=False)
        self._settle_world(world, seat, rng, quiet)
        return world


def counting() -> tuple[Worded, list[int]]:
    calls: list[int] = []

    def words(n: int) -> str:
        calls.append(n)
        return f"{n} worded"

    return Worded(words), calls


def test_a_line_is_worded_when_read_and_only_once() -> None:
    state = Counter(2, {}, 1)
    line, calls = counting()
    state.note("count", line, 3, at=1)
    state.note("plain", "{} and {:,}", "a", 12345)
    assert calls == []
    first = [(e.text, e.seats, e.kind, e.data) for e in state.events]
    assert first == [("3 worded", None, "count", {"at": 1}), ("a and 12,345", None, "plain", None)]
    assert state.events == state.events and calls == [3]


def test_lines_keep_their_order_whichever_way_they_are_written() -> None:
    state = Counter(2, {}, 1)
    state.note("", "one")
    state.log("two {braces} kept", seats=[1])
    state.events.append(state.events[0]._replace(text="three"))
    state.tell(frozenset({0}), "", "four {}", 4)
    assert [e.text for e in state.events] == ["one", "two {braces} kept", "three", "four 4"]
    assert [e.text for e in state.events_for(0)] == ["one", "three", "four 4"]
    assert [e.text for e in state.events_for(None)] == ["one", "three"]


def test_a_quiet_world_words_nothing_and_keeps_nothing() -> None:
    state = Counter(2, {}, 1)
    line, calls = counting()
    world = state.sample_world(0, random.Random(1), quiet=True)
    world.note("count", line, 1)
    world.tell(frozenset({0}), "count", line, 2)
    world.log("said")
    assert world.events == [] and calls == []
    state.silence()
    state.note("count", line, 3)
    assert state.events == [] and calls == []


def test_a_seats_world_keeps_only_its_lines_still_unworded() -> None:
    state = Counter(2, {}, 1)
    line, calls = counting()
    state.tell(frozenset({1}), "count", line, 1)
    state.note("count", line, 2)
    world = state.sample_world(0, random.Random(1))
    assert calls == []
    assert [e.text for e in world.events] == ["2 worded"] and calls == [2]
    assert [e.text for e in state.events] == ["1 worded", "2 worded"]


def test_no_engine_guards_its_logging() -> None:
    """Banque Fatale and Monte Carlo note every line; a guard would be a second way to log."""
    guard = re.compile(r"if (not self\.quiet|loud)\b|loud = not self\.quiet")
    found = [f"{path.relative_to(ROOT)}:{n}" for game in ("banque_fatale", "monte_carlo")
             for path in sorted((ROOT / "games" / game).glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if guard.search(line)]
    assert found == []


class Lexicon:
    """A catalog of two words, as a game's Translator answers when German is chosen."""

    WORDS = {"{} sells a {} card": "{} verkauft eine {}-Karte", "Palm": "Palme"}

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)


class Translated(Counter):
    words = Lexicon()


def test_a_line_is_worded_in_the_games_catalog_with_its_terms() -> None:
    """Issue 27: a template and each Term among its values are read through the game's
    catalog; other values (a name that merely looks like a word) are not."""
    from parlour.core.events import Term

    state = Translated(2, {}, 1)
    state.note("sell", "{} sells a {} card", "Palm", Term("Palm"))
    state.log("{} sells a {} card")  # already worded: kept as it is
    assert [e.text for e in state.events] == ["Palm verkauft eine Palme-Karte", "{} sells a {} card"]
    english = Counter(2, {}, 1)
    english.note("sell", "{} sells a {} card", "Palm", Term("Palm"))
    assert english.events[0].text == "Palm sells a Palm card"


def test_an_event_keeps_what_it_was_worded_from() -> None:
    """The template and values stay on the event, so another reader (a player at a hosted
    table, in his own language) words it again; a named Worded line is found by its name."""
    from parlour.core.events import Term, new_event, word, worded_named

    line = Worded(lambda n: f"{n} counted", name="test-log-idiom.count")
    state = Counter(2, {}, 1)
    state.note("sell", "{} sells a {} card", "Tess", Term("Palm"))
    state.note("count", line, 3)
    sold, counted = state.events
    assert (sold.say, sold.args) == ("{} sells a {} card", ("Tess", "Palm"))
    assert word(sold.say, sold.args, Lexicon()) == "Tess verkauft eine Palme-Karte"
    assert counted.say is line and worded_named("test-log-idiom.count") is line
    assert worded_named("no-such-line") is None
    old = new_event(("a plugin's line", None, "kind", None))  # four fields, as before
    assert (old.text, old.say, old.args) == ("a plugin's line", "", ())
