"""Casablanca's words: the phase names and statistics a view carries (and how the public
record is counted), the players' names, the game's catalog (German and French, issue 27)
and the lines the engine says (a hint per phase, the move line written every turn, the
lines with money in them, worded when they are read)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlour.core.events import Worded
from parlour.core.game import seat_label
from parlour.core.i18n import N_, current_language, money
from parlour.plugin import translator

#: the game's own catalog (``locale/<lang>/LC_MESSAGES/casablanca.po``)
WORDS = translator(__package__, "casablanca")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

FIGURE = "figure"
TURN = "turn"
ANNOUNCE = "announce"
COMMIT = "commit"
RESPOND = "respond"
EXCHANGE = "exchange"
CLAIM = "claim"
OVER = "over"

PLAYER = [seat_label(seat) for seat in range(16)]

STAT_KEYS = (  # public counts per seat, over the whole match (every round so far)
    "moves",               # turns completed as mover
    "landing",             # announcements that reached the top card's symbol
    "challenged_landing",  # ...of those, challenged
    "challenged_other",    # other announcements challenged
    "admits",
    "shown_true",          # announcement turned over in a call: true
    "shown_false",         # ...false
    "mover_raises",        # exchanges in which the mover raised
    "raise_shown_false",   # ...and the chip, turned over, proved a lie
    "mover_folds",
    "truths_landing",      # announcements shown true in a call, that had reached the top symbol
    "lies_landing",        # ...shown false or admitted
    "truths_other",        # the same for announcements that had not
    "lies_other",
    "challenges",          # challenges made that counted
    "challenges_won",
    "challenger_folds",
    "asked_landing",       # landing claims this seat's answer to is public (it challenged, or passed before one who did)
    "doubted_landing",     # ...of those, challenged (and counted)
    "asked_other",         # the same for claims that did not land
    "doubted_other",
    "raises_faced",        # a challenger's answers to a mover who had raised
    "raise_folds",         # ...of those, folds
    "big_raises_faced",    # ...of those, raises that put over half the mover's money at stake
    "big_raise_folds",     # ...and folds to them
    "known_landing",       # landing announcements with a chip the mover had seen before he picked it up
    "known_truths",        # ...of those, shown true in a call
    "known_lies",          # ...shown false or admitted
)

def count_doubts(stats: list[dict[str, int]], order: list[int], challenger: int, landing: bool) -> None:
    """The commits whose answer is public: the challenger's and those of the seats asked
    before him (they passed); every seat's when nobody challenged."""
    for s in order[: order.index(challenger) + 1 if challenger >= 0 else len(order)]:
        stats[s]["asked_landing" if landing else "asked_other"] += 1
        stats[s]["doubted_landing" if landing else "doubted_other"] += s == challenger


def count_answer(stats: list[dict[str, int]], seat: int, challenger: int, behind: int, fold: bool,
                 big: bool = False) -> None:
    """A challenger's answer (``fold`` or not) when the mover's stake is ``behind`` above his
    (and ``big``: over half the mover's money)."""
    if seat == challenger and behind > 0:
        stats[seat]["raises_faced"] += 1
        stats[seat]["raise_folds"] += fold
        stats[seat]["big_raises_faced"] += big
        stats[seat]["big_raise_folds"] += big and fold


#: what a player must do in each phase: the reason an action that does not fit is refused
PHASE_HINTS = {
    FIGURE: N_("every player must first put a figure on the ring"),
    TURN: N_("pick up a chip from the ring first"),
    ANNOUNCE: N_("announce a number and put the chip down on a free field first"),
    COMMIT: N_("challenge with a stake, or let it pass"),
    RESPOND: N_("admit, call or raise"),
    EXCHANGE: N_("fold, call or raise"),
    CLAIM: N_("take the top card or one of the loser's cards"),
}

#: the log line of a move (picked up, announced, put down, moved), a template for str.format
#: (its symbol a Term)
MOVE_LINE = N_("{} picks up the chip on field {}, announces {}, puts the chip face down on field {} and moves to "
               "field {} ({}).")


class _Dollars(dict[tuple[str, int], str]):
    """Amounts as a player reads them ("$1,250", "1.250 $", "1 250 $"), each written once
    per language: the log names a stake or a premium at nearly every step, a board names
    one at every choice."""

    def __missing__(self, key: tuple[str, int]) -> str:
        if len(self) > 4096:
            self.clear()
        text = self[key] = money(key[1], key[0])
        return text


_DOLLARS = _Dollars()


def dollars(amount: int) -> str:
    """``amount`` as the current language writes dollars."""
    return _DOLLARS[current_language(), amount]


#: the log line of a move nobody challenges (written at nearly every turn, rollouts too)
NOBODY_CHALLENGES = N_("Nobody challenges.")

#: the default symbols' names (the ruleset's ``symbols``), for the catalog: a table's own
#: names that the catalog does not know are shown as they are
SYMBOL_NAMES = (N_("Palm"), N_("Camel"), N_("Moon"), N_("Star"), N_("Lamp"), N_("Fez"), N_("Key"))


def symbol_word(name: str) -> str:
    """A symbol's name in the current language (a name of the table's own, as it is)."""
    return _(name)


def _default_letters() -> dict[str, str]:
    """The letter the board shows for each default symbol, in the current language: German
    and French names share first letters (Stern, Schlüssel; Lune, Lampe), so each
    language chooses its seven."""
    return {"Palm": pgettext("letter of Palm", "P"), "Camel": pgettext("letter of Camel", "C"),
            "Moon": pgettext("letter of Moon", "M"), "Star": pgettext("letter of Star", "S"),
            "Lamp": pgettext("letter of Lamp", "L"), "Fez": pgettext("letter of Fez", "F"),
            "Key": pgettext("letter of Key", "K")}


def symbol_letters(names: Sequence[str]) -> list[str]:
    """The one letter per symbol the board shows: the language's own for the default
    names, else the first letter of the name as shown; the English names' first letters
    (which the rules make all different) where a language's would repeat one."""
    english = [name.strip()[:1].upper() for name in names]
    defaults = _default_letters()
    shown = [defaults.get(name) or symbol_word(name).strip()[:1].upper() for name in names]
    return shown if len(set(shown)) == len(shown) else english


# -- the log lines with money or lists in them: worded when read, in the reader's language --
def _line(name: str, template: str, amounts: tuple[int, ...] = (), terms: tuple[int, ...] = ()) -> Worded:
    """A log line ``template`` (English, marked for the catalog) whose values at the
    positions ``amounts`` are amounts of money and at ``terms`` symbols' names, each worded
    in the current language when the line is read; the values themselves are plain data."""

    def words(*values: Any) -> str:
        return _(template).format(*(dollars(v) if i in amounts else symbol_word(v) if i in terms else v
                                    for i, v in enumerate(values)))

    return Worded(words, name=f"casablanca.{name}")


def _worded(name: str) -> Callable[[Callable[..., str]], Worded]:
    def named(words: Callable[..., str]) -> Worded:
        return Worded(words, name=f"casablanca.{name}")
    return named


@_worded("round")
def ROUND_STARTS(round_: int, leader: str, paid: int, pot: int, first: str = "") -> str:
    """A round's start: who leads, who (on the leader's left, CB-S3) places the first figure and
    makes the first move, and the pot. (Without ``first``, as lines written before it was
    named: the leader alone.)"""
    if not first:
        return _("Round {}: {} leads. Everyone pays {} into the pot, which holds {}.").format(
            round_, leader, dollars(paid), dollars(pot))
    return _("Round {}: {} leads; {}, on the leader's left, plays first. Everyone pays {} into the pot, which "
             "holds {}.").format(round_, leader, first, dollars(paid), dollars(pot))


SELLS = _line("sell", N_("{} sells a {} card to the bank for {}; it goes under the pile."), (2,), (1,))
NO_CHALLENGE = _line("poor", N_("{} has less than {}, the smallest stake: nobody may challenge this move."), (1,))
CHALLENGES = _line("challenge", N_("{} challenges {}'s announcement, staking {}."), (2,))
RAISES = _line("raise", N_("{} raises by {} to {}."), (1, 2))


@_worded("admit")
def ADMITS(seat: str, field: int, fee: int, stays: bool = False, broke: bool = False) -> str:
    """CB-X2: an admission. ``stays``: the mover announced 0, so his figure never left field
    ``field`` (a playtest read "goes back to field 28" of a figure that had not moved);
    ``broke``: he has no money, so he pays nothing and the line says so, without naming "$0".
    (A line written before these were kept words it as before: the figure went back.)"""
    if fee:
        if stays:
            return _("{} admits, stays on field {} and pays {} into the pot.").format(seat, field, dollars(fee))
        return _("{} admits, goes back to field {} and pays {} into the pot.").format(seat, field, dollars(fee))
    if broke:
        if stays:
            return _("{} admits and stays on field {}; without money, there is nothing to pay.").format(seat, field)
        return _("{} admits and goes back to field {}; without money, there is nothing to pay.").format(seat, field)
    if stays:  # a ruleset whose admissions cost nothing
        return _("{} admits and stays on field {}.").format(seat, field)
    return _("{} admits and goes back to field {}.").format(seat, field)


MATCHES = _line("match", N_("{} matches the stake of {}; {} may fold, call or raise."), (1,))
#: the end of a round, why, and everyone's money (``{}`` a line of ``END_REASONS``)
ROUND_ENDS = N_("Round {} ends: {}. {}.")


@_worded("deal")
def DEALT(names: Sequence[str], hands: Sequence[Sequence[int]], top: str) -> str:
    """Everyone's hand after the deal (a hand: a count per symbol), and the top card."""
    dealt = list_break().join(f"{seat_label(seat)} {cards_text(names, hand)}" for seat, hand in enumerate(hands))
    return _("Cards dealt: {}. The top card of the pile is {}.").format(dealt, symbol_word(top))


def list_break() -> str:
    """What separates the items of a list whose items hold commas ("; ", French " ; ")."""
    return pgettext("between items holding commas", "; ")


def cards_text(names: Sequence[str], hand: Sequence[int]) -> str:
    """A hand as "2 Palm, 1 Key" (or "no cards"), in the current language."""
    parts = [f"{c} {symbol_word(names[s])}" for s, c in enumerate(hand) if c]
    return ", ".join(parts) if parts else _("no cards")


@_worded("settle")
def SETTLED(how: str, how_values: Sequence[Any], winner: str, amount: int, loser: str, back: int) -> str:
    """An exchange decided: how (``"call"`` or ``"fold"``, worded by ``SETTLE_HOW`` from its values),
    the winnings, and where a losing mover goes back to (``back`` 0: he stays)."""
    first = SETTLE_HOW[how](*how_values)
    if amount:
        line = _("{} wins {} from {} and takes a card.").format(winner, dollars(amount), loser)
    else:  # a stake of nothing (a mover without money, CB-X5): no money moves
        line = _("{} wins against {} and takes a card.").format(winner, loser)
    if back:
        line += " " + _("{} goes back to field {}.").format(loser, back)
    return f"{first} {line}"


def _calls(seat: str, stake: int, field: int, value: int, true: bool) -> str:
    if true:
        return _("{} calls at {}. The chip on field {} shows {}: the announcement was true.").format(
            seat, dollars(stake), field, value)
    return _("{} calls at {}. The chip on field {} shows {}: the announcement was false.").format(
        seat, dollars(stake), field, value)


def _folds(seat: str) -> str:
    return _("{} folds.").format(seat)


#: how an exchange is decided, by name (a line's values are plain data)
SETTLE_HOW: dict[str, Callable[..., str]] = {"call": _calls, "fold": _folds}


@_worded("card")
def CARD_TAKEN(how: str, how_values: Sequence[Any], count: int, symbol: str, pay: int, top: str) -> str:
    """A card taken (the top card, or the loser's: ``TAKES``) with its premium, and the
    new top card ("" when the pile is empty). A premium of nothing (the pot is empty) is
    not named."""
    first = TAKES[how](*how_values)
    name = symbol_word(symbol)
    if pay:
        line = ngettext("{}: {} {} now, {} from the pot.", "{}: {} {} now, {} from the pot.", count).format(
            first, count, name, dollars(pay))
    else:
        line = ngettext("{}: {} {} now.", "{}: {} {} now.", count).format(first, count, name)
    if top:
        line += " " + _("The top card is {}.").format(symbol_word(top))
    return line


@_worded("new-pile")
def NEW_PILE(count: int, top: str) -> str:
    """CB-O2: the single cards given back make a new pile (``count`` of them, ``top`` its top card)."""
    return ngettext("The pile is used up: {} single card comes back as the new pile; its top card is {}.",
                    "The pile is used up: the {} single cards are shuffled into a new pile; its top card is {}.",
                    count).format(count, symbol_word(top))


@_worded("pot")
def POT_TAKEN(how: str, how_values: Sequence[Any], count: int, symbol: str, pot: int) -> str:
    """The card that completes a set: it wins the pot (CB-O4: and ends the round); an empty pot is
    not said to be won (a playtest read "win the pot of $0!")."""
    if not pot:
        return _("{}: {} {} cards end the round; the pot is empty.").format(TAKES[how](*how_values), count,
                                                                          symbol_word(symbol))
    return _("{}: {} {} cards win the pot of {}!").format(TAKES[how](*how_values), count, symbol_word(symbol),
                                                          dollars(pot))


def _takes_top(seat: str, symbol: str) -> str:
    return _("{} takes the top card, {}").format(seat, symbol_word(symbol))


def _takes_from(seat: str, symbol: str, loser: str) -> str:
    return _("{} takes a {} card from {}").format(seat, symbol_word(symbol), loser)


#: how a card is taken, by name
TAKES: dict[str, Callable[..., str]] = {"top": _takes_top, "from": _takes_from}

#: why a round ends: a template each, with its values (plain data), kept by the state so
#: that the board and the log word it in the reader's language (``end_reason`` words the
#: two with a count, ``"set"`` and ``"limit"``)
END_REASONS = {
    "pile": N_("the pile is used up"),
    "alone": N_("only one player is left"),
}


def end_reason(key: str, values: Sequence[Any]) -> str:
    """Why the round ended, in the current language."""
    if key == "set":
        seat, count, symbol = values
        return ngettext("{} completed {} {} card", "{} completed {} {} cards", count).format(
            seat, count, symbol_word(symbol))
    if key == "limit":
        return ngettext("the safety limit of {} turn is reached", "the safety limit of {} turns is reached",
                        values[0]).format(*values)
    return _(END_REASONS[key]).format(*values)


@_worded("round-ends")
def ROUND_ENDED(round_: int, why: str, why_values: Sequence[Any], money_left: Sequence[int]) -> str:
    """A round over: why, and everyone's money."""
    purses = ", ".join(f"{seat_label(s)} {dollars(m)}" for s, m in enumerate(money_left))
    return _(ROUND_ENDS).format(round_, end_reason(why, why_values), purses)

