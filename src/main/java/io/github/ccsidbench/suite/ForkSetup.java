package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a fork starts and ends, beside its JVM options: how long the machine ruler warms up, and whether the host waits for
 * the fork's JVM to exit. Neither changes what a fork measures, only how long it takes to get there
 * (docs/method.md, "Where a fork's time goes"); {@link #CLASSIC} keeps the forks as they were before, so that the gate can
 * run old forks against new ones ({@code gate --base-fork-setup classic}) and show that nothing moved.
 */
public enum ForkSetup {

    /**
     * The ruler warmed until the JIT has compiled it, and the outcome
     * taken as soon as it is written, the fork's JVM left to exit while the next one starts.
     */
    LEAN("lean", false, false),
    /**
     * As forks were started before: every class loaded from its jar, the ruler warmed for a fixed 0.2 s, and the next fork
     * started once the last has exited.
     */
    CLASSIC("classic", true, true);

    /** The setup a fork gets unless told otherwise. */
    public static final ForkSetup DEFAULT = LEAN;

    private final String id;
    private final boolean fixedRulerWarm;
    private final boolean awaitExit;

    ForkSetup(String id, boolean fixedRulerWarm, boolean awaitExit) {
        this.id = id;
        this.fixedRulerWarm = fixedRulerWarm;
        this.awaitExit = awaitExit;
    }

    public String id() {
        return id;
    }

    /** Whether the machine ruler warms up for a fixed 0.2 s rather than until it is compiled. */
    public boolean fixedRulerWarm() {
        return fixedRulerWarm;
    }

    /** Whether the host waits for a fork's JVM to exit before it goes on, rather than only for its outcome. */
    public boolean awaitExit() {
        return awaitExit;
    }

    /** The setup named {@code id}; any other name is a one-line error listing the names. */
    public static ForkSetup of(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (ForkSetup s : values()) {
            if (s.id.equals(want)) {
                return s;
            }
        }
        throw new CcsidBenchException("unknown fork setup '" + id + "': use one of "
                + Arrays.stream(values()).map(ForkSetup::id).collect(Collectors.joining(", ")));
    }
}
