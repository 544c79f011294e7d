"""The host's authoritative table (issue 14): it owns the match, runs the computer seats, checks
every move a remote seat sends, and decides what each seat is sent — only that seat's view,
the events it saw and, when it must decide, its legal moves.

Each remote seat has a join code, random and unguessable; the table keeps only the codes'
hashes (never in the record). Headless and transport-free: a websocket server feeds it
messages and sends what it returns.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from parlour.core.game import Game, IllegalAction, PluginError, State
from parlour.core.i18n import ENGLISH, N_, in_language
from parlour.core.inputs import shown
from parlour.core.match import Match
from parlour.core.record import HUMAN
from parlour.net.protocol import LEGAL_LIMIT, ProtocolError, Refusal, decode, wire_event


#: the letters of a join code: no sign a command line could read as an option, none that
#: looks like another
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: letters in a code: 18 of 55 is over 100 bits, beyond guessing
CODE_LENGTH = 18


def new_code() -> str:
    """A join code: random (from ``secrets``) and unguessable."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def table_message(state: State, seat: int, turn: int, since: int = 0) -> dict[str, Any]:
    """What ``seat`` is sent about ``state`` at decision ``turn``: its view, the events it
    saw from index ``since`` on (each as what it was worded from, for the player's app to
    word in its language: :func:`~parlour.net.protocol.wire_event`), and its legal moves
    when it is to move.
    Nothing else of the state is read, so the message is the same in any world the seat's
    view allows (the honesty test proves it)."""
    legal = moves = None
    if state.to_move == seat and not state.is_over:
        actions = state.legal_actions()
        moves = len(actions)
        legal = [{"text": actions[i].text, "label": actions[i].label} for i in range(min(moves, LEGAL_LIMIT))]
    return {
        "type": "table",
        "turn": turn,
        "to_move": state.to_move,
        "view": state.view(seat),
        "events": [wire_event(e) for e in state.events_for(seat, since)],
        "legal": legal,
        "moves": moves,
        "over": state.is_over,
        "stage": _stage(state),
    }


def _stage(state: State) -> str | None:
    """The stage the game is in ("Round 3"), public, for the seat's own review, in English
    whatever the host reads (no wording of the host's goes out); None when the game names
    none or its code fails."""
    try:
        with in_language(ENGLISH):
            stage = state.stage()
    except Exception:  # noqa: BLE001 - the game's own code: the review does without stages
        return None
    return stage if isinstance(stage, str) else None


def results_message(state: State) -> dict[str, Any]:
    """What every seat is told once the game is over: the scores, the winners and how each
    score is made up. Never the seed nor the record: they would rebuild what the rules never
    turn over (the honesty test redraws the hidden worlds and finds it the same). The parts'
    names are the game's English, whatever the host reads."""
    try:
        with in_language(ENGLISH):
            breakdown = state.score_breakdown()
    except Exception:  # noqa: BLE001 - the game's own code: the scores do without their parts
        breakdown = []
    return {"type": "results", "scores": state.scores(), "winners": state.winners(), "breakdown": breakdown}


class HostedTable:
    """A match some of whose seats play from elsewhere (``Seat.agent == "human"``: a person,
    here or remote); the other seats are the match's computer players."""

    def __init__(self, game: Game, match: Match) -> None:
        self.game = game
        self.match = match
        self.remote = [i for i, seat in enumerate(match.seats) if seat.agent == HUMAN]
        self._codes: dict[str, int] = {}  #: a code's hash -> its seat
        self.sent_events = {seat: 0 for seat in self.remote}  #: events each seat has been sent

    def issue_codes(self) -> dict[int, str]:
        """A new join code for every remote seat (the old ones stop working): shown once, to
        be handed to the players; only their hashes are kept."""
        codes = {seat: new_code() for seat in self.remote}
        self._codes = {_digest(code): seat for seat, code in codes.items()}
        return codes

    def code_hashes(self) -> dict[str, int]:
        """The codes' hashes and their seats, to keep beside the save (never the codes)."""
        return dict(self._codes)

    def keep_codes(self, hashes: Any) -> None:
        """Take back the hashes :meth:`code_hashes` gave (a restarted host: the players join
        with the codes they have); a ``ValueError`` when they are not such hashes."""
        if not isinstance(hashes, dict) or not hashes:
            raise ValueError("not a map of code hashes to seats")
        for digest, seat in hashes.items():
            if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
                raise ValueError(f"{shown(digest)} is not a code's hash")
            if seat not in self.remote:
                raise ValueError(f"seat {shown(seat)} is not a seat a player joins")
        self._codes = dict(hashes)

    def seat_of(self, code: str) -> int | None:
        """The seat a join code is for, or None (compared in constant time)."""
        digest = _digest(code)
        for known, seat in self._codes.items():
            if hmac.compare_digest(known, digest):
                return seat
        return None

    @property
    def turn(self) -> int:
        return self.match.moves

    def welcome(self, seat: int) -> dict[str, Any]:
        """What a player who sits down is told first: his seat, the game, who plays each
        seat, the variants and the rules in force (all public: the seed is not)."""
        match = self.match
        return {"type": "welcome", "seat": seat, "game": self.game.id, "names": [s.name for s in match.seats],
                "agents": [s.agent for s in match.seats], "variants": list(match.variants),
                "rules": dict(match.rules)}

    def take_over(self, seat: int, level: str) -> None:
        """A computer player of ``level`` takes ``seat`` (its person did not come back in
        time): the seat's code stops working, and the computers play on."""
        from parlour.core.record import Seat
        from parlour.core.seating import seat_agents

        if seat not in self.remote:
            return
        name = self.match.seats[seat].name
        self.match.replace_seat(seat, Seat(name, level),
                                seat_agents(self.game, self.match.rules, [Seat(name, level)])[0])
        self.remote.remove(seat)  # its code still names the seat, to tell its player why he cannot sit
        self.sent_events.pop(seat, None)
        self.play_computers()

    def update_for(self, seat: int, resend: bool = False) -> dict[str, Any]:
        """The ``table`` message for ``seat`` now, with the events it has not been sent yet
        (all of them with ``resend``: a player who joined again)."""
        since = 0 if resend else self.sent_events[seat]
        message = table_message(self.match.state, seat, self.turn, since)
        self.sent_events[seat] = len(self.match.state.events)
        return message

    def results(self) -> dict[str, Any]:
        """Once the game is over, for every seat: :func:`results_message` (the host keeps the
        record and the seed)."""
        if not self.match.state.is_over:
            raise RuntimeError("the game is not over")
        return results_message(self.match.state)

    def receive(self, seat: int, raw: str | bytes) -> str | None:
        """A message from ``seat``'s player: a move for the current decision is checked and
        played (then the computers play until a person must decide); anything else — not a
        move, a stale or repeated turn, not this seat's turn, not a legal move — is refused
        with the reason, the table unchanged. Returns the reason, or None when played."""
        try:
            message = decode(raw)
        except ProtocolError as exc:
            return str(exc)
        return self.play_message(seat, message)

    def refusal(self, seat: int, message: dict[str, Any]) -> str | None:
        """Why ``seat``'s message is refused without asking the game (not a move, the game over,
        a stale turn, not his move), or None: quick, so a flood of stale moves costs no thread.
        A :class:`~parlour.net.protocol.Refusal`: the player's app words it in its language."""
        if message["type"] != "move":
            return Refusal(N_("already seated: send moves"))
        if self.match.state.is_over:
            return Refusal(N_("the game is over"))
        if message["turn"] != self.turn:
            return Refusal(N_("that answers decision {asked}; this is decision {now}"),
                           asked=message["turn"], now=self.turn)
        if self.match.state.to_move != seat:
            return Refusal(N_("it is not your move"))
        return None

    def play_message(self, seat: int, message: dict[str, Any]) -> str | None:
        """:meth:`receive` for a message already read by :func:`decode`."""
        why = self.refusal(seat, message)
        if why is not None:
            return why
        state = self.match.state
        try:
            action = self.game.legal_action(state, message["text"])
        except IllegalAction as exc:
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - a plugin's reader failed: refused, not a dropped player
            return Refusal(N_("{game} could not read that move ({error})"), game=self.game.title,
                           error=type(exc).__name__)
        try:
            self.match.play(action, checked=True)
        except (IllegalAction, PluginError) as exc:
            return str(exc)
        self.play_computers()
        return None

    def play_computers(self, limit: int = 100_000) -> None:
        """Let the computer seats decide until a remote seat must (or the game ends)."""
        state = self.match.state
        for _ in range(limit):
            if state.is_over or state.to_move in self.remote:
                return
            self.match.step()
        raise PluginError(f"{self.game.title}: the computers played {limit:,} moves without end")


def hosted(game: Game, rules: dict[str, Any], seed: int, seats: Sequence[Any], variants: Sequence[str] = (), *,
           ready: Callable[[Match], None] | None = None) -> HostedTable:
    """A new hosted table (computer seats given by level, remote seats as ``HUMAN``); ``ready``
    is given the match before the computers play their first moves."""
    from parlour.core.seating import start_match

    table = HostedTable(game, start_match(game, rules, seed, seats, variants))
    if ready is not None:
        ready(table.match)
    table.play_computers()
    return table
