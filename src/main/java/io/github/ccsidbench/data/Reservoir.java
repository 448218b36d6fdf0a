package io.github.ccsidbench.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded uniform sample of at most {@code capacity} items from a stream, in stream order. Source: Vitter's Algorithm R.
 *
 * @param <T> the items
 */
final class Reservoir<T> {

    /** One kept item and its position in the stream. */
    record Kept<T>(long index, T item) {
    }

    private final int capacity;
    private final SplittableRandom random;
    private final List<Kept<T>> kept;
    private long seen;

    Reservoir(int capacity, long seed) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a sample holds at least one item");
        }
        this.capacity = capacity;
        this.random = new SplittableRandom(seed);
        this.kept = new ArrayList<>(Math.min(capacity, 1 << 16));
    }

    /** Offers the next item; returns what it displaced ({@code item} itself when not taken, null when nothing). */
    T offer(T item) {
        long i = seen++;
        if (i < capacity) {
            kept.add(new Kept<>(i, item));
            return null;
        }
        long j = random.nextLong(i + 1);
        if (j < capacity) {
            T out = kept.get((int) j).item();
            kept.set((int) j, new Kept<>(i, item));
            return out;
        }
        return item;
    }

    /** How many items the sample holds. */
    int size() {
        return kept.size();
    }

    /** How many items were offered. */
    long seen() {
        return seen;
    }

    /** The sample, in stream order. */
    List<Kept<T>> sample() {
        List<Kept<T>> out = new ArrayList<>(kept);
        out.sort(Comparator.comparingLong(Kept::index));
        return out;
    }
}
