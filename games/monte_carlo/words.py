"""Monte Carlo's words in the player's language (issue 27): the game's own catalog
(``locale/<lang>/LC_MESSAGES/monte_carlo.po``) and the names of the table's parts worded
from it: a field's full name, its short name on the board, a colour, a digit with its article.

The engine keeps its English (ids, templates, action texts): everything here is called only
when a text is shown, never in a rollout. In English each function returns exactly the text
the game always wrote (``layout.field_name`` for a field, ``layout.a_digit`` for a digit).
The German and French words are the books' (``glossary.md``). After changing a text::

    pybabel extract --no-location --sort-output -k N_ -k Term \
        -o games/monte_carlo/locale/monte_carlo.pot games/monte_carlo
    pybabel update -i games/monte_carlo/locale/monte_carlo.pot -d games/monte_carlo/locale \
        -D monte_carlo --no-fuzzy-matching

then translate the new entries of each ``monte_carlo.po`` (``tests/plugins/test_game_catalogs.py``
lists any left out).
"""

from __future__ import annotations

import functools

from parlour.core.i18n import N_, current_language
from parlour.plugin import translator

WORDS = translator(__package__, "monte_carlo")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

#: the quadrants' colours, by their ids (shown as a word: "Majorität Gelb", "case jaune")
COLOUR_WORDS = {"yellow": N_("yellow"), "blue": N_("blue"), "red": N_("red"), "green": N_("green")}
#: where the two copies of a field sit, by the side in its id
SIDE_WORDS = {"top": N_("{} (top)"), "bottom": N_("{} (bottom)"), "left": N_("{} (left)"),
              "right": N_("{} (right)")}


def colour(quadrant: str) -> str:
    """A quadrant's colour as a word (``yellow``, ``Gelb``, ``jaune``)."""
    word = COLOUR_WORDS.get(quadrant)
    return _(word) if word else quadrant


def a_digit(digit: int) -> str:
    """``a 4``, ``an 8`` (``eine 4``, ``un 4``): a tile's digit with its article."""
    return (_("an {}") if digit == 8 else _("a {}")).format(digit)


def short_name(code: str) -> str:
    """A field's short name on the board in the current language: the colour fields' words
    (``Yel`` is ``Gel`` in German, ``Jau`` in French); the codes that are no word (``R1``,
    ``C3``, ``M12``, ``MY``, ``D19``, ``X``, ``<>``, the digits) are the same in every
    language (see ``slots.short_label``)."""
    if code == "Yel":
        return pgettext("short name of the yellow field (3 letters)", "Yel")
    if code == "Blu":
        return pgettext("short name of the blue field (3 letters)", "Blu")
    if code == "Red":
        return pgettext("short name of the red field (3 letters)", "Red")
    if code == "Grn":
        return pgettext("short name of the green field (3 letters)", "Grn")
    return code


def field_title(field_id: str) -> str:
    """A betting field's full name in the current language (``number 4 (top)``,
    ``Zahlenfeld 4 (oben)``, ``case numéro 4 (en haut)``); lower case where the language
    writes it so: :func:`parlour.games.monte_carlo.state.sentence` capitalises it."""
    return _field_title(field_id, current_language())


def split_side(field_id: str) -> tuple[str, str]:
    """A field's id without the side its copy sits on, and that side ("" for a field with
    no copy): ``("col4", "bottom")`` for ``col4-bottom``."""
    for where in SIDE_WORDS:
        if field_id.endswith("-" + where):
            return field_id[: -len(where) - 1], where
    return field_id, ""


def on_side(name: str, side: str) -> str:
    """``name`` with the side its field's copy sits on (:func:`split_side`): "C4 (bottom)"."""
    return _(SIDE_WORDS[side]).format(name) if side else name


@functools.lru_cache(maxsize=1024)
def _field_title(field_id: str, language: str) -> str:
    fid, side = split_side(field_id)
    if fid[:1] == "n" and fid[1:].isdigit():
        name = _("number {}").format(fid[1:])
    elif fid.startswith("row") and fid[3:].isdigit():
        name = _("row {}").format(fid[3:])
    elif fid.startswith("col") and fid[3:].isdigit():
        name = _("column {}").format(fid[3:])
    elif fid in COLOUR_WORDS:
        name = _("{} quadrant").format(colour(fid))
    elif fid == "d1-9":
        name = _("diagonal D 1-9")
    elif fid == "d3-7":
        name = _("diagonal D 3-7")
    elif fid.startswith("m-rows") and len(fid) == 8:
        name = _("majority rows {}-{}").format(fid[6], fid[7])
    elif fid.startswith("m-cols") and len(fid) == 8:
        name = _("majority columns {}-{}").format(fid[6], fid[7])
    elif fid.startswith("m-") and fid[2:] in COLOUR_WORDS:
        name = _("majority {}").format(colour(fid[2:]))
    elif fid == "cross":
        name = _("cross (both diagonals)")
    elif fid == "diamond":
        name = _("diamond")
    else:
        return field_id
    return on_side(name, side)
