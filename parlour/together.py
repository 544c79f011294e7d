"""The ``parlour`` commands that play together: ``host`` a table, ``join`` one, ``serve`` the
app to web browsers."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from parlour.commands import UserError, find_game, load_registry, resolve_rules
from parlour.net.protocol import CODE_VARIABLE, join_line


def host_command(args: argparse.Namespace) -> int:
    """Host a table: print a join code per remote seat, serve until the game is over, save it
    after every move (it can be continued in the app if the host stops)."""
    import asyncio
    import secrets as random_source

    from parlour.core.agents import spec_problem
    from parlour.core.inputs import InputProblem, read_text
    from parlour.core.record import HUMAN, parse_json
    from parlour.core.saves import SaveFolder
    from parlour.net.server import close_table, codes_file, open_table

    registry = load_registry()
    game = find_game(registry, args.game)
    kept_by_save = [option for option, value in (("--players", args.players), ("--seats", args.seats),
                                            ("--names", args.names), ("--variant", args.variant or None),
                                            ("--seed", args.seed)) if value is not None]
    if args.resume is not None and kept_by_save:
        raise UserError(f"{kept_by_save[0]}: a resumed game keeps the seats, names, variants and seed of its save")
    if args.players is not None and args.seats is not None:
        raise UserError("give --players or --seats, not both")
    if args.players is not None and not 1 <= args.players <= 64:
        raise UserError("--players must be 1 to 64")
    seats = args.seats if args.seats is not None else ",".join([HUMAN] * (args.players or 2))
    kinds = [k.strip() for k in seats.split(",") if k.strip()]
    for kind in kinds:
        if kind != HUMAN and (problem := spec_problem(game, kind)) is not None:
            raise UserError(f"--seats: {problem}")
    if args.resume is None and not game.min_players <= len(kinds) <= game.max_players:
        raise UserError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {len(kinds)}")
    if HUMAN not in kinds:
        raise UserError("--seats: nobody would join: give at least one human seat")
    if not 0 <= args.port <= 65535:
        raise UserError("--port must be 0 to 65535")
    if args.wait is not None and not 0 <= args.wait <= 7 * 24 * 3600:
        raise UserError("--wait must be 0 to 604800 seconds (a week)")
    if (problem := spec_problem(game, args.takeover)) is not None:
        raise UserError(f"--takeover: {problem}")
    if args.resume is not None:
        table, path = _hosted_again(game, args.resume)
    else:
        rules = resolve_rules(registry, game, args.variant, None, len(kinds)).settings
        seed = args.seed if args.seed is not None else random_source.randbelow(1_000_000_000)
        table = _new_table(game, rules, seed, _host_seats(kinds, args.names), args.variant)
        path = SaveFolder().new_path(game.id)
    if table.match.state.is_over:
        raise UserError("that game is over")
    kept = codes_file(path)  # the codes' hashes, beside the save
    codes: dict[int, str] = {}
    if args.resume is not None and not args.new_codes and kept.exists():
        try:
            table.keep_codes(parse_json(read_text(kept, 1 << 16)))
        except (InputProblem, ValueError) as exc:
            raise UserError(f"{kept}: {exc} (--new-codes gives new ones)") from None
    else:
        codes = table.issue_codes()
    if args.bind not in ("127.0.0.1", "localhost", "::1"):
        print(f"parlour: listening on {args.bind}: anyone who can reach it and has a code can play", file=sys.stderr)

    async def serve() -> None:
        try:
            server = await open_table(table, path, args.bind, args.port, wait=args.wait, level=args.takeover)
        except OSError as exc:
            raise UserError(f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") from None
        if codes:
            print(f"Hosting {game.title} on {args.bind}:{server.port}. Join codes:")
            names = [s.name for s in table.match.seats]
            for seat, code in codes.items():
                print(f"  seat {seat + 1} ({names[seat]}): {join_line(f'{args.bind}:{server.port}', code)}")
        else:
            print(f"Hosting {game.title} on {args.bind}:{server.port}. The players join again with the codes "
                  "they were given (only their hashes were kept; --new-codes gives new ones).")
        sys.stdout.flush()
        await server.finished.wait()
        await asyncio.sleep(0.5)  # let the last results reach the players before closing
        await close_table(server, path)
        print("The game is over.")
        _keep(table.match, path)

    asyncio.run(serve())
    return 0


def _with_ledger(use: Callable[[Any], Any]) -> Any:
    """``use`` the host's record (*Your record*, in the data folder), closed after; a record
    that cannot be used is one line on stderr and None (the game goes on, and is saved in the
    records either way)."""
    from parlour.core.ledger import Ledger, LedgerProblem, ledger_path
    from parlour.core.saves import data_dir

    try:
        ledger, note = Ledger.open(ledger_path(data_dir()))
        if note is not None:
            print(f"parlour: {note}", file=sys.stderr)
        try:
            return use(ledger)
        finally:
            ledger.close()
    except LedgerProblem as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return None


def _remind(game: Any, match: Any) -> None:
    """The hosted table's computer players start their models of the people there from what
    their earlier games of ``game`` in the host's record showed, by seat name, as in the app
    (``Match.remind``), before they make a move; a failure is one line on stderr and the
    table plays without."""
    def remind(ledger: Any) -> None:
        try:
            match.remind(ledger.habits(game.id, match.seats))
        except Exception as exc:  # noqa: BLE001 - the database or a computer player: the table plays on without
            print(f"parlour: the players' earlier games could not be recalled: {exc}", file=sys.stderr)

    _with_ledger(remind)


def _new_table(game: Any, rules: dict[str, Any], seed: int, seats: Sequence[Any], variants: Sequence[str]) -> Any:
    """A new hosted table, its computers reminded of the people there before they play."""
    from parlour.net.table import hosted

    return hosted(game, rules, seed, seats, variants, ready=lambda match: _remind(game, match))


def _keep(match: Any, path: Path) -> None:
    """Keep the hosted game in the host's record and print the ratings it moved."""
    kept = _with_ledger(lambda ledger: ledger.keep_match(match, path.name))
    if kept is not None:
        print(f"Ratings: {kept.line()}")
        if kept.provisional:
            from parlour.core.ledger import provisional_note

            print(provisional_note())


def _host_seats(kinds: Sequence[str], names: str | None) -> list[Any]:
    """The seats of a new hosted table: people who join, and computers, with their names."""
    from parlour.core.record import HUMAN, Seat

    given = [n.strip() for n in names.split(",")] if names else []
    if given and len(given) != len(kinds):
        raise UserError(f"--names: {len(given)} names for {len(kinds)} seats")
    if any(not n or len(n) > 40 or not n.isprintable() for n in given) or len(set(given)) != len(given):
        raise UserError("--names: each a different name of 1 to 40 printable characters")
    return [Seat(given[i] if given else (f"Player {i + 1}" if kind == HUMAN else f"{kind}-{i + 1}"), kind)
            for i, kind in enumerate(kinds)]


def _hosted_again(game: Any, name: str) -> tuple[Any, Path]:
    """A saved game of ``game`` (a path, or a save's name in the saves folder) as a hosted
    table again, with the path it saves to."""
    from parlour.core.record import Record, RecordError
    from parlour.core.review import find_record
    from parlour.core.saves import SaveFolder
    from parlour.core.seating import resume_match
    from parlour.net.table import HostedTable

    try:
        path = find_record(name, SaveFolder().saves)
        record = Record.load(path)
        if record.game != game.id:
            raise RecordError(f"{path}: a game of {record.game}, not {game.id}")
        table = HostedTable(game, resume_match(game, record))
    except RecordError as exc:
        raise UserError(str(exc)) from None
    if not table.remote:
        raise UserError(f"{path}: nobody would join: the saved game has no human seat")
    _remind(game, table.match)
    table.play_computers()
    return table, path


def serve_command(args: argparse.Namespace) -> int:
    """The app in web browsers: each tab its own app process, with a data folder of its own."""
    from parlour.web import LOOPBACK, TABS, WebUnavailable, parse_origin, serve

    if not 0 <= args.port <= 65535:
        raise UserError("--port must be 0 to 65535")
    tabs = TABS if args.tabs is None else args.tabs
    if not 1 <= tabs <= 256:
        raise UserError("--tabs must be 1 to 256")
    try:
        origins = [parse_origin(origin) for origin in args.allow_origin]
    except ValueError as exc:
        raise UserError(str(exc)) from None
    if args.bind not in LOOPBACK:
        print(f"parlour: serving on {args.bind}: there is no login, anyone who can reach it can play",
              file=sys.stderr)

    def announce(url: str) -> None:
        print(f"Serving Parlour at {url} (Ctrl+C stops it)", flush=True)

    try:
        serve(args.bind, args.port, announce, origins, tabs)
    except WebUnavailable as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") from None
    return 0


def join_command(args: argparse.Namespace) -> int:
    """Sit down at a hosted table: the app's own table screen, or with ``--text`` plain lines."""
    args.code = join_code(args.code)
    if not args.text:
        from parlour.tui.app import run

        return run(registry=load_registry(), join=(args.address, args.code))
    return _join_text(args)


def join_code(given: str | None) -> str:
    """The join code: as given, else from :data:`CODE_VARIABLE`, else asked for on a terminal."""
    code = given if given is not None else os.environ.get(CODE_VARIABLE, "").strip()
    if not code and sys.stdin.isatty():
        import getpass

        try:
            code = getpass.getpass("join code: ").strip()
        except EOFError:
            code = ""
    if not code:
        raise UserError(f"no join code: give it as {CODE_VARIABLE}=CODE parlour join ADDRESS")
    return code


def _join_text(args: argparse.Namespace) -> int:
    """A plain terminal client: shows the table as text and asks for each decision."""
    import asyncio

    from websockets.exceptions import ConnectionClosed

    from parlour.net.client import HostLink, read_legal, refusal_text, word_event
    from parlour.net.protocol import ProtocolError

    async def play() -> None:
        link = HostLink(args.address, args.code)
        try:
            welcome = await link.sit_down()
        except ProtocolError as exc:
            raise UserError(str(exc)) from None
        names: list[str] = welcome["names"]
        # the game, when it is installed here, words what the host sends in this app's language
        registry = load_registry()
        game = registry.get(welcome["game"]) if welcome["game"] in registry.games else None
        words = game.words if game is not None else None
        print(f"You sit in seat {welcome['seat'] + 1} at {welcome['game']}: {', '.join(names)}")
        try:
            while True:
                try:
                    message = await link.receive()
                except ProtocolError as exc:
                    raise UserError(f"the host at {args.address} sent what this client cannot read: {exc}") from None
                except ConnectionClosed:
                    return  # the host closed the table
                kind = message["type"]
                if kind == "refused":
                    print(f"refused: {refusal_text(message)}")
                elif kind == "table":
                    from parlour.core.game import with_names
                    from parlour.tui.board import view_text

                    for event in message["events"]:
                        print(with_names(word_event(event, words), names))
                    legal = message["legal"]
                    if legal:
                        print(view_text(message["view"]))
                        labels = [option["label"] for option in legal]
                        if game is not None:
                            actions, typed = read_legal(game, welcome["rules"], legal, None)
                            labels = [a.label for a in actions] if typed else labels
                        for i, label in enumerate(labels, 1):
                            print(f"  {i}. {label}")
                        try:
                            choice = await asyncio.to_thread(_ask, len(legal))
                        except EOFError:
                            raise UserError("the input ended: you left the table (join again with "
                                            "the same code)") from None
                        await link.send_move(message["turn"], legal[choice]["text"])
                elif kind == "results":
                    print("The game is over: " + ", ".join(f"{n} {s:g}" for n, s in zip(names, message["scores"])))
                    return
        finally:
            await link.close()

    asyncio.run(play())
    return 0


def _ask(count: int) -> int:
    from parlour.core.inputs import whole_number

    while True:
        chosen = whole_number(input(f"your move (1-{count}): ").strip(), count, 1)
        if chosen is not None:
            return chosen - 1
        print(f"a number from 1 to {count}, please")
