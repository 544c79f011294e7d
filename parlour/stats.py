"""``parlour stats``: the ratings and the last games from your record (``record.sqlite3``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from parlour.commands import UserError, find_game, load_registry
from parlour.core.i18n import _, number

#: the last games listed
RECENT = 10
PLUS_MINUS = "\u00b1"


def stats_command(args: argparse.Namespace) -> int:
    from parlour.core.ledger import Ledger, LedgerProblem, ledger_path, provisional_note
    from parlour.core.ratings import SCALE
    from parlour.core.saves import data_dir

    registry = load_registry()
    path = ledger_path(data_dir())
    try:
        ledger, note = Ledger.open(path)
    except LedgerProblem as exc:
        raise UserError(str(exc)) from None
    try:
        if args.game is not None and args.game not in {s.game for s in ledger.standings()}:
            find_game(registry, args.game)  # a game not in the record must at least be installed
        standings = ledger.standings(args.game)
        recent = ledger.recent(args.game, RECENT)
    finally:
        ledger.close()
    if note is not None:
        print(f"parlour: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps({"database": str(path), "game": args.game,
                          "ratings": [s.to_json() for s in standings],
                          "recent": [p.to_json() for p in recent]}, indent=1))
        return 0
    if not standings:
        if args.game:
            print(_("No games of {game} in your record yet ({path}): a finished game with a person at the table "
                    "is kept.").format(game=args.game, path=path))
        else:
            print(_("No games in your record yet ({path}): a finished game with a person at the table is kept.")
                  .format(path=path))
        return 0
    print(_("Ratings (a new player starts at {start}; 400 points is about 10 to 1 between two players; "
            "\u00b1 is twice the uncertainty)").format(start=number(1500)))
    game, name, rating, games, wins = _("game"), _("name"), _("rating"), _("games"), _("wins")
    print(f"  {game:<16} {name:<24} {rating:>7}  {PLUS_MINUS:>5} {games:>6} {wins:>5}")
    for s in standings:
        who = _("{name} (computer)").format(name=s.who) if s.computer else s.who
        # a provisional rating's "?" stands after the digits, which stay in line with the others'
        print(f"  {s.game:<16} {who[:24]:<24} {s.rating() + ('' if s.provisional else ' '):>8} "
              f"{number(round(2 * SCALE * s.skill.sigma)):>5} {s.games:>6} {s.wins:>5}")
    if any(s.provisional for s in standings):
        print("  " + provisional_note())
    print()
    print(_("Recent games (* won)"))
    for played in recent:
        print(f"  {played.finished_at.replace('T', ' ').rstrip('Z')[:16]}  {played.game:<16} "
              + ", ".join(_seat(seat) for seat in played.seats))
        extra = [_("variants: {names}").format(names=", ".join(played.variants))] if played.variants else []
        extra += [_("record: {name}").format(name=played.record)] if played.record else []
        if extra:
            print(f"  {'':<16}  {'; '.join(extra)}")
    print("\n" + _("Your record: {path}").format(path=path))
    return 0


def _seat(seat: dict[str, Any]) -> str:
    who = seat["name"] if seat["agent"] == "human" else f"{seat['name']} ({seat['agent']})"
    score = f"{seat['score']:g}"
    return f"{who} {score}{'*' if seat['winner'] else ''}"
