"""The bot tournament (docs/commands.md#tournament): a round robin between any bots of the registry, in
parallel processes.

Every pair plays N games (N even). Games 2k and 2k+1 of a pair use the same dice with the seats swapped,
so each bot plays the other's rolls ("duplicate" dice): both sides are played equally and much of the
luck cancels. Each game's dice, the built-in random bot and Python's global `random` are seeded from
(seed, the two names, the game's number), so the results do not depend on --jobs, on which worker plays
which game, or on the other bots entered.

A bot that answers an illegal play, garbage, nothing in time, or crashes loses that game by the rule
set's maximum (FORFEIT_POINTS); the position, dice, answer and reason are written to the
disqualification log. A bot disqualified in MAX_CONSECUTIVE_FAULTS games in a row is abandoned: it
forfeits all its later games without being started again. That rule is applied in schedule order by a
`Ledger`, never in finishing order, so it cannot make results depend on --jobs either.

With --jobs 1 the games run in this process; with more, in that many worker processes (spawned, so no
thread of this process is copied into them). Ctrl+C stops the workers, kills every external bot, and
reports the games finished so far. External programs are handled by game/tavla/players/protocol.py.

The modules, each one job: `schedule` (which games, which dice), `ledger` (folding results in schedule
order, abandoning failing bots), `referee` (one game and its time limits), `pool` (running the schedule
here or in worker processes), `stopping` (stop signals, exit codes), `figures` (tallies, intervals, the
report), `report` (tables, log, --json, progress bar) and `round_robin` (the entries checked, the whole
round robin played: `run_tournament`). The command itself is game/tavla/commands/tournament.py.
"""

from game.tavla.tournament.figures import Tally
from game.tavla.tournament.ledger import MAX_CONSECUTIVE_FAULTS, Scoreboard
from game.tavla.tournament.pool import play_schedule
from game.tavla.tournament.round_robin import run_tournament
from game.tavla.tournament.schedule import Schedule, schedule
from game.tavla.tournament.stopping import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK

__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "MAX_CONSECUTIVE_FAULTS",
    "Schedule",
    "Scoreboard",
    "Tally",
    "play_schedule",
    "run_tournament",
    "schedule",
]
