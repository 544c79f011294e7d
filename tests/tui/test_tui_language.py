"""The home and setup screens in German and French (issue 27): at 80x24 and 120x40 they fit
(every key in the footer, every seat's row whole) and show none of the host's English words;
their German text is kept as a snapshot (``--snapshot-update`` writes it anew); the language
chosen in the app is remembered, and ``--lang`` beats it.

The games' own texts (blurbs, level lines, variant descriptions, the "who begins" label) come
from the games and stay English until their catalogs come; the word list is the host's."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from screen_snapshots import UPDATE
from tui_helpers import run, sevens_registry, wait_for

from parlour.core.i18n import current_language
from parlour.core.lasttable import remembered_language, settings_path
from parlour.core.registry import discover
from parlour.core.saves import SaveFolder
from parlour.testing.boards import screen_text, settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.home import HomeScreen
from parlour.tui.setup import SetupScreen

SIZES = [(80, 24), (120, 40)]
SNAPSHOTS = Path(__file__).parent / "text_snapshots"
#: the host's English words on these screens, none of which may show in German or French
ENGLISH = ["Choose a game", "players", "Players", "Computer players", "Variants", "Open", "Rules", "Join a table",
           "Quit", "Language", "Seat", "Human", "Start the game", "New seed", "Back", "chosen at random",
           "At the table", "Seed", "set up", "Continue", "Player", "rules", "abandon", "Remote"]
#: what must be on each screen, by language: the footer's keys and the screen's own words
HOME = {"de": ["Spiel wählen", "Öffnen", "Regeln", "Beitreten", "Beenden", "Spieler"],
        "fr": ["Choisissez un jeu", "Ouvrir", "Règles", "Rejoindre", "Quitter", "joueurs"]}
SETUP = {"de": ["vorbereiten", "Spieler", "Am Tisch", "Platz 1", "Spieler 1", "Mensch", "Computer: ", "Start",
                "Neuer Startwert", "Regeln", "Zurück"],
         "fr": ["Préparer", "Joueurs", "À la table", "Place 1", "Joueur 1", "Humain", "Ordinateur\u00a0: ",
                "Commencer", "Nouvelle graine", "Règles", "Retour"]}
REAL = discover()


def game_texts(game_id: str) -> str:
    """What the game itself says on setup (its blurb, level lines, variant and house-rule
    descriptions, who begins), one space between words: not the host's to translate."""
    from parlour.core.agents import kind_about
    from parlour.core.rulesets import offered_rules

    game = REAL.get(game_id)
    ruleset = offered_rules(game, REAL.ruleset(game_id)).ruleset
    texts = [game.blurb, *(kind_about(game, kind) for kind in game.agent_kinds()),
             *(v.described(lang) for v in ruleset.variants.values() for lang in ("en", "de", "fr")),
             game.starter[2] if game.starter else ""]
    return "\n".join(" ".join(text.split()) for text in texts)


def hosts_lines(text: str, game_id: str) -> str:
    """The screen's lines less those that are (a wrapped piece of) the game's own texts."""
    theirs = game_texts(game_id)
    kept = []
    for line in text.splitlines():
        words = " ".join(line.strip(" ▁▂▃▄▅▆▇█▐▌").split())
        words = re.sub(r"^[\w-]+ — ", "", words)  # a level line: "hard — what to expect"
        if not words or words not in theirs:
            kept.append(line)
    return "\n".join(kept)


def english_words(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


async def screen_of(app: ParlourApp, size: tuple[int, int], game: str | None) -> str:
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.saved is not None)
        if game is not None:
            app.set_up(app.registry.get(game))
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and bool(app.screen.query("#seed")))
        await wait_for(pilot, lambda: "▏^p" in screen_text(app).rstrip().splitlines()[-1])  # the footer is up
        return await settled_text(pilot)


def text_of(lang: str, size: tuple[int, int], game: str | None, tmp_path: Path, registry: Any = None) -> str:
    app = ParlourApp(registry or REAL, saves=SaveFolder(tmp_path), ai_delay=0, rng=random.Random(7), language=lang)
    return run(screen_of(app, size, game))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_home_screen_fits_and_speaks_the_language(lang: str, size: tuple[int, int], tmp_path: Path) -> None:
    text = text_of(lang, size, None, tmp_path)
    footer = text.splitlines()[-1]
    assert english_words(text) == [], text
    for word in HOME[lang]:
        assert word in text, f"{word!r} is not on the {lang} home screen at {size}:\n{text}"
    for key in HOME[lang][1:5]:
        assert key in footer, f"the footer at {size} lacks {key!r}: {footer}"


@pytest.mark.parametrize(("lang", "keys"), [
    ("en", ["Open", "Rules", "Continue", "Join a table", "Abandon save", "Quit"]),
    ("de", ["Öffnen", "Regeln", "Weiter", "Beitreten", "Aufgeben", "Beenden"]),
    ("fr", ["Ouvrir", "Règles", "Reprendre", "Rejoindre", "Abandon", "Quitter"]),
])
def test_with_a_save_every_home_key_fits_80_columns(lang: str, keys: list[str], tmp_path: Path) -> None:
    """A save adds two keys; the footer still shows them all in each language at 80x24."""
    from parlour.core.record import HUMAN, Seat
    from parlour.core.rulesets import table_rules
    from parlour.core.seating import start_match

    game = REAL.get("casablanca")
    rules = table_rules(game, REAL.ruleset(game.id), [], 2).settings
    match = start_match(game, rules, 5, [Seat("Ada", HUMAN), Seat("Blaise", "easy")], [])
    match.record.save(SaveFolder(tmp_path).new_path(game.id))
    footer = text_of(lang, (80, 24), None, tmp_path).splitlines()[-1]
    assert [key for key in keys if not re.search(rf" {re.escape(key)}(  | *▏)", footer)] == [], footer


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", sorted(REAL.games))
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_setup_fits_and_speaks_the_language(lang: str, game: str, size: tuple[int, int], tmp_path: Path) -> None:
    text = text_of(lang, size, game, tmp_path)
    footer = text.splitlines()[-1]
    assert english_words(hosts_lines(text, game)) == [], text
    for word in SETUP[lang]:
        assert word in text, f"{word!r} is not on the {lang} setup of {game} at {size}:\n{text}"
    for key in SETUP[lang][-4:]:
        assert key in footer, f"the footer at {size} lacks {key!r}: {footer}"
    seats = [line for line in text.splitlines() if re.match(r"^  (Platz|Place) \d", line)]
    assert len(seats) >= 2 and all(line.rstrip(" ▁▂▃▄▅▆▇█").endswith("▼") for line in seats), text  # each row whole
    if size == (120, 40):  # the variants' notes in the language (the first words of the first one shown)
        from parlour.core.rulesets import offered_rules

        first = next(iter(offered_rules(REAL.get(game), REAL.ruleset(game)).ruleset.variants.values()))
        assert " ".join(first.described(lang).split()[:3]) in " ".join(text.split()), text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", ["home", "setup"])
def test_the_german_screens_of_the_test_game_as_kept(screen: str, size: tuple[int, int], tmp_path: Path) -> None:
    """Sevens (the test game) keeps still while the real games' texts change."""
    text = text_of("de", size, "sevens" if screen == "setup" else None, tmp_path, sevens_registry(broken=True))
    text = re.sub(r"Startwert( +)\d+", lambda m: "Startwert" + m.group(1) + "SEED", text)
    path = SNAPSHOTS / f"{screen}-de-{size[0]}x{size[1]}.txt"
    if os.environ.get(UPDATE):  # as every text snapshot (tests/tui/screen_snapshots.py)
        path.parent.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert english_words("\n".join(line for line in text.splitlines() if "Sevens" not in line)) == []
    assert text + "\n" == path.read_text(encoding="utf-8")


def test_the_language_chosen_in_the_app_is_remembered_and_lang_beats_it(tmp_path: Path) -> None:
    folder = SaveFolder(tmp_path)
    registry = sevens_registry()

    async def choose() -> None:
        app = ParlourApp(registry, saves=folder, ai_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert "Choose a game" in await settled_text(pilot)
            await pilot.press("l")
            await wait_for(pilot, lambda: "Spiel wählen" in app.screen.sub_title)
            assert "Beenden" in (await settled_text(pilot)).splitlines()[-1]
            await pilot.press("l")
            await wait_for(pilot, lambda: "Choisissez un jeu" in app.screen.sub_title)

    async def again(language: str | None, title: str) -> None:
        app = ParlourApp(registry, saves=folder, ai_delay=0, language=language)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert app.screen.sub_title == title

    run(choose())
    assert remembered_language(settings_path(folder.root)) == "fr"
    assert json.loads(settings_path(folder.root).read_text(encoding="utf-8"))["language"] == "fr"
    run(again(None, "Choisissez un jeu"))
    run(again("de", "Spiel wählen"))  # --lang de
    assert current_language() == "de"
