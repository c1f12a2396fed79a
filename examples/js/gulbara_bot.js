// A Gul bara bot in JavaScript (Node.js) speaking the line protocol of docs/bot-protocol.md.
//
//   python main.py tournament --rules gulbara --bots "cmd:node examples/js/gulbara_bot.js",greedy --games 100
//
// Gul bara (docs/tavla-games.md): both sides run the same way round, nobody hits, and one checker
// holds a point. For each decision it reads one line: the 28 integers of the position (from its own
// side: mine > 0, the opponent's < 0, bars always 0) then the two dice; it writes its play, e.g.
// "24/18 24/19" (0 = off), or "" for no move. The cascade of doubles comes as one decision per double.
// It finds the legal plays itself and picks the one whose position scores best in evaluate().
"use strict";

const readline = require("readline");

const OFF = 0;
// The opponent's way round in my numbers: from its start (my 12) down to 1, then 24 down to 13.
const THEIR_ROUTE = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13];

// Every single move one die allows: onto an empty point or one of mine, or off once all are home.
function movesForDie(board, die) {
  let highest = 0;
  for (let point = 24; point >= 1; point--) {
    if (board[point] > 0) { highest = point; break; }
  }
  const moves = [];
  for (let point = 1; point <= 24; point++) {
    if (board[point] <= 0) continue;
    const target = point - die;
    if (target >= 1) {
      if (board[target] >= 0) moves.push([point, target]);
    } else if (highest <= 6 && (target === 0 || point === highest)) {
      moves.push([point, OFF]);
    }
  }
  return moves;
}

function applyMove(board, [start, end]) {
  const after = board.slice();
  after[start] -= 1;
  after[end] += 1; // end 0 is my borne-off count
  return after;
}

// Every legal play as {moves, board}: as many dice as possible; with one die only, the larger one.
function legalPlays(state, die1, die2) {
  const dice = die1 === die2 ? [die1, die1, die1, die1] : [die1, die2];
  const found = [];
  function extend(board, left, moves, used) {
    let progressed = false;
    left.forEach((die, index) => {
      if (left.indexOf(die) !== index) return;
      for (const move of movesForDie(board, die)) {
        progressed = true;
        const rest = left.slice(0, index).concat(left.slice(index + 1));
        extend(applyMove(board, move), rest, moves.concat([move]), used.concat([die]));
      }
    });
    if (!progressed) found.push({ moves, used, board });
  }
  extend(state.slice(), dice, [], []);
  const most = Math.max(...found.map((item) => item.moves.length));
  if (most === 0) return [];
  let best = found.filter((item) => item.moves.length === most);
  if (most === 1 && die1 !== die2) {
    const larger = best.filter((item) => item.used[0] === Math.max(die1, die2));
    if (larger.length) best = larger;
  }
  return best;
}

// Higher is better for me: checkers off, few pips to go, points held just in front of theirs.
function evaluate(board) {
  let score = 3 * board[OFF];
  for (let point = 1; point <= 24; point++) if (board[point] > 0) score -= 0.1 * board[point] * point;
  THEIR_ROUTE.forEach((point, index) => {
    if (board[point] <= 0) return;
    for (let step = 1; step <= 6 && index - step >= 0; step++) {
      if (board[THEIR_ROUTE[index - step]] < 0) score += 0.6 / (step + 1);
    }
  });
  return score;
}

function play(state, die1, die2) {
  const plays = legalPlays(state, die1, die2);
  if (!plays.length) return "";
  let best = plays[0];
  for (const candidate of plays) if (evaluate(candidate.board) > evaluate(best.board)) best = candidate;
  return best.moves.map(([start, end]) => `${start}/${end}`).join(" ");
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const numbers = line.trim().split(/\s+/).map(Number);
  const state = numbers.slice(0, 28);
  process.stdout.write(play(state, numbers[28], numbers[29]) + "\n");
});
lines.on("close", () => process.exit(0));
