"""An analysed match as the `analyse` command prints it (game/tavla/commands/analyse.py) and as its JSON.

The report gives the reader's warnings about the file first (points counted as GNU Backgammon counts them
where the file writes others, games after the match not read), then says its units (millipoints of EMG at
the match score with the match-winning chance they stand for, or millipoints of money points) and the
level it judged at, then gives per game and for the match each player's error rate, rating, marks and
luck per roll in the same units, for the match also the checker play's and the cube's error rates apart
with the cube's counts (missed doubles, wrong doubles, takes and passes), then the five worst decisions
with the best play, in the words of the analysis screen (game/tavla/analysis/figures.py): plays in GNU
Backgammon's form, moves numbered as the table's move list numbers them, a drop called a pass. `--json`
writes every decision so other tools (and the analysis screen) can read them without running the
evaluator again; its contract fields keep the per-die plays and the action names (`drop`), with the
players' forms beside them (`shown_play`, `shown_best`, `shown_dice`).
"""

from __future__ import annotations

from typing import Any

from game.core.text.i18n import _, ngettext
from game.tavla.analysis import figures
from game.tavla.analysis.decisions import Decision, MatchAnalysis, PlayerSummary
from game.tavla.engine.notation import display_dice
from game.tavla.engine.position import format_state, position_id

JSON_FORMAT = "fifteen-tavla analysis"
JSON_VERSION = 2  # 2: match play in EMG, every roll's cube decision, the checker and cube figures apart
WORST = 5
_CHANCES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
_CUBE = ("no_double", "double_take", "double_pass")


def report(analysis: MatchAnalysis) -> list[str]:
    """The units; per game and for the match each player's figures; then the worst decisions."""
    record = analysis.record
    emg = analysis.emg
    # Translators: a line before the analysis report; {warning} says what the match file's reader read
    # past or counted otherwise than the file writes
    lines = [_("warning: {warning}").format(warning=warning) for warning in record.warnings]
    lines += [figures.units_text(emg), figures.judged_text(analysis.judged_by)]
    for game in analysis.games:
        score = record.games[game.number - 1].score
        # Translators: {number} is the game's number; {first} and {second} the scores before it
        lines.append(
            _("Game {number} ({first}-{second})").format(number=game.number, first=score[0], second=score[1])
        )
        lines.extend(f"  {_player_line(player, emg)}" for player in game.players)
    # Translators: a heading of the analysis report; {length} is the match length in points
    match = ngettext("Match to {length} point", "Match to {length} points", record.length)
    heading = match.format(length=record.length) if record.length else _("Money session")
    lines.append(heading)
    for player in analysis.players:
        lines.append(f"  {_player_line(player, emg)}")
        lines.append(f"    {_parts_line(player, analysis.cube, emg)}")
    worst = analysis.worst(WORST)
    if worst:
        lines.append(_("Worst decisions"))
        for decision in worst:
            lines.append(f"  {_decision_line(decision, record.names, emg)}")
            lines.extend(f"    {why}" for why in decision.why)
    return lines


def _player_line(player: PlayerSummary, emg: bool) -> str:
    rating = _(player.rating) if player.rating else "-"
    # Translators: one player's line of the analysis report; {rate} is e.g. "64.8 mEMG (1.093% MWC)", the
    # mean loss per decision; {luck} in the same units, per roll, e.g. "+11.6 mEMG (+0.216% MWC)"
    message = _(
        "{name}: error rate {rate} per decision ({rating}), PR {pr:.1f}, {decisions} decisions, "
        "doubtful {doubtful}, bad {bad}, very bad {very_bad}; luck {luck} per roll"
    )
    return message.format(
        name=player.name,
        pr=player.performance_rating,
        rate=figures.error_rate(player, emg),
        rating=rating,
        decisions=player.decisions,
        doubtful=player.doubtful,
        bad=player.bad,
        very_bad=player.very_bad,
        luck=figures.luck_rate(player, emg),
    )


def _parts_line(player: PlayerSummary, cube: bool, emg: bool) -> str:
    """The checker play's error rate, and with the cube its error rate and counts."""
    # Translators: under a player's line of the analysis report; {rate} e.g. "72.8 mEMG (1.232% MWC)", the
    # mean loss per unforced play; {plays} how many
    checker = _("checker play {rate} per move ({plays} unforced)").format(
        rate=figures.amount(player.checker_error_rate, player.checker_mwc_rate, emg),
        plays=player.checker_decisions,
    )
    if not cube:
        return checker
    # Translators: after the checker play's figures; {rate} as there, per cube decision counted (close or
    # acted on); then how many doubles were missed, how many doubles, takes, passes were wrong
    message = _(
        "cube {rate} per decision ({decisions} decisions): missed doubles {missed}, wrong doubles "
        "{doubles}, wrong takes {takes}, wrong passes {passes}"
    )
    parts = message.format(
        rate=figures.amount(player.cube_error_rate, player.cube_mwc_rate, emg),
        decisions=player.cube_decisions,
        missed=player.missed_doubles,
        doubles=player.wrong_doubles,
        takes=player.wrong_takes,
        passes=player.wrong_passes,
    )
    return f"{checker}; {parts}"


def _decision_line(decision: Decision, names: tuple[str, str], emg: bool) -> str:
    name = names[decision.player]
    mark = _(decision.mark.value) if decision.mark else "-"
    if decision.kind == "cube":
        # Translators: {move} numbers the move list's line; {action} and {best} are cube actions (double,
        # take, pass); {loss} e.g. "415.0 mEMG (8.012% MWC)"
        message = _(
            "game {game}, move {move}, {name}, before the roll: {action}, best {best}, loses {loss}, {mark}"
        )
    else:
        # Translators: {move} numbers the move list's line; {action} is the roll and the play, e.g.
        # "63: 24/15", {best} a play; {loss} e.g. "415.0 mEMG (8.012% MWC)"
        message = _("game {game}, move {move}, {name}: {action}, best {best}, loses {loss}, {mark}")
    return message.format(
        game=decision.game,
        move=decision.move,
        name=name,
        action=figures.play_text(decision),
        best=figures.best_text(decision),
        loss=figures.loss_amount(decision, emg),
        mark=mark,
    )


def analysis_json(analysis: MatchAnalysis) -> dict[str, Any]:
    """Everything the analysis found, with the players keyed by their names as the file writes them."""
    record = analysis.record
    names = _keys(record.names)
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "rules": str(record.rules),
        "length": record.length,
        "level": analysis.level,
        "judged_by": analysis.judged_by,
        "cube": analysis.cube,
        "scale": "emg" if analysis.emg else "points",
        "units": _units(analysis.emg),
        "warnings": list(record.warnings),
        "players": _players_json(analysis.players, names),
        "games": [
            {
                "number": game.number,
                "score": list(record.games[game.number - 1].score),
                "winner": _name(record.games[game.number - 1].winner, names),
                "points": record.games[game.number - 1].points,
                "players": _players_json(game.players, names),
            }
            for game in analysis.games
        ],
        "decisions": [_decision_json(decision, names) for decision in analysis.decisions],
        "series": [
            {"game": p.game, "turn": p.turn, "player": names[p.player], "win": p.win, "equity": p.equity}
            | ({} if p.mwc is None else {"mwc": p.mwc})
            for p in analysis.series
        ],
    }


def _units(emg: bool) -> dict[str, str]:
    unit = "millipoints EMG" if emg else "millipoints"
    units = {
        "loss": unit,
        "error_rate": f"{unit} per decision",
        "luck": unit,
        "luck_rate": f"{unit} per roll",
    }
    return units | ({"mwc": "match-winning chance, a fraction"} if emg else {})


def _keys(names: tuple[str, str]) -> tuple[str, str]:
    """The players' keys: their names, the second marked when both are the same."""
    return names if names[0] != names[1] else (names[0], f"{names[1]} (2)")


def _name(seat: int | None, names: tuple[str, str]) -> str | None:
    return None if seat is None else names[seat]


def _players_json(players: tuple[PlayerSummary, PlayerSummary], names: tuple[str, str]) -> dict[str, Any]:
    return {
        names[seat]: {
            "decisions": player.decisions,
            "error_rate": round(player.error_rate, 3),
            "performance_rating": round(player.performance_rating, 2),
            "total_loss": round(player.total_loss, 3),
            "rating": player.rating,
            "doubtful": player.doubtful,
            "bad": player.bad,
            "very_bad": player.very_bad,
            "luck": round(player.luck, 3),
            "result": player.result,
            "luck_adjusted": round(player.luck_adjusted, 4),
            "checker_decisions": player.checker_decisions,
            "checker_error_rate": round(player.checker_error_rate, 3),
            "checker_loss": round(player.checker_loss, 3),
            "cube_decisions": player.cube_decisions,
            "cube_error_rate": round(player.cube_error_rate, 3),
            "cube_loss": round(player.cube_loss, 3),
            "cube_total": player.cube_total,
            "doubles": player.doubles,
            "takes": player.takes,
            "passes": player.passes,
            "missed_doubles": player.missed_doubles,
            "wrong_doubles": player.wrong_doubles,
            "wrong_takes": player.wrong_takes,
            "wrong_passes": player.wrong_passes,
            "rolls": player.rolls,
            "luck_rate": round(player.luck_rate, 3),
            "mwc_loss": round(player.mwc_loss, 6),
            "mwc_error_rate": round(player.mwc_error_rate, 6),
            "mwc_luck": round(player.mwc_luck, 6),
        }
        for seat, player in enumerate(players)
    }


def _decision_json(decision: Decision, names: tuple[str, str]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "kind": decision.kind,
        "game": decision.game,
        "turn": decision.turn + 1,
        "player": names[decision.player],
        "position": format_state(decision.state),
        "position_id": position_id(decision.state),
        "dice": None if decision.dice is None else list(decision.dice),
        "play": decision.action,
        "best": decision.best,
        "equity": round(decision.equity, 5),
        "best_equity": round(decision.best_equity, 5),
        "loss": round(decision.loss, 3),
        "mark": decision.mark.value or None,
        "luck": None if decision.luck is None else round(decision.luck, 3),
        "forced": decision.forced,
        "counted": decision.counted,
        "move": decision.move,
        "shown_dice": None if decision.dice is None else display_dice(*decision.dice),
        "shown_play": figures.shown_play(decision, decision.action),
        "shown_best": figures.best_text(decision),
        "mwc_loss": round(decision.mwc_loss, 6),
        "gnubg_id": ":".join(decision.gnubg_ids),
        "why": list(decision.why),
    }
    if decision.cube_equities is not None:
        entry["cube_equities"] = dict(zip(_CUBE, (round(e, 5) for e in decision.cube_equities), strict=True))
    if decision.ranked:
        entry["ranked"] = [
            {"play": play.text, "shown_play": figures.shown_play(decision, play.text)}
            | {"equity": round(play.equity, 5), "plies": play.plies}
            | {key: round(value, 5) for key, value in zip(_CHANCES, play.chances, strict=True)}
            for play in decision.ranked
        ]
    return entry
