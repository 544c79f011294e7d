"""What a :class:`~parlour.core.game.State` does for speed, apart from the contract: a
generator made only when drawn from, copies that share what they do not change, and quiet
worlds that keep no log. A search plays thousands of worlds a second through these; an engine
calls them from its own fast ``clone`` and ``sample_world`` (see Banque Fatale's state).

The defaults of the contract are correct without any of this; nothing here changes what a
state does, only what it costs.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, Self

from parlour.core.events import Event, Pending, QuietLog


def _thaw(frozen: int | tuple[Any, ...]) -> random.Random:
    """A generator from what :meth:`State.reseed` or :meth:`State.share_rng` left."""
    if isinstance(frozen, int):
        return random.Random(frozen)
    rng = random.Random.__new__(random.Random)
    rng.setstate(frozen)
    return rng


class FastCopy:
    """The cheap-copy machinery :class:`~parlour.core.game.State` inherits.

    ``rng`` is made when first drawn from: a clone or a sampled world that never draws never
    pays for copying or seeding a Mersenne Twister (see :meth:`share_rng`, :meth:`reseed`)."""

    #: True for a quiet state (a search world): it keeps no event log and writes none
    quiet: bool = False
    _rng: random.Random | None = None
    #: while ``_rng`` is None: the seed or the ``getstate()`` it is to be made from
    _rng_frozen: int | tuple[Any, ...] | None = None

    if TYPE_CHECKING:
        _events: list[Event]
        _pending: list[Pending]

    # -- the generator -------------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        rng = self._rng
        if rng is None:
            if self._rng_frozen is None:
                raise AttributeError(f"{type(self).__name__} has no generator")
            rng = self._rng = _thaw(self._rng_frozen)
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_frozen = None

    def reseed(self, seed: int) -> None:
        """Give this state the generator ``random.Random(seed)``, made when first used."""
        self._rng = None
        self._rng_frozen = seed

    def share_rng(self, other: FastCopy) -> None:
        """Give ``other`` this state's generator as it stands: both then draw the same
        future, independently. Copy on write: the Mersenne Twister is snapshotted at most
        once however many clones are taken, and each copy is made only if it is drawn from."""
        rng = self._rng
        if rng is None:
            frozen = self._rng_frozen
        elif type(rng) is random.Random:
            frozen = self._rng_frozen = rng.getstate()
            self._rng = None  # this state thaws its own copy when it next draws
        else:  # a generator of another kind: copied now, as a whole
            other._rng, other._rng_frozen = copy.deepcopy(rng), None
            return
        other._rng = None
        other._rng_frozen = frozen

    def _bare_copy(self, events: bool) -> Self:
        """The first step of an engine's fast ``clone``: a state of the same class sharing
        every attribute (the engine then copies what it changes in place), the generator
        shared copy-on-write, and the log copied only if ``events`` and this state is not
        quiet (else an empty :class:`QuietLog`)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self.share_rng(other)
        self._copy_log(other, events and not self.quiet)
        return other

    def _copy_log(self, other: FastCopy, keep: bool) -> None:
        """Give ``other`` a copy of this state's log (worded lines and pending ones) if
        ``keep``, else an empty quiet one."""
        if keep:
            other._events, other._pending = self._events[:], self._pending[:]
        else:
            other._events, other._pending = QuietLog(), QuietLog()

    def _copy_seen_log(self, world: FastCopy, seat: int) -> None:
        """Give ``world`` the part of this state's log that ``seat`` saw, still unworded."""
        world._events = [e for e in self._events if e.seats is None or seat in e.seats]
        world._pending = [p for p in self._pending if p[2] is None or seat in p[2]]

    def _settle_world(self, world: FastCopy, seat: int, rng: random.Random, quiet: bool) -> None:
        """The last step of every engine's ``sample_world``: a quiet world keeps no log, a
        loud one the events ``seat`` saw; then its generator is reseeded from ``rng``."""
        if quiet:
            world.quiet = True
        elif not self.quiet:
            self._copy_seen_log(world, seat)
        world.reseed(rng.getrandbits(64))

    def silence(self) -> None:
        """Make this state quiet: its event log is dropped and nothing more is kept (for
        search worlds; an engine that writes its log elsewhere overrides this)."""
        self.quiet = True
        self._events, self._pending = QuietLog(), QuietLog()
