"""What the app remembers between runs: the last table set up for each game, so the setup
screen offers it again (the number of players, each seat's name and player, and the
variants), and the language the player chose.

User files (``<data>/parlour/last-tables.json``, ``<data>/parlour/settings.json``), read
through the one door for outside input; whatever in them does not fit the game as installed
now is left out, never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from parlour.core.game import Game
from parlour.core.i18n import parse_language
from parlour.core.inputs import InputProblem, read_text
from parlour.core.record import HUMAN, Seat, parse_json, write_json
from parlour.core.seating import REMOTE

#: more than any sane file of last tables (one small entry per game)
LAST_TABLES_BYTES = 256 << 10
#: the settings file: a few words
SETTINGS_BYTES = 64 << 10
#: the longest seat name the setup takes
NAME_LENGTH = 24


@dataclass(frozen=True)
class LastTable:
    players: int
    seats: list[Seat]
    variants: list[str]


def last_table(path: Path, game: Game, variants: Sequence[str]) -> LastTable | None:
    """The table last set up for ``game`` in the file at ``path``, with only what still fits:
    a player count in the game's range, seats whose player is a person or a level the game
    has, the ``variants`` (names) it still offers. None when there is none (or the file is
    unreadable: it is then written anew at the next start)."""
    try:
        data = parse_json(read_text(path, LAST_TABLES_BYTES))
    except (InputProblem, OSError):
        return None
    entry = data.get(game.id) if isinstance(data, dict) else None
    if not isinstance(entry, dict):
        return None
    players = entry.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not game.min_players <= players <= game.max_players:
        return None
    kinds = set(game.agent_kinds()) | {HUMAN, REMOTE}
    seats = []
    for item in entry.get("seats", []) if isinstance(entry.get("seats"), list) else []:
        if not isinstance(item, dict):
            continue
        name, agent = item.get("name"), item.get("agent")
        if isinstance(name, str) and isinstance(agent, str) and agent in kinds and name.strip():
            seats.append(Seat(name.strip()[:NAME_LENGTH], agent))
    chosen = entry.get("variants")
    kept = [v for v in chosen if isinstance(v, str) and v in variants] if isinstance(chosen, list) else []
    return LastTable(players, seats[: game.max_players], kept)


def remember_table(path: Path, game: Game, players: int, seats: Sequence[Seat], variants: Sequence[str]) -> None:
    """Note the table just set up for ``game`` (atomically; other games' entries kept). An
    unreadable file is replaced; a file that cannot be written raises OSError."""
    try:
        data = parse_json(read_text(path, LAST_TABLES_BYTES))
    except (InputProblem, OSError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    data[game.id] = {"players": players, "seats": [{"name": s.name, "agent": s.agent} for s in seats],
                     "variants": list(variants)}
    write_json(path, data)



def settings_path(data: Path) -> Path:
    """The app's settings file in the data folder ``data``."""
    return data / "settings.json"


def remembered_language(path: Path) -> str | None:
    """The language chosen in the app (``de``), else None: follow the environment. An
    unreadable file or an unknown language is None too."""
    try:
        data = parse_json(read_text(path, SETTINGS_BYTES))
    except (InputProblem, OSError):
        return None
    language = data.get("language") if isinstance(data, dict) else None
    return parse_language(language) if isinstance(language, str) else None


def remember_language(path: Path, language: str | None) -> None:
    """Keep the language chosen (None: follow the environment), other settings kept; a file
    that cannot be written raises OSError."""
    try:
        data = parse_json(read_text(path, SETTINGS_BYTES))
    except (InputProblem, OSError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    data["language"] = language
    write_json(path, data)
