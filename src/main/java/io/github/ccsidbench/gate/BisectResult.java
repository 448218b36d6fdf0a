package io.github.ccsidbench.gate;

import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.RunEnvironment;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything a bisection found, as bisect.json holds it, so bisect.json and bisect.md agree (docs/gate.md, "Which commit").
 *
 * @param outcome what the bisection concluded
 * @param exitCode the command's exit status: 0 for an answer, 1 when it stopped
 * @param answer the answer in one sentence
 * @param descent where the descent into the answer's merge went and why it stopped (null: none)
 * @param good the good end
 * @param bad the bad end
 * @param benchmark the benchmark the bisection followed (null when the ends were not slower)
 * @param otherSlower other benchmarks the ends' comparison found slower (the bisection followed the slowest)
 * @param commits the commits after good up to bad on the first-parent history
 * @param culprit the first slower commit, when one was found (inside a merge: the commit inside)
 * @param merge the merge on the first-parent history that brought the culprit, when the bisection went into it
 * @param change the culprit's measured change against its parent (or the range's, or the ends')
 * @param range the commits the answer could not split (skipped, spread, or left by an undecided step)
 * @param largestSteps for a spread slowdown: the largest measured changes between probed commits
 * @param steps every comparison measured or judged, in order
 * @param skipped commits skipped, with why
 * @param thresholds the gate's thresholds every step was judged with
 * @param pairs pairs of forks kept over all steps
 * @param mode duet or interleaved, and the forks' own arguments
 * @param continueCommand when it stopped, the command that goes on from the range left (else null)
 * @param environment where and how the bisection ran, with its wall time
 */
public record BisectResult(Outcome outcome, int exitCode, String answer, String descent, Commit good, Commit bad,
                           String benchmark, List<String> otherSlower, int commits, Commit culprit, Commit merge, Step change,
                           List<Commit> range, List<Step> largestSteps, List<Step> steps, List<Skip> skipped,
                           GateThresholds thresholds, int pairs, String mode, String continueCommand, RunEnvironment environment) {

    /** What a bisection concluded. */
    public enum Outcome {
        /** One commit made it slower, confirmed against its parent on fresh pairs. */
        FOUND,
        /** The first slower commit is one of a few that the bisection could not tell apart because some were skipped. */
        FOUND_IN_RANGE,
        /** The ends differ, but the slowdown is spread: no single step between probed commits reaches the threshold. */
        SPREAD,
        /** Stopped with the range narrowed so far, never a guess (an undecided step or answer, a failure, the budget). */
        UNDECIDED,
        /** The bad end is not slower than the good end by the failure threshold. */
        NOT_SLOWER
    }

    /** A commit as the answer names it. */
    public record Commit(String id, String shortId, String subject) {
    }

    /** A commit the bisection skipped, and why (no build, a benchmark that could not run there). */
    public record Skip(String id, String shortId, String subject, String why) {
    }

    /**
     * One comparison, {@code commit} against {@code against}, measured, or judged equal unmeasured ({@code pairs} 0).
     *
     * @param number the step's number (shared by the comparisons of one midpoint)
     * @param what what was compared, e.g. "midpoint against the good end"
     * @param commit the candidate's id (short)
     * @param subject the candidate's subject
     * @param against the base's id (short)
     * @param verdict the gate's verdict for the followed benchmark (or for the slowest, at the ends)
     * @param ratio candidate / base (NaN when not measured)
     * @param low the interval's lower bound
     * @param high its upper bound
     * @param coverage the interval's coverage
     * @param pSlower the p-value against "slower"
     * @param pairs pairs of forks the verdict rests on
     * @param pairsKept pairs of forks kept in that gate run (screening and confirmation)
     * @param conclusion what the bisection concluded from it
     * @param folder where the gate's own files for it are (relative to the output folder), or null
     */
    public record Step(int number, String what, String commit, String subject, String against, String verdict, double ratio,
                       double low, double high, double coverage, double upper, double upperLevel, double pSlower, int pairs,
                       int pairsKept, String conclusion, String folder) {

        Step concluding(String value) {
            return new Step(number, what, commit, subject, against, verdict, ratio, low, high, coverage, upper, upperLevel, pSlower,
                    pairs, pairsKept, value, folder);
        }
    }

    /** Writes bisect.json and bisect.md into {@code dir}, each atomically. */
    void write(Path dir) {
        AtomicFiles.writeString(dir.resolve(Bisection.BISECT_JSON), toJson());
        AtomicFiles.writeString(dir.resolve(Bisection.BISECT_MD), BisectMarkdown.of(this));
    }

    /** bisect.json's text. */
    String toJson() {
        return GateFiles.PRETTY.toJson(this) + "\n";
    }
}
