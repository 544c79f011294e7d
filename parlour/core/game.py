"""The game contract every Parlour plugin implements, in one sitting.

A plugin provides one :class:`Game` object. ``Game.new_game`` deals a :class:`State`;
the state is advanced in place with ``apply``. Agents and user interfaces only ever see
``State.view(seat)`` (a JSON-serialisable dict) and ``State.legal_actions()``.

Each class lists what a plugin must write, then what it may write (the defaults are
correct), then what it may write for speed. Beside it: how an action is written and read
(:mod:`parlour.core.actions`), the events a state logs (:mod:`parlour.core.events`), the
cheap-copy machinery (:mod:`parlour.core.fastcopy`) and the host's own computer levels
(:mod:`parlour.core.levels`, whose ``Game`` is the one :mod:`parlour.plugin` hands out).
This module imports none of the computer players.
"""

from __future__ import annotations

import copy
import random
import sys
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from parlour.core.actions import Action, ActionReader, IllegalAction, quoted
from parlour.core.codec import ActionCodec
from parlour.core.events import Event, Pending, QuietLog, Words, Worded, new_event, seat_label, with_names, word
from parlour.core.fastcopy import FastCopy
from parlour.core.inputs import clean_message
from parlour.core.tensors import Layout, layout_size

if TYPE_CHECKING:
    from parlour.core.agents import KindEntry
    from parlour.core.schema import Schema

#: the names this module had before the events moved out (imported from here all over)
__all__ = ["Action", "IllegalAction", "GameDefinitionError", "PluginError", "PLUGIN_FAULTS", "guarded", "failed",
           "State", "Game", "Event", "QuietLog", "Worded", "new_event", "seat_label", "with_names"]


class GameDefinitionError(Exception):
    """A plugin that does not honour the contract."""


class PluginError(Exception):
    """A game's or a computer player's own code failed while it was called: raised, chose
    something not legal, or did not decide in time. One line that names who and what
    (control characters from the plugin's message written out)."""

    def __init__(self, message: str) -> None:
        super().__init__(clean_message(message))


#: what a plugin's code may raise that its door turns into a :class:`PluginError` (a plugin
#: may not end the program either); a KeyboardInterrupt, and the alarms of the host's own
#: time limits, pass through
PLUGIN_FAULTS = (Exception, SystemExit)


class guarded:
    """The one door of every call into a game's or a computer player's code: a ``with``
    block out of which whatever that code raises leaves as one :class:`PluginError`,
    ``"<who> failed <what>: <Type>: <message>"`` (``who`` names the game or the player, ``what``
    the call: ``"to list the moves"``; either may be a function that writes it, called only
    on a failure). The ``passes`` kinds leave as they are: a :class:`PluginError` said by a
    door within (by default), and what the caller answers itself (an :class:`IllegalAction`
    refused). It writes nothing unless something fails, so one made once may guard a hot
    call every time.

    Where even that costs too much (the match runner's every move), the door is made only
    once the code has failed, with the same effect::

        try:
            state.apply(action)
        except PLUGIN_FAULTS as exc:
            guarded(title, "on the move ...", (PluginError, IllegalAction)).fail(exc)
    """

    __slots__ = ("who", "what", "passes")

    def __init__(self, who: str | Callable[[], str], what: str | Callable[[], str] = "",
                 passes: tuple[type[BaseException], ...] = (PluginError,)) -> None:
        self.who = who
        self.what = what
        self.passes = passes

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if kind is not None and issubclass(kind, PLUGIN_FAULTS) and not issubclass(kind, self.passes):
            self.fail(exc)  # type: ignore[arg-type]

    def fail(self, exc: BaseException) -> NoReturn:
        """Raise what leaves the door for ``exc``, which the code behind it raised: ``exc``
        itself when it is of a kind that passes, else the :class:`PluginError` that says it."""
        if isinstance(exc, self.passes):
            raise exc
        who = self.who if isinstance(self.who, str) else self.who()
        what = self.what if isinstance(self.what, str) else self.what()
        raise failed(who, what, f"{type(exc).__name__}: {exc}") from exc


def failed(who: str, what: str, reason: str) -> PluginError:
    """The error that says ``who``'s code failed ``what`` (``"to list the moves"``; may be
    empty) because of ``reason``: what a door says, and what a caller says of a value the
    code gave that it cannot use (a move numbered out of range)."""
    return PluginError(f"{who} failed{' ' if what else ''}{what}: {reason}")


def _not_an_action(value: object) -> str:
    """The refusal of a value that is not an action (named by its type only: the value
    itself may be huge or hold control characters)."""
    return f"a {type(value).__name__} is not an action"


class State(FastCopy, ABC):
    """One game in progress. Subclasses keep all chance in ``self.rng``."""

    def __init__(self, players: int, rules: Mapping[str, Any], seed: int) -> None:
        self.players = players
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: list[Event] = []

    # -- a plugin must write these -------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must decide now; None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every action ``to_move`` may take now; never empty before the end, and an empty
        sequence (not None) once the game is over."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` knows now and nothing more, as JSON-ready data.

        ``seat`` None is an onlooker's view: public information only.
        """

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score; meaningful once the game is over (a running score before)."""

    def sample_world(self, seat: int, rng: random.Random, *, quiet: bool = False) -> State:
        """A full state that ``seat`` cannot tell from this one: its view is identical,
        everything it cannot see is redrawn with ``rng``, the events it did not see are
        dropped, and the world's own generator is reseeded from ``rng``. The only door
        through which a search agent may touch hidden things.

        A ``quiet`` world is for search: it may keep no event log and write none (its
        ``events`` may be empty), which saves copying and formatting text in every world;
        :meth:`silence` makes a state quiet, and clones of a quiet state are quiet."""
        raise NotImplementedError(f"{type(self).__name__} cannot sample worlds")

    # -- a plugin may write these (the defaults are correct) -----------------------------------
    def why_illegal(self, action: Action) -> str | None:
        """The reason ``action`` is refused now, or None when it is legal. Any value that is
        not one of the legal actions is refused, whatever its type."""
        if not isinstance(action, Action):
            return _not_an_action(action)
        if not self.is_legal(action):
            return f"{action.label!r} is not a legal move now"
        return None

    def is_legal(self, action: Action) -> bool:
        """Override when listing every action is costly (large bid spaces)."""
        return action in self.legal_actions()

    def conserved(self) -> Mapping[str, Any]:
        """What the rules conserve, for soak tests: quantities that stay equal from move to
        move (jetons of a colour, the money at the table) while ``"epoch"`` (a round, a game
        of a match) stays the same. Optional; the default conserves nothing."""
        return {}

    def stage(self) -> str | None:
        """The part of the game being played now, as players name it ("Round 3", "Game 2"):
        the review notes everyone's score each time it changes. Optional; the default (None)
        leaves the review with the final scores only. A seat is shown the scores its view
        carries (a ``scores`` list; anything not a number there stays hidden), else these of
        :meth:`scores`: a game whose running scores count hidden things puts them in its views."""
        return None

    def winners(self) -> list[int]:
        """Seats with the highest score; equal scores share the win."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def score_breakdown(self) -> list[dict[str, float]]:
        """Per seat, the parts that make up its score (for the results screen)."""
        return [{"score": s} for s in self.scores()]

    def habits(self) -> Sequence[Mapping[str, float]] | None:
        """Per seat, counts of how it played that everyone at the table saw (how often it
        bluffed, called, folded...), for computer players to remember across games with the
        same person (``Abilities.recalls``). Counts only public events: what a seat could not
        see stays out. Optional; the default (None) remembers nothing."""
        return None

    # -- the host calls these; a plugin does not override them ---------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def apply(self, action: Action) -> None:
        """Play ``action`` for ``to_move``; refuse an illegal one with the state unchanged.

        The one template of every engine: the refusal comes from :meth:`why_illegal`, the
        move from :meth:`_apply`. ``why_illegal`` refuses every value that is not one of
        the legal actions now, whatever its type (the conformance suite checks this), so
        nothing here pays for an ``isinstance`` on every move; should an engine's check
        fail on a value that is not an action at all, that value is refused all the same."""
        if self.to_move is None:
            raise IllegalAction("the game is over")
        try:
            reason = self.why_illegal(action)
        except Exception:
            if isinstance(action, Action):
                raise
            reason = _not_an_action(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(action)

    # The log: an engine notes a template and the values to fill in (numbers, names: nothing
    # that changes later), and ``events`` words what is pending when it is read, so a playout
    # that never reads its log never formats a line, and a quiet world drops it all unread.
    # The template is English; with the game's catalog in ``words`` it is read in the
    # player's language (see :func:`parlour.core.events.word`).
    words: ClassVar[Words | None] = None
    @property
    def events(self) -> list[Event]:
        """Everything logged so far, each line worded now if it was not yet."""
        pending = self._pending
        if pending:
            events = self._events
            words = self.words
            for say, args, seats, kind, data in pending:
                events.append(new_event((word(say, args, words), seats, kind, data, say, args)))
            pending.clear()
        return self._events

    @events.setter
    def events(self, events: list[Event]) -> None:
        self._events = list(events)
        self._pending: list[Pending] = []

    def note(self, kind: str, say: str | Worded, *args: Any, **data: Any) -> None:
        """A public event: ``say`` with ``args`` filled in (``str.format``, or a
        :class:`~parlour.core.events.Worded`) when it is read."""
        self._pending.append((say, args, None, kind, data or None))

    def tell(self, seats: frozenset[int], kind: str, say: str | Worded, *args: Any, **data: Any) -> None:
        """An event only ``seats`` see, worded as :meth:`note`'s."""
        self._pending.append((say, args, seats, kind, data or None))

    def log(self, text: str, seats: Sequence[int] | None = None, kind: str = "", **data: Any) -> None:
        """An event already worded (``text`` is kept as it is, braces and all)."""
        if self.quiet:
            return
        self._pending.append((text, None, None if seats is None else frozenset(seats), kind, data or None))

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        events = self.events
        if start:
            events = events[start:]
        if seat is None:
            return [e for e in events if e.seats is None]
        return [e for e in events if e.seats is None or seat in e.seats]  # Event.visible_to, inlined

    # -- a plugin may write these for speed (see parlour.core.fastcopy) ------------------------
    def apply_trusted(self, action: Action) -> None:
        """Play ``action``, taken from this state's own ``legal_actions()``, without checking
        it again: the fast path for search rollouts. Anything else must go through
        :meth:`apply`."""
        self._apply(action)

    def clone(self) -> State:
        """An independent copy, random generator state included."""
        return copy.deepcopy(self)


class Game(ABC):
    """A plugin's entry point: what the host needs to list, set up and run a game."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for old, new in (("read_action", "list its action classes in action_kinds"),
                         ("parse_action", "override legal_action")):
            if old in cls.__dict__:
                warnings.warn(f"{cls.__name__}.{old} is deprecated: {new}", DeprecationWarning, stacklevel=2)

    # -- a plugin must write these -------------------------------------------------------------
    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @property
    @abstractmethod
    def schema(self) -> Schema:
        """The ruleset schema: every setting's type and range."""

    @abstractmethod
    def new_game(self, players: int, rules: Mapping[str, Any], seed: int) -> State:
        """Deal a new game for ``players`` seats under the resolved ``rules``."""

    # -- a plugin may write these (the defaults are correct) -----------------------------------
    blurb: ClassVar[str] = ""
    #: The game's own catalog (``parlour.plugin.translator(__package__, "<domain>")``): its
    #: board's words and its log's templates in the player's language; the same object as
    #: its ``State.words``, so that a reader without the state (a player at a hosted table)
    #: can word the game's events (:func:`parlour.core.events.word`). None: English only.
    words: ClassVar[Words | None] = None
    #: Import path ``"package.module:Class"`` of a Textual board widget, loaded only by the TUI.
    board: ClassVar[str | None] = None
    #: The version of the game's actions and ruleset as records hold them. Raise it when a
    #: record written before would no longer replay (an action changed, a setting was
    #: added): saved games of another version are then offered with a plain reason why they
    #: cannot be continued, instead of failing half-way through their replay.
    version: ClassVar[int] = 1
    #: Event kinds that mark a moment worth stopping for (a game or round settled, a
    #: challenge decided): after a move that logs one of them, the app's table waits until
    #: the person at the table has read what that move did, instead of moving on and leaving
    #: it to the log. Empty: the table never waits.
    pauses: ClassVar[frozenset[str]] = frozenset()
    #: Who begins, when the rules let the players choose: the setting (say
    #: ``"start_player"``), its value for "the first seat", and what players call that
    #: person ("Start player"). Setup then offers every seat; the seats are turned round the
    #: table so the chosen one sits first. None: the game offers no choice.
    starter: ClassVar[tuple[str, str, str] | None] = None
    #: Whether a move's record text (``pick 11``) reads right to a player as it is: where a
    #: label is too long, the analysis's narrow lines show the text in its place. False for a
    #: game whose texts count differently from its board (Casablanca's fields are 0-based in
    #: texts, 1-based on the ring): the label is shortened instead.
    texts_read_as_labels: ClassVar[bool] = True
    #: A rule library the game's files live in: its ruleset ``<id>.yaml`` and its curated
    #: house rules ``house/<id>/*.yaml`` (the built-in games use the top-level ``rulesets/``).
    #: None: ``ruleset.yaml`` beside the game's module, and no curated house rules.
    library: ClassVar[Path | None] = None

    @property
    def folder(self) -> Path:
        """The folder of the module that defines the game: that of the class derived
        straight from the host's ``Game`` (a variant subclassed elsewhere keeps its files)."""
        cls = next(c for c in type(self).__mro__ if not c.__module__.startswith("parlour.core.")
                   and any(issubclass(b, Game) and b.__module__.startswith("parlour.core.") for b in c.__bases__))
        return Path(sys.modules[cls.__module__].__file__ or ".").parent

    @property
    def ruleset_path(self) -> Path:
        """The YAML file with the default settings and the named variants:
        ``<id>.yaml`` in the game's :attr:`library`, else ``ruleset.yaml`` beside the game's
        module, unless overridden."""
        if self.library is not None:
            return self.library / f"{self.id}.yaml"
        return self.folder / "ruleset.yaml"

    @property
    def house_rules_folder(self) -> Path | None:
        """Curated house-rules files shipped with the game, offered beside the player's own:
        ``house/<id>/`` in its :attr:`library`; None without a library."""
        return self.library / "house" / self.id if self.library is not None else None

    def upgrade_rules(self, rules: dict[str, Any], version: int) -> dict[str, Any] | None:
        """The settings of a record made under an older ``version`` of this game, as this
        version reads them: the settings added since at the values that play as the old
        version did. None (the default): such a record cannot be replayed."""
        return None

    def rules_markdown(self) -> str:
        """The game's rules for players, as Markdown, in the project's own words:
        ``rules.md`` beside the game's module, unless overridden."""
        path = self.folder / "rules.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
        return f"# {self.title}\n\nThis game has no rules text yet."

    def rules_markdown_in(self, lang: str) -> str | None:
        """The rules in language ``lang`` (``de``, ``fr``): ``rules.<lang>.md`` beside the
        game's module; None where there is none, and the reader falls back to
        :meth:`rules_markdown`."""
        lang = lang.replace("-", "_").split("_")[0].split(".")[0].lower()  # "de_AT.UTF-8" reads "de"
        if not lang.isalpha():
            return None
        path = self.folder / f"rules.{lang}.md"
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def label_in(self, state: State, action: Action) -> str:
        """The label of ``action`` as a move of ``state``, the state it is (or was) played
        in; the default, the action's own label. A game whose move means something else at
        some moment says so here (Casablanca's mover first only matches a challenger's stake,
        with the move that later calls). May be overridden."""
        return action.label

    def short_label(self, action: Action) -> str:
        """``action`` in a few words, in the reader's language, for a line too narrow for its
        label (the analysis's evaluations at 80 columns: "you: bet C4 (bottom) · win 3 %");
        the default, the record's text where :attr:`texts_read_as_labels`, else the label.
        May be overridden (Monte Carlo's texts name fields by their ids, ``bet col4-bottom``)."""
        return action.text if self.texts_read_as_labels else action.label

    def score_text(self, score: float) -> str:
        """A final score as players write it ("$5,950"); the default, the
        number alone. May be overridden."""
        return f"{score:g}"

    def part_as_score(self, part: str) -> bool:
        """Whether the part ``part`` of :meth:`State.score_breakdown` counts what the score
        counts (a round's money), so that the results write it as :meth:`score_text` writes
        the score ("$3,000"); the default, False: the number alone. ``part`` is named as the
        breakdown names it: in the player's language, or from a hosted table in the game's
        English. May be overridden."""
        return False

    def agent_kinds(self) -> dict[str, KindEntry]:
        """Computer opponents by name, weakest first: a factory ``rules -> Agent`` or an
        :class:`~parlour.core.agents.AgentKind`; one must be ``random``. The ``Game`` of
        :mod:`parlour.plugin` gives every game the host's own levels (``random``, the searching
        ``hard``, the ``flat`` baseline: :mod:`parlour.core.levels`); this bare contract, none."""
        return {}

    #: The game's action classes (see :mod:`parlour.core.actions`): its reader of action texts
    #: is built from them, and :meth:`action_from_text` reads any action without a state.
    #: Empty (the default): the game reads a text only in a game in progress, by looking for
    #: it among the legal actions.
    action_kinds: ClassVar[Sequence[type[Action]]] = ()

    @property
    def reads_actions(self) -> bool:
        """Whether :meth:`action_from_text` reads texts without a state."""
        return bool(self.action_kinds) or type(self).read_action is not Game.read_action

    def action_from_text(self, text: str, rules: Mapping[str, Any]) -> Action:
        """Any action written exactly ``text`` under ``rules``, legal or not, without a state;
        an :class:`IllegalAction` naming the text when it is none (or when the game lists no
        :attr:`action_kinds`), and nothing else is raised.

        A player at a hosted table is sent his legal moves as texts; the app reads them back
        into the game's own actions with this, so the game's board works over the network.
        It never sees a state: whatever it needs (a colour's letter, a symbol's name) comes
        from ``rules``, which every seat knows."""
        kinds = self.action_kinds
        if kinds:
            cls = type(self)
            reader = _READERS.get(cls)
            if reader is None:
                reader = _READERS[cls] = ActionReader(self.title, kinds)
            return reader.read(text, rules)
        if type(self).read_action is not Game.read_action:  # a plugin written before 0.2
            action = self.read_action(text, rules)
            if isinstance(action, Action):
                return action
            raise IllegalAction(f"{quoted(text)} is not a {self.title} move")
        raise IllegalAction(f"{self.title} reads {quoted(text)} only in a game in progress")

    def legal_action(self, state: State, text: str) -> Action:
        """The action written ``text``, legal in ``state``; any other text (whatever it holds:
        other scripts' digits, thousands of digits, control characters) is refused with an
        :class:`IllegalAction` naming it, and nothing else is raised.

        Legality is checked here, once: the caller plays the action with
        ``state.apply_trusted`` (or ``Match.play(action, checked=True)``), not ``apply``."""
        if type(self).parse_action is not Game.parse_action:  # a plugin written before 0.2
            action = self.parse_action(state, text)
            if not isinstance(action, Action):
                raise IllegalAction(f"{quoted(text)} is not a {self.title} move")
            return self._checked(state, action)
        return self._legal_action(state, text)

    def _legal_action(self, state: State, text: str) -> Action:
        if self.reads_actions:
            return self._checked(state, self.action_from_text(text, state.rules))
        for action in state.legal_actions():
            if action.text == text:
                return action
        raise IllegalAction(f"{quoted(text)} is not a legal move now")

    @staticmethod
    def _checked(state: State, action: Action) -> Action:
        if state.to_move is None:
            raise IllegalAction("the game is over")
        reason = state.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    def read_action(self, text: str, rules: Mapping[str, Any]) -> Action | None:
        """Deprecated since 0.1 (kept through 0.2): :meth:`action_from_text`, with None for a
        text that is no action."""
        warnings.warn("Game.read_action is deprecated; use Game.action_from_text", DeprecationWarning, stacklevel=2)
        try:
            return self.action_from_text(text, rules)
        except IllegalAction:
            return None

    def parse_action(self, state: State, text: str) -> Action:
        """Deprecated since 0.1 (kept through 0.2): the old name of :meth:`legal_action`."""
        warnings.warn("Game.parse_action is deprecated; use Game.legal_action", DeprecationWarning, stacklevel=2)
        if type(self).legal_action is not Game.legal_action:
            return self.legal_action(state, text)
        return self._legal_action(state, text)

    def require_players(self, players: int) -> None:
        """A ``ValueError`` (one line, for the user) unless the game is for ``players`` seats;
        engines call it first thing in :meth:`new_game`."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )

    def check_players(self, players: int) -> None:
        """Deprecated since 0.1 (kept through 0.2): the old name of :meth:`require_players`."""
        warnings.warn("Game.check_players is deprecated; use Game.require_players", DeprecationWarning,
                      stacklevel=2)
        self.require_players(players)

    def action_codec(self, rules: Mapping[str, Any], players: int) -> ActionCodec | None:
        """A fixed number for every action this game can offer under ``rules`` at a table of
        ``players`` (for OpenSpiel and other tools that number actions), or None (the default):
        such tools then number the action texts by a checksum, which is sparse and cannot be
        read back."""
        return None

    def view_tensor_layout(self, rules: Mapping[str, Any], players: int) -> Layout | None:
        """The pieces of :meth:`view_tensor`'s vector, each a name and a length, in order, under
        ``rules`` at a table of ``players``: the same for every view of every game so played,
        so that a learning tool (OpenSpiel's observation tensor) can size its input. None (the
        default): the game offers its views as data only (OpenSpiel then gets strings)."""
        return None

    def view_tensor(self, view: Mapping[str, Any], rules: Mapping[str, Any], players: int) -> Sequence[float]:
        """One seat's ``view`` (``State.view(seat)``, as an agent gets it) as finite numbers,
        laid out as :meth:`view_tensor_layout` says. Made from the view alone, never from a
        state, so it cannot hold anything the seat does not know; written with a
        :class:`parlour.core.tensors.ViewTensor`, which checks each piece against the layout.
        Asked only of a game whose layout is not None."""
        raise NotImplementedError(f"{self.title} writes no view as numbers")

    @property
    def encodes_views(self) -> bool:
        """Whether the game writes views as numbers (:meth:`view_tensor_layout` overridden)."""
        return type(self).view_tensor_layout is not Game.view_tensor_layout

    def view_tensor_size(self, rules: Mapping[str, Any], players: int) -> int | None:
        """How many numbers :meth:`view_tensor` gives under ``rules`` for ``players``; None
        when the game writes none."""
        layout = self.view_tensor_layout(rules, players)
        return None if layout is None else layout_size(layout)

    def validate_rules(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Checks across settings, as ``(key.path, message)`` pairs; empty when fine."""
        return []


#: each game class's reader of action texts, built the first time it reads one
_READERS: dict[type[Game], ActionReader] = {}


def move_label(game: Game, rules: Mapping[str, Any], text: object, kept: object,
               state: State | None = None) -> str:
    """The label of the move written ``text``, worded in the reader's language now: the
    game reads the text back into its action (without a state, or else among the legal moves
    of ``state``, the state it was played in) and words it. A label kept in a file (an
    analysis) is worded in the language it was made in; it is shown, as it is kept, only when
    the text is none of the game's moves (a file edited by hand, a game changed since)."""
    if isinstance(text, str):
        readers: list[Callable[[], Action]] = []
        if game.reads_actions:
            readers.append(lambda: game.action_from_text(text, rules))
        if state is not None:
            readers.append(lambda: game.legal_action(state.clone(), text))
        for read in readers:
            try:
                action = read()  # worded as at its moment where the state is known (Game.label_in)
                label = action.label if state is None else game.label_in(state, action)
            except Exception:  # noqa: BLE001 - a text the game cannot read back: the kept label stands
                continue
            if isinstance(label, str):
                return label
    return kept if isinstance(kept, str) else str(kept)


def move_short(game: Game, rules: Mapping[str, Any], text: object) -> str:
    """The move written ``text`` in a few words (:meth:`Game.short_label`), in the reader's
    language now: the game reads the text back into its action; a text it cannot read, or a
    wording that fails or is no text, is shown as it is."""
    if isinstance(text, str) and game.reads_actions:
        try:
            short = game.short_label(game.action_from_text(text, rules))
        except Exception:  # noqa: BLE001 - plugin code: the text stands
            return text
        if isinstance(short, str):
            return short
    return str(text)


def label_in(game: Game, state: State, action: Action) -> str:
    """:meth:`Game.label_in`, guarded: a game's wording that fails or is no text gives the
    action's own label, and failing that its text (an analysis is not lost for a label)."""
    for word in (lambda: game.label_in(state, action), lambda: action.label):
        try:
            label = word()
        except Exception:  # noqa: BLE001 - plugin code: the next wording will do
            continue
        if isinstance(label, str):
            return label
    return action.text
