"""What a table tells of its rules and scores: F1 says how the table's rules differ from the text (issue 24:
they showed the book's numbers while the table played high stakes)."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import run, wait_for

from parlour.core.record import HUMAN, Seat
from parlour.core.registry import discover
from parlour.core.rulesets import load_ruleset, rules_text
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.tui.app import ParlourApp
from parlour.tui.rules import RulesScreen
from parlour.tui.table import TableScreen

REGISTRY = discover()


def shown(app: ParlourApp) -> str:
    """The rules text on screen; empty until the screen is up and its Markdown loaded (the
    widget takes its text when mounted, not when made)."""
    if not isinstance(app.screen, RulesScreen) or not app.screen.query("#rules-text"):
        return ""
    return str(app.screen.query_one("#rules-text").source)


def test_the_rules_text_opens_with_what_this_table_plays() -> None:
    game = REGISTRY.get("casablanca")
    ruleset = load_ruleset(game)
    table = ruleset.resolve(["high-stakes"])
    text = rules_text(game, ruleset, table, ["high-stakes"])
    top = text.split("## At this table", 1)[1].split("\n## ", 1)[0]
    assert text.startswith("# Casablanca\n\n## At this table")
    assert "**high-stakes**: Challenges open at $300" in top
    assert "**300** (the text: 100)" in top and "**200, 400, 600** (the text: 100, 200, 300)" in top
    plain = rules_text(game, ruleset, ruleset.resolve([]), [])
    assert "The rules as written below, without variants or house rules." in plain
    assert "## At this table" not in rules_text(game, ruleset)  # from home or setup: the text alone


def test_f1_at_a_table_shows_its_variants_and_their_numbers(tmp_path: Path) -> None:
    game = REGISTRY.get("casablanca")
    rules = load_ruleset(game).resolve(["high-stakes"])
    match = start_match(game, rules, 4, [Seat("Ada", HUMAN), Seat("Bea", "random")], ["high-stakes"])

    async def scenario() -> str:
        app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            app.open_table(game, match)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("f1")
            # the text is the Markdown's once it is mounted (a busy machine reads it sooner)
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen)
                           and any(text.source for text in app.screen.query("#rules-text")))
            return str(app.screen.query_one("#rules-text").source)

    source = run(scenario())
    assert "## At this table" in source and "high-stakes" in source and "**300** (the text: 100)" in source


def test_the_results_write_scores_as_each_game_does() -> None:
    """Issue 24: Casablanca's results showed "5950" without the dollar sign."""
    from parlour.tui.results import score_text

    assert score_text(REGISTRY.get("casablanca"), 5950.0) == "$5,950"
    assert score_text(REGISTRY.get("banque-fatale"), 85.0) == "85"  # its columns are all millions
    assert score_text(REGISTRY.get("monte-carlo"), 21.0) == "21"

    class Failing:
        def score_text(self, score: float) -> str:
            raise RuntimeError("a plugin's bug")

    assert score_text(Failing(), 7.0) == "7"  # type: ignore[arg-type]


def test_the_parts_of_a_score_that_count_money_are_written_as_the_score_is() -> None:
    """A playtest read Casablanca's results: "round 1" 3000 beside the Score $3,000. A part
    the game says counts what the score counts (``Game.part_as_score``) is written as its
    score, in the player's language; its cards, and every part of a game that says nothing
    (a plugin written before), stay numbers, as they do where the game's code fails."""
    from parlour.core.i18n import set_language
    from parlour.games.casablanca.texts import _ as casablanca_words
    from parlour.tui.results import part_text

    casablanca = REGISTRY.get("casablanca")
    written = {}
    for lang in ("en", "de", "fr"):
        set_language(lang)
        round_1 = casablanca_words("round {}").format(1)  # the breakdown's own name for it
        written[lang] = (part_text(casablanca, round_1, 3000.0), part_text(casablanca, "round 1", 3000.0),
                         part_text(casablanca, casablanca_words("cards"), 15.0), casablanca.score_text(3000.0))
    set_language("en")
    assert written == {"en": ("$3,000", "$3,000", "15", "$3,000"),
                       "de": ("3.000\u00a0$", "3.000\u00a0$", "15", "3.000\u00a0$"),
                       "fr": ("3\u00a0000\u00a0$", "3\u00a0000\u00a0$", "15", "3\u00a0000\u00a0$")}, written
    assert part_text(REGISTRY.get("banque-fatale"), "cash", 3000.0) == "3000"  # says nothing: the number

    class Failing:
        def part_as_score(self, part: str) -> bool:
            raise RuntimeError("a plugin's bug")

    assert part_text(Failing(), "round 1", 3000.0) == "3000"  # type: ignore[arg-type]
    assert part_text(casablanca, "round 1", "") == ""  # a part another seat's breakdown lacks


def test_the_rules_screen_reads_the_rules_in_the_language_it_is_given(tmp_path: Path) -> None:
    """Issue 27: German rules with German variants and "at this table" note; English for a
    language the game has no text in."""
    game = REGISTRY.get("casablanca")
    table = load_ruleset(game).resolve(["high-stakes"])

    async def scenario(lang: str) -> str:
        app = ParlourApp(REGISTRY, saves=SaveFolder(tmp_path), ai_delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            app.push_screen(RulesScreen(game, table, ["high-stakes"], lang=lang))
            await wait_for(pilot, lambda: shown(app) != "")
            return shown(app)

    german = run(scenario("de"))
    assert german.startswith("# Casablanca\n\n## An diesem Tisch")
    assert "Ein Einspruch beginnt bei 300\u00a0$" in german and "## Einspruch" in german and "## Varianten" in german
    assert run(scenario("xx")).startswith("# Casablanca\n\n## At this table")


def test_at_this_table_names_the_settings_in_the_readers_language() -> None:
    """The schema keeps each setting's meaning in the game's English; 'At this table' words it
    through the game's catalog in the language the rules are read in (issue 27)."""
    game = REGISTRY.get("casablanca")
    ruleset = load_ruleset(game)
    table = ruleset.resolve(["high-stakes"])
    english = rules_text(game, ruleset, table, ["high-stakes"]).split("## ", 2)[1]
    german = rules_text(game, ruleset, table, ["high-stakes"], "de").split("## ", 2)[1]
    meanings = [line.split(":", 1)[0][2:] for line in english.splitlines() if line.startswith("- ") and "**" in line
                and not line.startswith("- **")]
    assert meanings, english
    for meaning in meanings:
        assert meaning not in german, german
        assert game.words.translations("de").gettext(meaning) in german
