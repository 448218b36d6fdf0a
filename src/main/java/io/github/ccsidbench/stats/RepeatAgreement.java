package io.github.ccsidbench.stats;

/**
 * Whether two measurements of one figure, each with its own standard error and degrees of freedom, agree within their
 * combined uncertainty: the test a calibration counts, since for intervals that mean what they say about 95% of repeats
 * agree. It is Welch's two-sample t test on the log scale (Welch, "The generalization of 'Student's' problem when
 * several different population variances are involved", Biometrika 34, 1947; degrees of freedom by Satterthwaite,
 * Biometrics Bulletin 2, 1946): z = (centre_1 - centre_2) / sqrt(se_1^2 + se_2^2), compared with the two-sided t
 * quantile at the Welch-Satterthwaite degrees of freedom ({@link LogLevel#over}), taken from the tool's own standard
 * errors, not reconstructed from the intervals' widths (a t interval's half-width over 1.96 overstates its standard
 * error, and the check then leans towards "agree").
 *
 * <p>Edge cases: both standard errors 0 gives z = 0 when the centres are equal and an infinite z otherwise, with the
 * smaller dof; an infinite standard error on either side (a figure with no interval) gives z = 0 and agrees, vacuously,
 * so a calibration leaves such figures out.
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
