package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.stats.ConfirmationPlan;
import org.apache.commons.statistics.distribution.TDistribution;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When the A/B gate warns and fails, in one record so that the screen, every look and gate.json use the same figures
 * ({@link #AB}: the defaults). See docs/gate.md, "The rule" and "Verdicts and exit status".
 *
 * @param failRatio slowdown (candidate / base) at which a significant change fails
 * @param warnRatio slowdown at which a significant change warns
 * @param alpha one-sided significance level of the exact signed-rank test over pairs
 * @param confidence level of the interval of the ratio
 * @param allocRelative allowed relative growth of bytes per operation
 * @param allocAbsolute allowed absolute growth of bytes per operation
 */
public record GateThresholds(double failRatio, double warnRatio, double alpha, double confidence, double allocRelative,
                             double allocAbsolute) {

    /** The defaults: FAIL from +8%, WARN from +4%, alpha 0.01, 95%; allocation beyond max(5%, 16 B) per operation. */
    public static final GateThresholds AB = new GateThresholds(1.08, 1.04, 0.01, 0.95, 0.05, 16);

    public GateThresholds {
        if (!(failRatio > 1 && warnRatio > 1 && warnRatio <= failRatio)) {
            throw new CcsidBenchException("thresholds: need 1 < warn <= fail, not warn "
                    + warnRatio + ", fail " + failRatio);
        }
        if (!(alpha > 0 && alpha < 0.5 && confidence > 0.5 && confidence < 1)) {
            throw new CcsidBenchException("thresholds: alpha must be in (0, 0.5), confidence in (0.5, 1)");
        }
    }

    /** The same thresholds at another significance level (a look of a {@link ConfirmationPlan}). */
    public GateThresholds withAlpha(double level) {
        return new GateThresholds(failRatio, warnRatio, level, confidence, allocRelative, allocAbsolute);
    }

    /** The screen's improvement-suspect bar: the failure threshold twice over the other way (14% faster by default). */
    public double improvementRatio() {
        return 1 / (failRatio * failRatio);
    }

    /** A claim's chance of being wrong over all its looks, 1 - confidence: half at the screen, half over the looks. */
    public double claimLevel() {
        return 1 - confidence;
    }

    /** The screen's share of {@link #claimLevel}: half of it, 2.5% at 95%. */
    public double screenClaimLevel() {
        return claimLevel() / 2;
    }

    /** How often an unchanged benchmark's screening pairs may disagree enough to be a suspect: the screen's claim level. */
    public double disagreementLevel() {
        return screenClaimLevel();
    }

    /** One suspect's confirmation plan: alpha shared over {@code suspects} (Bonferroni), the claim's half over the looks. */
    public ConfirmationPlan plan(int suspects, int maxPairs) {
        return ConfirmationPlan.of(alpha / Math.max(1, suspects), claimLevel() - screenClaimLevel(), maxPairs);
    }

    /**
     * The verdict ladder for the screen and every look (docs/gate.md, "The rule"); adds one reason unless PASS.
     *
     * @param ratio candidate / base
     * @param pSlower one-sided p-value against "the candidate is slower"
     * @param pFaster the same against "faster"
     * @param upper the change's upper bound (NaN: none)
     * @param upperLevel the chance that the true change lies above it
     * @param pairs the pairs behind the bound
     * @param detail what to say after "not significant (p=...)", e.g. why the test could not reach alpha ("" for nothing)
     */
    Verdict judge(double ratio, double pSlower, double pFaster, double upper, double upperLevel, int pairs, List<String> reasons,
                  String detail) {
        boolean slower = pSlower < alpha;
        if (ratio >= failRatio && slower) {
            reasons.add(String.format(Locale.ROOT, "%s slower, significant (p=%.2g)", PairedComparison.pct(ratio),
                    pSlower));
            return Verdict.FAIL;
        }
        if (Double.isNaN(upper) || upper >= failRatio) {
            String bound = Double.isNaN(upper)
                    ? String.format(Locale.ROOT, "%d pairs give no bound at %s", pairs, level(upperLevel))
                    : String.format(Locale.ROOT, "could be slower by %s (%s bound, %d pairs)", PairedComparison.pct(upper),
                    level(upperLevel), pairs);
            reasons.add(String.format(Locale.ROOT, "%s, p=%.2g%s: %s, not below the failure threshold %s",
                    PairedComparison.pct(ratio), pSlower, detail, bound, PairedComparison.pct(failRatio)));
            return Verdict.CANNOT_TELL;
        }
        if (ratio >= warnRatio && slower) {
            reasons.add(String.format(Locale.ROOT, "%s slower, significant (p=%.2g), below the failure threshold %s",
                    PairedComparison.pct(ratio), pSlower, PairedComparison.pct(failRatio)));
            return Verdict.WARN;
        }
        if (ratio <= 1 / warnRatio && pFaster < alpha) {
            reasons.add(String.format(Locale.ROOT, "%s faster, significant (p=%.2g)", PairedComparison.pct(ratio),
                    pFaster));
            return Verdict.IMPROVED;
        }
        return Verdict.PASS;
    }

    /** "97.5%": the one-sided confidence of a bound that is wrong with probability {@code level}. */
    static String level(double level) {
        return new BigDecimal(100 * (1 - level)).round(new MathContext(3)).stripTrailingZeros().toPlainString() + "%";
    }

    /** True, saying so in {@code reasons}, when allocation grew by more than max(allocRelative, allocAbsolute B/op). */
    boolean allocationGrew(double baseBytes, double candidateBytes, List<String> reasons) {
        boolean grew = !Double.isNaN(baseBytes) && !Double.isNaN(candidateBytes) && candidateBytes > baseBytes * (1 + allocRelative)
                && candidateBytes - baseBytes > allocAbsolute;
        if (grew) {
            reasons.add(String.format(Locale.ROOT, "allocates %.0f B/op instead of %.0f", candidateBytes, baseBytes));
        }
        return grew;
    }

    /** The most pairs {@link #wouldDecide} advises before it says that more pairs are not the answer. */
    static final int MOST_PAIRS_ADVISED = 200;
    /** The fewest it advises: a confirmation plan's first look and one step after it. */
    static final int MIN_PAIRS_ADVISED = 12;

    /** How every advice that more pairs will not decide it says so. */
    static final String QUIETER = "a quieter machine";
    private static final Pattern BUDGET = Pattern.compile("--confirmation-pairs \\d+ --budget (\\d+)$");

    /**
     * What a row's reasons advise ({@link #wouldDecide}, or AbGate's words where the run pooled nothing): the minutes of
     * the narrow gate it advises, -1 where it says a quieter machine decides it, or empty where it advises nothing.
     */
    static OptionalLong advisedMinutes(List<String> reasons) {
        for (int i = reasons.size() - 1; i >= 0; i--) { // the advice is a row's last reason
            String r = reasons.get(i);
            Matcher m = BUDGET.matcher(r);
            if (m.find()) {
                return OptionalLong.of(Long.parseLong(m.group(1)));
            }
            if (r.contains(QUIETER)) {
                return OptionalLong.of(-1);
            }
        }
        return OptionalLong.empty();
    }

    /** For a CANNOT_TELL, the fresh pairs and budget that would decide it (docs/gate.md, "The rule"); empty without 3 pairs. */
    String wouldDecide(double[] logs, double pairSeconds) {
        if (logs.length < 3) {
            return "";
        }
        double mean = Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (logs.length - 1));
        return wouldDecide(mean, sd, String.format(Locale.ROOT, "this spread (sd %.1f%% per pair)", 100 * sd), pairSeconds);
    }

    /**
     * The same for a CANNOT_TELL with too few pairs of its own to show a spread: at the run's pooled spread ({@code
     * sigma}, learnt from {@code benchmarks} benchmarks' pairs), were it unchanged.
     */
    String wouldDecide(double sigma, int benchmarks, double pairSeconds) {
        return wouldDecide(0, sigma, String.format(Locale.ROOT, "the spread of this run's pairs (sd %.1f%% per pair, over %d"
                + " benchmarks), were it unchanged,", 100 * sigma, benchmarks), pairSeconds);
    }

    private String wouldDecide(double mean, double sd, String spread, double pairSeconds) {
        double room = Math.log(failRatio) - mean;
        boolean claim = room > 0;
        String aim = claim ? "bring its bound below " + PairedComparison.pct(failRatio) : "make its slowdown significant";
        int pairs = pairsToDecide(claim ? room : mean, sd, claim);
        if (pairs < 0) {
            return String.format(Locale.ROOT, "to %s at %s would take more than %d pairs: " + QUIETER + " decides it, not a"
                    + " longer run", aim, spread, MOST_PAIRS_ADVISED);
        }
        long minutes = (long) Math.ceil(pairs * pairSeconds / 60) + 2;
        return String.format(Locale.ROOT, "about %d pairs at %s would %s: measure it again with --confirmation-pairs %d"
                + " --budget %d", pairs, spread, aim, pairs, minutes);
    }

    /**
     * The fewest confirmation pairs (at least {@link #MIN_PAIRS_ADVISED}) whose plan, for the one benchmark a narrow gate
     * measures, decides a change of {@code effect} (log) at pair spread {@code sd} at its last look, by Student's t over
     * the signed-rank test's efficiency (0.955); -1 past {@link #MOST_PAIRS_ADVISED}. The level is that last look's: the
     * plan shares the claim's level (or alpha) over its looks, so more pairs also mean more looks and a stricter level at
     * each.
     */
    int pairsToDecide(double effect, double sd, boolean claim) {
        for (int n = MIN_PAIRS_ADVISED; n <= MOST_PAIRS_ADVISED; n++) {
            ConfirmationPlan p = plan(1, n);
            int last = p.looks().length - 1;
            double level = claim ? p.claimAlphas()[last] : p.alphas()[last];
            double t = TDistribution.of(n - 1).inverseSurvivalProbability(level);
            if (n * 0.955 >= Math.pow(t * sd / effect, 2)) {
                return n;
            }
        }
        return -1;
    }
}
