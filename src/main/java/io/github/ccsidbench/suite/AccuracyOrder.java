package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of an accuracy check's child runs: suite runs and long plain JMH runs interleaved so that a drift of the
 * host (a neighbour that starts, a machine that warms) weighs on both kinds alike, as an ABBA design does. It exists
 * because running the suite first and the long runs after would read a drift between them as the suite's error.
 *
 * <p>The rule, for any counts: of all orders of the runs, the one whose suite runs' mean position is closest to the
 * long runs' mean position (a steady drift then cancels in the comparison); among those, the one in which the most
 * suite runs have a long run on each side; among those, the one that starts a suite run soonest. Two of each give
 * suite 1, long 1, long 2, suite 2 (ABBA); three long runs and one suite run give long 1, suite 1, long 2, long 3.
 */
public final class AccuracyOrder {

    /** The most runs of either kind a check makes: the order is found among all orders, and more runs are days. */
    public static final int MAX_RUNS = 10;

    /** A kind of child run. */
    public enum Kind {
        /** The suite ({@code run}), short forks until steady. */
        SUITE("suite"),
        /** A long plain JMH run of the same figures. */
        LONG("long");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** "suite", "long". */
        public String label() {
            return label;
        }
    }

    /**
     * One child run in the order.
     *
     * @param kind suite or long
     * @param index its number among its kind, from 1
     */
    public record Step(Kind kind, int index) {

        /** "suite 1", "long 2". */
        public String label() {
            return kind.label() + " " + index;
        }

        /** The folder of its outputs: "suite-1", "long-2". */
        public String folder() {
            return kind.label() + "-" + index;
        }
    }

    private AccuracyOrder() {
    }

    /** The order of {@code longRuns} long runs and {@code suiteRuns} suite runs (each from 1 to {@value #MAX_RUNS}). */
    public static List<Step> of(int longRuns, int suiteRuns) {
        if (longRuns < 1 || suiteRuns < 1 || longRuns > MAX_RUNS || suiteRuns > MAX_RUNS) {
            throw new CcsidBenchException("an accuracy check makes 1 to " + MAX_RUNS + " runs of each kind (asked: " + longRuns
                    + " long, " + suiteRuns + " suite)");
        }
        int n = longRuns + suiteRuns;
        int best = -1;
        long bestImbalance = Long.MAX_VALUE;
        int bestFlanked = -1;
        for (int mask = 0; mask < 1 << n; mask++) {
            if (Integer.bitCount(mask) != suiteRuns) {
                continue;
            }
            long suiteSum = 0;
            long longSum = 0;
            for (int p = 0; p < n; p++) {
                if (suite(mask, p)) {
                    suiteSum += p;
                } else {
                    longSum += p;
                }
            }
            // |mean(suite) - mean(long)| times suiteRuns * longRuns: a whole number, the same scale for every order
            long imbalance = Math.abs(suiteSum * longRuns - longSum * suiteRuns);
            int flanked = 0;
            for (int p = 1; p < n - 1; p++) {
                if (suite(mask, p) && !suite(mask, p - 1) && !suite(mask, p + 1)) {
                    flanked++;
                }
            }
            boolean better = imbalance < bestImbalance
                    || imbalance == bestImbalance && (flanked > bestFlanked
                    || flanked == bestFlanked && suiteSooner(mask, best, n));
            if (better) {
                best = mask;
                bestImbalance = imbalance;
                bestFlanked = flanked;
            }
        }
        List<Step> order = new ArrayList<>();
        int s = 0;
        int l = 0;
        for (int p = 0; p < n; p++) {
            order.add(suite(best, p) ? new Step(Kind.SUITE, ++s) : new Step(Kind.LONG, ++l));
        }
        return List.copyOf(order);
    }

    /** "suite 1, long 1, long 2, suite 2". */
    public static String describe(List<Step> order) {
        return String.join(", ", order.stream().map(Step::label).toList());
    }

    private static boolean suite(int mask, int position) {
        return (mask >> position & 1) != 0;
    }

    /** Whether {@code a} has a suite run at the first position where it and {@code b} differ. */
    private static boolean suiteSooner(int a, int b, int n) {
        for (int p = 0; p < n; p++) {
            if (suite(a, p) != suite(b, p)) {
                return suite(a, p);
            }
        }
        return false;
    }
}
