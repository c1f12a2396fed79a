"""The terminal table's layouts (game/core/text/terminal_table.py): from the full boxed table down to
shortened names, each chosen only where the one before it does not fit, and none breaking a word or a
figure."""

import io

import pytest
from rich.console import Console

from game.core.text.terminal import cells
from game.core.text.terminal_table import Column, Style, layout, print_table, shortened
from tests.terminal_checks import assert_fits, assert_unbroken, assert_whole, words

NAMES = ["pubeval", "cmd:python3 mybot.py", "전문가 봇"]  # Korean takes two cells a syllable
COLUMNS = [
    Column("#", ["1", "2", "3"], key=True),
    Column("Bot", NAMES, kind="name", key=True),
    Column("Points per game", ["+0.625", "-0.125", "+1.000"], short="PPG", meaning="points per game"),
    Column("Interval (95%)", ["+0.156 to +1.094", "-1.283 to +1.033", "-0.500 to +2.500"], kind="words"),
    Column("Disqualified", ["0", "8", "0"], short="DQ", meaning="games lost so"),
    Column("Faults", ["", "3 abandoned, 5 crash", ""], kind="words"),
]
VOCABULARY = [cell for column in COLUMNS for cell in column.cells] + [
    "# Bot Points per game Interval (95%) Disqualified Faults PPG DQ PPG: points per game; DQ: games lost so"
]


def shown(width: int) -> str:
    out = io.StringIO()
    print_table(Console(file=out, width=width), COLUMNS, "Standings")
    return out.getvalue()


@pytest.mark.parametrize(
    ("width", "style"),
    [
        (110, Style(short=False, boxed=True)),
        (80, Style(boxed=True)),
        (70, Style()),
        (50, Style(split=True)),
        (30, Style(split=True, wrap_words=True)),
        (20, Style(split=True, wrap_words=True, cut=True)),
    ],
)
def test_each_layout_is_chosen_only_where_the_one_before_does_not_fit(width, style):
    plan = layout(COLUMNS, width)
    assert plan is not None and plan.style == style
    out = shown(width)
    assert_fits(out, width)
    assert_unbroken(out, VOCABULARY)
    if not style.cut:
        assert_whole(out, [*NAMES, "+0.625", "-0.125"])
    if not style.wrap_words:
        assert "+0.156 to +1.094" in out and "3 abandoned, 5 crash" in out
    assert ("PPG: points per game; DQ: games lost so" in " ".join(out.split())) == style.short


def test_blocks_repeat_the_key_columns_and_keep_every_other_column_once():
    plan = layout(COLUMNS, 50)
    assert plan is not None and len(plan.blocks) >= 2
    assert all(block.columns[:2] == tuple(COLUMNS[:2]) for block in plan.blocks)
    others = [column.heading for block in plan.blocks for column in block.columns[2:]]
    assert others == [column.heading for column in COLUMNS[2:]]


def test_a_shortened_name_is_on_one_line_with_an_ellipsis():
    out = shown(20)
    cut = [word for word in words(out) if word.endswith("…")]
    assert cut and all(any(name.startswith(word[:-1]) for name in NAMES) for word in cut)
    assert "mybot.py" not in words(out)  # the rest of a name never comes on a line of its own
    assert shortened("전문가 봇", 4) == "전…" and cells(shortened("전문가 봇", 4)) == 3
    assert shortened("cmd:python3 mybot.py", 13) == "cmd:python3…" and shortened("pubeval", 7) == "pubeval"


def test_nothing_fits_a_terminal_narrower_than_any_layout_and_rich_does_what_it_can():
    assert layout(COLUMNS, 8) is None
    assert shown(8)
