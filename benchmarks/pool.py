"""Pool runs of ``strength.py`` made with different ``--seed`` values into one line each.

The strength table's long cells are played in parts (``--seed 1 --scale 0.2``, then ``--seed
2``, ...); every seed gives other games, so the parts are independent samples of the same line
and add up. Rows with the same game, players, variants, hero and foe are pooled: games add, the
win share is weighted by games and gets a fresh 95 % Wilson interval, the mean decision time
is weighted by decisions, and the p99 and max are the largest of the parts' (the parts keep
no single times, so the pooled p99 itself is not known; the largest part's is the figure
shown). Parts with the same seed are refused: they would count the same games twice.

    python benchmarks/pool.py runs/*.json [--markdown]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from parlour.core.simulate import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import HEADER, line_text, markdown  # noqa: E402


def line_key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    return row["game"], row["players"], tuple(row["variants"]), row["hero"], row["foe"]


def pool(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    groups: dict[tuple[Any, ...], list[Mapping[str, Any]]] = {}
    for row in rows:
        groups.setdefault(line_key(row), []).append(row)
    pooled = []
    for parts in groups.values():
        seeds = [part["seed"] for part in parts]
        if len(set(seeds)) != len(seeds):
            raise SystemExit(f"{parts[0]['game']} {parts[0]['hero']}: seed played twice in {seeds}")
        games = sum(part["games"] for part in parts)
        decisions = sum(part["decisions"] for part in parts)
        share = sum(part["win_share"] * part["games"] for part in parts) / games
        searching = [part for part in parts if part["simulations_per_second"]]
        row = dict(parts[0])
        row.update(
            games=games,
            seed=",".join(str(s) for s in sorted(seeds)),
            win_share=share,
            ci95=list(wilson_interval(share, games)),
            mean_score=sum(part["mean_score"] * part["games"] for part in parts) / games,
            decisions=decisions,
            decision_ms={
                "mean": sum(part["decision_ms"]["mean"] * part["decisions"] for part in parts) / decisions,
                "p99": max(part["decision_ms"]["p99"] for part in parts),
                "max": max(part["decision_ms"]["max"] for part in parts),
            },
            simulations_per_second=(
                sum(part["simulations_per_second"] * part["seconds"] for part in searching)
                / sum(part["seconds"] for part in searching) if searching else None),
            seconds=sum(part["seconds"] for part in parts),
        )
        pooled.append(row)
    return pooled


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", type=Path, help="JSON files written by strength.py --json")
    p.add_argument("--markdown", action="store_true", help="end with the table as Markdown")
    args = p.parse_args(argv)
    rows: list[Mapping[str, Any]] = []
    for path in args.files:
        try:
            rows += json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            p.error(f"{path}: {exc}")
    pooled = pool(rows)
    print("pooled over seeds (p99 ms: the largest part's)")
    print(HEADER + "  seeds")
    for row in pooled:
        print(f"{line_text(row)}  {row['seed']}")
    if args.markdown:
        print()
        print(markdown(pooled))


if __name__ == "__main__":
    main()
