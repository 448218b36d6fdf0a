package io.github.ccsidbench.steady;

/** How a fork ended, in the four classes of Barrett et al. (OOPSLA 2017), so the report can say which forks settled. */
public enum ForkClass {
    /** Steady from the first iteration: no warm-up had to be dropped. */
    FLAT("flat"),
    /** Slower at first, then settled at its fastest level. */
    WARMUP("warm-up"),
    /** Settled at a level slower than one it had held before (after any warm-up). */
    SLOWDOWN("slowdown"),
    /** The series does not end in a steady segment (too short, or still drifting). */
    NO_STEADY_STATE("no steady state");

    private final String label;

    ForkClass(String label) {
        this.label = label;
    }

    /** True for the classes that have a steady level (all but {@link #NO_STEADY_STATE}). */
    public boolean steady() {
        return this != NO_STEADY_STATE;
    }

    /** The class as the report writes it: "flat", "warm-up", "slowdown", "no steady state". */
    public String label() {
        return label;
    }
}
