"""The backgammon table: drag and drop checkers against a bot (or a friend), with eased slides.

The view only draws the session and turns mouse and keys into calls on it. Checkers are sprites
kept in stacks per (seat, point); every move pops a sprite from one stack and pushes it on another,
then each sprite glides to its place. The bot thinks in a worker thread so frames keep coming.
"""

import concurrent.futures
import random
import threading
import time
from collections import deque
from dataclasses import dataclass

import arcade
from arcade import key
from arcade.types import XYWH

from game.config import rgb
from game.errors import UserError
from game.i18n import _, ngettext
from game.records import Records, RecordsUnavailable, data_dir
from game.tavla import layout
from game.tavla.board_art import Palette, board_image, checker_image, die_image, slab_image
from game.tavla.bots import EXTERNAL_PREFIX, bot_names, bot_title, strongest_bot
from game.tavla.game import BotFault, Match
from game.tavla.isolated import close_bot, guarded_bot
from game.tavla.match_file import dump_match, export_mat, load_match, new_export_path
from game.tavla.moves import Move
from game.tavla.notation import parse_play
from game.tavla.position import State, flip, pip_counts, position_id
from game.tavla.results import Outcome
from game.tavla.rules import Rules
from game.tavla.session import HUMAN, Phase, TableSession
from game.tavla.turn import Step, TurnInProgress
from game.ui import theme
from game.ui.easing import easing_by_name
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.tween import Tween
from game.ui.widgets import Button, Rect, Toast

PANEL_X = 1120
PANEL_WIDTH = 270  # the width of the side panel's text; its background has PANEL_PADDING either side
PANEL_PADDING = 10
OVERLAY_WIDTH = 600  # the panel over the board at the end of a game or when a saved match is offered
OFFER_COMMAND_CHARS = 72  # a saved opponent's command line, cut to fit the offer
NAME_CHARS = 20  # an opponent of the player's own (a program, a file) as the table names it
WORD_CHARS = 26  # ... each word of it (a long path keeps its end)
OVERLAY_HEIGHT = 250
OVERLAY_PADDING = 16
OVERLAY_X = (layout.LEFT_HALF[0] + layout.RIGHT_HALF[1]) / 2
OVERLAY_LINE_Y = layout.MIDDLE_Y - 2  # the line under the overlay's title (at +60), above its buttons (-70)
OVERLAY_LINE_HEIGHT = 76
STATUS_HEIGHT = 80  # the status wraps between the pips (y 600) and the hint
HINT_Y = 482
HINT_HEIGHT = 52  # the hint wraps between the status and the buttons (top at y 423)
DIE_SIZE = 46
DICE_MARGIN = 8
ROLL_SECONDS = 0.5
PASS_SECONDS = 1.6
DRAG_THRESHOLD = 6
DOUBLE_CLICK_SECONDS = 0.35
SAVE_KIND = "tavla"
YOU = "You"  # how the match file and the .mat export name the person playing a bot (never translated)
SIDES = ("White", "Black")  # ... and the two people at one desk, by the colour of their checkers


KEY_UNDO = [(key.Z, key.MOD_CTRL), key.BACKSPACE]
KEY_DONE = [key.SPACE, key.ENTER, key.RETURN]
KEY_HINT = [key.H]
KEY_NEW = [key.N]

Location = tuple[int, int]


@dataclass
class _Glide:
    sprite: arcade.Sprite
    tween: Tween


@dataclass
class _Drag:
    sprite: arcade.Sprite
    source: int
    start: tuple[float, float]
    turn: TurnInProgress
    moved: bool = False


class TavlaView(SceneView):
    """A match at the table; New game / New match / Menu when a game ends."""

    def __init__(
        self, opponent: str | None = None, rules: Rules | None = None, seed: int | None = None
    ) -> None:
        super().__init__()
        settings = self.game_window.settings.tavla
        self.settings = settings
        self.opponent = opponent or settings.opponent
        self.rules = rules or settings.rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.bot = None if self.opponent == HUMAN else guarded_bot(self.opponent, rules=self.rules, seed=seed)
        colours = settings.colours
        self.palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        self.duration = settings.animation.duration
        self.easing = easing_by_name(settings.animation.easing)
        self.records = Records()
        self.thinking: concurrent.futures.Future | None = None
        self.board_sprites = arcade.SpriteList()
        self.checker_sprites = arcade.SpriteList()
        self.dice_sprites = arcade.SpriteList()
        self.stacks: dict[Location, list[arcade.Sprite]] = {}
        self.count_labels: dict[Location, Label] = {}
        self.glides: list[_Glide] = []
        self.pending: deque[tuple[int, Move]] = deque()
        self.drag: _Drag | None = None
        self.targets: dict[int, list[Step]] = {}
        self.hint: list[Move] = []
        self.rolling = 0.0
        self.pass_wait = 0.0
        self.last_click = (0.0, -1)
        self.auto_commit = False
        self.toast = Toast(layout.BAR_X, layout.MIDDLE_Y, layout.HALF_WIDTH - 20)
        self.session = TableSession(self.rules, settings.match_length, self.opponent, seed)
        self.saved: tuple[Match, str] | None = None
        self._build_widgets()
        self._build_textures()
        self.start_session(self.session)
        if seed is None:
            self.saved = self._saved_match()
        if self.saved is not None:
            match, opponent = self.saved
            scores = match.scores
            # Translators: the saved match: "You 2 – 1 pubeval, match to 5, tavla rules"; {first} and
            # {second} are the players, {length} the points that win the match, {rules} the rule set's name
            offer = _("{first} {mine} – {theirs} {second}, match to {length}, {rules} rules")
            text = offer.format(
                first=self._name(0, opponent),
                mine=scores[0],
                theirs=scores[1],
                second=self._name(1, opponent),
                length=match.length,
                rules=_(match.rules.short_name),
            )
            if _runs_code(opponent):
                # Translators: under the saved match when its opponent is a program or a Python file of the
                # player's: {program} is its command line or file, shown as it is; Resume starts it
                warning = _("Resuming runs {program}")
                text += "\n" + warning.format(program=_shown_command(opponent, OFFER_COMMAND_CHARS))
                # Translators: button: start the opponent's program (shown above it) and carry on the match
                self.offer_buttons[0].label = _("Run it")
            self.offer_texts[1].text = text

    def _saved_match(self) -> tuple[Match, str] | None:
        """The match left unfinished last time, if there is one that can be restored."""
        try:
            text = self.records.load_game(SAVE_KIND)
            if text is None:
                return None
            match, names = load_match(text)
        except UserError as error:
            self.toast.show(_("The saved match could not be restored: {error}").format(error=error))
            return None
        if match.winner is not None:
            return None
        return match, HUMAN if names[0] != YOU else names[1]

    def resume_saved(self) -> None:
        """Carry on the saved match; if its opponent cannot be loaded any more, say so and keep the new
        match that is already on the table."""
        if self.saved is None:
            return
        match, opponent = self.saved
        self.saved = None
        try:
            bot = None if opponent == HUMAN else guarded_bot(opponent, rules=match.rules)
            session = TableSession.resume(match, opponent)
        except UserError as error:
            # Translators: {name} is the saved match's opponent as the match file names it; {error} says why
            # it cannot be played; a new match is on the table instead
            message = _("The saved match cannot be resumed: {name}: {error}. Here is a new match.")
            self.toast.show(message.format(name=_short_name(opponent), error=error), 6.0)
            self._update_hud()
            return
        self._stop_bot()
        self.opponent, self.rules, self.bot = opponent, match.rules, bot
        self.start_session(session)

    def decline_saved(self) -> None:
        self.saved = None
        self._update_hud()

    def start_session(self, session: TableSession) -> None:
        """Play `session` from where it stands (a new match, a resumed one, a set-up position)."""
        self.session = session
        self.drag = None
        self.thinking = None
        self._sync_checkers()
        self._start_turn()
        self._announce_opening()

    def _announce_opening(self) -> None:
        """Say who won the opening roll, since it decides who plays first with which dice."""
        game = self.session.game
        if len(game.record) or not game.opening_rolls:
            return
        mine, theirs = game.opening_rolls[-1]
        ties = len(game.opening_rolls) - 1
        names = {"first": self._name(0), "mine": mine, "second": self._name(1), "theirs": theirs}
        if ties:
            # Translators: both players rolled one die each and tied {count} times before this roll;
            # {first} rolled {mine}, {second} rolled {theirs}
            roll = ngettext(
                "Opening roll after {count} tie: {first} {mine}, {second} {theirs}.",
                "Opening roll after {count} ties: {first} {mine}, {second} {theirs}.",
                ties,
            ).format(count=ties, **names)
        else:
            # Translators: each player rolled one die to decide who starts; {first} rolled {mine},
            # {second} rolled {theirs}
            roll = _("Opening roll: {first} {mine}, {second} {theirs}.").format(**names)
        starter = game.turn or 0
        if self._is_you(starter):
            # Translators: the person playing the bot won the opening roll and plays first
            start = _("You start.")
        else:
            # Translators: {name} won the opening roll and plays first: a bot, or "White" or "Black"
            start = _("{name} starts.").format(name=self._name(starter))
        self.toast.show(f"{roll} {start}", 3.0)

    # --- set-up ---

    def _build_widgets(self) -> None:
        left = PANEL_X - PANEL_WIDTH / 2
        # name: y, colour, size, bold, height of the box a multiline text wraps in (None: one line)
        specs: dict[str, tuple[float, tuple[int, int, int], float, bool, float | None]] = {
            "title": (740, theme.TEAL, theme.HEADING_SIZE + 2, True, None),
            "players": (704, theme.TEXT, theme.BODY_SIZE, False, None),
            "score": (666, theme.ACCENT, theme.HEADING_SIZE - 4, True, None),
            "rules": (634, theme.MUTED, theme.SMALL_SIZE, False, None),
            "pips": (600, theme.TEXT, theme.BODY_SIZE - 1, False, None),
            "status": (548, theme.TEXT, theme.BODY_SIZE, True, STATUS_HEIGHT),
            "hint": (HINT_Y, theme.ACCENT, theme.SMALL_SIZE + 1, False, HINT_HEIGHT),
            "position": (28, theme.MUTED, theme.SMALL_SIZE - 1, False, None),
        }
        self.texts = {
            name: Label(
                "",
                left,
                y,
                colour,
                size,
                box_width=PANEL_WIDTH,
                box_height=height,
                anchor_y="center",
                bold=bold,
                multiline=height is not None,
            )
            for name, (y, colour, size, bold, height) in specs.items()
        }
        half = PANEL_WIDTH / 2 - 6
        column = (left + half / 2, left + half * 1.5 + 12)
        # Translators: button: the moves of the turn are made, the other player rolls
        done = _("Done")
        self.done_button = Button(done, Rect(column[0], 400, half, 46), self.finish_turn, primary=True)
        # Translators: button: take back the last checker move of this turn
        self.undo_button = Button(_("Undo"), Rect(column[1], 400, half, 46), self.undo)
        # Translators: button: show the play the strongest bot would make
        self.hint_button = Button(_("Hint"), Rect(column[0], 344, half, 46), self.show_hint)
        # Translators: button: back to the main menu
        self.menu_button = Button(_("Menu"), Rect(column[1], 344, half, 46), self.to_menu)
        # Translators: button: save the match as a .mat file (a backgammon match record format)
        self.export_button = Button(_("Export .mat"), Rect(PANEL_X, 288, PANEL_WIDTH, 46), self.export)
        self.buttons = [
            self.done_button,
            self.undo_button,
            self.hint_button,
            self.export_button,
            self.menu_button,
        ]
        centre = OVERLAY_X

        def slot(dx: float) -> Rect:
            return Rect(centre + dx, layout.MIDDLE_Y - 70, 200, 48)

        self.over_buttons = [
            # Translators: button: play the next game of the match
            Button(_("Next game"), slot(-120), self.next_game, primary=True),
            # Translators: button: start a new match from 0 – 0
            Button(_("New match"), slot(120), self.new_match),
        ]
        self.offer_buttons = [
            # Translators: button: carry on with the match saved last time
            Button(_("Resume"), slot(-120), self.resume_saved, primary=True),
            # Translators: button: start a new match from 0 – 0
            Button(_("New match"), slot(120), self.decline_saved),
        ]
        width = OVERLAY_WIDTH - 2 * OVERLAY_PADDING
        self.offer_texts = [
            Label(
                _("Resume the saved match?"),
                centre,
                layout.MIDDLE_Y + 60,
                theme.ACCENT,
                theme.HEADING_SIZE + 4,
                box_width=width,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                "",
                centre,
                OVERLAY_LINE_Y,
                theme.TEXT,
                theme.BODY_SIZE + 1,
                box_width=width,
                box_height=OVERLAY_LINE_HEIGHT,
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            ),
        ]
        self.over_texts = [
            Label(
                "",
                centre,
                layout.MIDDLE_Y + 60,
                theme.ACCENT,
                theme.TITLE_SIZE - 8,
                box_width=width,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            ),
            Label(
                "",
                centre,
                OVERLAY_LINE_Y,
                theme.TEXT,
                theme.BODY_SIZE + 2,
                box_width=width,
                box_height=OVERLAY_LINE_HEIGHT,
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            ),
        ]

    def _build_textures(self) -> None:
        """Board, checkers and dice as textures at screen resolution; rebuilt after a resize."""
        scale = self.pixel_scale
        self.board_sprites.clear()
        board = board_image(self.palette, scale, numbers=self.settings.point_numbers)
        sprite = arcade.Sprite(
            arcade.Texture(
                board.convert("RGBA"),
                hash=f"tavla-board-{self.palette}-{scale:.4f}-{self.settings.point_numbers}",
            )
        )
        sprite.width = layout.BOARD_RIGHT - layout.BOARD_LEFT
        sprite.height = layout.BOARD_TOP - layout.BOARD_BOTTOM
        sprite.position = (
            (layout.BOARD_LEFT + layout.BOARD_RIGHT) / 2,
            (layout.BOARD_BOTTOM + layout.BOARD_TOP) / 2,
        )
        self.board_sprites.append(sprite)
        pixels = round(layout.CHECKER * scale)
        colours = (self.palette.white_checker, self.palette.black_checker)
        if self.settings.human_side == "black":
            colours = colours[::-1]
        self.checker_textures = [
            arcade.Texture(checker_image(colour, pixels), hash=f"checker-{colour}-{pixels}")
            for colour in colours
        ]
        slab = (round(layout.SLAB_WIDTH * scale), round(layout.SLAB_HEIGHT * scale))
        self.slab_textures = [
            arcade.Texture(slab_image(colour, slab), hash=f"slab-{colour}-{slab}") for colour in colours
        ]
        die_pixels = round(DIE_SIZE * scale)
        self.die_textures = {
            value: arcade.Texture(die_image(value, die_pixels), hash=f"die-{value}-{die_pixels}")
            for value in range(1, 7)
        }
        for (_seat, point), stack in self.stacks.items():
            for sprite in stack:
                self._dress(sprite, point)
        self._update_dice()

    def _dress(self, sprite: arcade.Sprite, point: int) -> None:
        """A round checker on the board, a slab seen edge on in the tray."""
        seat = sprite.properties["seat"]
        if point == layout.OFF_POINT:
            sprite.texture = self.slab_textures[seat]
            sprite.width, sprite.height = layout.SLAB_WIDTH, layout.SLAB_HEIGHT
        else:
            sprite.texture = self.checker_textures[seat]
            sprite.width = sprite.height = layout.CHECKER

    def on_scale_changed(self) -> None:
        self._build_textures()

    # --- checkers ---

    def _sync_checkers(self, board: State | None = None) -> None:
        """Put every checker where `board` (seat 0's side; the session's position by default) says."""
        board = board if board is not None else self.session.board()
        counts: dict[Location, int] = {
            (0, layout.OFF_POINT): board[0],
            (0, layout.BAR_POINT): board[25],
            (1, layout.BAR_POINT): board[26],
            (1, layout.OFF_POINT): board[27],
        }
        for point in range(1, 25):
            if board[point] > 0:
                counts[(0, point)] = board[point]
            elif board[point] < 0:
                counts[(1, point)] = -board[point]
        self.glides.clear()
        self.pending.clear()
        self.checker_sprites.clear()
        self.stacks = {}
        for (seat, point), count in counts.items():
            stack = self.stacks.setdefault((seat, point), [])
            for _index in range(count):
                sprite = arcade.Sprite(self.checker_textures[seat])
                sprite.properties["seat"] = seat
                self._dress(sprite, point)
                stack.append(sprite)
                self.checker_sprites.append(sprite)
        self._place(animate=False)

    def _place(self, animate: bool = True, duration: float | None = None) -> None:
        """Send every checker to its slot in its stack, gliding if it is not there yet."""
        for (seat, point), stack in self.stacks.items():
            for index, sprite in enumerate(stack):
                if self.drag is not None and sprite is self.drag.sprite:
                    continue
                target = layout.checker_position(seat, point, index, len(stack))
                current = next((g for g in self.glides if g.sprite is sprite), None)
                if current is not None and current.tween.end == target:
                    continue
                if current is not None:
                    self.glides.remove(current)
                if animate and sprite.position != target:
                    seconds = self.duration if duration is None else duration
                    self.glides.append(_Glide(sprite, Tween(sprite.position, target, seconds, self.easing)))
                else:
                    sprite.position = target

    def _move_sprite(self, seat: int, move: Move) -> None:
        """One checker of `seat` moves (in that seat's own numbering); a hit blot goes to the bar."""
        source = layout.to_display(seat, move[0])
        target = layout.to_display(seat, move[1])
        sprite = self.stacks[(seat, source)].pop()
        if target not in (layout.OFF_POINT,):
            blots = self.stacks.get((1 - seat, target), [])
            if blots:
                self.stacks.setdefault((1 - seat, layout.BAR_POINT), []).append(blots.pop())
        self.stacks.setdefault((seat, target), []).append(sprite)
        self._dress(sprite, target)
        self.checker_sprites.remove(sprite)
        self.checker_sprites.append(sprite)

    def _sprite_on(self, seat: int, point: int) -> arcade.Sprite | None:
        stack = self.stacks.get((seat, layout.to_display(seat, point)))
        return stack[-1] if stack else None

    @property
    def animating(self) -> bool:
        return bool(self.glides or self.pending or self.rolling > 0)

    # --- turns ---

    def _start_turn(self) -> None:
        """A fresh turn: roll the dice on screen; the rest happens in on_update."""
        self._clear_hint()
        self.targets = {}
        self.auto_commit = False
        self.rolling = ROLL_SECONDS if self.session.turn is not None else 0.0
        if self.session.phase is Phase.PASS:
            self.pass_wait = PASS_SECONDS + ROLL_SECONDS
            dice = self.session.game.dice
            # Translators: {name} is the player on roll (possibly "You"), {roll} the dice, e.g. 6-5
            message = _("{name}: no legal move with {roll}").format(
                name=self._name(self.session.seat), roll=f"{dice[0]}-{dice[1]}"
            )
            self.toast.show(message, PASS_SECONDS + 0.6)
        self._update_hud()

    def _after_animation(self) -> None:
        """Called when everything on the board has landed: the next thing in the turn may happen."""
        session = self.session
        phase = session.phase
        if phase is Phase.HUMAN:
            turn = session.turn
            assert turn is not None
            if turn.done and self.auto_commit:
                self.finish_turn()
                return
            if not turn.steps:
                moves = session.auto_play(self.settings.auto_forced_moves, self.settings.auto_bear_off)
                if moves:
                    for move in moves:
                        step = next(s for s in turn.options() if s.move == move)
                        turn.apply(step)
                        self.pending.append((session.seat, move))
                    self.auto_commit = True
        elif phase is Phase.COMPUTER and self.thinking is None and self.bot is not None:
            game = session.game
            state, dice = list(game.state), game.dice
            assert dice is not None
            self.thinking = _ask(self.bot.play, state, dice[0], dice[1])
        self._update_hud()

    def _collect_bot_answer(self) -> None:
        future = self.thinking
        if future is None or not future.done():
            return
        self.thinking = None
        seat = self.session.seat
        try:
            answer = future.result()
        except BaseException as error:  # noqa: BLE001 - a bot's failure ends its game, not the program
            reason = str(error) if isinstance(error, BotFault | UserError) else _exception_text(error)
            self.session.opponent_failed(reason)
            # Translators: the computer opponent crashed or gave no answer in time; {reason} says which;
            # the player wins the game
            self.toast.show(_("The opponent failed: {reason}").format(reason=reason), 5.0)
            self._update_hud()
            return
        steps = self.session.computer_play(answer)
        if self.session.game.over and self.session.result and self.session.result.disqualified is not None:
            # Translators: {name} is a bot; {reason} says what it did wrong
            message = _("{name} is disqualified: {reason}")
            self.toast.show(message.format(name=self._name(seat), reason=self.session.result.reason))
        for move, _before, _after in steps:
            self.pending.append((seat, move))
        if not self.session.game.over:
            self._start_turn()
        self._update_hud()

    def finish_turn(self) -> None:
        """Done / a click on the dice: the human's play is committed once every usable die is used."""
        session = self.session
        if (
            session.phase is not Phase.HUMAN
            or self.animating
            or session.turn is None
            or self.drag is not None
        ):
            return
        if not session.turn.done:
            self.toast.show(_("Use every die that can be used first."), 2.5)
            return
        session.commit_turn()
        if not session.game.over:
            self._start_turn()
        self._update_hud()

    def undo(self) -> None:
        turn = self.session.turn
        if self.session.phase is not Phase.HUMAN or turn is None or self.animating or not turn.steps:
            return
        if self.drag is not None:
            return
        self.auto_commit = False
        turn.undo()
        self._sync_to(turn.state, self.session.seat)

    def _sync_to(self, state: State, seat: int) -> None:
        """Glide every checker to a position given from `seat`'s side (after an undo)."""
        old: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
        for sprite in self.checker_sprites:
            old[sprite.properties["seat"]].append(sprite.position)
        self._sync_checkers(state if seat == 0 else flip(state))
        for sprite in self.checker_sprites:
            starts = old[sprite.properties["seat"]]
            target = sprite.position
            start = min(starts, key=lambda p: (p[0] - target[0]) ** 2 + (p[1] - target[1]) ** 2)
            starts.remove(start)
            sprite.position = start
        self._place()

    def _clear_hint(self) -> None:
        self.hint = []
        self.texts["hint"].text = ""

    def show_hint(self) -> None:
        session = self.session
        if session.phase is not Phase.HUMAN or session.turn is None:
            return
        turn = session.turn
        try:
            name, bot = strongest_bot(self.rules)
            answer = bot.play(list(turn.start), *turn.dice)
        except UserError as error:
            self.toast.show(str(error))
            return
        self.hint = list(parse_play(answer))
        name = bot_title(name)
        if answer:
            # Translators: {bot} is the bot giving the hint; {play} is a play in notation (24/18 13/11)
            self.texts["hint"].text = _("Hint ({bot}): {play}").format(bot=name, play=answer)
        else:
            # Translators: {bot} is the bot giving the hint; the roll cannot be played
            self.texts["hint"].text = _("Hint ({bot}): no move").format(bot=name)

    def export(self) -> None:
        try:
            path = new_export_path(data_dir() / "exports", export_mat(self.session.match, self._file_names()))
        except OSError as error:
            self.toast.show(_("could not export the match: {error}").format(error=error))
            return
        self.toast.show(_("Match exported to {path}").format(path=path))

    def next_game(self) -> None:
        if self.session.phase is Phase.GAME_OVER and not self.animating:
            self.session.new_game()
            self._sync_checkers()
            self._start_turn()
            self._announce_opening()

    def new_match(self) -> None:
        seed = self.rng.randrange(10**9)
        self.start_session(TableSession(self.rules, self.settings.match_length, self.opponent, seed))

    def _stop_bot(self) -> None:
        """End the bot's process, if it has one (a program or a Python file); a thread still waiting
        on it gets its answer as a failure and is forgotten."""
        self.thinking = None
        close_bot(self.bot)

    def to_menu(self) -> None:
        self.game_window.show_menu()

    def leave(self) -> None:
        """Keep a match in progress so the menu can offer to resume it."""
        try:
            if self.session.phase is Phase.MATCH_OVER:
                self.records.clear_game(SAVE_KIND)
            else:
                self.records.save_game(SAVE_KIND, dump_match(self.session.match, self._file_names()))
        except RecordsUnavailable as error:
            self.toast.show(str(error))
        self._stop_bot()

    def _file_names(self) -> tuple[str, str]:
        """The players as the match file and the .mat export name them: in English, whatever the language."""
        if self.opponent == HUMAN:
            return SIDES if self.settings.human_side == "white" else (SIDES[1], SIDES[0])
        return (YOU, self.opponent)

    def _name(self, seat: int, opponent: str | None = None) -> str:
        """A player as the table shows it: "You" and the bot, or the colours of two people at one desk."""
        opponent = self.opponent if opponent is None else opponent
        if opponent == HUMAN:
            if (seat == 0) == (self.settings.human_side == "white"):
                # Translators: the player of the light checkers, when two people play at one desk
                return _("White")
            # Translators: the player of the dark checkers, when two people play at one desk
            return _("Black")
        if seat == 0:
            # Translators: the person playing against a bot, as a name ("You 3 – 1 pubeval")
            return _("You")
        if _runs_code(opponent):
            return _short_name(opponent)
        return bot_title(opponent)

    def _is_you(self, seat: int) -> bool:
        """Whether `seat` is the person playing a bot (who is spoken to, not named)."""
        return seat == 0 and self.opponent != HUMAN

    # --- input ---

    def on_scene_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return
        if self.drag is not None:
            return
        if self.animating:
            self._skip_animation()
        if self.session.phase is not Phase.HUMAN or self.auto_commit:
            return
        turn = self.session.turn
        assert turn is not None
        seat = self.session.seat
        where = layout.location_at(x, y)
        if where is None:
            return
        if self._on_dice(x, y):
            self.finish_turn()
            return
        if where == layout.OFF_POINT:
            self._bear_off_any()
            return
        point = layout.from_display(seat, where)
        if point not in turn.movable_points():
            return
        sprite = self._sprite_on(seat, point)
        if sprite is None:
            return
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self._move_by_die(point, min(turn.remaining_dice))
            return
        self.drag = _Drag(sprite, point, (x, y), turn)
        self.targets = turn.destinations(point)
        self.checker_sprites.remove(sprite)
        self.checker_sprites.append(sprite)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        if self.drag is None:
            return
        wx, wy = self.to_world(x, y)
        if abs(wx - self.drag.start[0]) + abs(wy - self.drag.start[1]) > DRAG_THRESHOLD:
            self.drag.moved = True
        if self.drag.moved:
            self.drag.sprite.position = (wx, wy)

    def on_scene_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        targets, self.targets = self.targets, {}
        if self.session.turn is not drag.turn or self.session.phase is not Phase.HUMAN:
            self._place()
            return
        seat = self.session.seat
        if not drag.moved:
            now = time.monotonic()
            double = now - self.last_click[0] < DOUBLE_CLICK_SECONDS and self.last_click[1] == drag.source
            self.last_click = (now, drag.source)
            if double and layout.OFF_POINT in targets:
                self._play_steps(targets[layout.OFF_POINT])
            else:
                self._move_by_die(drag.source, max(drag.turn.remaining_dice, default=0))
            return
        where = layout.location_at(x, y)
        destination = None if where is None else layout.from_display(seat, where)
        if destination in targets:
            self._play_steps(targets[destination])
        else:
            self._place()

    def _move_by_die(self, point: int, die: int) -> None:
        turn = self.session.turn
        assert turn is not None
        step = turn.move_by_die(point, die) or next(
            (
                turn.move_by_die(point, other)
                for other in turn.remaining_dice
                if turn.move_by_die(point, other)
            ),
            None,
        )
        if step is None:
            self._place()
            return
        self._play_steps([step])

    def _bear_off_any(self) -> None:
        turn = self.session.turn
        assert turn is not None
        offs = [s for s in turn.options() if s.move[1] == layout.OFF_POINT]
        if offs:
            self._play_steps([max(offs, key=lambda s: s.move[0])])

    def _play_steps(self, steps: list[Step]) -> None:
        turn = self.session.turn
        assert turn is not None
        seat = self.session.seat
        for step in steps:
            if step not in turn.options():
                break
            turn.apply(step)
            self._move_sprite(seat, step.move)
        self._clear_hint()
        self._place(duration=self.duration * 0.8)
        self._update_hud()

    def _skip_animation(self) -> None:
        """A click during the computer's turn lands everything at once."""
        self.rolling = 0.0
        while self.pending:
            seat, move = self.pending.popleft()
            self._move_sprite(seat, move)
        self._place(animate=False)
        for glide in self.glides:
            glide.sprite.position = glide.tween.end
        self.glides.clear()

    def _on_dice(self, x: float, y: float) -> bool:
        """Over the dice, or between them: clicking the dice ends the turn, as on most tables."""
        shown = [sprite for sprite in self.dice_sprites if sprite.visible]
        if not shown:
            return False
        left = min(sprite.left for sprite in shown) - DICE_MARGIN
        right = max(sprite.right for sprite in shown) + DICE_MARGIN
        return left <= x <= right and abs(y - layout.MIDDLE_Y) <= DIE_SIZE / 2 + DICE_MARGIN

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if self.saved is not None:
            if matches(KEY_DONE, symbol, modifiers):
                self.resume_saved()
            elif matches(KEY_NEW, symbol, modifiers):
                self.decline_saved()
            return
        if matches(KEY_UNDO, symbol, modifiers):
            self.undo()
        elif matches(KEY_DONE, symbol, modifiers):
            if self.session.phase is Phase.GAME_OVER:
                self.next_game()
            else:
                self.finish_turn()
        elif matches(KEY_HINT, symbol, modifiers):
            self.show_hint()
        elif matches(KEY_NEW, symbol, modifiers) and self.session.phase is Phase.MATCH_OVER:
            self.new_match()

    def _overlay_buttons(self) -> list[Button]:
        """The buttons of the panel over the board, if one is up."""
        if self.saved is not None:
            return self.offer_buttons
        if self.session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and not self.animating:
            return self.over_buttons
        return []

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        overlay = self._overlay_buttons()
        if overlay:
            wx, wy = self.to_world(x, y)
            for widget in overlay:
                widget.on_mouse_press(wx, wy)
            return
        super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        overlay = self._overlay_buttons()
        if overlay:
            wx, wy = self.to_world(x, y)
            for widget in list(overlay):
                if widget.on_mouse_release(wx, wy):
                    break
            return
        super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        wx, wy = self.to_world(x, y)
        for button in [*self.over_buttons, *self.offer_buttons]:
            button.on_mouse_motion(wx, wy)

    # --- time ---

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)
        if self.saved is not None:
            return
        if self.rolling > 0:
            self.rolling = max(0.0, self.rolling - delta_time)
            self._update_dice()
        if self.glides:
            for glide in self.glides:
                glide.sprite.position = glide.tween.update(delta_time)
            self.glides = [g for g in self.glides if not g.tween.done]
        if not self.glides and self.pending and self.rolling <= 0:
            seat, move = self.pending.popleft()
            self._move_sprite(seat, move)
            self._place()
        if self.pass_wait > 0:
            self.pass_wait -= delta_time
            if self.pass_wait <= 0 and self.session.phase is Phase.PASS:
                self.session.pass_turn()
                if not self.session.game.over:
                    self._start_turn()
            return
        self._collect_bot_answer()
        if not self.animating and self.drag is None:
            self._after_animation()

    # --- drawing ---

    def _update_dice(self) -> None:
        """Show the dice of the turn: tumbling while they roll, dimmed once used. The four sprites are
        kept and only changed, so a frame allocates nothing."""
        if not hasattr(self, "die_textures"):
            return
        if not self.dice_sprites:
            for _index in range(4):
                sprite = arcade.Sprite(self.die_textures[1])
                self.dice_sprites.append(sprite)
        game, turn = self.session.game, self.session.turn
        shown: list[int] = []
        if game.dice is not None and turn is not None:
            values = list(game.dice)
            if self.rolling > 0:
                values = [self.rng.randint(1, 6), self.rng.randint(1, 6)]
            shown = values if values[0] != values[1] or self.rolling > 0 else values * 2
        half = layout.LEFT_HALF if self.session.seat == 1 else layout.RIGHT_HALF
        centre = (half[0] + half[1]) / 2
        remaining = list(turn.remaining_dice) if turn is not None else []
        for index, sprite in enumerate(self.dice_sprites):
            sprite.visible = index < len(shown)
            if not sprite.visible:
                continue
            value = shown[index]
            sprite.texture = self.die_textures[value]
            sprite.width = sprite.height = DIE_SIZE
            sprite.position = (centre + (index - (len(shown) - 1) / 2) * (DIE_SIZE + 10), layout.MIDDLE_Y)
            sprite.angle = self.rng.uniform(-25, 25) if self.rolling > 0 else 0
            if self.rolling <= 0 and value in remaining:
                remaining.remove(value)
                sprite.alpha = 255
            else:
                sprite.alpha = 255 if self.rolling > 0 else 90

    def _update_hud(self) -> None:
        session = self.session
        scores = session.match.scores
        shown = self._shown_board()
        own, other = pip_counts(shown)
        first, second = self._name(0), self._name(1)
        # Translators: the title of the table's side panel: the game's name (Turkish backgammon)
        self._set("title", _("Tavla"))
        # Translators: the two players, e.g. "You vs pubeval" or "White vs Black"
        self._set("players", _("{first} vs {second}").format(first=first, second=second))
        # Translators: the match score, e.g. "2 – 1   (to 5)"; {length} is the number of points that wins
        score = _("{mine} – {theirs}   (to {length})")
        self._set("score", score.format(mine=scores[0], theirs=scores[1], length=session.match.length))
        # Translators: {rules} is the rule set's name ("tavla" or "standard"); {number} counts the games
        # of the match so far
        rules = _("Rules: {rules} · game {number}")
        self._set("rules", rules.format(rules=_(self.rules.short_name), number=len(session.match.games)))
        # Translators: the pip counts (the pips each side still has to move): "Pips: You 167 · pubeval 150"
        pips = _("Pips: {first} {mine} · {second} {theirs}")
        self._set("pips", pips.format(first=first, mine=own, second=second, theirs=other))
        self._set("status", self._status())
        # Translators: {id} is a GNU Backgammon Position ID (letters and digits, not translated)
        self._set("position", _("Position ID {id}").format(id=position_id(shown)))
        human = session.phase is Phase.HUMAN
        turn = session.turn
        self.done_button.enabled = human and turn is not None and turn.done
        self.undo_button.enabled = human and turn is not None and bool(turn.steps)
        self.hint_button.enabled = human
        self._update_dice()
        if session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and session.result is not None:
            result = session.result
            you = self._is_you(result.winner)
            winner = self._name(result.winner)
            if session.phase is Phase.MATCH_OVER:
                # Translators: {name} is the winner of the match: a bot, or "White" or "Black"
                title = _("You win the match!") if you else _("{name} wins the match").format(name=winner)
            else:
                # Translators: {name} is the winner of the game: a bot, or "White" or "Black"
                title = _("You win") if you else _("{name} wins").format(name=winner)
            self.over_texts[0].text = title
            if result.kind is Outcome.DISQUALIFICATION and result.reason:
                # Translators: {reason} says what the bot did wrong
                kind = _("disqualification: {reason}").format(reason=result.reason)
            else:
                kind = _(result.kind.label)
            # Translators: how the game ended: {kind} is "single", "mars", "gammon" or "backgammon" (or
            # the disqualification), {points} the points won; then the match score
            line = ngettext(
                "{kind}, {points} point · match {mine} – {theirs}",
                "{kind}, {points} points · match {mine} – {theirs}",
                result.points,
            )
            self.over_texts[1].text = line.format(
                kind=kind, points=result.points, mine=scores[0], theirs=scores[1]
            )
            if session.phase is Phase.GAME_OVER:
                self.over_buttons[0].label = _("Next game")
                self.over_buttons[0].on_click = self.next_game
            else:
                self.over_buttons[0].label = _("Menu")
                self.over_buttons[0].on_click = self.to_menu

    def _shown_board(self) -> State:
        """The position on the table now, from seat 0's side, including moves of the turn in progress."""
        turn = self.session.turn
        if turn is None or self.session.game.over:
            return self.session.board()
        return turn.state if self.session.seat == 0 else flip(turn.state)

    def _status(self) -> str:
        session = self.session
        phase = session.phase
        seat = session.seat
        name = self._name(seat)
        you = self._is_you(seat)
        dice = session.game.dice
        roll = f"{dice[0]}-{dice[1]}" if dice else ""
        if phase is Phase.HUMAN:
            turn = session.turn
            assert turn is not None
            if turn.done:
                # Translators: {name} is the player on roll (possibly "You"), {roll} the dice, e.g. 3-1;
                # "Done" is the button that ends the turn
                return _("{name}: {roll} played. Click the dice or Done.").format(name=name, roll=roll)
            left = " ".join(map(str, turn.remaining_dice))
            if you:
                # Translators: {roll} is the roll, e.g. 3-1; {dice} the dice not used yet, e.g. "3 1"
                message = _("You to play {roll} (dice left: {dice}). Drag a checker.")
            else:
                # Translators: {name} is a player ("White" or "Black"); {roll} is the roll, e.g. 3-1;
                # {dice} the dice not used yet, e.g. "3 1"
                message = _("{name} to play {roll} (dice left: {dice}). Drag a checker.")
            return message.format(name=name, roll=roll, dice=left)
        if phase is Phase.COMPUTER:
            # Translators: {name} is a bot thinking about its play; {roll} is the roll, e.g. 3-1
            return _("{name} plays {roll}…").format(name=name, roll=roll)
        if phase is Phase.PASS:
            if you:
                # Translators: {roll} is the roll, e.g. 6-6, with which no checker can move
                return _("You cannot move with {roll}.").format(roll=roll)
            # Translators: {name} is the player on roll; {roll} is the roll, e.g. 6-6
            return _("{name} cannot move with {roll}.").format(name=name, roll=roll)
        return _("Game over")

    def _set(self, name: str, value: str) -> None:
        if self.texts[name].text != value:
            self.texts[name].text = value

    def draw_scene(self) -> None:
        self.board_sprites.draw()
        self._draw_highlights()
        self.checker_sprites.draw()
        self._draw_stack_counts()
        self.dice_sprites.draw()
        self._draw_hint()
        arcade.draw_rect_filled(XYWH(PANEL_X, 400, PANEL_WIDTH + 2 * PANEL_PADDING, 780), theme.PANEL)
        for text in self.texts.values():
            text.draw()
        if self.saved is not None:
            self._draw_panel(self.offer_texts, self.offer_buttons)
        elif self.session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and not self.animating:
            self._draw_panel(self.over_texts, self.over_buttons)
        # The half of the board without the dice, so a message never hides the roll.
        free = layout.RIGHT_HALF if self.session.seat == 1 else layout.LEFT_HALF
        self.toast.move_to((free[0] + free[1]) / 2, layout.MIDDLE_Y)
        self.toast.draw()

    def _draw_highlights(self) -> None:
        colour = (*self.palette.highlight, 110)
        seat = self.session.seat
        if self.drag is not None:
            for destination in self.targets:
                shown = layout.to_display(seat, destination)
                self._highlight(shown, colour)
        elif self.session.phase is Phase.HUMAN and not self.animating and self.session.turn is not None:
            for point in self.session.turn.movable_points():
                shown = layout.to_display(seat, point)
                stack = self.stacks.get((seat, shown), [])
                if stack:
                    top = stack[-1].position
                    arcade.draw_circle_outline(
                        top[0], top[1], layout.CHECKER / 2 + 1, (*self.palette.highlight, 200), 3
                    )

    def _highlight(self, point: int, colour: tuple[int, int, int, int]) -> None:
        if point == layout.OFF_POINT:
            height = layout.INNER_TOP - layout.INNER_BOTTOM
            arcade.draw_rect_filled(XYWH(layout.TRAY_X, layout.MIDDLE_Y, layout.TRAY_WIDTH, height), colour)
            return
        shape = layout.point_shape(point)
        half = layout.POINT_WIDTH / 2
        arcade.draw_triangle_filled(
            shape.x - half, shape.base_y, shape.x + half, shape.base_y, shape.x, shape.tip_y, colour
        )

    def _draw_stack_counts(self) -> None:
        """Stacks taller than the point shows are labelled with their count on the top checker."""
        for (seat, point), stack in self.stacks.items():
            if len(stack) <= layout.MAX_SPREAD or point == layout.OFF_POINT:
                continue
            label = self.count_labels.get((seat, point))
            if label is None:
                light = self.checker_textures[seat] is self.checker_textures[self._light_seat]
                colour = (40, 40, 40) if light else (235, 235, 235)
                label = Label(
                    "",
                    0,
                    0,
                    colour,
                    16,
                    box_width=layout.CHECKER - 8,
                    anchor_x="center",
                    anchor_y="center",
                    bold=True,
                )
                self.count_labels[(seat, point)] = label
            if label.text != str(len(stack)):
                label.text = str(len(stack))
            label.position = stack[-1].position
            label.draw()

    @property
    def _light_seat(self) -> int:
        """The seat playing the light checkers."""
        return 0 if self.settings.human_side == "white" else 1

    def _draw_hint(self) -> None:
        seat = self.session.seat
        for start, end in self.hint:
            a = (
                layout.checker_position(seat, layout.to_display(seat, start), 0, 1)
                if start != 25
                else (layout.BAR_X, layout.MIDDLE_Y)
            )
            b = (
                layout.checker_position(seat, layout.to_display(seat, end), 0, 1)
                if end != 0
                else (layout.TRAY_X, layout.INNER_BOTTOM + 40)
            )
            arcade.draw_line(a[0], a[1], b[0], b[1], (*self.palette.highlight, 230), 5)
            arcade.draw_circle_filled(b[0], b[1], 9, (*self.palette.highlight, 230))

    def _draw_panel(self, texts: list[Label], buttons: list[Button]) -> None:
        rect = XYWH(OVERLAY_X, layout.MIDDLE_Y, OVERLAY_WIDTH, OVERLAY_HEIGHT)
        arcade.draw_rect_filled(rect, (16, 18, 26, 235))
        arcade.draw_rect_outline(rect, theme.ACCENT, 2)
        for text in texts:
            text.draw()
        for button in buttons:
            button.draw()


def _ask(function, *arguments) -> concurrent.futures.Future:  # type: ignore[no-untyped-def]
    """Run the bot in a daemon thread of its own: a bot that never answers is never waited for, neither
    by the table (which polls the future) nor at exit."""
    future: concurrent.futures.Future = concurrent.futures.Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(function(*arguments))
        except BaseException as error:  # noqa: BLE001 - handed to the table as the bot's failure
            future.set_exception(error)

    threading.Thread(target=run, name="tavla-bot", daemon=True).start()
    return future


def _runs_code(opponent: str) -> bool:
    """Whether playing `opponent` starts code of the player's: a program (cmd:) or a Python file/module."""
    return opponent != HUMAN and (opponent.startswith(EXTERNAL_PREFIX) or opponent not in bot_names())


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _short_name(name: str) -> str:
    """A program or a Python file of the player's as the table names it: its words without their
    folders (cmd:python my_bot.py), cut to NAME_CHARS."""
    prefix = EXTERNAL_PREFIX if name.startswith(EXTERNAL_PREFIX) else ""
    words = [word.rsplit("/", 1)[-1] or word for word in name[len(prefix) :].split(" ")]
    return _shorten(prefix + " ".join(words), NAME_CHARS)


def _shown_command(name: str, limit: int) -> str:
    """A program's command line or a file's path for the table: long words keep their end (the file's
    name), and the whole is cut to `limit` characters."""
    prefix = EXTERNAL_PREFIX if name.startswith(EXTERNAL_PREFIX) else ""
    words = name[len(prefix) :].split(" ")
    words = [word if len(word) <= WORD_CHARS else "…" + word[-(WORD_CHARS - 1) :] for word in words]
    return _shorten(prefix + " ".join(words), limit)


def _exception_text(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
