"""The rules of each game in German and French (issue 27): the same sections and facts as the
English text, each book's own words, every variant and house rule described in each language,
and English wherever a language has no text."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from parlour.games.banque_fatale import GAME as BANQUE
from parlour.games.casablanca import GAME as CASABLANCA
from parlour.games.monte_carlo import GAME as MONTE
from parlour.core.rulesets import (
    VARIANTS_MARK,
    load_house_rules,
    load_ruleset,
    rules_text,
    scan_house_rules,
    with_house_rules,
)
from parlour.core.yamlsource import RulesetError

GAMES = [BANQUE, MONTE, CASABLANCA]
LANGS = ["de", "fr"]
ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path("/work/shared/seeds")  # as tests/plugins/banque_fatale/test_bf_ruleset.py finds them
RULE_ID = re.compile(r"\b(BF|MC|CB)-[A-Z]+\d")


def full_ruleset(game):
    ruleset = load_ruleset(game)
    return with_house_rules(ruleset, scan_house_rules(game, ruleset).variants)


def outline(text: str) -> list[str]:
    """The shape of a text: its headings' levels, the variants mark, its table rows and
    list items per section, in order."""
    shape, in_code = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif in_code:
            shape.append("code")
        elif line.startswith("#"):
            shape.append(line.split(" ", 1)[0])
        elif line == VARIANTS_MARK:
            shape.append("variants")
        elif line.startswith("|"):
            shape.append("row")
        elif re.match(r"(- |\d+\. )", line):
            shape.append("item")
    return shape


def numbers(text: str) -> Counter[int]:
    """Every number the text states, however the language writes it ("$2,000", "2.000 $",
    "2 000 $"; "3 for 1", "3 : 1" and "3 pour 1" state the 3)."""
    text = text.replace("\u202f", "").replace("\u00a0", " ")
    text = re.sub(r"(\d)[.,](\d{3})\b", r"\1\2", text)
    text = re.sub(r"(\d) ?(?::|pour|for) ?1\b", r"\1", text)
    return Counter(int(n) for n in re.findall(r"\d+", text))


def prose(text: str) -> str:
    """The text without code spans, variant names and house-rule files, which stay as they are
    (they are what `--variant` and the setup call them)."""
    text = re.sub(r"`[^`]*`|\([a-z-]+\.yaml\)", "", text)
    return re.sub(r"\*\*[a-z]+(?:-[a-z]+)+\*\*", "", text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_game_has_its_rules_in_each_language_with_the_english_sections(game, lang: str) -> None:
    english, translated = game.rules_markdown(), game.rules_markdown_in(lang)
    assert translated is not None, f"no rules.{lang}.md beside {game.id}"
    assert translated.startswith(f"# {game.title}\n")
    assert outline(translated) == outline(english)
    assert numbers(translated) == numbers(english), "a number differs from the English text"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_variant_and_house_rule_is_described_in_each_language(game, lang: str) -> None:
    ruleset = full_ruleset(game)
    assert any(v.source != "built-in" for v in ruleset.variants.values()), "the curated house rules were found"
    text = rules_text(game, ruleset, lang=lang)
    heading = {"de": "## Varianten", "fr": "## Variantes"}[lang]
    assert VARIANTS_MARK not in text and text.count(heading) == 1 and "## Variants" not in text
    for name, variant in ruleset.variants.items():
        described = variant.descriptions.get(lang, "").strip()
        assert len(described) > 20 and described != variant.description.strip(), f"{name}: no {lang} description"
        assert numbers(described) == numbers(variant.description), f"{name}: a number differs from the English"
        line = next(line for line in text.splitlines() if line.startswith(f"- **{name}**"))
        assert described in line


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_rules_text_carries_our_rule_ids(game, lang: str) -> None:
    ruleset = full_ruleset(game)
    text = rules_text(game, ruleset, ruleset.resolve(list(ruleset.variants)[:1]), list(ruleset.variants)[:1], lang)
    assert not RULE_ID.search(text), RULE_ID.search(text)
    assert not [v.name for v in ruleset.variants.values() if any(map(RULE_ID.search, v.descriptions.values()))]


#: words each book uses (present) and the English ones a player of that box would not read (absent)
VOCABULARY = {
    ("banque-fatale", "de"): (["Jetons", "Cartes Fatales", "Wertetabelle", "Geldkarten", "Piques", "Startspieler",
                               "Versteigerung", "Paravent", "Banque"], ["chart", "pool", "ace", "bid"]),
    ("banque-fatale", "fr"): (["pions", "Cartes Fatales", "tableau des valeurs", "as", "premier joueur", "enchères",
                               "écran", "pioche", "cartes argent"], ["jeton", "chart", "pool", "bid"]),
    ("monte-carlo", "de"): (["Ziffersteine", "Chips", "Mittelfeld", "Croupier", "Spielfeld", "Zahlenfeld",
                             "Majoritätsfeld", "Karofeld", "Kreuzfeld", "Gewinnbild", "aussteigen", "gesperrt"],
                            ["tile", "grid", "diamond", "odds"]),
    ("monte-carlo", "fr"): (["jetons", "tuiles", "carré central", "croupier", "losange", "croix", "pour\u00a01",
                             "manche", "partie"], ["tile", "chip", "diamond", "contre"]),
    ("casablanca", "de"): (["Einspruch", "Pott", "Prämienkarten", "Zahlenchips", "Herausforderer", "Spielleiter",
                            "Zugeben", "Gleichziehen", "Erhöhen", "Annehmen", "Zurückziehen", "Alles auf eine Karte"],
                           ["challenge", "pot", "premium", "fold", "call", "raise"]),
    ("casablanca", "fr"): (["contester", "pot", "cartes de prime", "jetons numérotés", "opposant", "meneur",
                            "Avouer", "Égaler", "Relancer", "Voir", "Se coucher", "Va-tout"],
                           ["challenge", "premium", "fold", "call", "raise", "Einspruch"]),
}


@pytest.mark.parametrize(("game_id", "lang"), sorted(VOCABULARY))
def test_each_text_speaks_its_books_words(game_id: str, lang: str) -> None:
    game = next(g for g in GAMES if g.id == game_id)
    text = prose(rules_text(game, full_ruleset(game), lang=lang))
    present, absent = VOCABULARY[game_id, lang]
    assert [word for word in present if word not in text] == []
    assert [word for word in absent if re.search(rf"\b{word}\b", text, re.IGNORECASE)] == []


def test_money_is_written_as_each_language_writes_it() -> None:
    nbsp, narrow = "\u00a0", "\u202f"
    english, german, french = (rules_text(CASABLANCA, full_ruleset(CASABLANCA), lang=lang) for lang in ("en", "de", "fr"))
    assert "$2,000" in english
    assert f"2.000{nbsp}$" in german and f"700{nbsp}$" in german and "$" not in german.replace(f"{nbsp}$", "")
    assert f"2{narrow}000{nbsp}$" in french and "$" not in french.replace(f"{nbsp}$", "")
    assert "Millionen" in rules_text(BANQUE, load_ruleset(BANQUE), lang="de")
    assert re.search(r"\w :", prose(french)) is None, "French puts a no-break space before a colon"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_rules_text_falls_back_to_english(game) -> None:
    ruleset = load_ruleset(game)
    english = rules_text(game, ruleset)
    assert rules_text(game, ruleset, lang="xx") == english
    assert rules_text(game, ruleset, lang="../rules") == english  # no path is read from a language code
    assert rules_text(game, ruleset, lang="de_AT.UTF-8") == rules_text(game, ruleset, lang="de") != english
    assert "## Variants" in english and "## Varianten" not in english


def test_a_game_without_translations_reads_english_and_a_variant_without_one_its_own() -> None:
    from sevens import GAME as SEVENS

    ruleset = load_ruleset(SEVENS)
    assert SEVENS.rules_markdown_in("de") is None
    text = rules_text(SEVENS, ruleset, lang="de")
    assert text.startswith(SEVENS.rules_markdown().split("\n", 1)[0])
    for variant in ruleset.variants.values():
        assert variant.described("de") == variant.description.strip()


def test_a_house_rule_may_describe_itself_in_other_languages(tmp_path: Path) -> None:
    ruleset = load_ruleset(CASABLANCA)
    good = tmp_path / "big-pot.yaml"
    good.write_text("game: casablanca\ndescription: A bigger pot.\ndescriptions:\n  de: Ein größerer Pott.\n"
                    "settings: {house_money: 3000}\n", encoding="utf-8")
    variant = load_house_rules(CASABLANCA, ruleset, good)
    assert (variant.described("de"), variant.described("fr")) == ("Ein größerer Pott.", "A bigger pot.")
    for body, where in (("descriptions: [Pott]\n", "bad.yaml:3: descriptions"), ("descriptions:\n  de: 7\n", "descriptions.de")):
        bad = tmp_path / "bad.yaml"
        bad.write_text(f"game: casablanca\ndescription: x\n{body}settings: {{house_money: 3000}}\n", encoding="utf-8")
        with pytest.raises(RulesetError, match=re.escape(where)):
            load_house_rules(CASABLANCA, ruleset, bad)


def test_the_translated_texts_and_glossaries_are_installed_with_the_package() -> None:
    """A non-editable install copies only what package-data names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["*"]
    for game in GAMES:
        for name in ("rules.de.md", "rules.fr.md", "glossary.md"):
            assert (Path(game.folder) / name).is_file()
            assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


#: set phrases any text in the language says the same way ("clockwise")
IDIOMS = ["dans le sens des aiguilles d’une montre"]
BOOKS = {("banque-fatale", "de"): "banque-fatale.de.txt", ("banque-fatale", "fr"): "banque-fatale.fr.txt",
         ("monte-carlo", "de"): "monte-carlo.de.txt", ("casablanca", "de"): "casablanca.de.txt"}


@pytest.mark.parametrize(("game_id", "lang"), sorted(BOOKS))
def test_the_translations_are_in_our_own_words(game_id: str, lang: str) -> None:
    """RULES.md: no sentence copied from the rulebooks; seven words in a row is a copy."""
    path = SEEDS / BOOKS[game_id, lang]
    if not path.exists():
        pytest.skip("the rulebooks are not beside the checkout")
    game = next(g for g in GAMES if g.id == game_id)
    word = r"[a-zäöüßàâçéèêëîïôûùœ’']+"
    ours_text = game.rules_markdown_in(lang).lower()
    theirs_text = path.read_text(encoding="utf-8").lower().replace("'", "’")
    for idiom in IDIOMS:
        ours_text, theirs_text = ours_text.replace(idiom, ""), theirs_text.replace(idiom, "")
    ours_words = re.findall(word, ours_text)
    ours = {" ".join(ours_words[i:i + 7]) for i in range(len(ours_words) - 6)}
    theirs = re.findall(word, theirs_text)
    copied = [" ".join(theirs[i:i + 7]) for i in range(len(theirs) - 6) if " ".join(theirs[i:i + 7]) in ours]
    assert not copied, f"seven words in a row copied from {path.name}: {copied[:3]}"
