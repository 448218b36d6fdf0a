package io.github.ccsidbench.db2;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the server did with an insert's values: how many took each path, and how many characters were substituted. */
public final class InsertTally {

    private final int[] byPath = new int[ServerPath.values().length];
    private long substituted;

    void record(ServerPath path, int substitutedCharacters) {
        byPath[path.ordinal()]++;
        substituted += substitutedCharacters;
    }

    /** How many values took {@code path}. */
    public int count(ServerPath path) {
        return byPath[path.ordinal()];
    }

    /** Each path's share of the values, by the path's label, in path order; paths no value took are left out. */
    public Map<String, Double> pathShares() {
        int values = Arrays.stream(byPath).sum();
        Map<String, Double> shares = new LinkedHashMap<>();
        for (ServerPath p : ServerPath.values()) {
            if (count(p) > 0) {
                shares.put(p.label(), (double) count(p) / values);
            }
        }
        return shares;
    }

    /** Characters replaced by a substitution byte, over all values. */
    public long substituted() {
        return substituted;
    }

    /** Adds another tally to this one. */
    public void add(InsertTally other) {
        for (int i = 0; i < byPath.length; i++) {
            byPath[i] += other.byPath[i];
        }
        substituted += other.substituted;
    }

    /** "minor 12" or "minor 9, major 3": the paths taken, in words. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (ServerPath p : ServerPath.values()) {
            if (byPath[p.ordinal()] > 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(p.label()).append(' ').append(byPath[p.ordinal()]);
            }
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }
}
