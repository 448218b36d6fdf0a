package io.github.ccsidbench.gate;

/** What the gate says about one benchmark, or about a whole run. */
public enum Verdict {
    /** Slower by less than the failure threshold, as a claim: the change's upper bound at the gate's confidence is below it. */
    PASS,
    /** Faster, significantly. */
    IMPROVED,
    /** Slower by the warning threshold and significant, and still below the failure threshold at the gate's confidence. */
    WARN,
    /** Slower by the failure threshold and significant (a suspect: on its confirmation pairs); or allocating more. */
    FAIL,
    /** Neither FAIL nor a bound below the failure threshold after the pairs the budget allowed. */
    CANNOT_TELL,
    /** Only the candidate has this benchmark (added, or the base cannot run it): nothing to compare. */
    NEW,
    /** Only the base has this benchmark (removed or renamed): nothing to compare. */
    GONE
}
