"""The table's frame: the side panel, the end card and the dice brought up to date with the session, and
what is drawn: the board, the panel and its buttons from a cached layer (painted again only when one of
them changes), the marks, checkers, cube, dice, notes and dialogs over it every frame.

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the board picture,
the checker stacks, the dice, the panels, the dialogs and the toasts this draws.
"""

from game.core.text.i18n import _
from game.tavla.engine.moves import dice_left
from game.tavla.engine.position import State
from game.tavla.engine.table_session import HUMAN, Phase
from game.tavla.record.archive import from_opening
from game.tavla.record.save import player_names
from game.tavla.screens import layout
from game.tavla.screens.table import captions, cube_captions, marks
from game.tavla.screens.table.dice_panel import commitment_text
from game.tavla.screens.table.overlays import OVERLAY_X
from game.tavla.screens.table.resign_captions import status_text as resign_status
from game.ui import theme
from game.ui.sound import result_event

LAST_PLAY = theme.TEAL  # the computer's last play's marks, apart from the hint's (the palette's highlight)


class TableDrawing:
    """The panel kept up to date with the session, and the table drawn."""

    def _update_dice(self) -> None:
        replay = self.replay
        if replay is not None:
            shown = replay.moves[: len(replay.moves) - len(self.checkers.pending)]
            left = dice_left(replay.start, *replay.dice, shown)
            self.dice.show(replay.dice, left, replay.seat, False, self.rng)
            return
        game, turn = self.session.game, self.session.turn
        dice = game.dice if turn is not None else None
        remaining = list(turn.remaining_dice) if turn is not None else []
        self.dice.show(dice, remaining, self.session.seat, self.rolling > 0, self.rng)

    def _update_hud(self) -> None:
        if self.replay is not None:
            return  # the panel shows the position before the computer's play until its checkers land
        session = self.session
        self.panel.moves.set_rows(captions.move_rows(session.game))
        compact = self.compact
        note = cube_captions.rules_note(session, compact)
        texts = captions.panel_texts(session, self._shown_board(), session.rules, self.players, compact, note)
        texts["status"] = (
            resign_status(session, self.players, compact)
            or cube_captions.status_text(session, self.players)
            or texts["status"]
        )
        texts["dice"] = commitment_text(session.match)
        self.panel.set_texts(texts)
        human = session.phase is Phase.HUMAN
        turn = session.turn
        self.panel.done_button.enabled = human and turn is not None and turn.done
        self.panel.undo_button.enabled = human and turn is not None and bool(turn.steps)
        self.panel.hint_button.enabled = human or session.phase in (Phase.ROLL, Phase.ANSWER)
        if self.panel.replay_button is not None:
            self.panel.replay_button.enabled = self.computers_last_play() is not None
        if self.panel.resign_button is not None:
            self.panel.resign_button.enabled = self.may_resign_now()
        rules = session.game.rules
        # A match file starts at the opening: a position set up in the lab has none to write.
        self.panel.export_button.enabled = from_opening(session.match)
        self.over.buttons[2].enabled = rules.analysable
        self.update_resign_texts()
        self.roll_question.texts[0].text = cube_captions.roll_title(session)
        if session.phase is Phase.ANSWER:
            question = self.beaver_question if session.may_beaver else self.take_question
            question.texts[0].text, question.texts[1].text = cube_captions.take_texts(session, self.players)
        self._update_dice()
        if session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and session.result is not None:
            title, line = captions.result_texts(session, self.players)
            if session.phase is Phase.MATCH_OVER and rules.analysable:
                names = player_names(self.opponent, self.settings.human_side)
                if (error := self.archive.keep(session.match, names)) is not None:
                    self.toast.show(error)
                if self.opponent != HUMAN:
                    self.history.keep(session.match, names)
            self.over.texts[0].text, self.over.texts[1].text = title, line
            if session.phase is Phase.MATCH_OVER:
                self.dice_panel.show(session.match, (self.players.name(0), self.players.name(1)))
            if not self.animating:
                event = result_event(session.result.winner, self.opponent == HUMAN)
                self.shell.sounds.once(session.result, event)
            primary, second = self.over.buttons[:2]
            if session.phase is Phase.GAME_OVER:
                primary.label, primary.on_click = _("Next game"), self.next_game
            else:
                primary.label, primary.on_click = _("Menu"), self.to_menu
            money = session.match.money
            if money and session.phase is Phase.GAME_OVER:
                # Translators: button on the card after a game of a money session: end the session here
                second.label, second.on_click = _("Stop"), self.stop_session
            elif money:
                # Translators: button: start a new money session from 0 – 0
                second.label, second.on_click = _("New session"), self.new_match
            else:
                second.label, second.on_click = _("New match"), self.new_match

    def _shown_board(self) -> State:
        """The position on the table now, from seat 0's side, including moves of the turn in progress."""
        turn = self.session.turn
        if turn is None or self.session.game.over:
            return self.session.board()
        return turn.state if self.session.seat == 0 else self.session.game.variant.flip(turn.state)

    def on_draw(self) -> None:
        """The board, the side panel and its buttons come from the cached layer (painted again only when
        one of them changes); what moves or lies over them is drawn every frame."""
        # Two people at one desk: the point numbers turn for the player on roll.
        numbers_for = self.session.seat if self.players.opponent == HUMAN else 0
        self.board.number_for(numbers_for, self.session.game.variant)
        self.layer.draw(self._layer_key(), self._draw_layer)
        with self.camera.activate():
            self.draw_scene()

    def _layer_key(self) -> tuple[object, ...]:
        """Everything the cached layer shows that can change."""
        panel, ranked = self.panel, self.hint_panel
        rows = [(*(label.text for label in row.texts), row.rect.y, row.chosen) for row in ranked.rows]
        return (
            tuple(self.camera.viewport),
            id(self.board.sprites[0].texture) if self.board.sprites else None,
            tuple(label.text for label in panel.texts.values()),
            (tuple(panel.moves.rows), panel.moves.first),
            (
                ranked.shown,
                ranked.heading.text,
                ranked.depth.text,
                tuple(label.text for label in ranked.columns),
                tuple(rows),
            ),
            tuple((id(b), b.label, b.enabled, b.hovered, b.pressed) for b in self.buttons),
        )

    def _draw_layer(self) -> None:
        with self.camera.activate():
            self.board.draw()
            self.panel.draw()
            self.hint_panel.draw()
            for button in self.buttons:
                button.draw()

    def draw_scene(self) -> None:
        """What moves or lies over the cached layer: marks, checkers, cube, dice, notes and dialogs."""
        self._draw_highlights()
        self.checkers.draw(self.smallest_text)
        shown = self.last_play_marks
        if shown is not None:
            marks.draw_last_play(shown, LAST_PLAY, self.seat_colours[1])
        turn = self.session.turn  # a judged play's arrows in its verdict's colour, until the next begins
        moving = self.animating or self.drag is not None or self.auto_commit or bool(turn and turn.steps)
        self.tutor.draw_verdict(self.session.game, hidden=moving)
        if self.replay is None:
            self.hint_panel.draw_ghosts(None if self.session.turn is None else self.session.turn.state)
        self.cube_drawing.draw(self.session.game, self.palette.highlight)
        self.dice.draw()
        if self.replay is None:
            marks.draw_hint(self.hint_arrows, self.palette.highlight)
        self.checkers.draw_held()
        self.note.draw()
        self.overlays.draw()
        if self._dice_panel_shown():
            self.dice_panel.draw(self.compact)
        dialog = self.overlays.top
        if dialog is not None:
            # Above the dialog, so a message never hides the question.
            top = dialog.rect.y + dialog.rect.height / 2
            self.toast.move_to(OVERLAY_X, (top + layout.INNER_TOP) / 2)
        else:
            # The half of the board without the dice, so a message never hides the roll.
            free = layout.RIGHT_HALF if self.session.seat == 1 else layout.LEFT_HALF
            self.toast.move_to((free[0] + free[1]) / 2, layout.MIDDLE_Y)
        self.toast.draw()

    def _draw_highlights(self) -> None:
        seat, turn = self.session.seat, self.session.turn
        if self.drag is not None:
            marks.draw_targets(seat, self.targets, self.palette.highlight, self.session.game.variant)
        elif self.session.phase is Phase.HUMAN and not self.animating and turn is not None:
            tops = (self.checkers.top(seat, point) for point in turn.movable_points())
            marks.draw_movable((top.position for top in tops if top is not None), self.palette.highlight)
