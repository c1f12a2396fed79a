// A tavla bot in JavaScript (Node.js) speaking the line protocol of docs/bot-protocol.md.
//
//   python main.py tournament --bots "cmd:node examples/js/bot.js",greedy --games 100
//
// For each decision it reads one line: the 28 integers of the state (from its own side) then the two
// dice. It writes one line: its play, e.g. "24/18 13/11" (25 = bar, 0 = off), or "" for no move.
// It finds the legal plays itself and picks the one whose position scores best in evaluate().
//
// The doubling cube (python main.py tournament --rules standard --cube ...): when TAVLA_CUBE=1 is in
// its environment it writes "cube on" at once, and then also gets cube questions, each one line:
//   double <28 ints> <cube value> <owner: centre|me|opponent> <match length, 0 = money> <my score>
//          <their score> <crawford 0|1> <jacoby 0|1>        answered "double" or "no double"
//   take <the same fields>                                  answered "take" or "pass"
"use strict";

const readline = require("readline");

const BAR = 25;
const OFF = 0;
const THEIR_BAR = 26;

// Every single move one die allows: enter from the bar first, else move or bear off.
function movesForDie(board, die) {
  if (board[BAR] > 0) {
    const target = BAR - die;
    return board[target] >= -1 ? [[BAR, target]] : [];
  }
  let highest = 0;
  for (let point = 24; point >= 1; point--) {
    if (board[point] > 0) { highest = point; break; }
  }
  const allHome = highest <= 6;
  const moves = [];
  for (let point = 1; point <= 24; point++) {
    if (board[point] <= 0) continue;
    const target = point - die;
    if (target >= 1) {
      if (board[target] >= -1) moves.push([point, target]);
    } else if (allHome && (target === 0 || point === highest)) {
      moves.push([point, OFF]);
    }
  }
  return moves;
}

// The board after one move (a copy), hitting a lone opponent checker if there is one.
function applyMove(board, [start, end]) {
  const after = board.slice();
  after[start] -= 1;
  if (end === OFF) after[OFF] += 1;
  else if (after[end] === -1) { after[end] = 1; after[THEIR_BAR] += 1; }
  else after[end] += 1;
  return after;
}

// Every legal play as {moves, board}: as many dice as possible; with one die only, the larger if it
// can be played (legal under both the tavla and the standard rule sets).
function legalPlays(state, die1, die2) {
  const dice = die1 === die2 ? [die1, die1, die1, die1] : [die1, die2];
  const found = [];
  function extend(board, left, moves, used) {
    let progressed = false;
    left.forEach((die, index) => {
      if (left.indexOf(die) !== index) return;            // doubles: try each value once
      for (const move of movesForDie(board, die)) {
        if (die1 === die2 && moves.length && move[0] > moves[moves.length - 1][0]) continue;
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

// How good a position is for me after my play: higher is better.
function evaluate(board) {
  let score = 10 * board[OFF] + 4 * board[THEIR_BAR];
  for (let point = 1; point <= 24; point++) {
    const mine = board[point];
    if (mine >= 2) score += point <= 6 ? 3 : 1.5;
    else if (mine === 1 && (board[THEIR_BAR] > 0 || board.slice(1, point).some((n) => n < 0))) {
      score -= 2 + point / 12;
    }
    if (mine > 0) score -= 0.05 * mine * point;
  }
  return score;
}

function play(state, die1, die2) {
  const plays = legalPlays(state, die1, die2);
  if (!plays.length) return "";
  let best = plays[0];
  for (const candidate of plays) if (evaluate(candidate.board) > evaluate(best.board)) best = candidate;
  return best.moves.map(([start, end]) => `${start}/${end}`).join(" ");
}

// In a race (no checker can hit any more), my lead in pips as a share of my count; null in contact.
function raceLead(state) {
  const mine = [];
  const theirs = [];
  for (let point = 1; point <= 24; point++) {
    if (state[point] > 0) mine.push(point);
    if (state[point] < 0) theirs.push(point);
  }
  if (state[BAR] || state[THEIR_BAR] || Math.max(0, ...mine) > Math.min(25, ...theirs)) return null;
  let myPips = 0;
  let theirPips = 0;
  for (let point = 1; point <= 24; point++) {
    if (state[point] > 0) myPips += point * state[point];
    if (state[point] < 0) theirPips += (25 - point) * -state[point];
  }
  return (theirPips - myPips) / Math.max(myPips, 1);
}

// Before my roll: double a race I lead by 8% of my count or more.
function double(state, cube) {
  const lead = raceLead(state);
  return lead !== null && lead >= 0.08;
}

// The opponent doubled: take unless it leads a race by more than 12% (its side is the flipped board).
function take(state, cube) {
  const flipped = [state[27], ...state.slice(1, 25).reverse().map((n) => -n), state[26], state[25], state[0]];
  const lead = raceLead(flipped);
  return lead === null || lead <= 0.12;
}

if (process.env.TAVLA_CUBE === "1") process.stdout.write("cube on\n");

// One answer line per input line, written whole to the pipe as it comes.
const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] === "double" || words[0] === "take") {
    const state = words.slice(1, 29).map(Number);
    const [value, owner, length, mine, theirs, crawford, jacoby] = words.slice(29);
    const cube = { value: Number(value), owner, length: Number(length), mine: Number(mine),
      theirs: Number(theirs), crawford: crawford === "1", jacoby: jacoby === "1" };
    if (words[0] === "double") process.stdout.write(double(state, cube) ? "double\n" : "no double\n");
    else process.stdout.write(take(state, cube) ? "take\n" : "pass\n");
    return;
  }
  const numbers = words.map(Number);
  process.stdout.write(play(numbers.slice(0, 28), numbers[28], numbers[29]) + "\n");
});
