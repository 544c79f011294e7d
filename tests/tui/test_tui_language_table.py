"""The table and what follows it in German and French (issue 27): a table of each game, the
leave dialog over it, the results of a finished game and its review (with an analysis), the
advice and the other dialogs, at 80x24 and 120x40: the host's keys stay in the footer, the
dialogs' buttons whole, and the host's own lines show none of its English words.

Only the host's lines are read: the header (the status), the footer, the side panel's status
and the log's title, the dialogs, the results' and the review's own lines. The boards, the
event logs, the stage names ("Round 2") and the score columns are the games' words, in
their own catalogs, and may still be English."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from test_tui_screens import REGISTRY, at_decision
from tui_helpers import run, sevens_registry, wait_for

from parlour.core import analysis as engine
from parlour.core.record import HUMAN, Seat
from parlour.core.saves import SaveFolder
from parlour.core.seating import start_match
from parlour.testing.boards import screen_text, settled_text
from parlour.tui.app import ParlourApp
from parlour.tui.dialogs import LeaveDialog
from parlour.tui.results import ResultsScreen
from parlour.tui.review import ReviewScreen
from parlour.tui.table import LiveGame, Phase, TableScreen

SIZES = [(80, 24), (120, 40)]
LANGS = ["de", "fr"]
GAMES = sorted(REGISTRY.games)

#: the host's English words on the table, its dialogs, the results and the review
ENGLISH = ["your move", "Move", "Menu", "Rules", "Take back", "Side", "Hints", "Advice", "Log", "you", "human",
           "is thinking", "Waiting for", "Leave", "saved", "Abandon", "Keep playing", "It is saved", "wins",
           "share the win", "Player", "Score", "winner", "computer", "moves", "seed", "Variants", "Record",
           "Play again", "Review", "Analyse", "Round by round", "Game by game", "round 1", "game 1",
           "Score after each", "win chance", "decisions", "key moments", "mistake", "blunder", "inaccuracy",
           "Next", "Back", "Switch seat", "Next round", "Round back", "as Ada saw it", "Last move",
           "Step", "review", "results", "best", "the computer's choice", "Yes", "No", "Cancel",
           "Pass the keyboard", "press Enter", "I am ready", "Join", "host", "join code", "Hosting", "Sit down",
           "Stop hosting", "Give each player", "Your own code", "The computer weighs", "Best of your",
           "simulations", "The first is what", "win", "not tried", "Close", "stopped"]
#: words that are the same in the language (the French menu is a "Menu", its score a "Score")
SAME = {"de": {"Analyse"}, "fr": {"Menu", "Score", "simulations"}}
#: the host's keys a table footer must show: at 80 columns the first two, at 120 these four
TABLE_KEYS = {"de": ["esc Menü", "f1 Regeln", "^z Zug zurück", "f4 Leiste"],
              "fr": ["esc Menu", "f1 Règles", "^z Annuler", "f4 Panneau"]}
YOUR_MOVE = {"de": "Ada: Sie sind am Zug", "fr": "Ada\u00a0: à vous de jouer"}
LEAVE = {"de": ["Weiterspielen (Esc)", "Gehen, gespeichert (l)", "Aufgeben (a)",
                "esc Weiterspielen", "l Gehen (gespeichert)", "a Aufgeben"],
         "fr": ["Continuer (Échap)", "Partir, sauvegardé (l)", "Abandonner (a)",
                "esc Continuer", "l Partir (sauvegardé)", "a Abandonner"]}
RESULTS_KEYS = {"de": ["n Nochmal", "m Menü", "r Regeln", "v Nachschau", "a Prüfen"],
                "fr": ["n Rejouer", "m Menu", "r Règles", "v Revoir", "a Analyser"]}
#: the review's keys in its footer at 80 columns (the others behind "?", the list of them all),
#: and at 120 columns these and more
REVIEW_KEYS = {"de": ["→ Vor", "← Zurück", "f4 Leiste", "esc Zurück"],
               "fr": ["→ Suivant", "← Retour", "f4 Panneau", "esc Retour"]}
REVIEW_KEYS_SMALL = {"de": ["? Tasten"], "fr": ["? Touches"]}
REVIEW_KEYS_WIDE = {"de": ["pgdn Runde vor", "s Platzwechsel"], "fr": ["pgdn Manche suiv.", "s Places"]}


def english_words(text: str, lang: str) -> list[str]:
    return [word for word in ENGLISH if word not in SAME[lang]
            and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


def missing_keys(footer: str, keys: list[str]) -> list[str]:
    """The keys the footer does not show whole (each is followed by the next or the end)."""
    return [key for key in keys if not re.search(rf" {re.escape(key)}(  | *▏| *$)", footer)]


def region_text(app: Any, text: str, selector: str, *, top_only: bool = False) -> str:
    """The part of the screen ``text`` that the widget ``selector`` covers (its top line alone:
    a panel's border with its title)."""
    region = app.screen.query_one(selector).region
    lines = text.splitlines()[region.y:region.y + 1 if top_only else region.bottom]
    return "\n".join(line[region.x:region.right] for line in lines)


def footer_line(app: Any) -> str:
    """The last line of the screen as drawn now ("" before anything is)."""
    lines = screen_text(app).splitlines()
    return lines[-1] if lines else ""


def make_app(lang: str, tmp_path: Path, registry: Any = REGISTRY) -> ParlourApp:
    return ParlourApp(registry, saves=SaveFolder(tmp_path), ai_delay=0, rng=random.Random(7), language=lang)


# -- the table, and the leave dialog over it ------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_table_and_its_leave_dialog_fit_and_speak_the_language(lang: str, game_id: str, size: tuple[int, int],
                                                                 tmp_path: Path) -> None:
    game, match = at_decision(game_id, lambda view: True)  # Ada the person, three computers
    app = make_app(lang, tmp_path)

    async def scenario() -> tuple[str, str, str]:
        async with app.run_test(size=size) as pilot:
            app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
            await wait_for(pilot, lambda: "esc " in footer_line(app))
            text = await settled_text(pilot)
            lines = text.splitlines()
            footer = lines[-1]
            shell = [lines[0], footer[footer.find("esc "):]]  # the header with the status, the footer after the board's keys
            if app.screen.query_one("#side").display:
                shell += [region_text(app, text, "#status"), region_text(app, text, "#log", top_only=True)]
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaveDialog))
            await wait_for(pilot, lambda: "esc " in footer_line(app))
            return text, "\n".join(shell), await settled_text(pilot)

    text, shell, leave = run(scenario())
    footer = text.splitlines()[-1]
    assert english_words(shell, lang) == [], shell
    assert YOUR_MOVE[lang] in text.splitlines()[0], text
    keys = TABLE_KEYS[lang][:2 if size[0] < 100 else 4]
    assert missing_keys(footer, keys) == [], footer
    if size[0] >= 110:  # the side panel: the status, the seats and the log's title
        assert all(word in shell for word in {"de": ("Gespielte Züge", "Sie", "Verlauf"), "fr": ("Coups joués", "vous", "Journal")}[lang])
    assert english_words(leave.replace(game.title, ""), lang) == [], leave
    assert [part for part in LEAVE[lang] if part not in leave] == [], leave


# -- the results of a finished game, and its review ------------------------------------------
def finished(game_id: str, seed: int = 3) -> LiveGame:
    """A game played to its end by computers, with Ada recorded as the person at seat 0."""
    game = REGISTRY.get(game_id)
    seats = [Seat("Ada", "random"), Seat("Bea", "random"), Seat("Cyd", "random"), Seat("Dan", "random")]
    match = start_match(game, REGISTRY.ruleset(game_id).resolve([]), seed, seats)
    match.play_out()
    match.record.seats = [Seat("Ada", HUMAN), *seats[1:]]
    return LiveGame(game, match, Path("/saves/game-1.json"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_results_fit_and_speak_the_language(lang: str, game_id: str, size: tuple[int, int],
                                                tmp_path: Path) -> None:
    live = finished(game_id)
    app = make_app(lang, tmp_path)

    async def scenario() -> tuple[str, str]:
        async with app.run_test(size=size) as pilot:
            app.push_screen(ResultsScreen(live))
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            await wait_for(pilot, lambda: "m " in footer_line(app))
            text = await settled_text(pilot)
            return text, text

    text, ours = run(scenario())
    words = live.game.words.translations(lang)
    for part in {key.replace("_", " ") for parts in live.match.state.score_breakdown() for key in parts}:
        if part != "score" and words.gettext(part) != part:  # named in English, shown in the language
            assert not re.search(rf"(?<![\w-]){re.escape(part)}(?![\w-])", text), (part, text)
        ours = ours.replace(part, "")  # the game's own columns (Casablanca's "round 1")
    footer = text.splitlines()[-1]
    assert english_words(ours.replace(live.game.title, ""), lang) == [], text
    assert missing_keys(footer, RESULTS_KEYS[lang]) == [], footer
    head = {"de": ("Spieler", "Stand", "Ergebnis"), "fr": ("Joueur", "Score", "résultats")}[lang]
    assert all(word in text for word in head), text


def analysed(live: LiveGame, review: ReviewScreen) -> tuple[engine.Analysis, int]:
    """An analysis of Ada's decisions made up for the screen (its words, not its numbers, are
    checked): a mistake at each of her moves, the last of them a blunder."""
    moves = [step for step in range(1, len(review.states)) if review.states[step - 1].to_move == 0]
    decisions = [engine.Decision(step, None, "played it", "played it", "the better move", "the better move", 0.31, 0.45, 0.14,
                                 "blunder" if step == moves[-1] else "mistake", 3, 250) for step in moves]
    return engine.Analysis(live.game.id, "digest", 0, "Ada", 250, 0, decisions), moves[-1]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_review_with_its_analysis_fits_and_speaks_the_language(lang: str, size: tuple[int, int],
                                                                   tmp_path: Path) -> None:
    live = finished("banque-fatale")
    app = make_app(lang, tmp_path)

    async def scenario() -> tuple[str, str]:
        async with app.run_test(size=size) as pilot:
            app.show_review(live.game, live.match.record, seat=0)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-where")))
            screen = app.screen
            await wait_for(pilot, lambda: "→ " in footer_line(app))
            before = await settled_text(pilot)
            found, step = analysed(live, screen)
            screen.analyses[0] = found
            screen.go(step)
            screen.refresh_bindings()
            if not screen.query_one("#review-side").display:
                screen.action_toggle_side()  # the plot of the win chance and its summary
            await wait_for(pilot, lambda: bool(screen.query_one("#review-chart").display))
            text = await settled_text(pilot)
            where = region_text(app, text, "#review-where")
            chart = region_text(app, text, "#review-chart")
            return before, "\n".join([before.splitlines()[0], before.splitlines()[-1], where, chart,
                                      text.splitlines()[-1]])

    before, ours = run(scenario())
    assert english_words(ours.replace("Banque Fatale", ""), lang) == [], ours
    more = REVIEW_KEYS_SMALL if size[0] < 100 else REVIEW_KEYS_WIDE
    assert missing_keys(before.splitlines()[-1], REVIEW_KEYS[lang] + more[lang]) == [], before
    expected = {"de": ("Zug ", " von ", "wie Ada es sah", "Sie: played it", "Sieg 31", "grober Fehler",
                       "Gewinnchance von Ada", "Schlüsselmomente"),
                "fr": ("Coup ", " sur ", "comme Ada l’a vue", "vous\u00a0: played it", "gain 31", "gaffe",
                       "Chance de gagner de Ada", "moments clés")}[lang]
    assert [word for word in expected if word not in ours] == [], ours


# -- the dialogs ---------------------------------------------------------------------------------
def dialogs() -> dict[str, Any]:
    from parlour.core.advice import Advice, Suggestion
    from parlour.tui.advice import AdviceDialog
    from parlour.tui.dialogs import CodesDialog, ConfirmDialog, HandOverScreen, JoinDialog, ProblemDialog

    given = Advice(seat=0, choices=5, simulations=900, suggestions=(
        Suggestion("play 7", "Play the 7", 0.412, 520), Suggestion("play 3", "Play the 3", 0.305, 250),
        Suggestion("discard", "Discard a card", 0.118, 130)))
    return {
        "hand-over": lambda: HandOverScreen("Bea", "Sevens"),
        "question": lambda: ConfirmDialog("?"),
        "problem": lambda: ProblemDialog("Sevens", "ValueError"),
        "hosted-leave": lambda: LeaveDialog("Sevens", hosted=True, hosting=True),
        "join": JoinDialog,
        "advice": lambda: AdviceDialog(sevens_registry().get("sevens"), {}, None, "Ada", advice=given),
        "codes": lambda: CodesDialog("Sevens", "127.0.0.1:7531", [("Bea", "BEA-1234"), ("Cyd", "CYD-5678")], "ADA-0000"),
    }


#: what each dialog must show whole, by language (its buttons, its keys)
DIALOG_WORDS = {
    "de": {"hand-over": ["Geben Sie die Tastatur an Bea weiter.", "Ich bin bereit", "esc Menü"],
           "question": ["Nein (n)", "Ja (y)", "esc Abbrechen"],
           "problem": ["OK", "esc Schließen"],
           "hosted-leave": ["Weiterspielen (Esc)", "Gehen (l)", "esc Weiterspielen"],
           "join": ["Beitreten (Enter)", "Zurück (Esc)", "esc Zurück"],
           "advice": ["Rat für Ada", "Sieg 41\u00a0%", "900 Simulationen", "esc Zurück zum Tisch"],
           "codes": ["Platz nehmen (Enter)", "Nicht mehr ausrichten (Esc)", "BEA-1234"]},
    "fr": {"hand-over": ["Passez le clavier à Bea.", "Je suis prêt", "esc Menu"],
           "question": ["Non (n)", "Oui (y)", "esc Annuler"],
           "problem": ["OK", "esc Fermer"],
           "hosted-leave": ["Continuer (Échap)", "Partir (l)", "esc Continuer"],
           "join": ["Rejoindre (Entrée)", "Retour (Échap)", "esc Retour"],
           "advice": ["Conseil pour Ada", "gain 41\u00a0%", "900 simulations", "esc Retour à la table"],
           "codes": ["S’asseoir (Entrée)", "Arrêter d’héberger (Échap)", "BEA-1234"]},
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("dialog", sorted(DIALOG_WORDS["de"]))
@pytest.mark.parametrize("lang", LANGS)
def test_the_dialogs_fit_and_speak_the_language(lang: str, dialog: str, size: tuple[int, int], tmp_path: Path) -> None:
    from parlour.tui.home import HomeScreen

    app = make_app(lang, tmp_path, sevens_registry())

    async def scenario() -> str:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            app.push_screen(dialogs()[dialog]())
            await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))
            await wait_for(pilot, lambda: "esc " in footer_line(app))
            return await settled_text(pilot)

    text = run(scenario())
    ours = text.replace("Sevens", "").replace("parlour host", "").replace("Play the", "").replace("Discard a card", "")  # the test game's words
    assert english_words(ours, lang) == [], text
    assert [word for word in DIALOG_WORDS[lang][dialog] if word not in text] == [], text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_screens_frame_speaks_the_language(lang: str, size: tuple[int, int], tmp_path: Path) -> None:
    """Its header and its key; the rules themselves are the game's (Sevens has them in English)."""
    import sevens

    from parlour.tui.rules import RulesScreen

    app = make_app(lang, tmp_path, sevens_registry())

    async def scenario() -> str:
        async with app.run_test(size=size) as pilot:
            app.show_rules(sevens.GAME)
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            await wait_for(pilot, lambda: "esc" in footer_line(app))
            return await settled_text(pilot)

    text = run(scenario())
    head, foot = text.splitlines()[0], text.splitlines()[-1]
    assert {"de": "Regeln von Sevens", "fr": "Règles de Sevens"}[lang] in head, head
    assert missing_keys(foot, [{"de": "esc Zurück", "fr": "esc Retour"}[lang]]) == [], foot


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_at_a_hosted_table_speaks_the_language(lang: str, tmp_path: Path) -> None:
    """Another person's decision at a hosted table: whom the table waits for, in the
    status and the header."""
    from parlour.core.rulesets import load_ruleset
    from parlour.net.server import TableServer
    from parlour.net.table import hosted
    from parlour.tui.remote import RemoteTableScreen

    game = REGISTRY.get("casablanca")
    table = hosted(game, load_ruleset(game).resolve(), 5, [Seat("Ada", HUMAN), Seat("Bea", HUMAN)])
    codes = table.issue_codes()
    app = make_app(lang, tmp_path)

    async def scenario() -> str:
        server = TableServer(table)
        await server.start()
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                app.join_table(f"127.0.0.1:{server.port}", codes[0] if table.match.state.to_move == 1 else codes[1])
                await wait_for(pilot, lambda: isinstance(app.screen, RemoteTableScreen)
                               and app.screen.phase is Phase.WAITING, timeout=60)
                await wait_for(pilot, lambda: "esc " in footer_line(app))
                text = await settled_text(pilot)
                footer = footer_line(app)
                return "\n".join([text.splitlines()[0], region_text(app, text, "#status"), footer[footer.find("esc "):]])
        finally:
            await server.close()

    ours = run(scenario())
    assert english_words(ours.replace("Casablanca", ""), lang) == [], ours
    waiting = {"de": ("Warten auf ", "Sie", "esc Menü"), "fr": ("En attente de ", "vous", "esc Menu")}
    assert [word for word in waiting[lang] if word not in ours] == [], ours


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_palette_at_a_table_speaks_the_language(lang: str, tmp_path: Path) -> None:
    """The table's commands and Textual's own (the theme, quitting, a screenshot)."""
    from textual.command import CommandPalette

    game, match = at_decision("monte-carlo", lambda view: True)
    app = make_app(lang, tmp_path)

    async def scenario() -> str:
        async with app.run_test(size=(120, 40)) as pilot:
            app.push_screen(TableScreen(LiveGame(game, match, tmp_path / "game.json")))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.phase is Phase.DECIDING)
            await pilot.press("ctrl+p")
            await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
            text = await settled_text(pilot)
            return "\n".join(text.splitlines()[4:-1])  # the palette over the board's first lines, not the footer

    text = run(scenario())
    english = ["Search for commands", "Quit", "Screenshot", "Theme", "Leave the table", "Advice", "Scroll the log",
               "Show or hide the side panel", "Rules of", "Keys"]
    assert [word for word in english if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)] == [], text
    expected = {"de": ("Befehle suchen", "Beenden", "Bildschirmfoto", "Den Tisch verlassen", "Rat"),
                "fr": ("Chercher une commande", "Quitter", "Capture d’écran", "Quitter la table", "Conseil")}[lang]
    assert [word for word in expected if word not in text] == [], text


@pytest.mark.parametrize("lang", LANGS)
def test_a_moment_held_on_the_table_speaks_the_language(lang: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel that holds what a move did (its title, how to go on, its key) and the status
    line while it is held, at 80x24 (the test game pauses on its scoring plays)."""
    from test_tui_moments import PausingSevens, open_table

    from parlour.testing.boards import ManualClock
    from parlour.tui.board import Board

    clock = ManualClock()
    monkeypatch.setattr(Board, "clock", clock)
    monkeypatch.setattr(Board, "decision_delay", 0.5)
    game = PausingSevens()
    app = make_app(lang, tmp_path, sevens_registry(game=game))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = open_table(app, game, [Seat("Ada", HUMAN), Seat("Bob", "random")], tmp_path / "s.json")
            while True:
                await wait_for(pilot, lambda: screen.phase in (Phase.DECIDING, Phase.PAUSED, Phase.OVER))
                assert screen.phase is not Phase.OVER, "no scoring play was held"
                if screen.phase is Phase.PAUSED:
                    await wait_for(pilot, lambda: "⏎ " in footer_line(app))
                    return await settled_text(pilot)
                moves = len(screen.match.record.actions)
                clock.advance(0.5)
                await pilot.press("enter")
                await wait_for(pilot, lambda: len(screen.match.record.actions) > moves)

    text = run(scenario())
    lines = text.splitlines()
    ours = "\n".join([lines[0], lines[-1], *(line for line in lines if "─" in line)])  # header, footer, the borders
    assert english_words(ours.replace("Sevens", ""), lang) == [], text
    expected = {"de": ("Lesen, was geschah, dann Enter", "Was eben geschah", "Enter: weiter", "⏎ Weiter"),
                "fr": ("Lisez ce qui s’est passé, puis Entrée", "Ce qui vient de se passer", "Entrée\u00a0: continuer",
                       "⏎ Continuer")}[lang]
    assert [word for word in expected if word not in text] == [], text
    assert not re.search(r"Read what happened|What just happened|Enter: go on|Go on", text), text
