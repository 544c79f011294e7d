"""``parlour analyse``: the computer's analysis of a finished game for one seat, in words or
as JSON (:mod:`parlour.core.analysis` does the work)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from parlour.commands import UserError, load_registry
from parlour.core.i18n import _, ngettext
from parlour.textlines import cut

MAX_JOBS = 64
#: the marks as shown (the JSON keeps the English keys)


def add_analyse(sub: Any) -> None:
    """The ``analyse`` command's arguments."""
    ana = sub.add_parser("analyse", help=_("the computer's analysis of a finished game for one seat: each "
                                           "decision's win chance, the move it prefers, the mistakes"))
    ana.add_argument("record", help=_("a record file, or the name of one in the records folder"))
    ana.add_argument("--seat", type=int, help=_("the seat to analyse, from 1 (default: the first person's)"))
    ana.add_argument("--budget", type=int, help=_("simulations a decision (default: 500)"))
    ana.add_argument("--jobs", type=int, default=1, help=_("processes to share the decisions (default: 1)"))
    ana.add_argument("--seed", type=int, default=0, help=_("the analysis's seed (default: 0)"))
    ana.add_argument("--json", action="store_true", help=_("print one JSON object"))


def analyse_command(args: argparse.Namespace) -> int:
    from parlour.core import analysis
    from parlour.core.inputs import shown
    from parlour.core.record import Record, RecordError
    from parlour.core.review import find_record
    from parlour.core.saves import SaveFolder

    budget = analysis.DEFAULT_BUDGET if args.budget is None else args.budget
    if not 1 <= budget <= 1_000_000:
        raise UserError(_("--budget must be 1 to 1,000,000 simulations"))
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UserError(_("--jobs must be 1 to {most}").format(most=MAX_JOBS))
    if not 0 <= args.seed < 2**63:
        raise UserError(_("--seed must be a whole number from 0 that fits in 64 bits"))
    try:
        path = find_record(args.record, SaveFolder().records)
        record = Record.load(path)
    except RecordError as exc:
        raise UserError(str(exc)) from None
    try:
        game = load_registry().get(record.game)
    except KeyError:
        raise UserError(_("{path}: a record of the game '{game}', which is not installed (see 'parlour list')")
                        .format(path=path, game=shown(record.game))) from None
    seats = len(record.seats)
    if args.seat is not None and not 1 <= args.seat <= seats:
        raise UserError(_("--seat must be 1 to {seats} (the record has {seats} seats)").format(seats=seats))
    seat = analysis.default_seat(record) if args.seat is None else args.seat - 1

    found = analysis.kept(path, game, record, seat, budget, args.seed)
    if found is None:
        found = _run(analysis, game, record, seat, budget, args, path)
        try:
            analysis.keep(path, found)
        except OSError as exc:
            print("parlour: " + _("the analysis is not kept beside the record ({error})").format(error=exc.strerror or exc),
                  file=sys.stderr)
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
            print("\r" + _("analysing {name}'s decisions: {done}/{total}").format(name=name, done=done, total=total)
                  + f" ({share:.0%})  ", end="", file=sys.stderr, flush=True)
        elif done != shown_done:
            shown_done = done
            print(_("analysing {name}'s decisions: {done}/{total}").format(name=name, done=done, total=total),
                  file=sys.stderr, flush=True)

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
        raise UserError(_("{path}: {game} failed in the analysis: {error}").format(
            path=path, game=game.title, error=f"{type(exc).__name__}: {exc}")) from None
    finally:
        if live:
            print(file=sys.stderr)


def _chance(share: float) -> str:
    """A win chance in the table, "<1%" and ">99%" where it would read 0 or 100, as the app
    writes it (:func:`~parlour.core.analysis.chance_words`)."""
    from parlour.core.analysis import chance_words

    return chance_words(share, "{:.0%}".format)


def print_report(game: Any, record: Any, found: Any) -> None:
    """Each decision (move played, the computer's choice, both win chances, the mark), then
    the summary and the key moments."""
    from parlour.core.analysis import MARK_WORDS, marks_counted
    from parlour.core.record import RecordError, clean_record_rules

    rules: Any = {}
    if record is not None:
        try:
            rules = clean_record_rules(game, record)
        except RecordError:
            rules = record.rules
    # the moves in the reader's language, whatever the kept analysis's, each in the state it was made in
    found = found.worded(game, rules, record)
    print(ngettext("{game}: {name}'s decisions (seat {seat}), {budget} simulation each, seed {seed}",
                   "{game}: {name}'s decisions (seat {seat}), {budget} simulations each, seed {seed}", found.budget)
          .format(game=game.title, name=found.name, seat=found.seat + 1, budget=found.budget, seed=found.seed))
    move, played, win, prefers, mark = _("move"), _("played"), _("win"), _("computer prefers"), _("mark")
    print(f"{move:>5}  {cut(played, 25):<26}{win:>5}  {cut(prefers, 25):<26}{win:>5}  {mark}")
    def column(label: str, short: str) -> str:
        """A move in the table's column of 25: its label where it fits, else the game's few
        words for it as the app's narrow lines have them ("bet a chip on number 8 (…" read
        for Monte Carlo's two fields of 8), cut only where those do not fit either."""
        fits = len(label) <= 25 or not game.texts_read_as_labels or not short
        return cut(label if fits else short, 25)

    for d in found.decisions:
        best = _("(same)") if d.best == d.played else column(d.best_label, d.best_short)
        print(f"{d.move:>5}  {column(d.played_label, d.played_short):<26}{_chance(d.win_played):>5}  {best:<26}"
              f"{_chance(d.win_best):>5}  {_(MARK_WORDS[d.mark]) if d.mark else ''}")
    counts = found.counts()
    print()
    decisions = ngettext("{n} decision", "{n} decisions", len(found.decisions)).format(n=len(found.decisions))
    forced = ngettext("{n} forced move not counted", "{n} forced moves not counted",
                      found.forced).format(n=found.forced)
    print(_("{decisions} ({forced}): ").format(decisions=decisions, forced=forced)
          + ", ".join(marks_counted(name, n) for name, n in counts.items()))
    moments = found.key_moments()
    if not moments:
        print(_("No key moments: no decision lost as much as 5 % win chance."))
        return
    print(_("Key moments:"))
    for d in moments:
        where = f" ({d.stage})" if d.stage else ""
        print("  " + _("move {move}{where}: {played} lost {lost:.0%} win chance, a {mark}; the computer prefers "
                       "{best} ({win})").format(move=d.move, where=where, played=d.played_label, lost=d.lost,
                                               mark=_(MARK_WORDS[d.mark]), best=d.best_label, win=_chance(d.win_best)))
