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
 * <p>Not for a test whose verdict rests on the figures: without pre-touching, the page faults of the first passes over
 * the young generation add a cost per allocated byte to both sides of a comparison. BisectIT's 4x slowdown read +52% to
 * +89% so, against about +500% with the heap pre-touched.
 */
public final class HarnessForks {

    /** Appended after the suite's defaults, it turns their pre-touching off. */
    public static final String NO_PRE_TOUCH = "-XX:-AlwaysPreTouch";

    private HarnessForks() {
    }

    /** The suite's default fork arguments, then {@link #NO_PRE_TOUCH}. */
    public static List<String> jvmArgs() {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.add(NO_PRE_TOUCH);
        return args;
    }
}
