"""The one way to break text between its items (``parlour.textlines``), which the app's notes
of keys (``parlour.tui.screen.key_lines``) and Casablanca's panels (``dot_lines``) both use."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from parlour.textlines import cut, item_lines, item_pieces, line_end


def plain_pieces(line: Text, separators: tuple[str, ...]) -> list[tuple[str | None, str]]:
    return [(None if before is None else before.plain, item.plain) for before, item in item_pieces(line, separators)]


def test_a_line_is_cut_at_each_of_its_separators_the_longest_first() -> None:
    line = Text("3 on 4, 5 on 6 · set aside: 2; field 9")
    assert plain_pieces(line, (", ", " · ", "; ")) == [
        (None, "3 on 4"), (", ", "5 on 6"), (" · ", "set aside: 2"), ("; ", "field 9")]
    assert plain_pieces(Text("a · b"), (" ", " · ")) == [(None, "a"), (" · ", "b")]  # " · ", not " "
    assert plain_pieces(Text("no separator here"), (" · ",)) == [(None, "no separator here")]


def test_a_broken_line_keeps_a_separators_mark_and_drops_a_dot_or_spaces() -> None:
    assert line_end(Text(", ")).plain == ","
    assert line_end(Text("\u00a0; ")).plain == "\u00a0;"
    assert line_end(Text(" · ")).plain == ""
    assert line_end(Text("   ")).plain == ""


def test_items_are_never_split_and_a_line_holds_as_many_as_fit() -> None:
    pieces = item_pieces(Text("leader · moving, stake $400 · reshuffle ×2"), (" · ", ", "))
    assert item_lines(pieces, 80).plain == "leader · moving, stake $400 · reshuffle ×2"
    assert item_lines(pieces, 20).plain.splitlines() == ["leader · moving,", "stake $400", "reshuffle ×2"]
    assert item_lines(pieces, 17).plain.splitlines() == ["leader · moving,", "stake $400", "reshuffle ×2"]
    assert item_lines(pieces, 14).plain.splitlines() == ["leader", "moving,", "stake $400", "reshuffle ×2"]


def test_an_item_wider_than_the_line_is_left_whole_on_a_line_of_its_own() -> None:
    pieces = item_pieces(Text("a · a very long item indeed · b"), (" · ",))
    assert item_lines(pieces, 10).plain.splitlines() == ["a", "a very long item indeed", "b"]


def test_given_its_words_a_wide_item_goes_on_where_the_line_is_broken_between_words() -> None:
    pieces = [(None, Text("r: rules")), (Text("   "), Text("j: join a table somebody hosts"))]

    def words(item: Text) -> list[Text]:
        return [Text(w) for w in ("j: join", "a", "table", "somebody", "hosts")] if item.plain.startswith("j") else [item]

    assert item_lines(pieces, 24, words).plain.splitlines() == ["r: rules   j: join a", "table somebody hosts"]
    assert item_lines(pieces, 10, words).plain.splitlines() == ["r: rules", "j: join a", "table", "somebody", "hosts"]


def test_the_items_and_separators_keep_their_styles() -> None:
    line = Text.assemble(("Bea", "bold"), " · ", ("stake $100", "red"), " · ", ("limit $1,300", "dim"))
    out = item_lines(item_pieces(line, (" · ",)), 16)
    assert out.plain.splitlines() == ["Bea · stake $100", "limit $1,300"]
    styles = {out.plain[span.start:span.end]: str(span.style) for span in out.spans}
    assert styles == {"Bea": "bold", "stake $100": "red", "limit $1,300": "dim"}


def test_a_cut_never_falls_inside_a_number() -> None:
    """"staking $2…" read as a stake of $2 where it was $2,000 (a playtest): a cut that would
    fall inside a number drops the number whole; one that falls after it keeps it."""
    assert cut("raise by staking $2,000 more", 12) == "raise by st…"
    assert cut("raise by staking $2,000 more", 20) == "raise by staking…"
    assert cut("raise by staking $2,000 more", 19) == "raise by staking…"
    assert cut("raise by staking $2,000 more", 25) == "raise by staking $2,000…"
    assert cut("field 12 (Lamp)", 8) == "field…"
    assert cut("field 12 (Lamp)", 10) == "field 12…"
    assert cut("bid 2.5 now", 6) == "bid…"
    assert cut("Dmitri Ivanovich", 8) == "Dmitri…"
    assert cut("Player 12", 8) == "Player…"


NUMBER = re.compile(r"[$€£]?\d[\d,.]*\d|[$€£]?\d")
WORDS = st.lists(st.one_of(st.sampled_from(["pick", "up", "the", "chip", "on", "field", "announce", "stake", "(Palm)",
                                            "raise", "by", "to", "chips", "ring"]),
                           st.integers(0, 20_000).map(lambda n: f"${n:,}"), st.integers(0, 30).map(str)),
                 min_size=1, max_size=9).map(" ".join)


@given(words=WORDS, cells=st.integers(1, 60))
def test_any_cut_keeps_within_its_cells_and_every_number_whole(words: str, cells: int) -> None:
    text = cut(words, cells)
    assert cell_len(text) <= max(cells, 1)
    whole = set(NUMBER.findall(words))
    assert all(number in whole for number in NUMBER.findall(text)), (words, text)


@given(played=WORDS, best=WORDS, width=st.integers(40, 120))
def test_an_evaluation_fits_its_width_and_never_shows_part_of_a_number(played: str, best: str, width: int) -> None:
    """Whatever the moves' words, an evaluation of a review's line is at most its width and
    every number in it (a stake, a field) is one of the moves' numbers whole."""
    from parlour.core.analysis import Decision
    from parlour.tui.analysis_view import evaluation

    decision = Decision(1, None, "p", played, "q", best, 0.3, 0.5, 0.2, "blunder", 5, 8)
    text = evaluation(decision, "you", width, texts=False).plain
    assert cell_len(text) <= width, text
    numbers = set(NUMBER.findall(played + " " + best)) | {"30", "50", "20"}
    shown = [n for n in NUMBER.findall(text)]
    assert all(n in numbers for n in shown), (played, best, text)


def test_a_cut_text_keeps_its_styles_and_every_number_whole() -> None:
    from parlour.textlines import cut_text

    text = Text.assemble(("Blaise", "bold"), " takes a Palm card from Ada: 2 Palm now, $2,000 to pay")
    short = cut_text(text, 50)
    assert short.plain == "Blaise takes a Palm card from Ada: 2 Palm now, …", short.plain
    assert short.spans[0].style == "bold" and short.spans[0].end == 6
    assert cut_text(text, 200) is text
