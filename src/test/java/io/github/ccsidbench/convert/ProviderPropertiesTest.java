package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Repertoire;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random strings from each workload's repertoire round-trip exactly through every provider and
 * CCSID that can hold them; strings with characters a CCSID cannot hold come out as the
 * provider's documented substitution, byte for byte, and never throw.
 *
 * <p>Property tests with JUnit 5 alone: each property draws {@value #CASES} cases (workload, string seed,
 * length from 0 to 300, the edge lengths 0, 1, 2, 255 and 256 always among them) from a generator seeded
 * with {@value #SEED}; every case's display name and every failure message give its seed, so a failing case
 * replays with {@code randomString(workload.repertoire(), seed, length)}.
 */
class ProviderPropertiesTest {

    /** Characters that no single-byte CCSID here holds and no provider best-fits or drops. */
    private static final Repertoire FOREIGN = Repertoire.described("Greek, Cyrillic, CJK, emoji")
            .range(0x0391, 0x03A1).range(0x03A3, 0x03C9).range(0x0410, 0x044F).range(0x4E00, 0x9FA5)
            .range(0x1F600, 0x1F64F).build();

    /** Cases per property. */
    static final int CASES = 300;
    /** The seed of the case generator. */
    static final long SEED = 20261122L;

    /** {@value #CASES} seeded cases: every workload in turn, a random string seed, a length (edge lengths first). */
    static List<Arguments> cases() {
        SplittableRandom random = new SplittableRandom(SEED);
        int[] edges = {0, 1, 2, 255, 256};
        Workload[] workloads = Workload.values();
        List<Arguments> cases = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            int length = i < edges.length ? edges[i] : random.nextInt(301);
            cases.add(Arguments.of(workloads[i % workloads.length], random.nextLong(), length));
        }
        return cases;
    }

    @ParameterizedTest(name = "{0}, seed {1}, {2} code points")
    @MethodSource("cases")
    void repertoireStringsRoundTripWhereLossless(Workload workload, long seed, int length) {
        String text = randomString(workload.repertoire(), seed, length);
        for (Ccsid ccsid : CcsidRegistry.singleByteAndUnicode()) {
            if (!workload.losslessIn(ccsid)) {
                continue;
            }
            for (ConverterProvider p : Providers.builtIn()) {
                Converter c = p.open(ccsid);
                byte[] bytes = c.encode(text);
                assertArrayEquals(ExpectedEncoding.encode(ccsid, p.behaviour(ccsid), text), bytes,
                        () -> "seed " + seed + ", " + p.name() + " " + ccsid + " " + workload.id() + ": " + text);
                assertEquals(text, c.decode(bytes), () -> "seed " + seed + ", " + p.name() + " " + ccsid + " decode");
            }
        }
    }

    @ParameterizedTest(name = "{0}, seed {1}, {2} code points")
    @MethodSource("cases")
    void foreignCharactersGetTheDocumentedSubstitution(Workload workload, long seed, int length) {
        String text = mix(randomString(workload.repertoire(), seed, length), randomString(FOREIGN, ~seed, 1 + length / 4));
        for (Ccsid ccsid : CcsidRegistry.singleByteAndUnicode()) {
            for (ConverterProvider p : Providers.builtIn()) {
                byte[] expected = ExpectedEncoding.encode(ccsid, p.behaviour(ccsid), text);
                assertArrayEquals(expected, p.open(ccsid).encode(text), () -> "seed " + seed + ", " + p.name() + " " + ccsid + ": " + text);
            }
        }
    }

    /** {@code codePoints} code points drawn from the repertoire with a seeded generator. */
    static String randomString(Repertoire repertoire, long seed, int codePoints) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            sb.appendCodePoint(repertoire.random(random));
        }
        return sb.toString();
    }

    /** Interleaves the code points of two strings. */
    static String mix(String a, String b) {
        StringBuilder sb = new StringBuilder();
        List<Integer> x = a.codePoints().boxed().toList();
        List<Integer> y = b.codePoints().boxed().toList();
        for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
            if (i < x.size()) {
                sb.appendCodePoint(x.get(i));
            }
            if (i < y.size()) {
                sb.appendCodePoint(y.get(i));
            }
        }
        return sb.toString();
    }
}
