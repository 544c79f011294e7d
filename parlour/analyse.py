"""``parlour analyse``: the computer's analysis of a finished game for one seat, in words or
as JSON (:mod:`parlour.core.analysis` does the work)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from parlour.commands import UserError, load_registry

MAX_JOBS = 64
PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def add_analyse(sub: Any) -> None:
    """The ``analyse`` command's arguments."""
    ana = sub.add_parser("analyse", help="the computer's analysis of a finished game for one seat: each "
                                         "decision's win chance, the move it prefers, the mistakes")
    ana.add_argument("record", help="a record file, or the name of one in the records folder")
    ana.add_argument("--seat", type=int, help="the seat to analyse, from 1 (default: the first person's)")
    ana.add_argument("--budget", type=int, help="simulations a decision (default: 500)")
    ana.add_argument("--jobs", type=int, default=1, help="processes to share the decisions (default: 1)")
    ana.add_argument("--seed", type=int, default=0, help="the analysis's seed (default: 0)")
    ana.add_argument("--json", action="store_true", help="print one JSON object")


def analyse_command(args: argparse.Namespace) -> int:
    from parlour.core import analysis
    from parlour.core.inputs import shown
    from parlour.core.record import Record, RecordError
    from parlour.core.review import find_record
    from parlour.core.saves import SaveFolder

    budget = analysis.DEFAULT_BUDGET if args.budget is None else args.budget
    if not 1 <= budget <= 1_000_000:
        raise UserError("--budget must be 1 to 1,000,000 simulations")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UserError(f"--jobs must be 1 to {MAX_JOBS}")
    if not 0 <= args.seed < 2**63:
        raise UserError("--seed must be a whole number from 0 that fits in 64 bits")
    try:
        path = find_record(args.record, SaveFolder().records)
        record = Record.load(path)
    except RecordError as exc:
        raise UserError(str(exc)) from None
    try:
        game = load_registry().get(record.game)
    except KeyError:
        raise UserError(f"{path}: a record of the game '{shown(record.game)}', which is not installed "
                        "(see 'parlour list')") from None
    seats = len(record.seats)
    if args.seat is not None and not 1 <= args.seat <= seats:
        raise UserError(f"--seat must be 1 to {seats} (the record has {seats} seats)")
    seat = analysis.default_seat(record) if args.seat is None else args.seat - 1

    found = analysis.kept(path, game, record, seat, budget, args.seed)
    if found is None:
        found = _run(analysis, game, record, seat, budget, args, path)
        try:
            analysis.keep(path, found)
        except OSError as exc:
            print(f"parlour: the analysis is not kept beside the record ({exc.strerror or exc})", file=sys.stderr)
    if args.json:
        print(json.dumps(found.to_json(), indent=1))
    else:
        print_report(game, record, found)
    return 0


def _run(analysis: Any, game: Any, record: Any, seat: int, budget: int, args: argparse.Namespace, path: Any) -> Any:
    live = sys.stderr.isatty()
    shown_done = -1
    name = record.seats[seat].name

    def progress(done: int, total: int, share: float) -> None:
        nonlocal shown_done
        if live:
            print(f"\ranalysing {name}'s decisions: {done}/{total} ({share:.0%})  ", end="", file=sys.stderr,
                  flush=True)
        elif done != shown_done:
            shown_done = done
            print(f"analysing {name}'s decisions: {done}/{total}", file=sys.stderr, flush=True)

    plugins = tuple(filter(None, os.environ.get("PARLOUR_PLUGINS", "").split(",")))
    try:
        return analysis.analyse(game, record, seat, budget, args.seed, args.jobs, progress, plugins)
    except analysis.AnalysisError as exc:
        raise UserError(f"{path}: {exc}") from None
    except KeyboardInterrupt:
        if args.jobs > 1:
            # The workers are killed by now; one killed while sending its result can leave the
            # pool's own thread waiting on half a message, and Python joins that thread on the
            # way out. Nothing is kept yet, so leave at once.
            print(file=sys.stderr, flush=True)
            sys.stdout.flush()
            os._exit(130)
        raise
    except Exception as exc:  # noqa: BLE001 - the game's own code failing on a record
        raise UserError(f"{path}: {game.title} failed in the analysis: {type(exc).__name__}: {exc}") from None
    finally:
        if live:
            print(file=sys.stderr)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def print_report(game: Any, record: Any, found: Any) -> None:
    """Each decision (move played, the computer's choice, both win chances, the mark), then
    the summary and the key moments."""
    print(f"{game.title}: {found.name}'s decisions (seat {found.seat + 1}), "
          f"{found.budget} simulations each, seed {found.seed}")
    print(f"{'move':>5}  {'played':<26}{'win':>5}  {'computer prefers':<26}{'win':>5}  mark")
    for d in found.decisions:
        best = "(same)" if d.best == d.played else d.best_label
        print(f"{d.move:>5}  {_cut(d.played_label, 25):<26}{d.win_played:>5.0%}  {_cut(best, 25):<26}"
              f"{d.win_best:>5.0%}  {d.mark or ''}")
    counts = found.counts()
    print()
    print(f"{len(found.decisions)} decisions ({found.forced} forced moves not counted): "
          + ", ".join(f"{n} {name if n == 1 else PLURAL[name]}" for name, n in counts.items()))
    moments = found.key_moments()
    if not moments:
        print("No key moments: no decision lost as much as 5 % win chance.")
        return
    print("Key moments:")
    for d in moments:
        where = f" ({d.stage})" if d.stage else ""
        print(f"  move {d.move}{where}: {d.played_label} lost {d.lost:.0%} win chance, a {d.mark};"
              f" the computer prefers {d.best_label} ({d.win_best:.0%})")
