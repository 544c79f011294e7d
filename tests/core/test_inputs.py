"""Issue 16, the one door for outside input: every hostile file or value of the kinds the
issue lists ends as the project's own one-line error (file, line where there is one, key),
never a traceback, a hang or gigabytes of memory."""

from __future__ import annotations

import json
import os
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.inputs import MAX_DEPTH, InputProblem, check_data, read_text, shown, whole_number
from parlour.core.record import Record, RecordError, parse_json
from parlour.core.yamlsource import RulesetError, load_yaml


def yaml_error(tmp_path: Path, content: str | bytes) -> str:
    path = tmp_path / "house.yaml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(RulesetError) as caught:
        load_yaml(path)
    message = str(caught.value)
    assert "\n" not in message and "\x1b" not in message
    return message


# -- files that are not files ---------------------------------------------------------------
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "house.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RulesetError, match="not a regular file \\(a named pipe\\)"):
        load_yaml(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        Record.load(fifo)


def test_a_device_and_a_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="not a regular file \\(a device\\)"):
        load_yaml(Path("/dev/zero"))
    with pytest.raises(RulesetError, match="not a regular file \\(a folder\\)"):
        load_yaml(tmp_path)
    with pytest.raises(RecordError, match="not a regular file"):
        Record.load(Path("/dev/zero"))


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"a: 1\n" * 1000)
    with pytest.raises(InputProblem, match="too large: 5,000 bytes \\(the limit is 4,096\\)"):
        read_text(big, 4096)
    assert "too large" in yaml_error(tmp_path, "a: 1\n" * 300_000)


def test_text_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    message = yaml_error(tmp_path, b"game: sevens\nname: caf\xe9\n")
    assert message.endswith("house.yaml:2: not UTF-8 text (byte 0xe9 at offset 22)")


# -- YAML that would blow up --------------------------------------------------------------
def test_aliases_are_refused_before_anything_expands(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{k}: &{k} [{', '.join(['*' + p] * 9)}]\n" for p, k in zip("abcdefgh", "bcdefghi"))
    assert len(bomb) < 400
    assert "anchors and aliases (& and *) are not allowed" in yaml_error(tmp_path, bomb)


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    assert f"nested too deep (more than {MAX_DEPTH} levels)" in yaml_error(tmp_path, "[" * 20_000 + "]" * 20_000)
    assert "nested too deep" in yaml_error(tmp_path, "a:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 40)))


def test_numbers_too_long_or_not_finite_are_refused(tmp_path: Path) -> None:
    assert "house.yaml:2: number too long (5000 characters)" in yaml_error(tmp_path, "game: x\nn: " + "9" * 5000)
    assert "n: not a finite number: nan" in yaml_error(tmp_path, "n: .nan\n")
    assert "n: not a finite number: -inf" in yaml_error(tmp_path, "n: -.inf\n")
    assert "n: number out of range" in yaml_error(tmp_path, "n: " + "9" * 25 + "\n")


@pytest.mark.parametrize("text", [
    'game: x\n? !!int "{digits}"\n: 3\n',          # a key tagged a number, quoted
    'game: x\n? !!int {digits}\n: 3\n',
    'game: x\n? {digits}\n: 3\n',
    'game: x\nn: !!int "{digits}"\n',
    'game: x\nn: !!float "{digits}"\n',
    'game: x\nn: !!float "0.{digits}"\n',
])
def test_a_number_of_thousands_of_digits_anywhere_is_one_line_with_its_line(tmp_path: Path, text: str) -> None:
    """Python refuses to read a whole number of more than 4,300 digits with a ValueError; the
    loader refuses it first, as a key or a value, quoted or tagged, naming the line."""
    assert "house.yaml:2: number too long (5" in yaml_error(tmp_path, text.format(digits="1" * 5000))


def test_huge_floats_are_refused(tmp_path: Path) -> None:
    assert "n: not a finite number: inf" in yaml_error(tmp_path, "n: 1.0e+999\n")
    assert "n: not a finite number: inf" in yaml_error(tmp_path, 'n: !!float "1e999"\n')
    assert "n: number out of range" in yaml_error(tmp_path, "n: 1.0e+300\n")
    assert "house.yaml:1: number out of range" in yaml_error(tmp_path, "? 1.0e+300\n: 1\n")


def test_a_list_as_a_key_is_refused(tmp_path: Path) -> None:
    assert "unhashable key" in yaml_error(tmp_path, "? [a, b]\n: 1\n")


def test_control_characters_are_never_echoed(tmp_path: Path) -> None:
    assert "character U+001B is not allowed" in yaml_error(tmp_path, "name: \x1b[31mred\n")
    error = RulesetError("f.yaml", 3, "name", "unknown key '\x1b[2J\x07'\nsecond line")
    assert str(error) == "f.yaml:3: name: unknown key '\\x1b[2J\\x07'\\x0asecond line"
    assert "\x1b" not in str(RecordError("bad \x1b]0;title\x07"))
    assert shown("a\u202eb") == "a\\u202eb"


# -- records ---------------------------------------------------------------------------------
def good_record() -> dict:
    return {"format": 1, "game": "sevens", "game_version": 1, "variants": [], "ruleset": {}, "seed": 3,
            "seats": [{"name": "A", "agent": "random"}, {"name": "B", "agent": "random"}],
            "actions": [], "finished": False, "scores": None}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"seed": 10**400}, "seed: number out of range"),
        ({"scores": [10**400, 1]}, "scores.0: number out of range"),
        ({"seed": 1.5e300}, "seed: number out of range"),
    ],
)
def test_records_with_huge_numbers_are_refused(tmp_path: Path, change: dict, fragment: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**good_record(), **change}))
    with pytest.raises(RecordError, match=fragment):
        Record.load(path)


def test_records_with_infinite_or_deep_values_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(good_record()).replace('"seed": 3', '"seed": Infinity'))
    with pytest.raises(RecordError, match="not a finite number: Infinity"):
        Record.load(path)
    deep: object = 1
    for _ in range(40):
        deep = [deep]
    path.write_text(json.dumps({**good_record(), "ruleset": {"x": deep}}))
    with pytest.raises(RecordError, match="nested too deep"):
        Record.load(path)
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nested too deep"):
        Record.load(path)


# -- property tests: any text, any value -----------------------------------------------------
YAMLISH = st.text(alphabet=string.printable + "&*!|>%@`'\"{}[]-?:#,\x00\x1b\u00e9\u0663\ufeff", max_size=300)


@settings(max_examples=300)
@given(YAMLISH)
def test_any_text_as_a_ruleset_loads_or_fails_with_a_ruleset_error(text: str) -> None:
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"parlour-hypothesis-{os.getpid()}.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_yaml(path)
    except RulesetError as exc:
        assert "\n" not in str(exc) and "\x1b" not in str(exc)
    finally:
        path.unlink(missing_ok=True)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300)
@given(JSONISH)
def test_any_json_value_as_a_record_reads_or_fails_with_a_record_error(value: object) -> None:
    try:
        text = json.dumps(value)
    except ValueError:
        return
    for data in (value, {**good_record(), "ruleset": value}, {**good_record(), "seed": value},
                 {**good_record(), "scores": value}, {**good_record(), "seats": value}):
        try:
            Record.from_json(parse_json(json.dumps(data)))
        except (RecordError, InputProblem):
            pass
    try:
        check_data(json.loads(text))
    except InputProblem:
        pass


@pytest.mark.parametrize("text", ["", " ", "²", "1²", "٣", "߁", "Ⅻ", "-1", "+1", "1_0", " 1", "1 ", "0x1", "1e3",
                                  "1.0", "\x00", "9" * 5000, "10", "100", "00"])
def test_whole_number_refuses_all_but_plain_ascii_digits_in_range(text: str) -> None:
    assert whole_number(text, 9) is None


def test_whole_number_reads_plain_digits_within_bounds() -> None:
    assert whole_number("0") == 0
    assert whole_number("07", 99) is None
    assert whole_number("70", 99) == 70
    assert whole_number("9", 9, 1) == 9
    assert whole_number("0", 9, 1) is None
    assert whole_number(str(2**63 - 1)) == 2**63 - 1
    assert whole_number(str(2**63)) is None
