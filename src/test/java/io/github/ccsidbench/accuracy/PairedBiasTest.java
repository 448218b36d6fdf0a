package io.github.ccsidbench.accuracy;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The check's arithmetic against values computed outside the project. */
class PairedBiasTest {

    /**
     * Seven log ratios: scipy 1.17 ({@code scipy.stats.ttest_1samp(x, 0).confidence_interval(0.95)}, {@code sem}) gives
     * mean 0.01525901348219937, standard error 0.010558826713793781, interval [-0.010577504737968821, 0.041095531702367565].
     */
    @Test
    void thePairedIntervalIsScipys() {
        double[] ratios = {1.02, 0.97, 1.05, 1.01, 0.99, 1.04, 1.03};
        double[] logs = new double[ratios.length];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(ratios[i]);
        }
        PairedBias.Estimate e = PairedBias.paired(logs);
        assertEquals(0.01525901348219937, e.mean(), 1e-14);
        assertEquals(0.010558826713793781, e.standardError(), 1e-14);
        assertEquals(-0.010577504737968821, e.low(), 1e-9);
        assertEquals(0.041095531702367565, e.high(), 1e-9);
    }

    /**
     * The Hamilton depression scale example of R's {@code wilcox.test} help page (Hollander and Wolfe, 1973, p. 29), as
     * differences x - y: R prints the (pseudo)median 0.46. scipy 1.17's exact null ({@code wilcoxon(x, y,
     * alternative="greater")}: W+ = 40, p = 0.01953125, so P(W+ <= 5) = 0.01953125 and P(W+ <= 6) = 0.02734375) puts the
     * 95% interval at the 6th and the 40th of the 45 Walsh averages, [0.010, 0.786], with coverage 1 - 2 x 0.01953125.
     */
    @Test
    void theSignedRankIntervalIsTheExactOne() {
        double[] x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
        double[] y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
        double[] d = new double[x.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = x[i] - y[i];
        }
        PairedBias.Estimate e = PairedBias.signedRank(d);
        assertEquals(0.46, e.mean(), 1e-12);
        assertEquals(0.010, e.low(), 1e-12);
        assertEquals(0.786, e.high(), 1e-12);
        assertEquals((0.786 - 0.010) / (2 * 1.959963984540054), e.standardError(), 1e-12);
        assertEquals(1 - 2 * 0.01953125, io.github.ccsidbench.stats.SignedRank.interval(d, 0.95)[2], 1e-12);
    }

    /**
     * The BCG vaccine trials (Colditz et al., JAMA 1994; metafor's {@code dat.bcg}), log relative risks and their standard
     * errors: metafor's {@code rma(method = "DL")} gives Q = 152.2330, tau^2 = 0.3088, estimate -0.7141, se 0.1787; the
     * digits below are numpy's of the same formulas.
     */
    @Test
    void thePooledMeanIsDerSimonianAndLairds() {
        double[] y = {-0.8893113339202054, -1.5853886572014306, -1.348073148299693, -1.4415511900213054, -0.2175473222112957,
                -0.786115585818864, -1.6208982235983924, 0.011952333523841173, -0.4694176487381487, -1.3713448034727846,
                -0.33935882833839015, 0.4459134005713783, -0.017313948216879493};
        double[] se = {0.5706003548929507, 0.44111350171825825, 0.644490469571091, 0.14145681992130169, 0.2262966463950159,
                0.08310005087789513, 0.4722470196542432, 0.06294107798423641, 0.2375588568402554, 0.27023100046632126,
                0.11141011610962319, 0.7297299810204818, 0.26721650339001574};
        List<PairedBias.Estimate> trials = new ArrayList<>();
        for (int i = 0; i < y.length; i++) {
            trials.add(new PairedBias.Estimate(100, y[i], se[i], Double.NaN, Double.NaN));
        }
        PairedBias.Pooled p = PairedBias.pooled(trials);
        assertEquals(152.2330080823734, p.q(), 1e-9);
        assertEquals(0.3087602628623764, p.tau2(), 1e-12);
        assertEquals(-0.7141172220732271, p.mean(), 1e-12);
        assertEquals(0.1787420895354032, p.standardError(), 1e-12);
        assertEquals(-1.0644452800840511, p.low(), 1e-9);
        assertEquals(13, p.figures());
    }
}
