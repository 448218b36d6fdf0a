package io.github.ccsidbench.steady;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The iteration-length suspect measured inside one JVM, so that the host's drift cancels between adjacent blocks as
 * it does inside a pair (docs/how-sure.md, "Accuracy"): first the suite's own fork ({@link ForkDriver#run}, its warm-up
 * rule and 100 ms iterations, until its rule stops it), then {@link #BLOCKS} blocks in the order short, long, long,
 * short, ...: a short block is ten 100 ms iterations, a long block one 1 s iteration, each made by the same driver (its
 * recorder, ruler and GC profiler between iterations), so that only the iteration's length differs.
 *
 * <p>Usage: {@code IterationBlocksDriver REQUEST OUTCOME BLOCKS [SHORT_MS]}: SHORT_MS (default 100, a divisor of 1000)
 * is a short block's iteration, which it repeats to fill 1 s. Reads the suite's {@link ForkRequest}, writes the
 * suite part's {@link ForkOutcome} to OUTCOME and one line per block to BLOCKS: its iteration length in milliseconds,
 * then its iterations' scores. A block that fails ends the fork with exit status 2 and writes neither file.
 */
public final class IterationBlocksDriver {

    private IterationBlocksDriver() {
    }

    /** Blocks after the suite's fork: 6 short and 6 long, in ABBA order, which cancels a linear drift. */
    static final int BLOCKS = 12;

    /** {@code s} for a fork of exactly {@code n} iterations: the rule stops it at its cap, never earlier, and no stretch. */
    public static SteadySettings exactly(SteadySettings s, int n) {
        return new SteadySettings(s.equivalence(), s.minSteady(), s.targetHalfWidth(), n, n, s.slowPhase(), s.penalty(), 1);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3 && args.length != 4) {
            System.err.println("usage: IterationBlocksDriver REQUEST OUTCOME BLOCKS [SHORT_MS]");
            System.exit(2);
        }
        long shortMillis = args.length == 4 ? Long.parseLong(args[3]) : 100;
        if (shortMillis <= 0 || shortMillis >= 1000 || 1000 % shortMillis != 0) {
            System.err.println("SHORT_MS must divide 1000 and be below it: " + shortMillis);
            System.exit(2);
        }
        ForkRequest suite = ForkRequest.read(Path.of(args[0]));
        ForkOutcome first = ForkDriver.run(suite, ForkTimeline.empty());
        StringBuilder lines = new StringBuilder();
        for (int b = 0; b < BLOCKS && first.failure() == null; b++) {
            boolean shortBlock = b % 4 == 0 || b % 4 == 3;
            long millis = shortBlock ? shortMillis : 1000;
            int n = shortBlock ? (int) (1000 / shortMillis) : 1;
            ForkOutcome block = ForkDriver.run(new ForkRequest(suite.include(), suite.params(), millis,
                    exactly(suite.steady(), n), suite.gcProfiler(), suite.rulerFastLevel()), ForkTimeline.empty());
            if (block.failure() != null || block.scores().length != n) {
                System.err.println("block " + (b + 1) + ": " + (block.failure() != null ? block.failure()
                        : block.scores().length + " iterations, not " + n));
                System.exit(2);
            }
            lines.append(millis);
            for (double score : block.scores()) {
                lines.append(' ').append(String.format(Locale.ROOT, "%.4f", score));
            }
            lines.append('\n');
        }
        Files.writeString(Path.of(args[2]), lines);
        first.write(Path.of(args[1]));
        System.out.flush();
        // JMH's embedded runner may leave non-daemon threads behind when stopped early.
        System.exit(0);
    }
}
