"""Everything a game plugin imports from Parlour, in one place that keeps its names.

Write a game against this module, not against ``parlour.core``'s modules, whose layout
changes as the host grows (``Int`` and ``Schema`` moved from ``parlour.core.rulesets`` to
``parlour.core.schema``, ``Game.check_players`` became ``require_players``). A name here is
removed only after at least one minor version as a deprecated alias that warns with its new
name; ``tests/core/test_plugin_api.py`` holds the list and fails when one disappears.

The contract (what a plugin must write, may write, may write for speed) is in the README's
"Writing a game plugin" and in the docstrings of :class:`Game` and :class:`State`. Two more
modules belong to the public API, imported only where they are needed because they load
pytest or Textual: ``parlour.testing.conformance`` (the contract's tests: a test class
subclassing its ``GameContract``) and ``parlour.testing.boards``
(testing a board widget, whose base is ``parlour.tui.board.Board``).
"""

from __future__ import annotations

from parlour.core.agents import Abilities, Agent, AgentFactory, AgentKind, Budget, KindEntry, RandomAgent
from parlour.core.codec import ActionCodec, Fixed, Phrase
from parlour.core.events import Event, Term, Worded, new_event, seat_label, word
from parlour.core.game import Action, GameDefinitionError, IllegalAction, PluginError, State
from parlour.core.i18n import Translator, current_language, money, number, translator
from parlour.core.levels import LevelledGame as Game
from parlour.core.inputs import whole_number
from parlour.core.schema import Bool, Dict, Float, Int, List, Map, Schema, Spec, Str
from parlour.core.search import Knowledge
from parlour.core.tensors import Layout, ViewTensor

__all__ = [
    # the game contract
    "Game", "State", "Action", "Event", "IllegalAction", "GameDefinitionError", "PluginError",
    "new_event", "seat_label",
    # a log line's words: a value translated with the line, a wording str.format cannot write
    "Term", "Worded", "word",
    # a ruleset's schema
    "Schema", "Spec", "Int", "Float", "Bool", "Str", "List", "Dict", "Map",
    # computer players
    "Agent", "Abilities", "AgentFactory", "AgentKind", "Budget", "KindEntry", "RandomAgent", "Knowledge",
    # reading action texts
    "whole_number",
    # numbering actions (for OpenSpiel and other tools that number them)
    "ActionCodec", "Fixed", "Phrase",
    # a seat's view as numbers (for learning tools: OpenSpiel's observation tensor)
    "Layout", "ViewTensor",
    # words in the player's language: the plugin's own catalogs, numbers and money
    "translator", "Translator", "current_language", "number", "money",
]
