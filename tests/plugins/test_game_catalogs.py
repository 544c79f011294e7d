"""Each built-in game's own catalog (issue 27): the game marks the words of its board, its
prompts and its log for a catalog beside its code (``<game>/locale/<lang>/LC_MESSAGES/
<domain>.po``, its ``Game.words``), and every one of them is translated into each shipped
language with the same placeholders."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from catalogs import code_messages, untranslated, wrong_placeholders

from parlour.core.i18n import ENGLISH, LANGUAGES, Translator
from parlour.core.registry import discover

SHIPPED = [lang for lang in LANGUAGES if lang != ENGLISH]
GAMES = discover()
#: the built-in games whose words are translated so far
TRANSLATED = [game_id for game_id in ("banque-fatale", "monte-carlo", "casablanca")
              if isinstance(getattr(GAMES.get(game_id), "words", None), Translator)]


def where(game_id: str, lang: str) -> tuple[Path, Path]:
    """The game's package folder and its catalog in ``lang``."""
    words = GAMES.get(game_id).words
    assert isinstance(words, Translator)
    folder = Path(str(words.folder))
    return folder.parent, folder / lang / "LC_MESSAGES" / f"{words.domain}.po"


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("game_id", TRANSLATED)
def test_every_message_of_the_game_has_a_translation(game_id: str, lang: str) -> None:
    package, po = where(game_id, lang)
    missing = untranslated(code_messages(package), po)
    assert not missing, f"{len(missing)} messages lack a {lang} translation:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("game_id", TRANSLATED)
def test_the_games_placeholders_agree_with_the_english(game_id: str, lang: str) -> None:
    _package, po = where(game_id, lang)
    wrong = wrong_placeholders(po)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game_id", TRANSLATED)
def test_the_game_and_its_states_read_one_catalog(game_id: str) -> None:
    """A reader without the state (a player at a hosted table) words the events with the
    game's ``words``: it must be the catalog the engine's states word them with."""
    game = GAMES.get(game_id)
    state = game.new_game(game.min_players, GAMES.ruleset(game_id).defaults, 1)
    assert type(state).words is game.words


@pytest.mark.parametrize("game_id", TRANSLATED)
def test_the_games_template_holds_exactly_what_its_code_marks(game_id: str) -> None:
    """The ``.pot`` a translator starts a new language from is what ``pybabel extract`` makes
    of the game's code today: no marked text missing from it, none left over (two texts were
    once added to the catalogs by hand and the template lagged behind)."""
    words = GAMES.get(game_id).words
    assert isinstance(words, Translator)
    with open(Path(str(words.folder)) / f"{words.domain}.pot", "rb") as fh:
        template = {(m.context, m.id) for m in read_po(fh, abort_invalid=True) if m.id}
    package, _po = where(game_id, ENGLISH)
    marked = set(code_messages(package))
    assert not marked - template, f"missing from the template: {sorted(marked - template, key=str)}"
    assert not template - marked, f"no longer marked in the code: {sorted(template - marked, key=str)}"
