"""The base of the app's screens: the one typed way for a screen to reach the app.

Screens navigate by calling the app (:class:`~parlour.tui.app.ParlourApp` owns which screen
comes next) and reach its services (registry, save folder, timings) through it; they never
import each other to move on."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from parlour.tui.app import ParlourApp


class ParlourScreen(Screen[None]):
    @property
    def parlour(self) -> ParlourApp:
        """The running app, typed (``self.app`` is any Textual app)."""
        return cast("ParlourApp", self.app)
