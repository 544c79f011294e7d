"""What an install puts where (issue 23): nothing but ``parlour`` at the top of site-packages, the
built-in games and the rule library inside it as ``parlour.games`` and ``parlour.rulesets``, while
the repository keeps them at the top (``games/``, ``rulesets/``) and a checkout runs as it is."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: each folder of the repository and where an install puts it
FOLDERS = {"parlour": "parlour", "games": "parlour/games", "rulesets": "parlour/rulesets"}
OLD_RECORD = ROOT / "tests" / "plugins" / "casablanca" / "records" / "four-seats.json"


def _source_files() -> set[str]:
    return {f"{inside}/{path.relative_to(ROOT / folder).as_posix()}"
            for folder, inside in FOLDERS.items() for path in (ROOT / folder).rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=240, cwd=cwd, env={**os.environ, **env})


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``pip install .`` would install, built from a copy of the checkout (a stale
    ``build/`` folder in the checkout would otherwise leak old files into it)."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(source)],
                 cwd=out)
    assert built.returncode == 0, built.stderr
    [found] = out.glob("parlour-*.whl")
    return found


def test_the_wheel_holds_only_parlour_and_every_file_of_its_three_folders(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"parlour", wheel.name.split("-py3")[0] + ".dist-info"}
    shipped = {name for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert shipped == _source_files(), "pyproject.toml's packages and package data miss (or add) files"
    entry_points = zipfile.ZipFile(wheel).read(f"{wheel.name.split('-py3')[0]}.dist-info/entry_points.txt").decode()
    targets = [line.split("=", 1)[1].strip() for line in entry_points.splitlines() if "=" in line]
    assert len(targets) >= 4 and all(t.startswith("parlour.") for t in targets), entry_points


def test_an_install_finds_games_and_rules_inside_and_replays_an_old_record(wheel: Path, tmp_path: Path) -> None:
    site = (tmp_path / "site").resolve()
    zipfile.ZipFile(wheel).extractall(site)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "__init__.py").write_text("raise ImportError('a top-level games, not parlour.games')\n")
    code = ("import json, parlour.games.casablanca as game, parlour.rulesets as rules; "
            "print(json.dumps([game.__file__, str(rules.FOLDER), sorted(p.name for p in rules.FOLDER.glob('*.yaml'))]))")
    shown = _run([sys.executable, "-c", code], cwd=tmp_path, PYTHONPATH=str(site))
    assert shown.returncode == 0, shown.stderr
    module, folder, yaml_files = json.loads(shown.stdout)
    assert Path(module).is_relative_to(site / "parlour" / "games")
    assert Path(folder) == site / "parlour" / "rulesets"
    assert yaml_files == ["banque-fatale.yaml", "casablanca.yaml", "monte-carlo.yaml"]
    replayed = _run([sys.executable, "-m", "parlour", "replay", str(OLD_RECORD), "--json"], cwd=tmp_path,
                    PYTHONPATH=str(site), PARLOUR_PLUGINS="")
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["scores"] == [3200.0, 2750.0, 50.0, 4400.0]


def test_from_the_repository_root_the_source_runs_with_its_games_beside_it() -> None:
    """``python -m parlour`` in the checkout imports ``parlour/`` from there, whichever install is
    in the environment; the games and rules are found in ``games/`` and ``rulesets/``."""
    helped = _run([sys.executable, "-m", "parlour", "--help"], cwd=ROOT)
    assert helped.returncode == 0, helped.stderr
    assert "replay" in helped.stdout
    replayed = _run([sys.executable, "-m", "parlour", "replay", str(OLD_RECORD.relative_to(ROOT)), "--json"], cwd=ROOT,
                    PARLOUR_PLUGINS="")
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["scores"] == [3200.0, 2750.0, 50.0, 4400.0]


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _where(root: Path) -> list[str]:
    """Where ``parlour.games`` and ``parlour.rulesets`` come from, with no site-packages at all."""
    code = "import parlour.games, parlour.rulesets; print(parlour.games.WHERE, parlour.rulesets.WHERE)"
    found = _run([sys.executable, "-S", "-c", code], cwd=root)
    assert found.returncode == 0, found.stderr
    return found.stdout.split()


def test_a_checkout_finds_the_top_level_folders_and_an_install_its_own(tmp_path: Path) -> None:
    init = (ROOT / "parlour" / "__init__.py").read_text(encoding="utf-8")
    checkout = _tree(tmp_path / "checkout", {"parlour/__init__.py": init, "games/__init__.py": "WHERE = 'top'",
                                             "rulesets/__init__.py": "WHERE = 'top'"})
    assert _where(checkout) == ["top", "top"]
    installed = _tree(tmp_path / "installed", {
        "parlour/__init__.py": init, "parlour/games/__init__.py": "WHERE = 'inside'",
        "parlour/rulesets/__init__.py": "WHERE = 'inside'",
        "games/__init__.py": "WHERE = 'another distribution'", "rulesets/__init__.py": "WHERE = 'another'"})
    assert _where(installed) == ["inside", "inside"]
