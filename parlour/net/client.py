"""A player's side of a hosted table (issue 14): what the host has sent, held as a state and a
match the app's table screen reads like its own — the seat's view, the events it saw, whose
move it is, its legal moves — and the connection that sends its moves.

No Textual here: the table screen (:mod:`parlour.tui.remote`) shows a :class:`RemoteMatch`
with the same board, status and log panels as a local one. Every message from the host is
read through :func:`parlour.net.protocol.read_host` first: a host is outside input too.

The host sends what happened as data (issue 27): each event's template or named Worded line
and its values, which this side words in its own language, with the game's catalog, when
they are read (:func:`word_event`); the host's refusals likewise (:func:`refusal_text`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from parlour.core.events import Words, word, worded_named
from parlour.core.game import Action, Event, Game
from parlour.core.i18n import current_language, gettext
from parlour.core.record import Seat
from parlour.core.review import SeenReview, SeenStep
from parlour.net.protocol import HOST_BYTES, ProtocolError, encode, read_host, read_value


def _bounded(worded: Any, fallback: str) -> str:
    """``worded`` if it is a text not out of proportion with the host's (a hostile host's
    template cannot make one line a memory's worth), else ``fallback``."""
    if isinstance(worded, str) and len(worded) <= 4 * len(fallback) + 400:
        return worded
    return fallback


def word_event(event: Mapping[str, Any], words: Words | None) -> str:
    """An event of a ``table`` message (checked by :func:`read_host`) worded in the current
    language: its template with the game's catalog ``words``, or its named Worded line (found
    among the imported games' lines: :func:`~parlour.core.events.worded_named`), with its
    values; the host's ``text`` when it carries neither, names a line this app does not
    know, or cannot be worded (a Worded line's code failing on what the host sent)."""
    text: str = event["text"]
    say, name = event.get("say"), event.get("worded")
    if say is None and name is None:
        return text
    args = tuple(read_value(a) for a in event.get("args") or ())
    try:
        if name is not None:
            line = worded_named(name)
            return text if line is None else _bounded(line.format(*args), text)
        return _bounded(word(say, args, words), text)
    except Exception:  # noqa: BLE001 - a template or a Worded line that does not fit the values sent
        return text


def refusal_text(message: Mapping[str, Any]) -> str:
    """A ``refused`` message worded in the current language: the host's template through
    this app's catalog, with its values, or ``why`` when it has none or they do not fit."""
    why: str = message["why"]
    say = message.get("say")
    if not isinstance(say, str):
        return why
    try:
        worded = gettext(say)
        return _bounded(worded.format(**(message.get("args") or {})), why)
    except Exception:  # noqa: BLE001 - a template that does not fit its values: the host's words
        return why


class WireLog:
    """The events one seat was sent, as sent, and worded once in each language they are read
    in (the language may be chosen after they came)."""

    def __init__(self, seat: int, words: Words | None) -> None:
        self.seat = seat
        self.words = words
        self.sent: list[Mapping[str, Any]] = []
        self._worded: dict[str, list[Event]] = {}

    def events(self) -> list[Event]:
        """The events, worded in the current language."""
        worded = self._worded.setdefault(current_language(), [])
        for sent in self.sent[len(worded):]:
            worded.append(Event(word_event(sent, self.words), frozenset((self.seat,)), sent["kind"]))
        return worded


class SeenEvents(Sequence[Event]):
    """The first ``count`` events of a :class:`WireLog`, worded when they are read: what a seat
    had seen at one step of its review."""

    def __init__(self, log: WireLog, count: int) -> None:
        self.log = log
        self.count = count

    def __len__(self) -> int:
        return self.count

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            return self.log.events()[:self.count][index]
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return self.log.events()[index % self.count]

    def __iter__(self) -> Iterator[Event]:
        return iter(self.log.events()[:self.count])


@dataclass(frozen=True)
class WireAction(Action):
    """A legal move as the host sent it, for a game that cannot read its own texts
    (``Game.action_from_text``): the plain board lists these."""

    wire_text: str
    wire_label: str

    def to_text(self) -> str:
        return self.wire_text

    @property
    def label(self) -> str:
        return self.wire_label


class OpenChoices(Sequence[Action]):
    """The legal moves of a decision with more of them than a message lists
    (:data:`~parlour.net.protocol.LEGAL_LIMIT`): the listed ones, and ``in`` is true of any
    other move too — the host judges it, and refuses it with the reason if it is not legal."""

    def __init__(self, listed: Sequence[Action], count: int) -> None:
        self.listed = list(listed)
        self.count = count

    def __len__(self) -> int:
        return len(self.listed)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self.listed[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.listed)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action)


def read_legal(game: Game, rules: Mapping[str, Any], legal: Sequence[Mapping[str, str]],
               count: int | None) -> tuple[Sequence[Action], bool]:
    """The host's legal moves as the game's own actions, and whether they are (else they are
    :class:`WireAction` objects, for the plain board). A game's failing reader counts as one
    that cannot read."""
    typed: list[Action] = []
    for item in legal:
        try:
            action = game.action_from_text(item["text"], rules)
        except Exception:  # noqa: BLE001 - the game's own code: the plain board does without it
            action = None
        if action is None or not isinstance(action, Action) or action.text != item["text"]:
            return _all_of([WireAction(i["text"], i["label"]) for i in legal], count), False
        typed.append(action)
    return _all_of(typed, count), True


def _all_of(listed: list[Action], count: int | None) -> Sequence[Action]:
    """The legal moves listed, or :class:`OpenChoices` when the host has more than it listed."""
    return OpenChoices(listed, count) if count is not None and count > len(listed) else listed


class RemoteState:
    """What the host has sent one seat, read like a :class:`~parlour.core.game.State`: the
    seat's view (the only one it has: any other seat, or an onlooker, sees the same), the
    events it saw, whose move it is, its legal moves, and the scores once the game is over."""

    def __init__(self, seat: int, words: Words | None = None) -> None:
        self.seat = seat
        self.words = words  #: the game's catalog, which words the events
        self._view: dict[str, Any] = {}
        self.log = WireLog(seat, words)
        self.to_move: int | None = None
        self.is_over = False
        self.legal: Sequence[Action] = []
        self.final: dict[str, Any] | None = None  #: the ``results`` message, once it came

    @property
    def events(self) -> list[Event]:
        """The events the seat saw, worded in the current language when they are read."""
        return self.log.events()

    def start_over(self) -> None:
        """Forget the events (the player joined again: the next table brings them all)."""
        self.log = WireLog(self.seat, self.words)

    def update(self, message: Mapping[str, Any], legal: Sequence[Action]) -> None:
        self._view = message["view"]
        self.log.sent.extend(message["events"])
        self.to_move = None if message["over"] else message["to_move"]
        self.is_over = message["over"]
        self.legal = legal

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._view

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        return self.events[start:]

    def legal_actions(self) -> Sequence[Action]:
        return self.legal

    def scores(self) -> list[float]:
        if self.final is None:
            raise RuntimeError("the game is not over")
        return list(self.final["scores"])

    def winners(self) -> list[int]:
        if self.final is None:
            raise RuntimeError("the game is not over")
        return list(self.final["winners"])

    def score_breakdown(self) -> list[dict[str, Any]]:
        """How each score is made up, its parts named in the game's English (the results
        word them in the player's language)."""
        if self.final is None:
            raise RuntimeError("the game is not over")
        return list(self.final["breakdown"])


class RemoteMatch:
    """A hosted table as one seat's app knows it, read like a :class:`~parlour.core.match.Match`
    by the table screen and its panels: seats, rules, variants, the number of moves played,
    and a :class:`RemoteState`."""

    def __init__(self, game: Game, welcome: Mapping[str, Any]) -> None:
        names, agents = welcome["names"], welcome["agents"]
        if welcome["game"] != game.id:
            raise ProtocolError(f"the host plays {welcome['game']!r}, not {game.id!r}")
        if len(names) != len(agents) or not game.min_players <= len(names) <= game.max_players:
            raise ProtocolError(f"a table of {len(names)} names and {len(agents)} players")
        if not 0 <= welcome["seat"] < len(names):
            raise ProtocolError(f"seat {welcome['seat']} at a table of {len(names)}")
        self.game = game
        self.seat: int = welcome["seat"]
        self.seats = [Seat(name, agent) for name, agent in zip(names, agents)]
        self.rules: dict[str, Any] = welcome["rules"]
        self.variants: list[str] = welcome["variants"]
        self.state = RemoteState(self.seat, game.words)
        self.moves = 0
        #: the legal moves cannot be read as the game's own actions (it has no reader, or its
        #: reader failed on one): the plain board shows them as sent
        self.plain = not game.reads_actions
        self.away: list[int] = []  #: seats whose players are away
        self.takeover: float | None = None  #: seconds after which a computer takes an away seat
        #: what the seat was sent, one step a table message: its review (the host keeps the record)
        self.seen: list[SeenStep] = []

    def who(self, seat: int) -> str:
        return self.seats[seat].name

    def update(self, message: Mapping[str, Any]) -> None:
        """A ``table`` message: the seat's view, new events, whose move, the legal moves."""
        players = len(self.seats)
        if message["to_move"] is not None and not 0 <= message["to_move"] < players:
            raise ProtocolError(f"seat {message['to_move']} to move at a table of {players}")
        legal: Sequence[Action] = []
        if message["legal"]:
            legal, typed = read_legal(self.game, self.rules, message["legal"], message["moves"])
            self.plain = self.plain or not typed
        self.moves = message["turn"]
        self.state.update(message, legal)
        stage = message.get("stage")
        self.seen.append(SeenStep(message["view"], SeenEvents(self.state.log, len(self.state.log.sent)),
                                  self.state.to_move, stage if isinstance(stage, str) else None))

    def seen_review(self) -> SeenReview:
        """The review of the finished game from what this seat was sent (a ``ValueError`` when
        the results have not come, or nothing was)."""
        if self.state.final is None:
            raise ValueError("the game is not over")
        return SeenReview(self.seat, [s.name for s in self.seats], [s.agent for s in self.seats], self.rules,
                          self.seen, self.state.final["scores"])

    def presence(self, message: Mapping[str, Any]) -> None:
        self.away = [seat for seat in message["away"] if 0 <= seat < len(self.seats)]
        self.takeover = message["takeover"]

    def reseat(self, message: Mapping[str, Any]) -> None:
        """A ``seats`` message: a computer sat down for somebody."""
        agents = message["agents"]
        if len(agents) != len(self.seats):
            raise ProtocolError(f"{len(agents)} players at a table of {len(self.seats)}")
        self.seats = [Seat(seat.name, agent) for seat, agent in zip(self.seats, agents)]


class HostLink:
    """The connection to a host: say hello with the code, then send moves; each message
    received is read through :func:`read_host` (a :class:`ProtocolError` for a bad one)."""

    def __init__(self, address: str, code: str) -> None:
        self.shown = address  #: the address as the player gave it, for messages
        self.address = address if "://" in address else f"ws://{address}"
        self.code = code
        self.connection: Any = None

    async def open(self) -> None:
        """Connect and say hello (an ``OSError`` or a websocket error when it cannot)."""
        from websockets.asyncio.client import connect

        self.connection = await connect(self.address, max_size=HOST_BYTES, open_timeout=10)
        await self.connection.send(encode({"type": "hello", "code": self.code}))

    async def sit_down(self) -> dict[str, Any]:
        """Connect, say hello and return the host's welcome. Anything else — the host not
        reached or not answering within 30 s, a refusal, a message that cannot be read — is a
        :class:`ProtocolError` saying so in one line (the connection then closed)."""
        try:
            try:
                await self.open()
                first = await asyncio.wait_for(self.receive(), 30)
            except ProtocolError as exc:
                raise ProtocolError(f"the host at {self.shown} sent what this app cannot read: {exc}") from None
            except Exception as exc:  # noqa: BLE001 - OSError, a timeout, the websocket library's own errors
                raise ProtocolError(f"cannot reach {self.shown}: {' '.join(str(exc).split()) or type(exc).__name__}") \
                    from None
            if first["type"] == "refused":
                raise ProtocolError(f"the host refused: {refusal_text(first)}")
            if first["type"] != "welcome":
                raise ProtocolError(f"the host at {self.shown} did not seat you (it sent {first['type']!r})")
        except ProtocolError:
            await self.close()
            raise
        return first

    async def receive(self) -> dict[str, Any]:
        return read_host(await self.connection.recv())

    async def send_move(self, turn: int, text: str) -> None:
        await self.connection.send(encode({"type": "move", "turn": turn, "text": text}))

    async def close(self) -> None:
        if self.connection is not None:
            try:
                await self.connection.close()
            except Exception:  # noqa: BLE001 - already gone
                pass
