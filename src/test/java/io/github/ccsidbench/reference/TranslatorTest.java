package io.github.ccsidbench.reference;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every translator gives the scalar result for every length from 0 to 300 (vector bodies and tails),
 * at odd offsets, in place and not, and finds the watched byte wherever it is. Runs on the scalar
 * translator always, and on the SIMD one in the test run that resolves the Vector API.
 */
class TranslatorTest {

    /** The translators this JVM has; the build's "vector-api" test runs must have the vector ones. */
    static List<ByteTranslator> translators() {
        List<ByteTranslator> all = Translators.all();
        if (Boolean.getBoolean("ccsidbench.expect.vector")) {
            assertTrue(Translators.vectorAvailable(), "this test run resolves jdk.incubator.vector: the SIMD path must be on");
            assertTrue(all.size() >= 2, "at least one vector shape: " + all);
        }
        return all;
    }

    /**
     * The "vector-api-avx2" test run limits the JIT to AVX2 (-XX:UseAVX=2): on an x86 machine the widest vector
     * translator then works on 256-bit vectors (32 byte lanes), as on an AVX2-only CPU, so the exhaustive tests cover
     * that class whatever CPU the build runs on. (Other architectures ignore the flag.)
     */
    @Test
    void theAvx2RunHas256BitVectorsAtMost() {
        boolean x86 = System.getProperty("os.arch").matches("amd64|x86_64");
        if (Boolean.getBoolean("ccsidbench.expect.avx2") && x86) {
            assertEquals(List.of(0, 256), Translators.kinds());
        }
    }

    @Test
    void theChoiceFollowsTheCpuClassAndThePropertyOverridesIt() {
        assertEquals(0, Translators.Choice.make("scalar", CpuClass.AVX512_VBMI).bits());
        assertEquals("scalar, set by -Dccsidbench.translator", Translators.Choice.make("scalar", CpuClass.AVX2).describe());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Translators.Choice.make("vector-1024", CpuClass.AVX2));
        assertEquals("-Dccsidbench.translator=vector-1024: unknown translator (scalar, vector-256, vector-512, auto)", e.getMessage());
        assertEquals(0, Translators.Choice.make("", CpuClass.SSE).bits());
        assertEquals(0, Translators.Choice.make("", CpuClass.NEON).bits());
        if (!Translators.vectorAvailable()) {
            assertThrows(IllegalArgumentException.class, () -> Translators.Choice.make("vector-256", CpuClass.AVX2));
            assertEquals("scalar, without the Vector API (--add-modules=jdk.incubator.vector)",
                    Translators.Choice.make("", CpuClass.AVX512_VBMI).describe());
            return;
        }
        List<Integer> kinds = Translators.kinds();
        if (kinds.contains(256)) {
            assertEquals(256, Translators.Choice.make("", CpuClass.AVX2).bits());
            assertEquals(256, Translators.Choice.make("", CpuClass.AVX512BW).bits(), "no VBMI: 64-lane byte permutes are emulated");
            assertEquals("vector 256-bit (32 x 8-bit lanes" + (Runtime.version().feature() >= 25 ? ", 7-bit half" : "")
                    + "), for AVX-512BW without VBMI",
                    Translators.Choice.make("", CpuClass.AVX512BW).describe());
            assertEquals(256, Translators.Choice.make("vector-256", CpuClass.SSE).bits(), "the property wins");
        }
        if (kinds.contains(512)) {
            assertEquals(512, Translators.Choice.make("", CpuClass.AVX512_VBMI).bits());
        }
        // the JVM's own choice is its class's
        Translators.Choice here = Translators.Choice.make("", CpuClass.here());
        assertTrue(Translators.choice().equals(here.describe()) || System.getProperty(Translators.PROPERTY) != null, Translators.choice());
    }

    @Test
    void sameBytesAsAPlainLoopAtEveryLengthAndOffset() {
        SplittableRandom random = new SplittableRandom(42);
        byte[] table = new byte[256];
        for (int i = 0; i < 256; i++) {
            table[i] = (byte) (i * 167 + 13); // a permutation: 167 is odd
        }
        for (ByteTranslator t : translators()) {
            for (int length = 0; length <= 300; length++) {
                for (int offset : new int[]{0, 1, 3, 7}) {
                    byte[] src = new byte[length + offset + 5];
                    random.nextBytes(src);
                    byte[] expected = new byte[length];
                    for (int i = 0; i < length; i++) {
                        expected[i] = table[src[offset + i] & 0xFF];
                    }
                    byte[] dst = new byte[length + 2];
                    t.translate(src, offset, dst, 1, length, table, -1);
                    assertArrayEquals(expected, java.util.Arrays.copyOfRange(dst, 1, 1 + length), t.describe() + " length " + length);
                    byte[] inPlace = src.clone();
                    t.translate(inPlace, offset, inPlace, offset, length, table, -1);
                    assertArrayEquals(expected, java.util.Arrays.copyOfRange(inPlace, offset, offset + length), "in place");
                }
            }
        }
    }

    @Test
    void countsTheWatchedByteWhereverItIs() {
        byte[] identity = new byte[256];
        for (int i = 0; i < 256; i++) {
            identity[i] = (byte) i;
        }
        for (ByteTranslator t : translators()) {
            for (int length = 1; length <= 200; length++) {
                byte[] src = new byte[length];
                java.util.Arrays.fill(src, (byte) 'a');
                assertEquals(0, t.translate(src, 0, new byte[length], 0, length, identity, '?'), t.describe() + " " + length);
                for (int p = 0; p < length; p++) {
                    src[p] = (byte) 0x9F;
                    assertEquals(1, t.translate(src, 0, new byte[length], 0, length, identity, 0x9F), t.describe() + " at " + p);
                    src[p] = 'a';
                }
                // every other byte watched: the count is exact across vectors and the scalar tail
                for (int p = 0; p < length; p += 2) {
                    src[p] = (byte) 0x9F;
                }
                assertEquals((length + 1) / 2, t.translate(src, 0, new byte[length], 0, length, identity, 0x9F), t.describe());
                java.util.Arrays.fill(src, (byte) 'a');
            }
            assertEquals(0, t.translate(new byte[]{(byte) 0xFF}, 0, new byte[1], 0, 1, identity, -1), "no watch");
        }
    }

    @Test
    void recordsWhereTheWatchedBytesAreInOrderAndStopsRecordingWhenFull() {
        byte[] identity = new byte[256];
        for (int i = 0; i < 256; i++) {
            identity[i] = (byte) i;
        }
        SplittableRandom random = new SplittableRandom(7);
        for (ByteTranslator t : translators()) {
            for (int length = 1; length <= 300; length += length < 140 ? 1 : 37) {
                byte[] src = new byte[length + 3];
                for (int i = 0; i < src.length; i++) {
                    src[i] = (byte) random.nextInt(0x20, 0x7F);
                    if (src[i] == '?') {
                        src[i] = 'x';
                    }
                }
                List<Integer> expected = new java.util.ArrayList<>();
                for (int i = 0; i < length; i++) {
                    if (random.nextInt(9) == 0) {
                        src[3 + i] = '?';
                        expected.add(i);
                    }
                }
                int[] where = new int[4];
                int count = t.translate(src, 3, new byte[length], 0, length, identity, '?', where);
                assertEquals(expected.size(), count, t.describe() + " length " + length);
                for (int k = 0; k < Math.min(count, where.length); k++) {
                    assertEquals(expected.get(k).intValue(), where[k], t.describe() + " length " + length + " mark " + k);
                }
                int[] roomy = new int[300];
                t.translate(src, 3, new byte[length], 0, length, identity, '?', roomy);
                for (int k = 0; k < count; k++) {
                    assertEquals(expected.get(k).intValue(), roomy[k], t.describe() + " length " + length + " mark " + k);
                }
            }
        }
    }
}
