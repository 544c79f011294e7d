"""A player's side of a hosted table (issue 14): what the host has sent, held as a state and a
match the app's table screen reads like its own — the seat's view, the events it saw, whose
move it is, its legal moves — and the connection that sends its moves.

No Textual here: the table screen (:mod:`parlour.tui.remote`) shows a :class:`RemoteMatch`
with the same board, status and log panels as a local one. Every message from the host is
read through :func:`parlour.net.protocol.read_host` first: a host is outside input too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from parlour.core.game import Action, Event, Game
from parlour.core.record import Seat
from parlour.core.review import SeenReview, SeenStep
from parlour.net.protocol import HOST_BYTES, ProtocolError, encode, read_host


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

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._view: dict[str, Any] = {}
        self.events: list[Event] = []
        self.to_move: int | None = None
        self.is_over = False
        self.legal: Sequence[Action] = []
        self.final: dict[str, Any] | None = None  #: the ``results`` message, once it came

    def update(self, message: Mapping[str, Any], legal: Sequence[Action]) -> None:
        self._view = message["view"]
        self.events.extend(Event(e["text"], (self.seat,), e["kind"]) for e in message["events"])
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
        self.state = RemoteState(self.seat)
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
        self.seen.append(SeenStep(message["view"], tuple(self.state.events), self.state.to_move,
                                  stage if isinstance(stage, str) else None))

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
                raise ProtocolError(f"the host refused: {first['why']}")
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
