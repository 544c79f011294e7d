"""Banque Fatale's own catalog (issue 27): the words of its board, prompts and log in the
player's language (``locale/<lang>/LC_MESSAGES/banque_fatale.po``).

The engine's log templates stay English and are marked with ``N_``: they are worded only when
the log is read (``State.words``). ``figure`` and ``millions`` write numbers and amounts as the
language does, and exactly as before in English.

After changing texts, from ``games/banque_fatale``::

    pybabel extract --no-location --sort-output -k N_ -k Term -o locale/banque_fatale.pot .
    pybabel update -i locale/banque_fatale.pot -d locale -D banque_fatale --no-fuzzy-matching --ignore-obsolete

then translate the new entries in each ``banque_fatale.po`` (``tests/plugins/test_game_catalogs.py``
lists those missing).
"""

from __future__ import annotations

from parlour.core.i18n import ENGLISH, N_
from parlour.plugin import current_language, number, translator

WORDS = translator(__package__, "banque_fatale")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: the colours of the default ruleset, by the names its file gives them (a house rule's own
#: names stay as it writes them)
COLOUR_NAMES = (N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("orange"))


def figure(value: float) -> str:
    """A count or a score: ``47``, ``12.5`` in English (as always), else as the language
    writes numbers (``1.250`` · ``12,5``)."""
    if current_language() == ENGLISH:
        return f"{value:g}" if isinstance(value, float) else str(value)
    return number(value)


def millions(amount: float) -> str:
    """An amount of money on the board, short: ``12M`` · ``12 Mio.`` · ``12 M``."""
    return _("{}M").format(figure(amount))


def million_words(amount: float) -> str:
    """An amount of money in a sentence: ``5 million`` · ``5 Millionen`` · ``5 millions``."""
    n = int(amount) if amount == int(amount) else 2
    return ngettext("{} million", "{} million", n).format(figure(amount))


__all__ = ["COLOUR_NAMES", "N_", "WORDS", "_", "figure", "million_words", "millions", "ngettext"]
