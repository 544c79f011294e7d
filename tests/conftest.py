from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# Property tests are reproducible: the same examples on every run and every machine, no example
# database left behind, and no per-example deadline (this machine is shared; time is not a result).
settings.register_profile(
    "parlour",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("parlour")

#: for tests that run pytest on a small test file (the conformance suite as a plugin uses it)
pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's config or data folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv("PARLOUR_GAMES", raising=False)
    monkeypatch.delenv("PARLOUR_PLUGINS", raising=False)


@pytest.fixture(autouse=True)
def _english_unless_asked() -> Iterator[None]:
    """Every test starts in English whatever the machine's locale (LC_ALL, LC_MESSAGES, LANG
    are cleared, so its subprocesses too), and leaves the language as it found it."""
    from parlour.core.i18n import ENGLISH, set_language

    with pytest.MonkeyPatch.context() as patch:
        for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
            patch.delenv(name, raising=False)
        set_language(ENGLISH)
        yield
    set_language(ENGLISH)
