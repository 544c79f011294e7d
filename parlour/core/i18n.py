"""Words in the player's language: gettext catalogs, the language chosen, and numbers and
money as each language writes them.

The catalogs are the ``.po`` files themselves (``parlour/locale/<lang>/LC_MESSAGES/parlour.po``),
read with Babel the first time a language is used: what is in the repository is what runs,
from any install, and no compiled ``.mo`` can fall behind its ``.po``. English needs no
catalog (the messages are English), so an English run never reads one.

Everything worded goes through the current language, set once at start (``--lang``, the
app's setting, the environment) and read with :func:`current_language`; whatever has no
translation stays English. Records, saves and the network never hold worded text: they keep
templates and values, worded when read.

This module imports only :mod:`parlour.core.inputs` of ``parlour``.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import io
import os
import re
from collections.abc import Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable

from parlour.core.inputs import shown

#: the shipped languages, each by its own name (English first: the messages' own language)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
ENGLISH = "en"
#: the host's own catalog domain
DOMAIN = "parlour"
#: the environment variables that name the language, in the order gettext reads them
LANGUAGE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
#: more than any sane catalog (Parlour's is about 40 KiB)
CATALOG_BYTES = 4 << 20

_current = ENGLISH
#: catalogs that could not be read, each with why (they fall back to English)
problems: dict[str, str] = {}


def parse_language(text: str) -> str | None:
    """The shipped language a locale name or option means (``de_DE.UTF-8`` → ``de``), else None."""
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, as gettext reads it: the first of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set decides (``C``, ``POSIX`` or a language not shipped:
    None, which is English)."""
    env = os.environ if environ is None else environ
    for name in LANGUAGE_VARIABLES:
        value = env.get(name, "")
        if value:
            return parse_language(value)
    return None


def choose_language(option: str | None = None, setting: str | None = None,
                    environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``--lang`` first, then the app's remembered setting (a choice the
    player made, so it beats the machine's default), then the environment, then English."""
    for choice in (option, setting):
        if choice and parse_language(choice):
            return parse_language(choice)  # type: ignore[return-value]
    return language_from_env(environ) or ENGLISH


def set_language(language: str) -> None:
    """Word everything from now on in ``language`` (a shipped one; anything else: English)."""
    global _current
    _current = parse_language(language) or ENGLISH


def current_language() -> str:
    """The language text is worded in now (``en``, ``de``, ``fr``): the one
    :func:`in_language` holds in this thread or task, else the one :func:`set_language` chose."""
    return _held.get() or _current


#: a language held for a while in one thread or task (:func:`in_language`), over the chosen one
_held: contextvars.ContextVar[str | None] = contextvars.ContextVar("parlour_language", default=None)


@contextlib.contextmanager
def in_language(language: str) -> Iterator[None]:
    """Word everything in ``language`` inside the block, in this thread or task alone: the
    host words what goes out to another player in English (the player words it in his own
    language), while its own screen stays in the language chosen."""
    token = _held.set(parse_language(language) or ENGLISH)
    try:
        yield
    finally:
        _held.reset(token)


# -- catalogs ----------------------------------------------------------------------
def _read_catalog(data: bytes, where: str) -> _gettext.NullTranslations:
    """A ``.po`` file's text as a gettext translations object (plural forms from its header);
    a file that cannot be read is noted in :data:`problems` and translates nothing."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        if len(data) > CATALOG_BYTES:
            raise ValueError(f"larger than {CATALOG_BYTES >> 20} MiB")
        catalog = read_po(io.BytesIO(data), abort_invalid=True)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)
        compiled.seek(0)
        return _gettext.GNUTranslations(compiled)
    except Exception as exc:  # noqa: BLE001 - a broken catalog costs its words, never the app
        problems[where] = shown(str(exc) or type(exc).__name__, 200)
        return _gettext.NullTranslations()


@functools.cache
def catalog(folder: Traversable, domain: str, language: str) -> _gettext.NullTranslations:
    """The translations of ``domain`` into ``language`` from ``folder`` (a ``locale`` folder:
    ``<language>/LC_MESSAGES/<domain>.po``); none (English) when there is no such file."""
    if language == ENGLISH:
        return _gettext.NullTranslations()
    po = folder / language / "LC_MESSAGES" / f"{domain}.po"
    try:
        data = po.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return _gettext.NullTranslations()
    except OSError as exc:
        problems[str(po)] = exc.strerror or str(exc)
        return _gettext.NullTranslations()
    return _read_catalog(data, str(po))


class Translator:
    """The words of one catalog domain, worded in the current language each time they are
    asked for (so a translator made at import follows a language chosen later)."""

    def __init__(self, folder: Traversable, domain: str) -> None:
        self.folder = folder
        self.domain = domain
        self._read: dict[str, _gettext.NullTranslations] = {}  #: by language (a log words many lines)

    def translations(self, language: str | None = None) -> _gettext.NullTranslations:
        language = language or current_language()
        found = self._read.get(language)
        if found is None:
            found = self._read[language] = catalog(self.folder, self.domain, language)
        return found

    def gettext(self, message: str) -> str:
        """``message`` in the current language (itself where it has no translation; the empty
        text stays empty, not the catalog's header)."""
        return self.translations().gettext(message) if message else message

    __call__ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` by the language's plural rule."""
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` as meant in ``context`` (one English word, two meanings)."""
        return self.translations().pgettext(context, message)


def translator(package: str, domain: str | None = None) -> Translator:
    """A plugin's translator: the catalogs in ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``
    (``domain`` defaults to the package's top-level name), read from the installed package."""
    return Translator(resources.files(package) / "locale", domain or package.partition(".")[0])


PARLOUR = translator("parlour", DOMAIN)
gettext = _ = PARLOUR.gettext
ngettext = PARLOUR.ngettext
pgettext = PARLOUR.pgettext


def level_name(kind: str) -> str:
    """A computer level as a player reads it: the host's own levels in the language
    (``hard`` is "stark" in German, "hard:200" "stark:200"), any other by its id. Records, the
    command line and the settings keep the id."""
    base, colon, rest = kind.partition(":")
    names = {"random": pgettext("level", "random"), "easy": pgettext("level", "easy"),
             "medium": pgettext("level", "medium"), "hard": pgettext("level", "hard"),
             "flat": pgettext("level", "flat")}
    return names[base] + colon + rest if base in names else kind


def N_(message: str) -> str:
    """Marks ``message`` for the catalog where it must stay English until it is shown (a
    class attribute, a constant): show it through :func:`gettext`."""
    return message


# -- numbers -----------------------------------------------------------------------
def _terminal(text: str) -> str:
    """Babel writes French thousands with a narrow no-break space (U+202F), which many
    terminal fonts lack; the plain no-break space is one cell everywhere."""
    return text.replace("\u202f", "\u00a0")


def number(value: float, language: str | None = None, decimals: int | None = None) -> str:
    """``value`` with the language's digit groups and decimal mark: 2,000 · 2.000 · 2 000
    (with ``decimals``, exactly that many: 2,216.67 · 2.216,67 · 2 216,67)."""
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return _terminal(format_decimal(value, pattern, locale=language or current_language()))


def percent(share: float, decimals: int = 0, language: str | None = None) -> str:
    """A share as the language writes a percentage: 33.3% · 33,3 % · 33,3 %."""
    from babel import Locale
    from babel.numbers import format_percent

    lang = language or current_language()
    pattern = Locale.parse(lang).percent_formats[None].pattern
    if decimals:
        pattern = re.sub(r"0(?=[^0#,.;]*%)", "0." + "0" * decimals, pattern, count=1)
    return _terminal(format_percent(share, pattern, locale=lang))


def money(value: float, language: str | None = None) -> str:
    """Dollars as the language writes them: $2,000 · 2.000 $ · 2 000 $ (the dollar sign
    where the language's currency pattern puts it; no cents, the games have none)."""
    from babel import Locale

    lang = language or current_language()
    amount = number(abs(value), lang)
    sign = "-" if value < 0 else ""
    if Locale.parse(lang).currency_formats["standard"].pattern.startswith("¤"):
        return f"{sign}${amount}"
    return f"{sign}{amount}\u00a0$"


def moment(timestamp: float, language: str | None = None) -> str:
    """A local time as a list of saves shows it: 25 Nov 09:05 · 25 Nov. 09:05 · 25 nov. 09:05."""
    from datetime import datetime

    from babel.dates import format_datetime

    return format_datetime(datetime.fromtimestamp(timestamp), "d MMM HH:mm", locale=language or current_language())
