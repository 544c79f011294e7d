"""Finding a game's board widget: the class its ``Game.board`` names, or the generic board."""

from __future__ import annotations

import pkgutil
from typing import Any

from parlour.core.game import Game
from parlour.tui.board import Board, GenericBoard


def board_class(game: Game) -> tuple[type[Board], str | None]:
    """The game's board widget, or :class:`GenericBoard` and why it had to be used."""
    if not game.board:
        return GenericBoard, None
    try:
        obj: Any = pkgutil.resolve_name(game.board)
        if not (isinstance(obj, type) and issubclass(obj, Board)):
            raise TypeError(f"{game.board} is not a Board widget")
    except Exception as exc:  # noqa: BLE001 - a broken board must not stop the game
        return GenericBoard, f"{type(exc).__name__}: {exc}"
    return obj, None
