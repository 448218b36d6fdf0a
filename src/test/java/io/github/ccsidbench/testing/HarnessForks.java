package io.github.ccsidbench.testing;

import io.github.ccsidbench.suite.SuiteRunner;

import java.util.ArrayList;
import java.util.List;

/**
 * Fork arguments for the tests that check the harness in real forks, not its figures: the suite's defaults, but without
 * pre-touching the 1 GiB heap. Pre-touching costs about 2 s of every fork's start on a 2-vCPU VM (measured with
 * {@code java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -version}), most of the integration tests' time; what they assert (files,
 * verdicts by construction, exit codes) does not depend on it. HotSpot takes the last of two contrary flags.
 *
 * <p>Not for a test whose verdict rests on the figures ({@link #smallHeap()} is): without pre-touching, the page faults of the first passes over
 * the young generation add a cost per allocated byte to both sides of a comparison. BisectIT's 4x slowdown read +52% to
 * +89% so, against about +500% with the heap pre-touched.
 */
public final class HarnessForks {

    /** Appended after the suite's defaults, it turns their pre-touching off. */
    public static final String NO_PRE_TOUCH = "-XX:-AlwaysPreTouch";

    private HarnessForks() {
    }

    /**
     * For a test whose verdict rests on figures (a slowdown by construction): a pre-touched heap, a quarter of the
     * suite's, which pre-touches in about 0.6 s instead of 2.2 s (the same measurement of {@code -version}); later flags
     * win.
     */
    public static List<String> smallHeap() {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.addAll(List.of("-Xms256m", "-Xmx256m"));
        return args;
    }

    /** The suite's default fork arguments, then {@link #NO_PRE_TOUCH}. */
    public static List<String> jvmArgs() {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.add(NO_PRE_TOUCH);
        return args;
    }
}
