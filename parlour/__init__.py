"""Parlour: a terminal compendium of classic parlour games."""

from __future__ import annotations

import os as _os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

__version__ = "0.1.0"

#: the built-in games and the rule library: ``parlour.<name>`` installed, ``<name>/`` in a checkout
_BESIDE = ("games", "rulesets")


class _Checkout:
    """Finds ``parlour.games`` and ``parlour.rulesets`` in the repository's top-level ``games/``
    and ``rulesets/`` when this package runs from a checkout (``python -m parlour`` in the
    repository runs the source, whatever is installed), where an install puts them inside it."""

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        from importlib.util import spec_from_file_location

        package, _, short = name.partition(".")
        if package != __name__ or short not in _BESIDE:
            return None
        folder = _os.path.join(self.root, short)
        return spec_from_file_location(name, _os.path.join(folder, "__init__.py"), submodule_search_locations=[folder])


def _from_checkout() -> None:
    here = _os.path.dirname(__file__)
    root = _os.path.dirname(here)
    if not _os.path.isdir(_os.path.join(here, _BESIDE[0])) and all(
            _os.path.isfile(_os.path.join(root, name, "__init__.py")) for name in _BESIDE):
        import sys

        sys.meta_path.append(_Checkout(root))


_from_checkout()
