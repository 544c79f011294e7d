"""Records and the network carry no translated text (issue 27): a record made in German
replays in French; at a hosted table the host sends what happened as data (templates, named
Worded lines, plain values), and each player's app words it in its own language when it reads
it, so two players at one table read it in two languages. The host's own language reaches
neither of them. What a hostile host or client could put in the new fields is refused as the
protocol refuses any bad message, never a crash.

The built-in games' catalogs are written elsewhere: these tests give Casablanca a small fake
catalog (:class:`FakeWords`), which is all the mechanism asks of one."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.events import Event, Term, Worded
from parlour.core.i18n import current_language, set_language
from parlour.core.record import HUMAN, Record, Seat, replay
from parlour.core.review import Review
from parlour.core.rulesets import load_ruleset
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.net.client import HostLink, RemoteMatch, RemoteState, refusal_text, word_event
from parlour.net.protocol import (ARGS_LIMIT, ProtocolError, Refusal, encode, read_host, refused_message,
                                  safe_template, wire_event)
from parlour.net.server import TableServer
from parlour.net.table import hosted

from net_helpers import WAIT

ROUND = "Round {}: {} leads. Everyone pays ${:,} into the pot, which holds ${:,}."
ASIDE = "Every player sets one chip aside, unseen by the others."
SELL = "{} sells a {} card"

#: the fake catalog's words: what each language makes of a few of Casablanca's templates
CATALOG = {
    "de": {ROUND: "Runde {}: {} beginnt. Alle zahlen {:,} $ in den Topf, der nun {:,} $ hält.",
           ASIDE: "Jeder legt verdeckt einen Chip beiseite.",
           SELL: "{} verkauft eine {}-Karte", "Palm": "Palmen", "{n} chips": "{n} Chips"},
    "fr": {ROUND: "Manche {} : {} commence. Chacun paie {:,} $ au pot, qui contient {:,} $.",
           ASIDE: "Chacun met de côté un jeton, sans que les autres le voient.",
           SELL: "{} vend une carte {}", "Palm": "Palmier", "{n} chips": "{n} jetons"},
}
GERMAN = ("Runde ", "Jeder legt", "verkauft", "Palmen", "Chips")
FRENCH = ("Manche ", "Chacun met", "vend une", "Palmier", "jetons")


class FakeWords:
    """A game's catalog as :func:`parlour.core.events.word` uses it: each message in the
    current language (itself where the catalog has none)."""

    def gettext(self, message: str) -> str:
        return CATALOG.get(current_language(), {}).get(message, message)


FAKE = FakeWords()
#: a named line, as a game's Worded line with plain values
CHIPS = Worded(lambda names, n: ", ".join(names) + ": " + FAKE.gettext("{n} chips").format(n=n), name="test-net18n.chips")


@pytest.fixture
def worded_casablanca(monkeypatch: pytest.MonkeyPatch):
    """Casablanca with :class:`FakeWords` as its catalog (its game's and its state's), and the
    language English again after the test."""
    state_class = type(CASABLANCA.new_game(3, load_ruleset(CASABLANCA).resolve(), 1))
    monkeypatch.setattr(type(CASABLANCA), "words", FAKE)
    monkeypatch.setattr(state_class, "words", FAKE)
    yield CASABLANCA
    set_language("en")


#: Casablanca's own catalog (games/casablanca/locale): the set-aside line and a word of each
#: language that none of the others' lines hold
REAL_ASIDE = {"de": "Jeder Spieler legt einen Chip beiseite, ohne dass die anderen ihn sehen.",
              "fr": "Chaque joueur met un jeton à l’écart, sans que les autres le voient."}
REAL_GERMAN = ("Runde ", "Spielleiter", "Jeder Spieler legt", "Pott")
REAL_ROUND = {"de": "Runde 1: ", "fr": "Manche 1\u00a0: "}


@pytest.fixture
def real_casablanca():
    """Casablanca with its own catalog, and the language English again after the test."""
    yield CASABLANCA
    set_language("en")


def table_message(events: list[dict]) -> dict:
    """A host's table message around ``events``, read as the player's app reads it."""
    return read_host(encode({"type": "table", "turn": 0, "to_move": None, "view": {}, "events": events,
                             "legal": None, "moves": None, "over": False, "stage": None}))


def in_language(language: str, read):
    set_language(language)
    try:
        return read()
    finally:
        set_language("en")


# -- an event on the wire, and worded again -------------------------------------------------
def test_a_template_and_its_terms_travel_and_are_worded_in_the_readers_language() -> None:
    set_language("de")  # the host's language: its wording of the line does not go out
    try:
        event = Event(FAKE.gettext(SELL).format("Player 1", FAKE.gettext("Palm")), None, "sell",
                      None, SELL, ("Player 1", Term("Palm")))
        sent = wire_event(event)
    finally:
        set_language("en")
    assert sent == {"text": "Player 1 sells a Palm card", "kind": "sell", "say": SELL,
                    "args": ["Player 1", {"term": "Palm"}]}
    [got] = table_message([sent])["events"]
    assert in_language("de", lambda: word_event(got, FAKE)) == "Player 1 verkauft eine Palmen-Karte"
    assert in_language("fr", lambda: word_event(got, FAKE)) == "Player 1 vend une carte Palmier"
    assert in_language("en", lambda: word_event(got, FAKE)) == "Player 1 sells a Palm card"
    assert in_language("fr", lambda: word_event(got, None)) == "Player 1 sells a Palm card", "no catalog: English"


def test_a_named_worded_line_travels_by_its_name_with_tuples_as_lists() -> None:
    event = Event(in_language("de", lambda: CHIPS.format(("Ada", "Bea"), 3)), None, "", None, CHIPS,
                  (("Ada", "Bea"), 3))
    sent = wire_event(event)
    # its text is worded again in English (the host's German does not go out)
    assert sent == {"text": "Ada, Bea: 3 chips", "kind": "", "worded": "test-net18n.chips", "args": [["Ada", "Bea"], 3]}
    [got] = table_message([sent])["events"]
    assert in_language("fr", lambda: word_event(got, FAKE)) == "Ada, Bea: 3 jetons"
    assert in_language("de", lambda: word_event(got, FAKE)) == "Ada, Bea: 3 Chips"


def test_a_line_that_cannot_travel_goes_as_the_host_worded_it() -> None:
    unnamed = Worded(lambda n: f"{n} worded here")
    for event in [Event("as logged", None, "k", None, "as logged", None),          # worded already
                  Event("1 worded here", None, "k", None, unnamed, (1,)),         # no name to find it by
                  Event("an object", None, "k", None, "{}", (object(),)),         # not plain data
                  Event("inf", None, "k", None, "{}", (float("inf"),)),           # not JSON
                  Event("huge", None, "k", None, "{}", (2**80,)),                 # beyond the protocol's numbers
                  Event("deep", None, "k", None, "{}", ([[[["x"]]]],)),           # nested past ARGS_DEPTH
                  Event("many", None, "k", None, "{}", (list(range(ARGS_LIMIT + 1)),)),
                  Event("attr", None, "k", None, "{0.real}", (1,))]:              # not a safe template
        sent = wire_event(event)
        # a template's line in English (the host's language does not go out), else as worded
        text = event.say.format(*event.args) if isinstance(event.say, str) and event.args else event.text
        assert sent == {"text": text, "kind": "k"}, event
        assert table_message([sent])["events"] == [sent]


def test_a_line_the_reader_cannot_word_is_the_hosts_text() -> None:
    failing = Worded(lambda n: 1 / 0, name="test-net18n.failing")
    assert failing.name
    events = table_message([
        {"text": "host's words", "kind": "", "worded": "test-net18n.nobody-has-this", "args": [1]},
        {"text": "host's words", "kind": "", "worded": "test-net18n.failing", "args": [1]},
        {"text": "host's words", "kind": "", "say": "{} and {}", "args": [1]},        # too few values
        {"text": "host's words", "kind": "", "say": "{x}", "args": [1]},              # a name, no value by name
        {"text": "short", "kind": "", "say": "{0}" * 200, "args": ["y" * 200]},       # out of proportion
    ])["events"]
    for event in events:
        assert word_event(event, FAKE) == event["text"]


@pytest.mark.parametrize("event, field", [
    ({"text": "t", "kind": "", "say": "{0.__class__}", "args": [1]}, "attribute"),
    ({"text": "t", "kind": "", "say": "{0[0]}", "args": [[1]]}, "index"),
    ({"text": "t", "kind": "", "say": "{:>999999999}", "args": [1]}, "huge width"),
    ({"text": "t", "kind": "", "say": "{:{}}", "args": [1, 2]}, "nested field"),
    ({"text": "t", "kind": "", "say": "{", "args": [1]}, "unbalanced"),
    ({"text": "t", "kind": "", "say": "x" * 1001}, "long template"),
    ({"text": "t", "kind": "", "say": 5}, "not a text"),
    ({"text": "t", "kind": "", "say": "{}", "worded": "a.b", "args": [1]}, "both"),
    ({"text": "t", "kind": "", "worded": "a.b"}, "worded without values"),
    ({"text": "t", "kind": "", "worded": "", "args": [1]}, "empty name"),
    ({"text": "t", "kind": "", "worded": "n" * 101, "args": [1]}, "long name"),
    ({"text": "t", "kind": "", "args": [1]}, "values without a line"),
    ({"text": "t", "kind": "", "say": "{}", "args": "1"}, "values not a list"),
    ({"text": "t", "kind": "", "say": "{}", "args": [{"term": 1}]}, "a term not a text"),
    ({"text": "t", "kind": "", "say": "{}", "args": [{"term": ""}]}, "an empty term"),
    ({"text": "t", "kind": "", "say": "{}", "args": [{"term": "x", "more": 1}]}, "a map not a term"),
    ({"text": "t", "kind": "", "say": "{}", "args": [[[[["x"]]]]]}, "too deep"),
    ({"text": "t", "kind": "", "say": "{}", "args": [0] * (ARGS_LIMIT + 1)}, "too many"),
    ({"text": "t", "kind": "", "say": "{}", "args": ["x" * 201]}, "long value"),
    ({"text": 5, "kind": ""}, "text"),
    ({"kind": ""}, "no text"),
    ("an event", "not a map"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_a_hostile_event_is_refused_like_any_bad_message(event, field: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        table_message([event])
    assert "'events'" in str(refused.value) and "\n" not in str(refused.value)


_VALUE = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
                      | st.builds(Term, st.text(max_size=10)) | st.builds(object),
                      lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner), max_leaves=40)
_TEMPLATE = st.lists(st.sampled_from(["{}", "{0}", "{1}", "{:,}", "{:>99}", "{:>100}", "{0.real}", "{0[0]}", "{!r}",
                                       "{:.2f}", "{x}", "{", "}", "abc ", " ", "{:{}}", "{{", "}}", "{!z}"]),
                     max_size=6).map("".join) | st.sampled_from([ROUND, SELL, ASIDE])


@settings(max_examples=300, deadline=None)
@given(say=_TEMPLATE, args=st.lists(_VALUE, max_size=6))
def test_whatever_an_engine_logs_goes_out_as_a_message_every_player_can_read(say: str, args: list) -> None:
    """The host never sends what the protocol refuses (which would cost the player the whole
    table), and never fails to encode: a line that does not fit goes as text."""
    try:
        text = say.format(*args)
    except Exception:  # noqa: BLE001 - a template its values do not fit: the host's text is another
        text = "as the host worded it"
    sent = wire_event(Event(text, None, "k", None, say, tuple(args)))
    [got] = table_message([sent])["events"]
    for language in ("en", "de", "fr"):
        assert isinstance(in_language(language, lambda: word_event(got, FAKE)), str)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(event=st.dictionaries(st.sampled_from(["text", "kind", "say", "worded", "args"]), _JSON | _TEMPLATE, max_size=5),
       refusal=st.dictionaries(st.sampled_from(["why", "say", "args"]), _JSON | _TEMPLATE, max_size=3))
def test_a_hostile_hosts_events_and_refusals_are_read_and_worded_or_refused_in_one_line(event: dict,
                                                                                        refusal: dict) -> None:
    for message in ({"type": "table", "turn": 0, "to_move": None, "view": {}, "events": [event], "legal": None,
                     "moves": None, "over": False, "stage": None}, {"type": "refused", **refusal}):
        try:
            read = read_host(json.dumps({"v": 1, **message}))
        except ProtocolError as exc:
            assert "\n" not in str(exc)
            continue
        for language in ("de", "fr"):
            if read["type"] == "table":
                worded = in_language(language, lambda: word_event(read["events"][0], FAKE))
                assert isinstance(worded, str) and len(worded) <= 4 * len(read["events"][0]["text"]) + 400
            else:
                assert isinstance(in_language(language, lambda: refusal_text(read)), str)


def test_safe_templates_are_the_engines_own() -> None:
    for say in (ROUND, SELL, ASIDE, "{:.0%}", "{name} has {n:,}", "{!r}", "{:>20}", "{{braces}}"):
        assert safe_template(say), say
    for say in ("{0.x}", "{a[b]}", "{:100}", "{:{w}}", "}{", None):
        assert not safe_template(say), say


# -- the host's refusals -------------------------------------------------------------------
def test_a_refusal_is_english_on_the_wire_and_worded_by_the_players_app() -> None:
    set_language("de")  # the host's language: not in the message
    try:
        message = read_host(encode(refused_message(Refusal("that answers decision {asked}; this is decision {now}",
                                                           asked=3, now=5))))
    finally:
        set_language("en")
    assert message["why"] == "that answers decision 3; this is decision 5"
    assert in_language("fr", lambda: refusal_text(message)) == "cela répond à la décision 3 ; voici la décision 5"
    assert in_language("de", lambda: refusal_text(message)) == "das antwortet auf Entscheidung 3; dies ist Entscheidung 5"
    plain = read_host(encode(refused_message("a message that is not valid JSON")))
    assert plain == {"v": 1, "type": "refused", "why": "a message that is not valid JSON"}
    assert in_language("fr", lambda: refusal_text(plain)) == plain["why"]
    for bad in ({"say": "{0.__class__}"}, {"say": "{x}", "args": {"x": [1]}}, {"say": "{x}", "args": [1]},
                {"args": {"x": 1}}, {"say": "{x}", "args": {"x" * 40: 1}}):
        with pytest.raises(ProtocolError):
            read_host(encode({"type": "refused", "why": "w", **bad}))


# -- records and saves ---------------------------------------------------------------------
def play(game, language: str, seed: int = 11):
    set_language(language)
    match = start_match(game, load_ruleset(game).resolve(), seed, [Seat("Ada", "random"), Seat("Bea", "random"),
                                                                   Seat("Cleo", "random")])
    match.play_out()
    return match


def test_a_record_made_in_german_replays_in_french(real_casablanca, tmp_path: Path) -> None:
    game = real_casablanca
    german = play(game, "de")
    shown = [e.text for e in german.state.events]
    assert shown[0].startswith(REAL_ROUND["de"]) and REAL_ASIDE["de"] in shown, "played in German"
    kept = SaveFolder(tmp_path).save(german.record, tmp_path / "game.json")
    saved = kept.read_text(encoding="utf-8")
    for word in REAL_GERMAN:
        assert word not in saved, f"the record holds the German {word!r}"
    english = play(game, "en")
    assert english.record.to_json() == german.record.to_json(), "the same record in any language"

    set_language("fr")
    record = Record.load(kept)
    state = replay(game, record)
    replayed = [e.text for e in state.events]
    assert replayed[0].startswith(REAL_ROUND["fr"]) and REAL_ASIDE["fr"] in replayed
    assert not [t for t in replayed if any(word in t for word in REAL_GERMAN)]
    assert len(replayed) == len(shown)
    review = Review(game, record)
    seen = [e.text for e in review.states[review.last].events_for(0)]
    assert seen[0].startswith(REAL_ROUND["fr"]) and REAL_ASIDE["fr"] in seen, "the review shows the French"
    assert not [t for t in seen if any(word in t for word in REAL_GERMAN)]
    assert review.last_move(review.last, 1).startswith(("Dernier coup", "Après le coup")), \
        "the review of each step reads in French"


# -- two players at one hosted table, in two languages ----------------------------------------
def test_two_players_at_one_hosted_table_read_it_in_two_languages(real_casablanca) -> None:
    """The host plays in German; Ada's app reads the table in German and Bea's in French, from
    the same kind of messages, none of which holds the host's German."""
    game = real_casablanca
    set_language("de")  # the host's language, and the table's wording on the host
    table = hosted(game, load_ruleset(game).resolve(), 5, [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("Cleo", "random")])
    codes = table.issue_codes()
    heard: list[str] = []
    refusals: list[dict] = []

    async def player(port: int, code: str, seed: int) -> RemoteMatch:
        rng = random.Random(seed)
        link = HostLink(f"127.0.0.1:{port}", code)
        match = RemoteMatch(game, await link.sit_down())
        stale = True
        try:
            while True:
                message = await asyncio.wait_for(link.receive(), WAIT)
                heard.append(json.dumps(message, ensure_ascii=False))
                if message["type"] == "refused":
                    refusals.append(message)
                elif message["type"] == "table":
                    match.update(message)
                    if message["legal"]:
                        if stale:  # one move for a decision long gone: refused, worded on this side
                            await link.send_move(message["turn"] + 7, message["legal"][0]["text"])
                            stale = False
                        await link.send_move(message["turn"], rng.choice(message["legal"])["text"])
                elif message["type"] == "results":
                    match.state.final = message
                    return match
        finally:
            await link.close()

    async def scenario() -> list[RemoteMatch]:
        server = TableServer(table)
        await server.start()
        try:
            return list(await asyncio.gather(player(server.port, codes[0], 1), player(server.port, codes[1], 2)))
        finally:
            await server.close()

    ada, bea = asyncio.run(scenario())
    assert table.match.state.is_over
    for raw in heard:
        for word in REAL_GERMAN:
            assert word not in raw, f"the host's German went out: {raw[:200]}"

    ada_reads = in_language("de", lambda: [e.text for e in ada.state.events])
    bea_reads = in_language("fr", lambda: [e.text for e in bea.state.events])
    assert ada_reads[0].startswith(REAL_ROUND["de"]) and REAL_ASIDE["de"] in ada_reads
    assert bea_reads[0].startswith(REAL_ROUND["fr"]) and REAL_ASIDE["fr"] in bea_reads
    assert not [t for t in bea_reads if any(word in t for word in REAL_GERMAN)]
    # worded when read: the same events Ada was sent read in French too, and the review with them
    assert in_language("fr", lambda: ada.state.events[0].text).startswith(REAL_ROUND["fr"])
    review = bea.seen_review()
    assert in_language("fr", lambda: [e.text for e in review.states[-1].events_for(1)]) == bea_reads
    assert in_language("de", lambda: review.states[1].events_for(1)[0].text).startswith(REAL_ROUND["de"])

    assert len(refusals) == 2, refusals
    for refusal in refusals:
        assert refusal["why"].startswith("that answers decision ")
        assert in_language("fr", lambda: refusal_text(refusal)).startswith("cela répond à la décision ")
        assert in_language("de", lambda: refusal_text(refusal)).startswith("das antwortet auf Entscheidung ")


def test_the_players_app_words_his_moves_itself_not_with_the_hosts_labels() -> None:
    """A game that reads its actions back labels the legal moves on the player's side; the
    host's label is only for a game that cannot."""
    table = hosted(CASABLANCA, load_ruleset(CASABLANCA).resolve(), 5,
                   [Seat("Ada", HUMAN), Seat("Bea", HUMAN), Seat("Cleo", "random")])
    seat = table.match.state.to_move
    message = table.update_for(seat)
    for option in message["legal"]:
        option["label"] = "Etikett des Gastgebers"
    match = RemoteMatch(CASABLANCA, table.welcome(seat))
    match.update(read_host(encode(message)))
    labels = [a.label for a in match.state.legal_actions()]
    assert labels == [a.label for a in table.match.state.legal_actions()][:len(labels)]
    assert "Etikett des Gastgebers" not in labels


def test_a_player_who_joins_again_reads_the_table_anew() -> None:
    state = RemoteState(0, FAKE)
    sent = {"turn": 0, "to_move": None, "view": {}, "over": False, "events": [
        {"text": ASIDE, "kind": "", "say": ASIDE, "args": []}]}
    state.update(sent, [])
    assert in_language("fr", lambda: [e.text for e in state.events]) == [CATALOG["fr"][ASIDE]]
    state.start_over()
    assert state.events == []
    state.update(sent, [])
    assert in_language("de", lambda: [e.text for e in state.events]) == [CATALOG["de"][ASIDE]]
