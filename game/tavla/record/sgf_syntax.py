"""The syntax of SGF files (the Smart Game Format that GNU Backgammon saves its matches in): game trees
of nodes holding properties, each a name and one or more values in brackets.

`game_trees` reads a collection one game tree at a time and gives each tree's main line (the first
variation at every branch, the one GNU Backgammon restores), each node's properties with the line they
start on, so that the reader of the moves can say where a broken file breaks. It runs in time linear in
the text and without recursion (a file of a million nested variations is no deeper a call stack), keeps
the values of the properties asked for only (an analysed match holds megabytes of evaluations that the
match record does not need), and asks `stop` before each node.

`escaped` writes a value back as SGF wants it: a backslash before `]` and `\\`. At the end, the
conventions of GNU Backgammon's files (GM[6]) that its reader and writer share: which seat is White, and
the letters of its moves.
"""

import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes
from game.tavla.engine.position import BAR, OFF
from game.tavla.record.mat import Stopped  # the .mat reader's, so that one `except` serves both


@dataclass(frozen=True)
class Property:
    """One property: its name (the capital letters of its identifier: `W`, `MI`), its values unescaped,
    and the line of the file it starts on."""

    name: str
    values: tuple[str, ...]
    line: int

    @property
    def text(self) -> str:
        """The property as a message quotes it: `W[62agln]`."""
        return self.name + "".join(f"[{value}]" for value in self.values)


@dataclass(frozen=True)
class GameTree:
    """A game tree's main line: the line of its `(` and its nodes, each the tuple of its properties
    kept (a node of none but other properties is an empty tuple)."""

    line: int
    nodes: tuple[tuple[Property, ...], ...]


_BLANK = re.compile(r"\s*+")
_IDENT = re.compile(r"[A-Za-z]++")
# A value: anything up to the first `]` not escaped by a backslash; possessive, so linear in its length.
_VALUE = re.compile(r"\[((?:[^\\\]]++|\\.)*+)\]", re.DOTALL)
_ESCAPE = re.compile(r"\\(?:(\r\n|\n\r|\n|\r)|(.))", re.DOTALL)


def game_trees(
    text: str, keep: Collection[str], stop: Callable[[], bool] | None = None
) -> Iterator[GameTree]:
    """Each game tree of the collection `text`, its main line with the properties named in `keep`;
    UserError("line N: ...") where the text is not SGF, Stopped when `stop` says so."""
    return _Scanner(text, keep, stop).trees()


def escaped(value: str) -> str:
    """`value` as an SGF text value: `\\` and `]` escaped with a backslash."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _unescaped(value: str) -> str:
    """An SGF value as written to its text: an escaped character as itself, an escaped line break gone."""
    if "\\" not in value:
        return value
    return _ESCAPE.sub(lambda found: "" if found.group(1) else found.group(2), value)


class _Scanner:
    """The text read from `position` on, with the line `position` is on counted as it moves forward."""

    def __init__(self, text: str, keep: Collection[str], stop: Callable[[], bool] | None) -> None:
        self.text = text
        self.keep = frozenset(keep)
        self.stop = stop
        self.position = 0
        self.counted = 0  # the line is counted up to here
        self.line_number = 1

    def line(self, position: int) -> int:
        """The line of `position`, counted on from the last one asked about (in the order read, so the
        whole text is counted once)."""
        if position >= self.counted:
            self.line_number += self.text.count("\n", self.counted, position)
        else:
            self.line_number -= self.text.count("\n", position, self.counted)
        self.counted = position
        return self.line_number

    def fail(self, problem: str, position: int | None = None) -> UserError:
        line = self.line(self.position if position is None else position)
        # Translators: {line} is a line number of a match file; {problem} says what is wrong there
        return UserError(_("line {line}: {problem}").format(line=line, problem=problem))

    def skip_blanks(self) -> str:
        """The next character after blanks ('' at the end of the text), not consumed."""
        found = _BLANK.match(self.text, self.position)
        assert found is not None  # `\s*+` matches everywhere, if only the empty string
        self.position = found.end()
        return self.text[self.position : self.position + 1]

    def trees(self) -> Iterator[GameTree]:
        count = 0
        while (char := self.skip_blanks()) != "":
            if char != "(":
                found = self.text[self.position : self.position + 20]
                # Translators: {text} is what a match file holds where a game should start
                raise self.fail(_("expected '(' to start a game, found {text}").format(text=in_quotes(found)))
            count += 1
            yield self.tree()
        if count == 0:
            raise self.fail(_("no game: an SGF file holds games in parentheses, '(;GM[6]...)'"))

    def tree(self) -> GameTree:
        """One game tree from its `(`: its main line's nodes; each variation's `(` and `)` are counted on
        a stack of flags (on the main line or not, a variation seen yet or not), never by recursion."""
        start = self.line(self.position)
        nodes: list[tuple[Property, ...]] = []
        stack: list[list[bool]] = []  # per open tree: [on the main line, has a variation already]
        while True:
            char = self.skip_blanks()
            if char == "(":
                parent = stack[-1] if stack else None
                main = parent is None or (parent[0] and not parent[1])
                if parent is not None:
                    parent[1] = True
                stack.append([main, False])
                self.position += 1
                if self.skip_blanks() != ";":
                    raise self.fail(_("expected ';' to start a node after '('"))
            elif char == ";":
                if stack[-1][1]:
                    raise self.fail(_("a node after a variation: expected '(' or ')'"))
                if self.stop is not None and self.stop():
                    raise Stopped
                self.position += 1
                node = self.node()
                if stack[-1][0]:
                    nodes.append(node)
            elif char == ")":
                self.position += 1
                stack.pop()
                if not stack:
                    return GameTree(start, tuple(nodes))
            elif char == "":
                raise self.fail(_("the file ends inside a game: expected ')' (is the file cut short?)"))
            else:
                found = self.text[self.position : self.position + 20]
                # Translators: {text} is what a match file holds where a property such as W[62agln] should be
                message = _("expected a property such as 'W[62agln]', ';' or ')', found {text}")
                raise self.fail(message.format(text=in_quotes(found)))

    def node(self) -> tuple[Property, ...]:
        """The properties of a node, from after its `;` to the next `;`, `(` or `)`."""
        properties = []
        while self.skip_blanks() and (ident := _IDENT.match(self.text, self.position)) is not None:
            name = "".join(letter for letter in ident.group() if letter.isupper())
            if not name:
                # Translators: {name} is a property's name in a match file, written without capital letters
                message = _("{name}: a property's name holds capital letters")
                raise self.fail(message.format(name=in_quotes(ident.group())))
            start = self.position
            self.position = ident.end()
            values = self.values(ident.group())
            if name in self.keep:
                properties.append(Property(name, tuple(map(_unescaped, values)), self.line(start)))
        return tuple(properties)  # what follows is for `tree` to read (or refuse)

    def values(self, ident: str) -> list[str]:
        """The bracketed values after a property's name, as written (not unescaped)."""
        values = []
        while self.skip_blanks() == "[":
            found = _VALUE.match(self.text, self.position)
            if found is None:
                # Translators: {name} is a property of a match file (W, MI...) whose value's ']' is missing
                message = _("{name}: a value opened with '[' is never closed (is the file cut short?)")
                raise self.fail(message.format(name=in_quotes(ident)))
            values.append(found.group(1))
            self.position = found.end()
        if not values:
            # Translators: {name} is a property of a match file (W, MI...) written without a value
            raise self.fail(_("{name}: a property without a value in brackets").format(name=in_quotes(ident)))
        return values


# GNU Backgammon's conventions in its SGF (GM[6]), shared by the reader and the writer.

SEATS = "WB"  # seat 0 is gnubg's player 0, White (PW, W[...]); seat 1 is Black
BAR_LETTER, OFF_LETTER = "y", "z"


def point_of(letter: str, seat: int) -> int:
    """A letter of a move (`a`-`x` in White's numbering, `y` the bar, `z` off) as `seat`'s point: the
    bar 25, off 0."""
    if letter == BAR_LETTER:
        return BAR
    if letter == OFF_LETTER:
        return OFF
    offset = ord(letter) - ord("a")
    return offset + 1 if seat == 0 else 24 - offset


def letter_of(point: int, seat: int) -> str:
    """`seat`'s point (the bar 25, off 0) as the letter of a move."""
    if point == BAR:
        return BAR_LETTER
    if point == OFF:
        return OFF_LETTER
    return chr(ord("a") + (point - 1 if seat == 0 else 24 - point))
