"""The practice deck: the player's own doubtful, bad and very bad plays and cube decisions, one card per
position (its GNU Backgammon ID, which holds the dice, the cube and the score, under its rule set), kept
in the records (``practice_cards``) and scheduled by FSRS (the `fsrs` package, the scheduler Anki uses)
rather than by a scheduler of our own.

A card answered is judged as the analysis judges (game/tavla/analysis/decisions.py `ranked_plays` at the
card's stakes, 0-ply; a cube card from the three equities the analysis found) and rescheduled at once
by how it went: the best play is Good, a play within the doubtful threshold Hard, worse Again. So a
practice round can stop at any card and nothing is lost. The clock is a parameter (seconds since the
epoch) so the schedule can be tested on a fake one.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from game.core.errors import UserError
from game.core.records import Records
from game.core.text.i18n import _
from game.tavla.analysis.cube import DOUBLE, DROP, NO_DOUBLE, TAKE, shown_action
from game.tavla.analysis.decisions import DOUBTFUL, MILLI, Decision, Mark, ranked_plays
from game.tavla.engine.cube import MatchScore
from game.tavla.engine.notation import display_play, format_play, parse_play
from game.tavla.engine.position import State, format_state, parse_integers
from game.tavla.engine.rules import Rules, TableGames
from game.tavla.engine.study_position import read_gnubg_id
from game.tavla.eval.judge import JudgedPlay
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.stakes import Stakes
from game.tavla.progress.rows import DATE, KeptRows, typed_rows

MARKED = (Mark.DOUBTFUL.value, Mark.BAD.value, Mark.VERY_BAD.value)
_COLUMNS = (
    "rules, gnubg_id, kind, state, dice, your_play, best_play, loss, mark, cube_equities, stakes,"
    " added_at, due, schedule, reviews"
)
_SCHEDULER = Scheduler(enable_fuzzing=False)  # the same answers give the same days, in tests and at play


@dataclass(frozen=True)
class PracticeCard:
    """A position to practise: `kind` "move" (the `dice` to play) or "cube" (`your_play` the action
    taken: double or no double before the roll, take or drop facing a double; `cube_equities` the
    doubler's no double, double/take, double/pass); `stakes` what the results were worth then, `due`
    and `added_at` seconds since the epoch, `schedule` FSRS's card as its JSON."""

    rules: str
    gnubg_id: str
    kind: str
    state: str
    dice: str
    your_play: str
    best_play: str
    loss: float
    mark: str
    cube_equities: str
    stakes: str
    added_at: float
    due: float
    schedule: str
    reviews: int = 0

    @property
    def position(self) -> State:
        """The card's position, checked as its game's (Plakoto's has 52 integers)."""
        return Rules.parse(self.rules).variant.validate(parse_integers(self.state))

    @property
    def roll(self) -> tuple[int, int] | None:
        return (int(self.dice[0]), int(self.dice[1])) if self.dice else None

    @property
    def taker(self) -> bool:
        """A cube card of the answer to a double (take or pass), else of the doubler's."""
        return self.kind == "cube" and self.your_play in (TAKE, DROP)

    def shown(self, play: str) -> str:
        """A play or action of this card in a player's form (`24/16`, `pass`; "" for none)."""
        if self.kind == "cube":
            return shown_action(play) if play else ""
        return display_play(self.position, parse_play(play)) if play else ""


_RANGES = {"added_at": DATE, "due": DATE, "reviews": (0, 2**31), "loss": (0.0, 1e9)}
"""What the game writes in a card's row beyond its types (game/tavla/progress/rows.py)."""


def _check_card(card: PracticeCard) -> None:
    """Refuse a card whose rules, position, roll, stakes or schedule does not read (ValueError or
    UserError): shown or answered it would fail."""
    Rules.parse(card.rules)
    card.position  # noqa: B018 - parsed for the check
    if card.kind not in ("move", "cube") or (card.kind == "move") != bool(card.dice):
        raise ValueError(f"kind {card.kind!r:.40}")
    roll = card.roll
    if roll is not None and (len(card.dice) != 2 or not all(1 <= die <= 6 for die in roll)):
        raise ValueError(f"dice {card.dice!r:.40}")
    if card.kind == "cube":
        cube_choices(card)
    stakes_of(card)
    Card.from_dict(json.loads(card.schedule))


def _stakes_text(stakes: Stakes | None) -> str:
    if stakes is None:
        return ""
    score = stakes.score
    match = None if score is None else [score.length, score.mine, score.theirs, score.crawford]
    return json.dumps({"score": match, "cube": stakes.cube})


def stakes_of(card: PracticeCard) -> Stakes:
    """The stakes a card was played at (money points when none were kept)."""
    rules = Rules.parse(card.rules)
    if not card.stakes:
        return Stakes(rules)
    data = json.loads(card.stakes)
    score = None if data["score"] is None else MatchScore(*data["score"])
    return Stakes(rules, score, int(data["cube"]))


def _new_schedule(now: float) -> tuple[str, float]:
    """A new FSRS card due at once (its id from the clock, as fsrs numbers cards)."""
    card = Card(card_id=int(now * 1000), due=datetime.fromtimestamp(now, UTC))
    return json.dumps(card.to_dict()), now


def cards_of(
    decisions: Sequence[Decision], rules: Rules, now: float, marked_only: bool = True
) -> list[PracticeCard]:
    """The practice cards of a player's marked decisions (any decision chosen when not `marked_only`;
    forced plays have nothing to practise)."""
    cards: dict[tuple[str, str], PracticeCard] = {}
    for decision in decisions:
        unmarked = marked_only and decision.mark.value not in MARKED
        if unmarked or decision.forced or (rules.hits and not decision.gnubg_ids[0]):
            continue
        schedule, due = _new_schedule(now)
        dice = "" if decision.dice is None else f"{decision.dice[0]}{decision.dice[1]}"
        equities = "" if decision.cube_equities is None else json.dumps(list(decision.cube_equities))
        gnubg_id = ":".join(decision.gnubg_ids) if rules.hits else position_key(decision.state, dice)
        cards[(gnubg_id, decision.kind)] = PracticeCard(
            str(rules), gnubg_id, decision.kind, format_state(decision.state), dice, decision.action,
            decision.best, decision.loss, decision.mark.value, equities, _stakes_text(decision.stakes),
            now, due, schedule,
        )  # fmt: skip
    return list(cards.values())


def position_key(state: State, dice: str) -> str:
    """A card's key in a game GNU Backgammon's IDs do not hold (Plakoto, Fevga, Gul bara): a short hash
    of the position and the roll (the card keeps the position itself)."""
    return hashlib.sha256(f"{format_state(state)}@{dice}".encode()).hexdigest()[:16]


def put_cards(db: sqlite3.Connection, cards: Sequence[PracticeCard]) -> None:
    """Inside a write: add the cards; a position already in the deck keeps its schedule and takes the
    latest play made in it (one added by ID has none, and changes nothing)."""
    marks = ", ".join("?" * 15)
    db.executemany(
        f"INSERT INTO practice_cards ({_COLUMNS}) VALUES ({marks}) ON CONFLICT (rules, gnubg_id, kind)"
        " DO UPDATE SET your_play = excluded.your_play, loss = excluded.loss, mark = excluded.mark"
        " WHERE excluded.your_play != ''",
        [_row(card) for card in cards],
    )


def _row(card: PracticeCard) -> tuple:
    return (
        card.rules, card.gnubg_id, card.kind, card.state, card.dice, card.your_play, card.best_play,
        card.loss, card.mark, card.cube_equities, card.stakes, card.added_at, card.due, card.schedule,
        card.reviews,
    )  # fmt: skip


@dataclass(frozen=True)
class Judgement:
    """How an answer went: what it lost against the best (millipoints at the card's stakes), the best
    answer, the ranked answers (text, equity) best first, and FSRS's rating of it."""

    answer: str
    best: str
    loss: float
    ranked: tuple[tuple[str, float], ...]
    rating: Rating

    @property
    def right(self) -> bool:
        return self.loss <= 0.0


def rating_of(loss: float) -> Rating:
    """FSRS's rating of an answer losing `loss` millipoints: the best Good, a small slip Hard, else Again."""
    if loss <= 0.0:
        return Rating.Good
    return Rating.Hard if loss <= DOUBTFUL else Rating.Again


def ranked_answers(card: PracticeCard, level: JudgeLevel = DEFAULT_LEVEL) -> list[JudgedPlay]:
    """Every legal play of a move card, best first, at the card's stakes, as the judge of `level` (the
    Settings' one, which the analysis and the hint ask too) ranks them."""
    rules = Rules.parse(card.rules)
    dice = card.roll
    assert dice is not None
    results = rules.variant.legal_results(card.position, dice[0], dice[1])
    made = [after for play, after in results if format_play(play) == format_play(parse_play(card.your_play))]
    # the play the card was made of judged as deep as the best, as the analysis judged it
    return judge_for(rules, level).rank_results(card.position, dice, results, stakes_of(card), keep=made)


def judge_move(card: PracticeCard, play: str, ranked: Sequence[JudgedPlay]) -> Judgement:
    """A play of a move card (in the notation, per die) judged against `ranked` (`ranked_answers`);
    UserError when it is not a legal play of the card."""
    wanted = format_play(parse_play(play))
    chosen = next((one for one in ranked if one.text == wanted), None)
    if chosen is None:
        # Translators: {play} is a play such as 24/18 13/11
        raise UserError(_("{play} is not a legal play in this position").format(play=play or "-"))
    best = ranked[0]
    loss = max(best.equity - chosen.equity, 0.0) * MILLI
    listed = tuple((one.text, one.equity) for one in ranked)
    return Judgement(chosen.text, best.text, loss, listed, rating_of(loss))


def cube_choices(card: PracticeCard) -> list[tuple[str, float]]:
    """A cube card's answers with their equities for the one deciding, best first."""
    no_double, take, drop = json.loads(card.cube_equities)
    if card.taker:
        choices = [(TAKE, -take), (DROP, -drop)]
    else:
        choices = [(NO_DOUBLE, no_double), (DOUBLE, min(take, drop))]
    return sorted(choices, key=lambda choice: -choice[1])


def judge_cube(card: PracticeCard, action: str) -> Judgement:
    """A cube card's answer (double or no double; take or drop) judged by the equities kept with it."""
    choices = cube_choices(card)
    equity = dict(choices).get(action)
    if equity is None:
        # Translators: {action} is what was answered; {known} the answers of this question
        message = _("{action} is not an answer here; answer {known}")
        raise UserError(message.format(action=repr(action), known=", ".join(name for name, _ in choices)))
    loss = max(choices[0][1] - equity, 0.0) * MILLI
    return Judgement(action, choices[0][0], loss, tuple(choices), rating_of(loss))


class Deck:
    """The practice deck in the records; `clock` gives seconds since the epoch."""

    def __init__(self, records: Records | None = None, clock: Callable[[], float] = time.time) -> None:
        self.records = records if records is not None else Records()
        self.clock = clock

    def cards(self, rules: str | None = None) -> KeptRows[PracticeCard]:
        """Every card (of one game, or of the Tavli match's three, when `rules` names it), the soonest
        due first; a damaged card (a value the game never writes, a date out of range, a position, roll
        or schedule that does not read) is left out and counted (`skipped`)."""
        query = f"SELECT {_COLUMNS} FROM practice_cards ORDER BY due, added_at, gnubg_id"
        rows = self.records.transaction(lambda db: db.execute(query).fetchall())
        if rules is not None:  # a game's name, or the Tavli match's (its three games' cards)
            wanted = {str(one) for one in TableGames.parse(rules).rotation}
            rows = [row for row in rows if row[0] in wanted]
        return typed_rows(PracticeCard, rows, _RANGES, _check_card)

    def due(self, rules: str | None = None) -> KeptRows[PracticeCard]:
        """The cards due now (of one game when `rules` names it), the longest waiting first (`skipped`
        counts the damaged ones of the deck)."""
        now = self.clock()
        cards = self.cards(rules)
        return KeptRows([card for card in cards if card.due <= now], cards.skipped)

    def due_count(self) -> int:
        """How many cards `due` gives (the damaged ones not counted)."""
        return len(self.due())

    def answer(self, card: PracticeCard, judgement: Judgement) -> PracticeCard:
        """Reschedule `card` by how `judgement` went, written at once; the card as it is now."""
        now = self.clock()
        fsrs_card = Card.from_dict(json.loads(card.schedule))
        moment = datetime.fromtimestamp(now, UTC)
        fsrs_card, _log = _SCHEDULER.review_card(fsrs_card, judgement.rating, moment)
        due = fsrs_card.due.timestamp()
        schedule = json.dumps(fsrs_card.to_dict())
        self.records.transaction(
            lambda db: db.execute(
                "UPDATE practice_cards SET due = ?, schedule = ?, reviews = reviews + 1"
                " WHERE rules = ? AND gnubg_id = ? AND kind = ?",
                (due, schedule, card.rules, card.gnubg_id, card.kind),
            ),
            write=True,
        )
        return PracticeCard(*_row(card)[:12], due, schedule, card.reviews + 1)

    def add_by_id(self, text: str, rules: Rules, level: JudgeLevel = DEFAULT_LEVEL) -> PracticeCard:
        """A position given by its GNU Backgammon ID (POSITION_ID:MATCH_ID, with the dice rolled) as a
        card of its best play; UserError when the ID cannot be read or has no dice to play."""
        return self.add_new_by_id(text, rules, level)[0]

    def add_new_by_id(
        self, text: str, rules: Rules, level: JudgeLevel = DEFAULT_LEVEL
    ) -> tuple[PracticeCard, bool]:
        """`add_by_id`, and whether the card is new: a position already in the deck is left as it is
        (its card, as kept, and False)."""
        setup = read_gnubg_id(text)
        if setup.dice is None:
            # Translators: a position added to the practice deck must have its roll (the Match ID holds it)
            raise UserError(_("this ID has no dice: practice needs a position with the roll to play"))
        key = (str(rules), setup.gnubg_id, "move")
        rows = self.records.transaction(
            lambda db: db.execute(
                f"SELECT {_COLUMNS} FROM practice_cards WHERE rules = ? AND gnubg_id = ? AND kind = ?", key
            ).fetchall()
        )
        kept = typed_rows(PracticeCard, rows, _RANGES, _check_card)
        if kept:
            return kept[0], False
        now = self.clock()
        moment = setup.moment
        score = None
        if moment.length:
            mine, theirs = moment.score[moment.on_roll], moment.score[1 - moment.on_roll]
            score = MatchScore(moment.length, mine, theirs, moment.crawford)
        stakes = Stakes(rules, score, moment.cube)
        ranked = ranked_plays(setup.state, setup.dice, judge_for(rules, level), n=1, stakes=stakes)
        if not ranked:
            raise UserError(_("this roll cannot be played in this position: there is nothing to practise"))
        schedule, due = _new_schedule(now)
        dice = f"{setup.dice[0]}{setup.dice[1]}"
        card = PracticeCard(
            str(rules), setup.gnubg_id, "move", format_state(setup.state), dice, "", ranked[0].text, 0.0,
            "", "", _stakes_text(stakes), now, due, schedule,
        )  # fmt: skip
        self.records.transaction(lambda db: put_cards(db, [card]), write=True)
        return card, not rows  # a damaged card of this position stays as it was: not added

    def add(self, cards: Sequence[PracticeCard]) -> None:
        """Cards made elsewhere (a mistake chosen on the analysis screen) into the deck."""
        self.records.transaction(lambda db: put_cards(db, cards), write=True)
