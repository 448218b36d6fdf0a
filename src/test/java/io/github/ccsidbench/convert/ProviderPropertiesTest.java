package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Repertoire;
import io.github.ccsidbench.workload.Workload;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random strings from each workload's repertoire round-trip exactly through every provider and
 * CCSID that can hold them; strings with characters a CCSID cannot hold come out as the
 * provider's documented substitution, byte for byte, and never throw.
 */
class ProviderPropertiesTest {

    /** Characters that no single-byte CCSID here holds and no provider best-fits or drops. */
    private static final Repertoire FOREIGN = Repertoire.described("Greek, Cyrillic, CJK, emoji")
            .range(0x0391, 0x03A1).range(0x03A3, 0x03C9).range(0x0410, 0x044F).range(0x4E00, 0x9FA5)
            .range(0x1F600, 0x1F64F).build();

    @Property(tries = 300)
    void repertoireStringsRoundTripWhereLossless(@ForAll("workloads") Workload workload,
                                                  @ForAll("seeds") long seed, @ForAll("lengths") int length) {
        String text = randomString(workload.repertoire(), seed, length);
        for (Ccsid ccsid : CcsidRegistry.all()) {
            if (!workload.losslessIn(ccsid)) {
                continue;
            }
            for (ConverterProvider p : Providers.builtIn()) {
                Converter c = p.open(ccsid);
                byte[] bytes = c.encode(text);
                assertArrayEquals(ExpectedEncoding.encode(ccsid, p.fidelity(ccsid), text), bytes,
                        () -> p.name() + " " + ccsid + " " + workload.id() + ": " + text);
                assertEquals(text, c.decode(bytes), () -> p.name() + " " + ccsid + " decode");
            }
        }
    }

    @Property(tries = 300)
    void foreignCharactersGetTheDocumentedSubstitution(@ForAll("workloads") Workload workload,
                                                       @ForAll("seeds") long seed, @ForAll("lengths") int length) {
        String text = mix(randomString(workload.repertoire(), seed, length), randomString(FOREIGN, ~seed, 1 + length / 4));
        for (Ccsid ccsid : CcsidRegistry.all()) {
            for (ConverterProvider p : Providers.builtIn()) {
                byte[] expected = ExpectedEncoding.encode(ccsid, p.fidelity(ccsid), text);
                assertArrayEquals(expected, p.open(ccsid).encode(text), () -> p.name() + " " + ccsid + ": " + text);
            }
        }
    }

    @Provide
    Arbitrary<Workload> workloads() {
        return Arbitraries.of(Workload.values());
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Provide
    Arbitrary<Integer> lengths() {
        return Arbitraries.integers().between(0, 300).edgeCases(c -> c.add(0, 1, 2, 255, 256));
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
