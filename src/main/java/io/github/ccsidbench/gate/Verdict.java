package io.github.ccsidbench.gate;

/** What the gate says about one benchmark, or about a whole run. */
public enum Verdict {
    /** No change that matters. */
    PASS,
    /** Faster, significantly. */
    IMPROVED,
    /** Slower by the warning threshold and significant, or by the failure threshold but not significant or not confirmed. */
    WARN,
    /** Slower by the failure threshold and significant (a suspect: on its confirmation pairs); or allocating more. */
    FAIL,
    /** Only the candidate has this benchmark (added, or the base cannot run it): nothing to compare. */
    NEW,
    /** Only the base has this benchmark (removed or renamed): nothing to compare. */
    GONE
}
