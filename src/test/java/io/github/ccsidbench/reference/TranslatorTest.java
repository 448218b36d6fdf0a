package io.github.ccsidbench.reference;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every translator gives the scalar result for every length from 0 to 300 (vector bodies and tails),
 * at odd offsets, in place and not, and finds the watched byte wherever it is. Runs on the scalar
 * translator always, and on the SIMD one in the test run that resolves the Vector API.
 */
class TranslatorTest {

    /** The translators this JVM has; the build's "vector-api" test run must have both. */
    static List<ByteTranslator> translators() {
        List<ByteTranslator> all = new ArrayList<>(List.of(Translators.scalar()));
        if (Translators.vectorAvailable()) {
            all.add(Translators.vector());
        }
        if (Boolean.getBoolean("ccsidbench.expect.vector")) {
            assertTrue(Translators.vectorAvailable(), "this test run resolves jdk.incubator.vector: the SIMD path must be on");
        }
        return all;
    }

    /**
     * The "vector-api-avx2" test run limits the JIT to AVX2 (-XX:UseAVX=2): on an x86 machine the SIMD translator
     * then works on 256-bit vectors (32 byte lanes), as on an AVX2-only CPU, so its exhaustive tests cover that class
     * whatever CPU the build runs on. (Other architectures ignore the flag.)
     */
    @Test
    void theAvx2RunTranslatesWith32ByteLanes() {
        boolean x86 = System.getProperty("os.arch").matches("amd64|x86_64");
        if (Boolean.getBoolean("ccsidbench.expect.avx2") && x86) {
            assertEquals("vector (32 x 8-bit lanes)", Translators.vector().describe());
        }
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
}
