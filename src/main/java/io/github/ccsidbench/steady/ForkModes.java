package io.github.ccsidbench.steady;

import io.github.ccsidbench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Forks of one benchmark grouped by the level they settled at, because the JIT does not always compile the same code
 * the same way (the "inconsistent" forks of Barrett et al., OOPSLA 2017), so that the report can say how the modes lie
 * against the fastest level two forks reached (docs/method.md, "Extra forks: modes and wide intervals").
 *
 * @param modes    the modes, fastest first
 * @param reported index into {@code modes} of the mode the others are described against ({@link #describe}); -1 when
 *                 there are no levels
 */
public record ForkModes(List<Mode> modes, int reported) {

    /** Forks a level needs to be reported in preference to slower ones. */
    public static final int CONFIRMED = 2;

    /**
     * One group of forks whose levels are close.
     *
     * @param forks indices into the levels given to {@link ForkModes#of}, in ascending order of level
     * @param level median of its forks' levels
     */
    public record Mode(List<Integer> forks, double level) {
        /** Copies the list. */
        public Mode {
            forks = List.copyOf(forks);
        }
    }

    /** Copies the list. */
    public ForkModes {
        modes = List.copyOf(modes);
    }

    /**
     * Groups {@code forkLevels}: sorted, a new mode starts where a level exceeds the one before it by more than
     * {@code gap} (relative). The reported mode is the fastest that {@link #CONFIRMED} forks reached, else the one with
     * the most forks, ties to the faster; NaN levels belong to no mode.
     */
    public static ForkModes of(double[] forkLevels, double gap) {
        if (!(gap >= 0)) {
            throw new IllegalArgumentException("gap must be >= 0: " + gap);
        }
        Integer[] order = new Integer[forkLevels.length];
        int m = 0;
        for (int i = 0; i < forkLevels.length; i++) {
            if (!Double.isNaN(forkLevels[i])) {
                order[m++] = i;
            }
        }
        order = Arrays.copyOf(order, m);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> forkLevels[i]).thenComparing(i -> i));
        List<Mode> modes = new ArrayList<>();
        List<Integer> current = new ArrayList<>();
        for (int k = 0; k < m; k++) {
            int i = order[k];
            if (!current.isEmpty() && forkLevels[i] > forkLevels[current.get(current.size() - 1)] * (1 + gap)) {
                modes.add(mode(current, forkLevels));
                current = new ArrayList<>();
            }
            current.add(i);
        }
        if (!current.isEmpty()) {
            modes.add(mode(current, forkLevels));
        }
        if (modes.isEmpty()) {
            return new ForkModes(modes, -1);
        }
        // The fastest mode two forks reached: one fork alone at a faster level is not confirmed.
        int best = -1;
        for (int k = 0; k < modes.size() && best < 0; k++) {
            if (modes.get(k).forks().size() >= CONFIRMED) {
                best = k;
            }
        }
        if (best < 0) {
            best = 0;
            for (int k = 1; k < modes.size(); k++) {
                if (modes.get(k).forks().size() > modes.get(best).forks().size()) {
                    best = k; // strictly more: on a tie the earlier, faster mode stays
                }
            }
        }
        return new ForkModes(modes, best);
    }

    private static Mode mode(List<Integer> forks, double[] levels) {
        double[] v = new double[forks.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = levels[forks.get(k)];
        }
        return new Mode(forks, Stats.medianInPlace(v));
    }

    /** True when the forks settled at more than one level. */
    public boolean multimodal() {
        return modes.size() > 1;
    }

    /** The other modes against the reported one ("2 of 6 forks 40% slower", ...), the percentage truncated towards zero. */
    public String describe() {
        if (modes.size() < 2) {
            return "";
        }
        int total = 0;
        for (Mode mode : modes) {
            total += mode.forks().size();
        }
        double base = modes.get(reported).level();
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < modes.size(); k++) {
            if (k == reported) {
                continue;
            }
            Mode mode = modes.get(k);
            double rel = mode.level() / base - 1;
            long percent = (long) (Math.abs(rel) * 100 + 1e-9);
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(String.format(Locale.ROOT, "%d of %d forks %d%% %s", mode.forks().size(), total, percent,
                    rel > 0 ? "slower" : "faster"));
        }
        return sb.toString();
    }
}
