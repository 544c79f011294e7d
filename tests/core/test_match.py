"""The match runner and game records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.core.agents import RandomAgent
from parlour.core.game import IllegalAction, State
from parlour.core.match import Match
from parlour.core.record import Record, RecordError, Seat, replay, replay_actions, version_problem
from parlour.core.rulesets import load_ruleset
from parlour.core.record import HUMAN
from parlour.core.simulate import rotate
from sevens import GAME, Play

RULES = load_ruleset(GAME).resolve()


class SpyAgent:
    """Remembers what it was given; plays randomly."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, object, object]] = []

    def choose(self, view, legal, rng):
        self.calls.append((view, legal, rng))
        return legal[rng.randrange(len(legal))]


class WorldAgent(SpyAgent):
    wants_worlds = True

    def choose(self, view, legal, rng, worlds=None):
        world = worlds(rng)
        self.seen = (view, world.view(view["seat"]), world)
        return super().choose(view, legal, rng)


def test_agents_get_only_their_view_and_legal_actions() -> None:
    spies = [SpyAgent(), SpyAgent()]
    match = Match(GAME, RULES, 4, [Seat("a", "spy"), Seat("b", "spy")], spies)
    match.play_out()
    for seat, spy in enumerate(spies):
        assert spy.calls
        for view, legal, rng in spy.calls:
            assert isinstance(view, dict) and view["seat"] == seat
            assert not any(isinstance(x, State) for x in (view, legal, rng))
            assert all(not isinstance(v, State) for v in view.values())


def test_world_sampler_only_for_agents_that_ask() -> None:
    agent = WorldAgent()
    spy = SpyAgent()
    match = Match(GAME, RULES, 4, [Seat("a", "w"), Seat("b", "r")], [agent, spy])
    match.step()
    view, world_view, world = agent.seen
    assert world_view == view
    assert world is not match.state
    match.step()
    assert len(spy.calls) == 1, "an agent that does not ask gets no sampler and still plays"


def test_human_action_is_checked_and_recorded() -> None:
    match = Match(GAME, RULES, 4, [Seat("a", HUMAN), Seat("b", "random")], [RandomAgent(), RandomAgent()])
    hand = match.state.view(0)["hand"]
    missing = next(c for c in range(1, 7) if c not in hand)
    with pytest.raises(IllegalAction):
        match.play(Play(missing))
    assert match.record.actions == []
    match.play(Play(hand[0]))
    assert match.record.actions == [f"play {hand[0]}"]


def test_record_save_is_atomic_and_loads_back(tmp_path: Path) -> None:
    match = Match(GAME, RULES, 8, [Seat("a", "random"), Seat("b", "high")], [RandomAgent(), RandomAgent()])
    final = match.play_out()
    path = tmp_path / "deep" / "game.json"
    match.record.save(path)
    assert [p.name for p in path.parent.iterdir()] == ["game.json"], "a temporary file was left behind"
    loaded = Record.load(path)
    assert loaded == match.record
    assert replay(GAME, loaded).scores() == final.scores()
    data = json.loads(path.read_text())
    assert data["format"] == 1 and data["ruleset"] == RULES and data["game"] == "sevens"


def test_records_carry_the_game_version_and_older_records_count_as_version_1() -> None:
    match = Match(GAME, RULES, 8, [Seat("a", "random"), Seat("b", "random")], [RandomAgent(), RandomAgent()])
    match.step()
    data = match.record.to_json()
    assert data["game_version"] == GAME.version == 1
    del data["game_version"]  # a record written before versions existed
    assert Record.from_json(data).game_version == 1
    for bad in (0, "2", True, 1.5):
        with pytest.raises(RecordError, match="game_version is not a positive whole number"):
            Record.from_json({**data, "game_version": bad})


def test_a_record_of_another_game_version_is_refused_before_replaying(monkeypatch) -> None:
    match = Match(GAME, RULES, 8, [Seat("a", "random"), Seat("b", "random")], [RandomAgent(), RandomAgent()])
    match.step()
    record = match.record
    assert version_problem(GAME, record) is None
    monkeypatch.setattr(type(GAME), "version", 3)
    problem = version_problem(GAME, record)
    assert problem is not None and "an older version of Sevens's rules (version 1; version 3 is installed)" in problem
    with pytest.raises(RecordError, match="older version"):
        replay(GAME, record)
    record.game_version = 4
    with pytest.raises(RecordError, match="a newer version"):
        replay(GAME, record)


def test_partial_replay_and_wrong_game(tmp_path: Path) -> None:
    match = Match(GAME, RULES, 8, [Seat("a", "random"), Seat("b", "random")], [RandomAgent(), RandomAgent()])
    for _ in range(3):
        match.step()
    state = replay(GAME, match.record, upto=2)
    assert len(state.row) + sum(state.view(0)["discard_counts"]) == 2
    other = Record("chess", RULES, 1, match.record.seats)
    with pytest.raises(RecordError, match="for 'chess', not 'sevens'"):
        replay(GAME, other)


@pytest.mark.parametrize(
    ("content", "message"),
    [("[]", "a record is a JSON object"), ('{"format": 9}', "unknown record format 9"),
     ('{"format": 1, "game": "sevens"}', "incomplete or malformed")],
)
def test_malformed_records(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        Record.load(path)


def test_one_agent_per_seat_and_player_bounds() -> None:
    with pytest.raises(ValueError, match="one agent per seat"):
        Match(GAME, RULES, 1, [Seat("a", "r"), Seat("b", "r")], [RandomAgent()])
    with pytest.raises(ValueError, match="2 to 4 players"):
        Match(GAME, RULES, 1, [Seat("a", "r")], [RandomAgent()])


def test_seating_rotates_every_agent_through_every_seat() -> None:
    agents = ["m", "r1", "r2", "r3"]
    seats_of_m = [rotate(agents, i).index("m") for i in range(8)]
    assert seats_of_m == [0, 1, 2, 3, 0, 1, 2, 3]
    assert sorted(rotate(agents, 3)) == sorted(agents)


def test_the_same_seed_plays_the_same_game_and_a_resumed_match_plays_on_the_same_way_each_time() -> None:
    seats = [Seat("a", "random"), Seat("b", "random"), Seat("c", "random")]

    def fresh() -> Match:
        return Match(GAME, RULES, 31, seats, [RandomAgent() for _ in seats])

    whole, again = fresh(), fresh()
    whole.play_out()
    again.play_out()
    assert again.record.actions == whole.record.actions
    interrupted = fresh()
    for _ in range(4):
        interrupted.step()
    resumed_games = []
    for _ in range(2):
        resumed = fresh()
        replay_actions(GAME, resumed.state, interrupted.record.actions, resumed.play)
        assert resumed.record.actions == interrupted.record.actions
        resumed.play_out()
        assert resumed.state.is_over
        resumed_games.append(resumed.record.actions)
    assert resumed_games[0] == resumed_games[1]
    assert resumed_games[0][:4] == whole.record.actions[:4]


def test_each_seat_draws_from_one_generator_seeded_when_it_first_decides() -> None:
    seats = [Seat("a", "spy"), Seat("b", "spy")]
    spies = [SpyAgent(), SpyAgent()]
    match = Match(GAME, RULES, 12, seats, spies)
    match.play_out()
    for seat, spy in enumerate(spies):
        generators = {id(rng) for _, _, rng in spy.calls}
        assert generators == {id(match.decision_rng(seat))}
    first = Match(GAME, RULES, 12, seats, [SpyAgent(), SpyAgent()]).decision_rng(1)
    later = Match(GAME, RULES, 12, seats, [SpyAgent(), SpyAgent()])
    later.step()
    assert later.decision_rng(1).random() != first.random(), "the seed takes the moves played into account"


def test_seat_labels_become_player_names() -> None:
    from parlour.core.game import seat_label, with_names

    names = ["Ada", "Bea", "Cleo"]
    text = f"{seat_label(0)} challenges {seat_label(2)}; Player 12 and Players 2 stay"
    assert with_names(text, names) == "Ada challenges Cleo; Player 12 and Players 2 stay"


def _finished_record() -> Record:
    seats = [Seat("a", "random"), Seat("b", "random")]
    match = Match(GAME, RULES, 5, seats, [RandomAgent(), RandomAgent()])
    match.play_out()
    return Record.from_json(json.loads(json.dumps(match.record.to_json())))


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({**RULES, "target": "seven"}, "the record's target: expected a whole number, got str 'seven'"),
        ({k: v for k, v in RULES.items() if k != "copies"}, r"the record's ruleset: missing key\(s\): copies"),
        ({**RULES, "jokers": 2}, "the record's jokers: unknown key"),
        ({**RULES, "max_card": 2}, "the record's hand_size: too few cards"),
    ],
)
def test_a_record_with_a_bad_ruleset_is_refused(rules, message) -> None:
    record = _finished_record()
    record.rules = rules
    with pytest.raises(RecordError, match=message):
        replay(GAME, record)


def test_a_record_the_game_chokes_on_is_a_record_error(monkeypatch) -> None:
    record = _finished_record()

    def broken_apply(self, action):
        raise KeyError("chart")

    monkeypatch.setattr(type(GAME.new_game(2, RULES, 1)), "_apply", broken_apply)
    with pytest.raises(RecordError, match=r"action 1 \('play \d'\) does not replay: KeyError: 'chart'"):
        replay(GAME, record)


def test_record_scores_must_be_numbers() -> None:
    data = _finished_record().to_json()
    data["scores"] = ["lots", 1]
    with pytest.raises(RecordError, match="scores are not a list of numbers"):
        Record.from_json(data)
