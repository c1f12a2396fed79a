import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A tavla bot in Java, like the seed contest's TavlaOyuncusu ("tavla player"), speaking the line
 * protocol of docs/bot-protocol.md.
 *
 * <pre>
 *   python main.py tournament --bots "cmd:java examples/java/TavlaOyuncusu.java",greedy --games 100
 *   (Java 11+ runs the source file directly; or compile once: javac -d build examples/java/TavlaOyuncusu.java
 *    and enter "cmd:java -cp build TavlaOyuncusu", which starts faster)
 * </pre>
 *
 * oyna(durum, zar1, zar2) is the seed's function: durum ("state") is the 28 integers from this bot's
 * side, zar1 and zar2 the dice; it returns the play, e.g. "24/18 13/11" (25 = bar, 0 = off), or "" for
 * no move. It finds the legal plays itself and picks the one whose position scores best.
 */
public class TavlaOyuncusu {
    static final int BAR = 25, OFF = 0, THEIR_BAR = 26;

    /** One legal play: its moves (from, to), the dice they used, and the board after them. */
    static final class Play {
        final List<int[]> moves;
        final List<Integer> used;
        final int[] board;

        Play(List<int[]> moves, List<Integer> used, int[] board) {
            this.moves = moves;
            this.used = used;
            this.board = board;
        }
    }

    /** Every single move one die allows: enter from the bar first, else move or bear off. */
    static List<int[]> movesForDie(int[] board, int die) {
        List<int[]> moves = new ArrayList<>();
        if (board[BAR] > 0) {
            int target = BAR - die;
            if (board[target] >= -1) moves.add(new int[] {BAR, target});
            return moves;
        }
        int highest = 0;
        for (int point = 24; point >= 1; point--) {
            if (board[point] > 0) { highest = point; break; }
        }
        boolean allHome = highest <= 6;
        for (int point = 1; point <= 24; point++) {
            if (board[point] <= 0) continue;
            int target = point - die;
            if (target >= 1) {
                if (board[target] >= -1) moves.add(new int[] {point, target});
            } else if (allHome && (target == 0 || point == highest)) {
                moves.add(new int[] {point, OFF});
            }
        }
        return moves;
    }

    /** The board after one move (a copy), hitting a lone opponent checker if there is one. */
    static int[] applyMove(int[] board, int[] move) {
        int[] after = board.clone();
        after[move[0]] -= 1;
        if (move[1] == OFF) after[OFF] += 1;
        else if (after[move[1]] == -1) { after[move[1]] = 1; after[THEIR_BAR] += 1; }
        else after[move[1]] += 1;
        return after;
    }

    /**
     * Every legal play: as many dice as possible; with one die only, the larger if it can be played
     * (legal under both the tavla and the standard rule sets).
     */
    static List<Play> legalPlays(int[] state, int die1, int die2) {
        List<Integer> dice = new ArrayList<>();
        for (int i = 0; i < (die1 == die2 ? 4 : 1); i++) dice.add(die1);
        if (die1 != die2) dice.add(die2);
        List<Play> found = new ArrayList<>();
        extend(state.clone(), dice, new ArrayList<>(), new ArrayList<>(), die1 == die2, found);
        int most = 0;
        for (Play play : found) most = Math.max(most, play.moves.size());
        List<Play> best = new ArrayList<>();
        if (most == 0) return best;
        for (Play play : found) if (play.moves.size() == most) best.add(play);
        if (most == 1 && die1 != die2) {
            List<Play> larger = new ArrayList<>();
            for (Play play : best) if (play.used.get(0) == Math.max(die1, die2)) larger.add(play);
            if (!larger.isEmpty()) best = larger;
        }
        return best;
    }

    static void extend(int[] board, List<Integer> left, List<int[]> moves, List<Integer> used,
                       boolean doubles, List<Play> found) {
        boolean progressed = false;
        for (int index = 0; index < left.size(); index++) {
            int die = left.get(index);
            if (left.indexOf(die) != index) continue;       // doubles: try each value once
            for (int[] move : movesForDie(board, die)) {
                if (doubles && !moves.isEmpty() && move[0] > moves.get(moves.size() - 1)[0]) continue;
                progressed = true;
                List<Integer> rest = new ArrayList<>(left);
                rest.remove(index);
                List<int[]> nextMoves = new ArrayList<>(moves);
                nextMoves.add(move);
                List<Integer> nextUsed = new ArrayList<>(used);
                nextUsed.add(die);
                extend(applyMove(board, move), rest, nextMoves, nextUsed, doubles, found);
            }
        }
        if (!progressed) found.add(new Play(moves, used, board));
    }

    /** How good a position is for me after my play: higher is better. Improve me! */
    static double evaluate(int[] board) {
        double score = 10.0 * board[OFF] + 4.0 * board[THEIR_BAR];
        for (int point = 1; point <= 24; point++) {
            int mine = board[point];
            if (mine >= 2) {
                score += point <= 6 ? 3.0 : 1.5;
            } else if (mine == 1) {
                boolean threatened = board[THEIR_BAR] > 0;
                for (int p = 1; p < point && !threatened; p++) threatened = board[p] < 0;
                if (threatened) score -= 2.0 + point / 12.0;
            }
            if (mine > 0) score -= 0.05 * mine * point;
        }
        return score;
    }

    /** The seed's function ("play"): the chosen play for this position and these dice. */
    public String oyna(int[] durum, int zar1, int zar2) {
        List<Play> plays = legalPlays(durum, zar1, zar2);
        if (plays.isEmpty()) return "";
        Play best = plays.get(0);
        for (Play play : plays) if (evaluate(play.board) > evaluate(best.board)) best = play;
        StringBuilder text = new StringBuilder();
        for (int[] move : best.moves) {
            if (text.length() > 0) text.append(' ');
            text.append(move[0]).append('/').append(move[1]);
        }
        return text.toString();
    }

    /** The line protocol: one line of 30 integers in, one line out, flushed at once. */
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintStream out = new PrintStream(System.out, false, "US-ASCII");
        TavlaOyuncusu player = new TavlaOyuncusu();
        String line;
        while ((line = in.readLine()) != null) {
            String[] tokens = line.trim().split("\\s+");
            int[] durum = new int[28];
            for (int i = 0; i < 28; i++) durum[i] = Integer.parseInt(tokens[i]);
            out.print(player.oyna(durum, Integer.parseInt(tokens[28]), Integer.parseInt(tokens[29])) + "\n");
            out.flush();
        }
    }
}
