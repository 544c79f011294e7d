"""The ``parlour`` command. Imports Textual only when the app starts."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from parlour.analyse import add_analyse, analyse_command
from parlour.commands import UserError, find_game, load_registry, plugin_failure, resolve_rules
from parlour.core.i18n import (
    LANGUAGES, _, choose_language, current_language, gettext, ngettext, number, percent, set_language)
from parlour.together import host_command, join_command, serve_command
from parlour.stats import stats_command

USAGE_ERROR = 2
#: bounds on simulate's numbers: a run stays something a machine can finish
MAX_GAMES = 10_000_000
MAX_JOBS = 64
MAX_SEED = 2**63 - 1


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its own words in the chosen language too."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """Argument mistakes are one line too, pointing at the help. Every command takes
    ``--lang``, so it may stand anywhere on the line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))
        self.add_argument("--lang", choices=sorted(LANGUAGES), default=argparse.SUPPRESS,
                          help=_("the language of what Parlour says (default: from LC_ALL, LC_MESSAGES, LANG)"))

    def error(self, message: str) -> NoReturn:
        _fail(_("{message} (see '{prog} --help')").format(message=message, prog=self.prog))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="parlour",
        description=_("A terminal compendium of classic parlour games. Without a command, starts the app."),
    )
    parser.add_argument("--version", action="version", version=f"parlour {_version()}",
                        help=_("show the version and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help=_("start the app (the default)"))
    play.add_argument("game", nargs="?", help=_("go straight to this game's setup"))

    listing = sub.add_parser("list", help=_("the installed games, their variants and any broken plugin"))
    listing.add_argument("--json", action="store_true", help=_("print one JSON object"))

    rules = sub.add_parser("rules", help=_("a game's rules (in a pager on a terminal: $PAGER, PAGER=cat for none)"))
    rules.add_argument("game")

    library = sub.add_parser("rulesets", help=_("every ruleset and house rule found: built-in, curated and your own"))
    library.add_argument("game", nargs="?", help=_("only this game's"))
    library.add_argument("--json", action="store_true", help=_("print one JSON object"))

    schema = sub.add_parser("schema", help=_("the JSON Schema of a game's ruleset and house-rules files"))
    schema.add_argument("game")

    sim = sub.add_parser("simulate", help=_("play computer-only games and report win shares"))
    sim.add_argument("game")
    sim.add_argument("--players", type=int, help=_("seats at the table (default: from --agents, else the minimum)"))
    sim.add_argument("--agents", help=_("comma-separated agent kinds, one per seat or one for all (default: random)"))
    sim.add_argument("--games", type=int, default=100, help=_("how many games (default: 100)"))
    sim.add_argument("--seed", type=int, default=1, help=_("base seed; the same arguments give the same results"))
    sim.add_argument("--variant", action="append", default=[], help=_("apply a named variant (repeatable)"))
    sim.add_argument("--ruleset", type=Path, help=_("a house-rules YAML file applied before the variants"))
    sim.add_argument("--jobs", type=int, default=1, help=_("worker processes (default: 1)"))
    sim.add_argument("--backend", choices=("process", "dask"), default="process",
                     help=_("process: a pool on this machine (default); dask: a Dask cluster (the cluster extra)"))
    sim.add_argument("--address", metavar="HOST:PORT",
                     help=_("with --backend dask: a running scheduler (default: start a local one of --jobs workers)"))
    sim.add_argument("--records", type=Path, help=_("write each game's record into this folder (never over a file)"))
    sim.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                     help=_("how long a computer player may think over one decision (default: 60)"))
    sim.add_argument("--first-player", type=int, metavar="SEAT",
                     help=_("the player in this seat (from 1) begins every game, where the rules let the players choose"))
    sim.add_argument("--json", action="store_true", help=_("print one JSON object"))

    host = sub.add_parser("host", help=_("host a table that players join from their own terminal (parlour join)"))
    host.add_argument("game")
    host.add_argument("--players", type=int, metavar="N",
                      help=_("N seats, each a player who joins (the same as --seats human,...,human)"))
    host.add_argument("--seats",
                      help=_("one per seat: human (a player who joins) or a computer level (default: human,human)"))
    host.add_argument("--variant", action="append", default=[], help=_("apply a named variant (repeatable)"))
    host.add_argument("--seed", type=int, help=_("the seed (default: random; it is kept secret until the end)"))
    host.add_argument("--port", type=int, default=8765, help=_("the port to listen on (default: 8765; 0: any free)"))
    host.add_argument("--names", help=_("the players' names, one per seat, comma-separated (default: Player 1, ...)"))
    host.add_argument("--resume", metavar="SAVE",
                      help=_("host a saved game again (a save's path or name) with its seats, names, variants "
                             "and seed (so --players, --seats, --names, --variant and --seed are refused with it); "
                             "the players join with the codes they were given"))
    host.add_argument("--new-codes", action="store_true", help=_("with --resume: print new join codes instead"))
    host.add_argument("--wait", type=float, metavar="SECONDS",
                      help=_("when it is the move of a player who is away, wait this long, then a computer "
                             "player takes his seat (default: wait for him)"))
    host.add_argument("--takeover", default="medium", metavar="LEVEL",
                      help=_("the computer player who takes an away player's seat (default: medium)"))
    host.add_argument("--bind", default="127.0.0.1",
                      help=_("the address to listen on (default: 127.0.0.1, this machine only)"))

    serve = sub.add_parser("serve", help=_("serve the app to web browsers (needs the web extra: parlour[web])"))
    serve.add_argument("--port", type=int, default=8000, help=_("the port to listen on (default: 8000; 0: any free)"))
    serve.add_argument("--bind", default="127.0.0.1",
                       help=_("the address to listen on (default: 127.0.0.1, this machine only: there is no login)"))
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       help=_("let pages from ORIGIN (such as https://parlour.example.com, a reverse proxy's "
                              "address) open the app too; repeatable (default: only the address it listens on)"))
    serve.add_argument("--tabs", type=int,  # default: parlour.web.TABS, read only when serving
                       help=_("browser tabs served at once, each an app process (default: 8; 1 to 256)"))

    join = sub.add_parser("join", help=_("join a hosted table: ADDRESS is host:port; the seat's join code comes "
                                         "from $PARLOUR_CODE, else it is asked for (as CODE it works too, but "
                                         "other users of this machine can read a command line)"))
    join.add_argument("address")
    join.add_argument("code", nargs="?")
    join.add_argument("--text", action="store_true",
                      help=_("play in plain lines of text (for scripts and screen readers) instead of the app"))

    stats = sub.add_parser("stats", help=_("your record: the ratings and the last games (of one game: GAME)"))
    stats.add_argument("game", nargs="?")
    stats.add_argument("--json", action="store_true", help=_("print one JSON object"))

    rep = sub.add_parser("replay", help=_("replay a game record, check it and print the scores after every round"))
    rep.add_argument("record", help=_("a record file, or the name of one in the records folder "
                                      "(a finished game's; the start of the name is enough)"))
    rep.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rep.add_argument("--review", action="store_true",
                     help=_("then open it in the app: step through it as any seat saw it"))
    add_analyse(sub)
    return parser


def _version() -> str:
    from parlour import __version__

    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    set_language(choose_language(_lang_option(argv)))
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command in (None, "play"):
            from parlour.web import enter_tab

            enter_tab()  # served to a browser tab: a data folder of its own
            return _run_app(getattr(args, "game", None), getattr(args, "lang", None))
        handler = {"list": _list, "rules": _rules, "simulate": _simulate, "replay": _replay,
                   "rulesets": _rulesets, "schema": _schema, "host": host_command, "join": join_command,
                   "serve": serve_command, "stats": stats_command,
                   "analyse": analyse_command}[args.command]
        return handler(args)
    except UserError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (`parlour rules x | head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _lang_option(argv: Sequence[str]) -> str | None:
    """``--lang``'s value, read before the parser is built (its help is worded in it); the
    parser then checks it."""
    option = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            option = argv[index + 1]
        elif arg.startswith("--lang="):
            option = arg.partition("=")[2]
    return option


def _fail(message: str) -> NoReturn:
    print(f"parlour: {message}", file=sys.stderr)
    raise SystemExit(USAGE_ERROR)


def _describe(registry: Any, game_id: str, game: Any, kind_about: Any) -> dict[str, Any]:
    """What ``parlour list`` shows of one game (the game's own code runs here)."""
    ruleset = registry.ruleset(game_id)
    kinds = game.agent_kinds()
    return {
        "id": game.id,
        "title": game.title,
        "blurb": game.blurb,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "variants": {name: v.description for name, v in ruleset.variants.items()},
        "agents": sorted(kinds),
        # the levels in the game's own order, each with what a player can expect of it
        "levels": [{"name": name, "about": kind_about(game, name)} for name in kinds],
    }


def _list(args: argparse.Namespace) -> int:
    from parlour.core.agents import kind_about

    registry = load_registry()
    games = []
    failed = []
    for game_id, game in sorted(registry.games.items()):
        try:
            games.append(_describe(registry, game_id, game, kind_about))
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - the plugin's own code failed: list it as broken
            failed.append({"name": game_id, "distribution": "?", "error": plugin_failure(exc)})
    broken = [{"name": b.name, "distribution": b.distribution, "error": b.error} for b in registry.broken] + failed
    if args.json:
        print(json.dumps({"games": games, "broken": broken}, indent=2))
        return 0
    if not games:
        print(_("No games installed."))
    for g in games:
        print(f"{g['id']:<16} {g['title']} " + _("({low}-{high} players)").format(low=g["min_players"], high=g["max_players"]))
        if g["blurb"]:
            print(f"{'':<16} {g['blurb']}")
        print(f"{'':<16} " + _("computer players: {levels}").format(levels=", ".join(level["name"] for level in g["levels"])))
        for level in g["levels"]:
            name, about = level["name"], level["about"]
            about = gettext(about)  # the host's own levels are in its catalog
            if about:
                line = about if about.lower().startswith(name.lower()) else f"{name} — {about}"
                print(f"{'':<16} " + _("level {line}").format(line=line))
        for name, description in g["variants"].items():
            print(f"{'':<16} " + _("variant {name}: {description}").format(name=name, description=description))
    for b in broken:
        print(_("BROKEN {name} (from {distribution}): {error}").format(**b))
    return 0


def _rules(args: argparse.Namespace) -> int:
    from parlour.core.rulesets import offered_rules, rules_text
    from parlour.core.yamlsource import RulesetError

    registry = load_registry()
    game = find_game(registry, args.game)
    try:
        text = rules_text(game, offered_rules(game, registry.ruleset(game.id)).ruleset,
                          lang=current_language())
    except RulesetError as exc:
        raise UserError(str(exc)) from None
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the plugin's own code failed
        raise UserError(_("{game} failed to give its rules: {error}").format(game=game.title, error=plugin_failure(exc))) from None
    if not sys.stdout.isatty():
        print(text)
        return 0
    from rich.console import Console
    from rich.markdown import Markdown

    os.environ.setdefault("LESS", "-R")  # less shows the colours instead of their escapes
    console = Console()
    with console.pager(styles=True):  # $PAGER (PAGER=cat for none), else less or more
        console.print(Markdown(text))
    return 0


def _schema(args: argparse.Namespace) -> int:
    from parlour.core.rulesets import json_schema

    game = find_game(load_registry(), args.game)
    try:
        schema = json_schema(game)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the plugin's own schema failed
        raise UserError(_("{game} failed to give its settings: {error}").format(game=game.title, error=plugin_failure(exc))) from None
    print(json.dumps(schema, indent=2))
    return 0


def _rulesets(args: argparse.Namespace) -> int:
    """Each game's ruleset file and variants, its curated house rules and the player's own,
    with where each comes from; house rules that cannot be used, with why."""
    from parlour.core.rulesets import origin, scan_house_rules, user_ruleset_dir
    from parlour.core.yamlsource import RulesetError

    registry = load_registry()
    ids = [args.game] if args.game else sorted(registry.games)
    report = []
    shown: dict[int, str] = {}  #: each rule's description in the reader's language
    for game_id in ids:
        game = find_game(registry, game_id)
        try:
            ruleset = registry.ruleset(game_id)
            scan = scan_house_rules(game, ruleset)
        except RulesetError as exc:
            raise UserError(str(exc)) from None
        rules = [{"name": name, "kind": "variant", "source": str(ruleset.file), "description": v.description}
                 for name, v in ruleset.variants.items()]
        rules += [{"name": v.name, "kind": origin(game, v), "source": v.source, "description": v.description}
                  for v in scan.variants]
        for rule, variant in zip(rules, [*ruleset.variants.values(), *scan.variants]):
            shown[id(rule)] = variant.described(current_language())  # --json keeps the English
        report.append({"game": game_id, "ruleset": str(ruleset.file), "rules": rules,
                       "broken": [str(error) for error in scan.errors]})
    broken = [] if args.game else [{"name": b.name, "distribution": b.distribution, "error": b.error}
                                   for b in registry.broken]
    if args.json:
        print(json.dumps({"games": report, "your_folder": str(user_ruleset_dir()), "broken_plugins": broken}))
        return 0
    for entry in report:
        print(f"{entry['game']:<16} {entry['ruleset']}")
        for rule in entry["rules"]:
            print(f"  {rule['kind']:<8} {rule['name']:<20} {shown[id(rule)]}")
            if rule["kind"] != "variant":
                print(f"  {'':<8} {'':<20} " + _("from {source}").format(source=rule["source"]))
        for error in entry["broken"]:
            print("  " + _("broken   {error}").format(error=error))
    for b in broken:
        print(_("BROKEN {name} (from {distribution}): {error}").format(**b))
    print(_("Your own house rules go in {folder} (see `parlour schema GAME` for the settings).")
          .format(folder=user_ruleset_dir()))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from parlour.core import simulate
    from parlour.core.agents import spec_problem
    from parlour.core.cluster import ClusterError, scheduler_address
    from parlour.core.game import PluginError

    registry = load_registry()
    game = find_game(registry, args.game)
    agents = [a.strip() for a in (args.agents or "random").split(",") if a.strip()]
    for agent in agents:
        problem = spec_problem(game, agent)
        if problem is not None:
            raise UserError(f"--agents: {problem}")
    if args.players is not None and args.players < 1:
        raise UserError(_("--players must be at least 1"))
    players = args.players if args.players is not None else (len(agents) if len(agents) > 1 else game.min_players)
    if len(agents) == 1:
        agents = agents * players
    if len(agents) != players:
        raise UserError(_("{agents} agents for {players} players: give one per seat or one for all")
                        .format(agents=len(agents), players=players))
    if not game.min_players <= players <= game.max_players:
        raise UserError(_("{game} is for {low} to {high} players, not {players}").format(
            game=game.title, low=game.min_players, high=game.max_players, players=players))
    if not 1 <= args.games <= MAX_GAMES:
        raise UserError(_("--games must be 1 to {most}").format(most=number(MAX_GAMES)))
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UserError(_("--jobs must be 1 to {most}").format(most=MAX_JOBS))
    if not -MAX_SEED <= args.seed <= MAX_SEED:
        raise UserError(_("--seed must fit in 64 bits"))
    if not 0 < args.time_limit <= 86_400:  # NaN fails this too
        raise UserError(_("--time-limit must be above 0 and at most 86400 seconds"))
    if args.address is not None:
        if args.backend != "dask":
            raise UserError(_("--address is the scheduler of a Dask cluster: give it with --backend dask"))
        try:
            scheduler_address(args.address)
        except ClusterError as exc:
            raise UserError(str(exc)) from None
    first_seat = None
    if args.first_player is not None:
        if game.starter is None:
            raise UserError(_("--first-player: {game}'s rules say who begins; there is no choice").format(game=game.title))
        if not 1 <= args.first_player <= players:
            raise UserError(_("--first-player must be a seat from 1 to {players}").format(players=players))
        first_seat = args.first_player - 1
    rules = resolve_rules(registry, game, args.variant, args.ruleset, players,
                          chosen_first=first_seat is not None).settings
    if args.records:
        _check_records_folder(args.records, game.id, args.games)
    plan = simulate.Plan(
        game.id, rules, list(args.variant), agents, args.games, args.seed,
        str(args.records) if args.records else None,
        tuple(filter(None, os.environ.get("PARLOUR_PLUGINS", "").split(","))),
        args.time_limit,
        first_seat,
    )
    try:
        results, wall = simulate.run(plan, args.jobs, args.backend, args.address)
    except (PluginError, ClusterError) as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:  # writing a record failed (the disk filled up, the folder went away)
        raise UserError(_("{path}: cannot write a record: {error}").format(
            path=exc.filename or args.records, error=exc.strerror or exc)) from None
    summary = simulate.summarise(plan, results, wall)
    if args.json:
        print(json.dumps({"games": [r.to_json() for r in results], "summary": summary}, indent=1))
        return 0
    _print_summary(game, summary)
    return 0


def _check_records_folder(folder: Path, game_id: str, games: int) -> None:
    """The records folder exists (made if need be), takes files, and holds none of the names
    this run would write: records are never written over."""
    from parlour.core.simulate import index_name, record_name

    if folder.exists() and not folder.is_dir():
        raise UserError(_("{path}: --records needs a folder, and this is a file").format(path=folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".parlour-", suffix=".tmp")
        probe.close()
    except OSError as exc:
        raise UserError(_("{path}: cannot write records there: {error}").format(path=folder, error=exc.strerror or exc)) from None
    names = [record_name(game_id, i) for i in range(games)] + [index_name(game_id)]
    taken = [name for name in names if (folder / name).exists()]
    if taken:
        more = ngettext(" and {n} more", " and {n} more", len(taken) - 1).format(n=len(taken) - 1) if len(taken) > 1 else ""
        raise UserError(_("{path}: already holds {name}{more}; records are never written over: choose another folder")
                        .format(path=folder, name=taken[0], more=more))


def _print_summary(game: Any, s: dict[str, Any]) -> None:
    print(_("{game}: {games} games, seed {seed}, variants: {variants}").format(
        game=game.title, games=s["games"], seed=s["seed"], variants=", ".join(s["variants"]) or _("none")))
    print(_("seat   win share   mean score"))
    for seat, (w, m) in enumerate(zip(s["seat_win_share"], s["seat_mean_score"], strict=True)):
        print(f"{seat + 1:>4}   {percent(w, 1):>8}   {number(m, decimals=2):>10}")
    if len(s["agent_win_share"]) == 1:  # one kind in every seat: its share is always all of it
        print(_("every seat: {agent}").format(agent=next(iter(s["agent_win_share"]))))
    else:
        _print_agents(s)
    print(_("{games} games/s, {decisions} decisions/s, {seconds} s").format(
        games=number(s["games_per_second"], decimals=1), decisions=number(s["decisions_per_second"], decimals=0),
        seconds=number(s["seconds"], decimals=2)))


def _print_agents(s: dict[str, Any]) -> None:
    print(_("agent        win share   95% interval  fair share   mean score"))
    for agent, w in s["agent_win_share"].items():
        low, high = s["agent_win_interval"][agent]
        interval = f"{percent(low, 1)}-{percent(high, 1)}"
        print(f"{agent:<12} {percent(w, 1):>8}   {interval:>13}   {percent(s['agent_fair_share'][agent], 1):>9}"
              f"   {number(s['agent_mean_score'][agent], decimals=2):>10}")


def _replay(args: argparse.Namespace) -> int:
    from parlour.core.inputs import shown
    from parlour.core.record import Record, RecordError
    from parlour.core.review import find_record, sparkline, stage_scores
    from parlour.core.saves import SaveFolder

    try:
        path = find_record(args.record, SaveFolder().records)
        record = Record.load(path)
    except RecordError as exc:
        raise UserError(str(exc)) from None
    registry = load_registry()
    try:
        game = registry.get(record.game)
    except KeyError:
        raise UserError(_("{path}: a record of the game '{game}', which is not installed (see 'parlour list')")
                        .format(path=path, game=shown(record.game))) from None
    try:
        state, stages = stage_scores(game, record)
        scores = state.scores()
    except RecordError as exc:
        raise UserError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - the game's own code failing on a record
        raise UserError(_("{path}: {game} failed on the record: {error}").format(
            path=args.record, game=game.title, error=f"{type(exc).__name__}: {exc}")) from None
    if record.finished and not state.is_over:
        raise UserError(_("{path}: the record says the game is finished, but its {moves} moves stop before the end")
                        .format(path=path, moves=len(record.actions)))
    if record.scores is not None and [float(x) for x in record.scores] != [float(x) for x in scores]:
        raise UserError(_("{path}: the replay scores {scores} differ from the recorded {recorded}").format(
            path=path, scores=scores, recorded=record.scores))
    winners = state.winners() if state.is_over else []
    if args.json:
        print(json.dumps({
            "game": game.id, "record": str(path), "finished": state.is_over, "scores": scores,
            "winners": winners if state.is_over else None, "actions": len(record.actions),
            "seats": [{"name": s.name, "agent": s.agent} for s in record.seats],
            "variants": record.variants, "takebacks": record.takebacks,
            "advice": [record.advice_asked(s) for s in range(len(record.seats))],
            "history": [{"stage": row.stage, "scores": row.scores} for row in stages],
        }))
        return 0
    status = _("finished") if state.is_over else _("unfinished")
    print(_("{game}: {moves} actions replayed, {status} ({path})").format(
        game=game.title, moves=len(record.actions), status=status, path=path))
    names = [seat.name for seat in record.seats]
    width = max(len(name) for name in names) + 2
    print(f"  {'':<12}" + "".join(f"{name:>{width}}" for name in names))
    for row in stages:
        print(f"  {row.stage:<12}" + "".join(f"{score:>{width}g}" for score in row.scores))
    print()
    everything = [score for row in stages for score in row.scores]
    for index, (seat, score) in enumerate(zip(record.seats, scores, strict=True)):
        mark = " " + _("(winner)") if index in winners else ""
        line = sparkline([row.scores[index] for row in stages], min(everything), max(everything)) if len(stages) > 1 else ""
        print(f"  {seat.name:<{width}} {line:<{len(stages) if len(stages) > 1 else 0}} {score:g}"
              f"  [{seat.agent}]{mark}")
    if args.review:
        from parlour.tui.app import run

        return run(registry=registry, review=(game, record, path), language=getattr(args, "lang", None))
    return 0


def _run_app(game_id: str | None, language: str | None) -> int:
    registry = load_registry()
    if game_id is not None:
        find_game(registry, game_id)
    from parlour.tui.app import run

    return run(game_id, registry, language=language)
