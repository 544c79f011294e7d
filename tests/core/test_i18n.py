"""Parlour in German and French (issue 27): the catalogs are complete and agree with the
English, plural forms follow each language, the language is chosen in gettext's order with
--lang and the app's setting on top, numbers and money are written as each language writes
them, a plugin brings its own catalogs, and records stay free of translated words."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from catalogs import code_messages, read_catalog, untranslated, wrong_placeholders

import parlour
from parlour.core import i18n
from parlour.core.i18n import (
    ENGLISH, LANGUAGES, choose_language, current_language, language_from_env, money, ngettext, number,
    parse_language, percent, set_language, translator,
)
from parlour.core.lasttable import remember_language, remembered_language, settings_path

#: the package as installed (from a wheel in CI: its catalogs are then the installed ones)
PACKAGE = Path(parlour.__file__).parent
LOCALE = PACKAGE / "locale"
REPO = Path(__file__).resolve().parents[2]
SHIPPED = [lang for lang in LANGUAGES if lang != ENGLISH]


def catalog(lang: str):  # noqa: ANN201 - babel's Catalog
    return read_catalog(LOCALE / lang / "LC_MESSAGES" / "parlour.po")


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_has_a_translation(lang: str) -> None:
    """The host's own messages: the built-in games (inside the package when installed) mark
    theirs for their own catalogs (``tests/plugins/test_game_catalogs.py``)."""
    missing = untranslated(code_messages(PACKAGE, skip=("games", "rulesets")), LOCALE / lang / "LC_MESSAGES" / "parlour.po")
    assert not missing, f"{len(missing)} messages lack a {lang} translation:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", SHIPPED)
def test_placeholders_agree_with_the_english(lang: str) -> None:
    wrong = wrong_placeholders(LOCALE / lang / "LC_MESSAGES" / "parlour.po")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_catalog_says_its_plural_rule_and_no_message_is_left_fuzzy(lang: str) -> None:
    cat = catalog(lang)
    assert cat.num_plurals == 2
    assert not [m.id for m in cat if m.id and m.fuzzy]


def test_plural_forms_follow_each_language() -> None:
    """French counts 0 with the singular, German and English with the plural."""
    def moves(lang: str, n: int) -> str:
        set_language(lang)
        return ngettext("{n} move played, saved {when}", "{n} moves played, saved {when}", n).format(n=n, when="x")

    assert [moves("en", n) for n in (0, 1, 2)] == [
        "0 moves played, saved x", "1 move played, saved x", "2 moves played, saved x"]
    assert [moves("de", n) for n in (0, 1, 2)] == [
        "0 Züge gespielt, gespeichert x", "1 Zug gespielt, gespeichert x", "2 Züge gespielt, gespeichert x"]
    assert [moves("fr", n) for n in (0, 1, 2)] == [
        "0 coup joué, sauvegardée le x", "1 coup joué, sauvegardée le x", "2 coups joués, sauvegardée le x"]


def test_a_message_without_translation_stays_english() -> None:
    set_language("de")
    assert i18n.gettext("Rules") == "Regeln"
    assert i18n.gettext("a sentence no catalog has") == "a sentence no catalog has"
    assert i18n.gettext("") == ""  # not the catalog's header


# -- choosing the language -------------------------------------------------------------
@pytest.mark.parametrize(("text", "language"), [
    ("de_DE.UTF-8", "de"), ("fr_CH", "fr"), ("fr-FR", "fr"), ("de", "de"), ("en_GB.utf8", "en"),
    ("DE_at@euro", "de"), ("C", None), ("POSIX", None), ("C.UTF-8", None), ("es_ES.UTF-8", None), ("", None),
])
def test_a_locale_name_means_a_shipped_language_or_none(text: str, language: str | None) -> None:
    assert parse_language(text) == language


def test_the_environment_is_read_in_gettexts_order() -> None:
    env = {"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"}
    assert language_from_env(env) == "fr"
    assert language_from_env({**env, "LC_ALL": ""}) == "de"
    assert language_from_env({"LANG": "de_DE.UTF-8"}) == "de"
    # the first variable set decides, even when it names a language not shipped
    assert language_from_env({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}) is None
    assert language_from_env({"LC_MESSAGES": "C", "LANG": "fr_FR"}) is None
    assert language_from_env({}) is None


def test_lang_beats_the_setting_which_beats_the_environment_then_english() -> None:
    env = {"LANG": "fr_FR.UTF-8"}
    assert choose_language("de", "en", env) == "de"
    assert choose_language(None, "en", env) == "en"
    assert choose_language(None, None, env) == "fr"
    assert choose_language(None, None, {}) == "en"
    assert choose_language("xx", None, env) == "fr"  # an unknown option is refused by the parser, never used


def test_the_language_chosen_in_the_app_is_remembered(tmp_path: Path) -> None:
    path = settings_path(tmp_path)
    assert remembered_language(path) is None
    remember_language(path, "fr")
    assert remembered_language(path) == "fr"
    remember_language(path, None)  # as the system again
    assert remembered_language(path) is None
    for garbage in ("{not json", '{"language": "xx"}', '{"language": 3}', "[1, 2]", "\x00"):
        path.write_text(garbage, encoding="utf-8")
        assert remembered_language(path) is None
    remember_language(path, "de")  # an unreadable file is written anew
    assert json.loads(path.read_text(encoding="utf-8")) == {"language": "de"}


# -- numbers and money --------------------------------------------------------------
NBSP = "\u00a0"


@pytest.mark.parametrize(("lang", "two_thousand", "amount", "loss", "share"), [
    ("en", "2,000", "$2,000", "-$50", "33.3%"),
    ("de", "2.000", f"2.000{NBSP}$", f"-50{NBSP}$", f"33,3{NBSP}%"),
    ("fr", f"2{NBSP}000", f"1{NBSP}000{NBSP}$", f"-50{NBSP}$", f"33,3{NBSP}%"),
])
def test_numbers_and_money_as_each_language_writes_them(lang: str, two_thousand: str, amount: str, loss: str,
                                                        share: str) -> None:
    """The dollar where the language's currency pattern puts it; French digit groups with a
    plain no-break space (Babel's narrow one, U+202F, is missing from many terminal fonts)."""
    assert number(2000, lang) == two_thousand
    assert money(2000 if lang != "fr" else 1000, lang) == amount
    assert money(-50, lang) == loss
    assert percent(1 / 3, 1, lang) == share
    assert "\u202f" not in number(1_234_567, lang) + money(1_234_567, lang) + percent(0.5, 1, lang)


def test_numbers_follow_the_current_language() -> None:
    set_language("de")
    assert (number(1234.5, decimals=2), money(5950)) == ("1.234,50", f"5.950{NBSP}$")
    set_language("en")
    assert (number(1234.5, decimals=2), money(5950)) == ("1,234.50", "$5,950")


# -- a plugin's own catalogs ----------------------------------------------------------
def plugin_package(root: Path, name: str, po: str) -> None:
    folder = root / name / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (root / name / "__init__.py").write_text("", encoding="utf-8")
    (folder / f"{name}.po").write_text(po, encoding="utf-8")


PLUGIN_PO = textwrap.dedent('''\
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=utf-8\\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

    msgid "Bid"
    msgstr "Bieten"

    msgid "{n} chip"
    msgid_plural "{n} chips"
    msgstr[0] "{n} Chip"
    msgstr[1] "{n} Chips"
    ''')


def test_a_plugin_translator_reads_the_plugins_catalog_in_the_current_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin_package(tmp_path, "parlour_i18n_plugin", PLUGIN_PO)
    monkeypatch.syspath_prepend(str(tmp_path))
    _ = translator("parlour_i18n_plugin")  # made at import, before any language is chosen
    assert _("Bid") == "Bid"
    set_language("de")
    assert _("Bid") == "Bieten"
    assert [_.ngettext("{n} chip", "{n} chips", n).format(n=n) for n in (1, 3)] == ["1 Chip", "3 Chips"]
    assert _("Rules") == "Rules"  # the host's words are not the plugin's
    set_language("fr")
    assert _("Bid") == "Bid"  # no French catalog: English


def test_a_broken_plugin_catalog_costs_its_words_not_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin_package(tmp_path, "parlour_i18n_broken", 'msgid "Bid"\nmsgstr "Bieten\n\x00 garbage "')
    monkeypatch.syspath_prepend(str(tmp_path))
    set_language("de")
    assert translator("parlour_i18n_broken")("Bid") == "Bid"
    assert any("parlour_i18n_broken" in where for where in i18n.problems)


# -- the command line -----------------------------------------------------------------
def parlour_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


@pytest.mark.parametrize(("how", "words", "english"), [
    (["--lang", "de", "--help"], ["Aufruf:", "Optionen:", "diese Hilfe zeigen und beenden", "die App starten"],
     ["usage:", "show this help message", "start the app"]),
    (["--lang", "fr", "--help"], ["usage\u00a0:", "afficher cette aide et quitter", "lancer l’application"],
     ["show this help message", "start the app"]),
    (["simulate", "--help", "--lang=de"], ["wie viele Spiele (Vorgabe: 100)", "Arbeitsprozesse"],
     ["how many games", "worker processes"]),
])
def test_the_help_in_german_and_french(how: list[str], words: list[str], english: list[str]) -> None:
    result = parlour_cli(*how)
    assert result.returncode == 0, result.stderr
    for word in words:
        assert word in result.stdout
    for word in english:
        assert word not in result.stdout


def test_the_environment_chooses_the_language_and_lang_beats_it() -> None:
    assert "Aufruf:" in parlour_cli("--help", env={"LANG": "de_DE.UTF-8"}).stdout
    assert "usage\u00a0:" in parlour_cli("--help", env={"LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"}).stdout
    assert parlour_cli("--lang", "en", "--help", env={"LANG": "de_DE.UTF-8"}).stdout.startswith("usage:")


def test_a_bad_lang_is_one_line_and_exit_2() -> None:
    result = parlour_cli("--lang", "xx", "list")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--lang" in result.stderr and "'xx'" in result.stderr


def test_a_user_error_is_worded_in_the_language() -> None:
    result = parlour_cli("simulate", "casablanca", "--games", "0", "--lang", "de")
    assert result.returncode == 2
    assert result.stderr.strip() == "parlour: --games muss 1 bis 10.000.000 sein"


def test_the_rulesets_are_described_in_the_language_and_json_keeps_the_english() -> None:
    german = parlour_cli("--lang", "de", "rulesets", "banque-fatale")
    assert german.returncode == 0, german.stderr
    assert "Am Ende zählen die Jetons nichts" in german.stdout and "count for nothing" not in german.stdout
    english = json.loads(parlour_cli("--lang", "de", "rulesets", "banque-fatale", "--json").stdout)
    assert any("count for nothing" in rule["description"] for rule in english["games"][0]["rules"])


@pytest.mark.parametrize("game", ["banque-fatale", "monte-carlo", "casablanca"])
def test_a_record_made_in_german_is_the_one_made_in_english(game: str, tmp_path: Path) -> None:
    """Records carry no worded text: the same seed in German writes the same bytes; and a
    record made in German replays in French."""
    made = {}
    for lang in ("en", "de"):
        folder = tmp_path / lang
        result = parlour_cli("--lang", lang, "simulate", game, "--games", "2", "--seed", "5", "--records", str(folder))
        assert result.returncode == 0, result.stderr
        made[lang] = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    assert made["de"] and made["de"] == made["en"]
    record = next(iter(sorted((tmp_path / "de").iterdir())))
    replayed = parlour_cli("--lang", "fr", "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "coups rejoués, terminée" in replayed.stdout


def test_every_catalog_is_package_data() -> None:
    """What a wheel carries: setuptools' package data for ``parlour`` matches every catalog
    on disk (a new language's .po ships without touching pyproject.toml)."""
    import fnmatch
    import tomllib

    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["parlour"]
    catalogs = [p.relative_to(REPO / "parlour").as_posix() for p in (REPO / "parlour" / "locale").rglob("*.po")]
    assert len(catalogs) == len(SHIPPED)
    assert [c for c in catalogs if not any(fnmatch.fnmatch(c, pattern) for pattern in patterns)] == []


def test_current_language_is_what_was_set() -> None:
    assert current_language() == ENGLISH
    set_language("fr_FR.UTF-8")
    assert current_language() == "fr"
    set_language("klingon")
    assert current_language() == ENGLISH


def bound_underscores(tree: ast.AST) -> list[int]:
    """Lines where ``_`` is bound other than by the import (an unpacking, a loop, a ``with``)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            lines.append(node.lineno)
        elif isinstance(node, ast.arg) and node.arg == "_":
            lines.append(node.lineno)
    return lines


def test_no_module_that_words_with_underscore_binds_it_again() -> None:
    """``host, _, port = ...`` in a function that also says ``_("...")`` makes ``_`` local
    there, and the message raises UnboundLocalError (setup's remote seats did)."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_it = any(isinstance(node, ast.ImportFrom) and node.module == "parlour.core.i18n"
                         and any(alias.name == "_" and alias.asname is None for alias in node.names)
                         for node in ast.walk(tree))
        if imports_it:
            wrong += [f"{path.relative_to(PACKAGE)}:{line}" for line in bound_underscores(tree)]
    assert wrong == []


def test_a_language_held_in_one_thread_leaves_the_others_in_theirs() -> None:
    """The host words what goes out to players in English (``in_language``) while its own
    screen, on another thread, stays in the language chosen."""
    import threading

    from parlour.core.i18n import in_language

    set_language("de")
    seen: list[str] = []
    inside = threading.Event()
    done = threading.Event()

    def screen() -> None:
        inside.wait()
        seen.append(i18n.gettext("Rules"))
        done.set()

    thread = threading.Thread(target=screen)
    thread.start()
    try:
        with in_language("en"):
            assert current_language() == "en" and i18n.gettext("Rules") == "Rules"
            inside.set()
            done.wait()
        assert current_language() == "de"
    finally:
        thread.join()
        set_language("en")
    assert seen == ["Regeln"]
