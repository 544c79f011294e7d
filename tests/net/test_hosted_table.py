"""The host's table (issue 14), headless: what each remote seat is sent, and the faults it is
refused without disturbing the table."""

from __future__ import annotations

import json
import random

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.record import HUMAN, Seat
from parlour.core.rulesets import load_ruleset
from parlour.net.protocol import CLIENT_BYTES, ProtocolError, decode, encode, wire_event
from parlour.net.table import HostedTable, hosted, results_message, table_message

GAMES = [BANQUE, MONTE, CASABLANCA]


def new_table(game, seed: int = 3, players: int = 3) -> HostedTable:
    """Ada and Bea play from elsewhere; the other seats are medium computer players."""
    seats = [Seat("Ada", HUMAN), Seat("Bea", HUMAN)] + [Seat(f"cpu-{i}", "medium") for i in range(players - 2)]
    return hosted(game, load_ruleset(game).resolve(), seed, seats)


def move(table: HostedTable, text: str, turn: int | None = None) -> str:
    return encode({"type": "move", "turn": table.turn if turn is None else turn, "text": text})


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_message_to_a_seat_is_the_same_in_any_world_its_view_allows(game) -> None:
    """Honesty over the wire: each message a seat is sent is, byte for byte, what it would be
    sent in a world where everything that seat cannot see was drawn anew (``sample_world``;
    worlds keep no log, so the events are checked apart: every one sent was visible to the
    seat, and no event shown only to others appears in any message)."""
    table = new_table(game)
    rng = random.Random(7)
    sent = checked = 0
    while not table.match.state.is_over:
        for seat in table.remote:
            since = table.sent_events[seat]
            message = table.update_for(seat)
            sent += 1
            state = table.match.state
            assert message["events"] == [wire_event(e) for e in state.events_for(seat, since)]
            text = encode(message)
            shown = {e["text"] for e in message["events"]}
            for event in state.events[since:]:
                if not event.visible_to(seat) and event.text not in shown:
                    assert event.text not in text, f"seat {seat} was sent another's private event"
            if sent % 5 == 0:  # every fifth message, against three redrawn worlds
                bare = encode({**message, "events": []})
                for k in range(3):
                    world = state.sample_world(seat, random.Random(k))
                    assert encode({**table_message(world, seat, table.turn, since), "events": []}) == bare
                    checked += 1
            if message["legal"]:
                choice = rng.choice(message["legal"])["text"]
                assert table.receive(seat, move(table, choice)) is None
                break
    assert checked > 20
    results = encode(table.results())  # the same in every world each seat's final view allows
    for seat in table.remote:
        for k in range(5):
            assert encode(results_message(table.match.state.sample_world(seat, random.Random(k)))) == results
    assert table.results()["scores"] == table.match.state.scores()


def test_the_seed_and_the_record_are_never_sent_not_even_with_the_results() -> None:
    table = new_table(BANQUE, seed=987_654_321)
    with pytest.raises(RuntimeError):
        table.results()
    text = encode(table.update_for(0))
    assert "987654321" not in text and '"record"' not in text and '"seed"' not in text
    rng = random.Random(1)
    while not table.match.state.is_over:
        seat = table.match.state.to_move
        legal = table.update_for(seat)["legal"]
        assert table.receive(seat, move(table, rng.choice(legal)["text"])) is None
    text = encode(table.results())
    assert "987654321" not in text and '"record"' not in text and '"seed"' not in text
    assert not any(action in text for action in table.match.record.actions if len(action) > 3)


def test_a_seat_comes_only_from_its_code_and_only_hashes_are_kept() -> None:
    table = new_table(MONTE)
    codes = table.issue_codes()
    assert set(codes) == {0, 1} and len(set(codes.values())) == 2
    assert all(len(code) >= 16 and code.isalnum() for code in codes.values()), "nothing read as an option"
    assert table.seat_of(codes[1]) == 1 and table.seat_of("guess") is None
    assert not any(code in repr(table.__dict__) for code in codes.values()), "only the hashes are kept"
    assert not any(code in str(table.match.record.to_json()) for code in codes.values())
    again = table.issue_codes()
    assert table.seat_of(codes[0]) is None and table.seat_of(again[0]) == 0, "new codes replace the old"


@pytest.mark.parametrize("raw, why", [
    (b"\xff\xfe", "not UTF-8"),
    ("{not json", "not valid JSON"),
    ('{"v": 1, "type": "move", "turn": 0, "text": "x", "pad": "' + "x" * CLIENT_BYTES + '"}', "at most"),
    ('{"v": 2, "type": "move", "turn": 0, "text": "x"}', "protocol version"),
    ('[1, 2]', "a JSON object"),
    ('{"v": 1, "type": "shout"}', "unknown message type"),
    ('{"v": 1, "type": "move", "turn": -1, "text": "x"}', "the turn it answers"),
    ('{"v": 1, "type": "move", "turn": NaN, "text": "x"}', "not valid JSON"),
    ('{"v": 1, "type": "move", "turn": 1, "text": ""}', "needs its text"),
    ('{"v": 1, "type": "hello"}', "join code"),
    ("[" * 100 + "]" * 100, "not valid JSON"),
], ids=["not-utf8", "not-json", "too-big", "version", "not-object", "unknown-type", "negative-turn", "nan",
        "empty-text", "hello-without-code", "too-deep"])
def test_garbage_is_refused_with_the_reason_and_the_table_unchanged(raw, why: str) -> None:
    table = new_table(CASABLANCA)
    seat = table.match.state.to_move
    before = (table.turn, table.match.state.view(seat))
    reason = table.receive(seat, raw)
    assert reason is not None and why in reason and "\n" not in reason
    assert (table.turn, table.match.state.view(seat)) == before
    with pytest.raises(ProtocolError):
        decode(raw)


def test_stale_repeated_out_of_turn_and_illegal_moves_are_refused() -> None:
    table = new_table(BANQUE)
    seat = table.match.state.to_move
    other = next(s for s in table.remote if s != seat)
    legal = table.update_for(seat)["legal"]
    turn = table.turn
    assert "not your move" in table.receive(other, move(table, legal[0]["text"]))
    assert "this is decision" in table.receive(seat, move(table, legal[0]["text"], turn=turn + 5))
    assert table.receive(seat, move(table, "bid 999 999")) is not None, "not a legal move: refused"
    assert table.turn == turn
    assert table.receive(seat, move(table, legal[0]["text"])) is None
    assert "this is decision" in table.receive(seat, move(table, legal[0]["text"], turn=turn)), "a repeat is stale"


def test_a_flood_of_messages_does_not_disturb_the_table() -> None:
    table = new_table(MONTE)
    seat = table.match.state.to_move
    before = (table.turn, table.match.state.view(seat))
    rng = random.Random(2)
    for _ in range(2000):
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        assert table.receive(seat, raw) is not None
    for _ in range(500):
        assert table.receive(seat, move(table, "bet nowhere")) is not None
    assert (table.turn, table.match.state.view(seat)) == before


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=20)
_KINDS = st.sampled_from(["welcome", "table", "presence", "seats", "refused", "results", "move", "nonsense"])


@given(body=st.dictionaries(st.sampled_from(["seat", "game", "names", "agents", "variants", "rules", "turn",
                                             "to_move", "view", "events", "legal", "moves", "over", "away",
                                             "takeover", "why", "scores", "winners", "seed", "record"]),
                            _JSON, max_size=10), kind=_KINDS)
def test_a_hosts_message_is_read_or_refused_in_one_line(body: dict, kind: str) -> None:
    """Whatever a host sends, the player's app reads a checked message or a ProtocolError."""
    from parlour.net.protocol import read_host

    raw = json.dumps({"v": 1, "type": kind, **body})
    try:
        message = read_host(raw)
    except ProtocolError as exc:
        assert "\n" not in str(exc)
    else:
        assert message["type"] == kind


def test_a_plugins_failing_reader_is_a_refusal_not_a_dropped_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: a third-party game whose reader (``legal_action``) raised something other than
    IllegalAction made the host drop the player (1011); now it is refused with the reason."""
    table = new_table(BANQUE)
    seat = table.match.state.to_move
    legal = table.update_for(seat)["legal"]
    turn, moves = table.turn, len(table.match.record.actions)

    def broken(state, text):
        raise ValueError("a plugin's bug")

    monkeypatch.setattr(table.game, "legal_action", broken)
    assert table.receive(seat, move(table, legal[0]["text"])) == "Banque Fatale could not read that move (ValueError)"
    assert table.turn == turn and len(table.match.record.actions) == moves


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_move_from_the_network_is_checked_for_legality_once(game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: the host read the move as a legal action, then ``apply`` checked it again.
    Every seat plays from elsewhere here, so each check counted is of a move sent."""
    seats = [Seat(name, HUMAN) for name in ("Ada", "Bea", "Cy")]
    table = hosted(game, load_ruleset(game).resolve(), 5, seats)
    state = table.match.state
    checks: list[object] = []
    judge = state.why_illegal

    def counted(action):
        checks.append(action)
        return judge(action)

    monkeypatch.setattr(state, "why_illegal", counted)
    for _ in range(6):
        seat = state.to_move
        text = table.update_for(seat)["legal"][0]["text"]
        checks.clear()
        assert table.receive(seat, move(table, text)) is None
        assert [getattr(a, "text", a) for a in checks] == [text]
