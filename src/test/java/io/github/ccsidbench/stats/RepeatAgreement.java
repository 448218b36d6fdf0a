package io.github.ccsidbench.stats;

/**
 * Whether two measurements of one figure agree within their combined uncertainty: the test a calibration counts, since
 * for intervals that mean what they say about 95% of repeats agree. Welch's t test on the log scale (Welch, Biometrika
 * 34, 1947) from the tool's own standard errors ({@link LogLevel#over}; docs/how-sure.md, "How sure an interval is").
 * Both errors 0: z = 0 for equal centres, else infinite; an infinite error (no interval) agrees vacuously, so a
 * calibration leaves such figures out.
 *
 * @param z the standardised difference
 * @param dof the Welch-Satterthwaite degrees of freedom (Infinity when both sides have infinite dof)
 * @param critical the two-sided quantile |z| is compared with: t(dof, 1 - (1 - confidence) / 2)
 */
public record RepeatAgreement(double z, double dof, double critical) {

    /** The agreement of {@code first} and {@code second} at {@code confidence} (0.95 for the tool's intervals). */
    public static RepeatAgreement of(LogLevel first, LogLevel second, double confidence) {
        LogLevel difference = first.over(second);
        double se = difference.standardError();
        double z = Double.isInfinite(se) || difference.centre() == 0 ? 0 : difference.centre() / se;
        double dof = difference.dof();
        return new RepeatAgreement(z, dof, LogLevel.quantile(dof, confidence));
    }

    /** |z| within the critical value. */
    public boolean agrees() {
        return Math.abs(z) <= critical;
    }
}
