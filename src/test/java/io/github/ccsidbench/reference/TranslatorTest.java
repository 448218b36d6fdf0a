package io.github.ccsidbench.reference;

import io.github.ccsidbench.machine.CpuClass;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.SingleByteTable;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
     * The "vector-api-avx2" test run limits the JIT to AVX2 (-XX:UseAVX=2, with ccsidbench.expect.avx2 set): on an
     * x86 machine the widest vector translator then works on 256-bit vectors (32 byte lanes), as on an AVX2-only CPU,
     * so the exhaustive tests cover that class whatever CPU the build runs on. Skipped in the other runs, and on other
     * architectures, which ignore the flag.
     */
    @Test
    void theAvx2RunHas256BitVectorsAtMost() {
        assumeTrue(Boolean.getBoolean("ccsidbench.expect.avx2"), "only the vector-api-avx2 run limits the JIT to AVX2");
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"), "UseAVX exists on x86 only");
        assertEquals(2, CpuClass.useAvx(), "the run's -XX:UseAVX=2 reached the JIT");
        assertEquals(List.of(0, 256), Translators.kinds());
    }

    /**
     * A codec translates with two tables through one translator (encode and decode), so a round trip alternates them:
     * each vector translator keeps both split (rather than splitting a table again on every call), still gives the
     * plain loop's bytes for each, and a third table replaces the one used least recently. Only in a JVM that has the
     * vector translators (the vector-api runs); skipped elsewhere.
     */
    @Test
    void aCodecsTwoTablesStaySplitWhenARoundTripAlternatesThem() {
        byte[] a = decodeTable(CcsidRegistry.byNumber(37));
        byte[] b = new byte[256];
        byte[] c = new byte[256];
        for (int i = 0; i < 256; i++) {
            b[a[i] & 0xFF] = (byte) i; // its inverse: 37's encode table
            c[i] = (byte) (i * 167 + 13);
        }
        byte[] src = new byte[1024 + 5];
        new SplittableRandom(37).nextBytes(src);
        List<ByteTranslator> vectors = translators().stream().filter(t -> t instanceof VectorTranslator).toList();
        assumeFalse(vectors.isEmpty(), "no vector translator in this JVM (it does not resolve jdk.incubator.vector)");
        for (ByteTranslator t : vectors) {
            VectorTranslator v = (VectorTranslator) t;
            for (int k = 0; k < 6; k++) {
                byte[] table = k % 2 == 0 ? a : b;
                assertTranslates(v, table, src, 0, src.length, v.describe() + " round trip " + k);
            }
            assertEquals(2, v.splits(), v.describe() + ": the two tables of a round trip split once each");
            v.translate(src, 0, new byte[src.length], 0, src.length, a, -1);
            v.translate(src, 0, new byte[src.length], 0, src.length, b, -1);
            assertEquals(2, v.splits(), v.describe() + ": and stay split");
            v.translate(src, 0, new byte[src.length], 0, src.length, c, -1); // replaces a, the older
            v.translate(src, 0, new byte[src.length], 0, src.length, b, -1);
            assertEquals(3, v.splits(), v.describe() + ": b was still split");
            v.translate(src, 0, new byte[src.length], 0, src.length, a, -1);
            assertEquals(4, v.splits(), v.describe() + ": a had been replaced by c");
        }
    }

    /** The property names a translator or fails in one line; the JVM's own choice is the one its CPU class gets. */
    @Test
    void thePropertyOverridesTheCpuClass() {
        assertEquals(0, Translators.Choice.make("scalar", CpuClass.AVX512_VBMI).bits());
        assertEquals("scalar, set by -Dccsidbench.translator", Translators.Choice.make("scalar", CpuClass.AVX2).describe());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Translators.Choice.make("vector-1024", CpuClass.AVX2));
        assertEquals("-Dccsidbench.translator=vector-1024: unknown translator (scalar, vector-256, vector-512, auto)", e.getMessage());
        assertEquals(0, Translators.Choice.make("", CpuClass.SSE).bits());
        assertEquals(0, Translators.Choice.make("", CpuClass.NEON).bits());
        // the JVM's own choice is its class's
        Translators.Choice here = Translators.Choice.make("", CpuClass.here());
        assertTrue(Translators.choice().equals(here.describe()) || System.getProperty(Translators.PROPERTY) != null, Translators.choice());
    }

    /** Without the Vector API every class gets the scalar loop, and asking for a vector shape fails. */
    @Test
    void withoutTheVectorApiTheChoiceIsScalar() {
        assumeFalse(Translators.vectorAvailable(), "this JVM resolves jdk.incubator.vector");
        assertThrows(IllegalArgumentException.class, () -> Translators.Choice.make("vector-256", CpuClass.AVX2));
        assertEquals("scalar, without the Vector API (--add-modules=jdk.incubator.vector)",
                Translators.Choice.make("", CpuClass.AVX512_VBMI).describe());
    }

    /**
     * With the Vector API each CPU class gets its shape, among the shapes this JVM can run: AVX2 and AVX-512 without
     * VBMI 256-bit vectors, AVX-512 VBMI 512-bit ones (256-bit ones when the JVM has no 512-bit shape); the property
     * wins over the class.
     */
    @Test
    void withTheVectorApiTheChoiceFollowsTheCpuClass() {
        assumeTrue(Translators.vectorAvailable(), "this JVM does not resolve jdk.incubator.vector");
        List<Integer> kinds = Translators.kinds();
        int narrow = kinds.contains(256) ? 256 : 0;
        assertEquals(narrow, Translators.Choice.make("", CpuClass.AVX2).bits(), "kinds " + kinds);
        assertEquals(narrow, Translators.Choice.make("", CpuClass.AVX512BW).bits(), "no VBMI: 64-lane byte permutes are emulated");
        assertEquals(kinds.contains(512) ? 512 : narrow, Translators.Choice.make("", CpuClass.AVX512_VBMI).bits(), "kinds " + kinds);
        if (kinds.contains(256)) {
            assertEquals("vector 256-bit (32 x 8-bit lanes, 7-bit half, text rows), for AVX-512BW without VBMI",
                    Translators.Choice.make("", CpuClass.AVX512BW).describe());
            assertEquals(256, Translators.Choice.make("vector-256", CpuClass.SSE).bits(), "the property wins");
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
                for (int offset : new int[]{0, 1, 3, 7, -1}) {
                    byte[] src = new byte[length + Math.abs(offset) + 5];
                    random.nextBytes(src);
                    if (offset < 0) { // printable ASCII alone, as text being encoded: the 256-bit shape's short cut
                        offset = 2;
                        for (int i = 0; i < src.length; i++) {
                            src[i] = (byte) random.nextInt(0x20, 0x80);
                        }
                    }
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

    /**
     * A vector lookup takes one of three cases by the bytes of the vector: printable ASCII alone, 7-bit with a control
     * character, or any byte of 0x80 and above. Every byte value, alone among printable ASCII at the start, middle or
     * end of a vector (and of the masked tail), must come out as the plain loop's: the byte that decides the case is
     * the one a wrong case would get wrong.
     */
    @Test
    void everyByteAloneAmongPrintableAsciiGivesThePlainLoopsBytes() {
        SplittableRandom random = new SplittableRandom(0x20);
        byte[] table = new byte[256];
        for (int i = 0; i < 256; i++) {
            table[i] = (byte) (i * 167 + 13);
        }
        for (ByteTranslator t : translators()) {
            for (int length : new int[]{32, 64, 100, 128}) {
                for (int b = 0; b < 256; b++) {
                    for (int at : new int[]{0, 17, 31, 32, 63, length - 1}) {
                        if (at >= length) {
                            continue;
                        }
                        byte[] src = new byte[length];
                        for (int i = 0; i < length; i++) {
                            src[i] = (byte) random.nextInt(0x20, 0x80);
                        }
                        src[at] = (byte) b;
                        assertTranslates(t, table, src, 0, length,
                                t.describe() + String.format(" byte 0x%02X at %d of %d", b, at, length));
                    }
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
                    int[] where = {-1, -1};
                    assertEquals(1, t.translate(src, 0, new byte[length], 0, length, identity, 0x9F, where), t.describe() + " at " + p);
                    assertEquals(p, where[0], t.describe() + ": where, alone at " + p);
                    src[p] = 'a';
                }
                // every other byte watched: the count and the places are exact across vectors and the scalar tail,
                // also in place (the vector translators read a vector's watched bytes before they store it)
                for (int p = 0; p < length; p += 2) {
                    src[p] = (byte) 0x9F;
                }
                int[] where = new int[length];
                assertEquals((length + 1) / 2, t.translate(src, 0, new byte[length], 0, length, identity, 0x9F, where), t.describe());
                byte[] inPlace = src.clone();
                byte[] away = identity.clone();
                away[0x9F] = 0; // a watched byte read after its vector was stored would be missed
                int[] whereInPlace = new int[length];
                assertEquals((length + 1) / 2, t.translate(inPlace, 0, inPlace, 0, length, away, 0x9F, whereInPlace), t.describe());
                for (int k = 0; k < (length + 1) / 2; k++) {
                    assertEquals(2 * k, where[k], t.describe() + " length " + length + ": where " + k);
                    assertEquals(2 * k, whereInPlace[k], t.describe() + " length " + length + ": where in place " + k);
                }
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

    /** CCSID byte to Latin-1 character, as the codec decodes (the one byte outside Latin-1, 1140's euro, as 0x1A). */
    static byte[] decodeTable(Ccsid ccsid) {
        SingleByteTable t = ccsid.table().orElseThrow();
        byte[] table = new byte[256];
        for (int b = 0; b < 256; b++) {
            int cp = t.toUnicode(b);
            table[b] = (byte) (cp > 0xFF ? 0x1A : cp);
        }
        return table;
    }

    /**
     * The tables every translator runs on: the Latin-1 layouts of 37, 500, 273, 285 and 297, 1047's line ends, and
     * the euro where 1140 has it (0x9F) and where 1142 has it (0x5A). The other countries' tables are permutations of
     * the same kind; they run with the translator the codec picks on this JVM, so every table still goes through the
     * codec and every translator through every kind of table, without the whole cross product.
     */
    private static final java.util.Set<Integer> EVERY_TRANSLATOR = java.util.Set.of(37, 500, 273, 285, 297, 1047, 1140, 1142);

    /** The translators a test runs on {@code ccsid}'s table ({@link #EVERY_TRANSLATOR}). */
    static List<ByteTranslator> translatorsFor(Ccsid ccsid) {
        return EVERY_TRANSLATOR.contains(ccsid.number()) ? translators() : List.of(Translators.best());
    }

    static List<Ccsid> ebcdicSingleByte() {
        return CcsidRegistry.all().stream().filter(c -> c.scheme() == EncodingScheme.EBCDIC_SBCS).toList();
    }

    @Test
    void everyEbcdicDecodeTableHasTextRowsAndTheEncodeTablesHaveNone() {
        for (Ccsid c : ebcdicSingleByte()) {
            byte[] table = decodeTable(c);
            TextRows rows = TextRows.of(table);
            assertNotNull(rows, c.number() + ": letters, digits and the space on their rows' runs");
            int onRuns = 0;
            for (int b = 0; b < 256; b++) {
                int ch = table[b] & 0xFF;
                if (TextRows.textWeight(ch) >= TextRows.TEXT) {
                    assertTrue(rows.onRun(b), String.format("%d: byte 0x%02X ('%c') on its run", c.number(), b, (char) ch));
                }
                if (rows.onRun(b)) {
                    onRuns++;
                    assertEquals(table[b], (byte) (b + rows.constants()[b >>> 3]), String.format("%d: byte 0x%02X", c.number(), b));
                }
            }
            assertTrue(onRuns >= 63, c.number() + ": 62 letters and digits and the space, at least: " + onRuns);
        }
        Ccsid c37 = CcsidRegistry.byNumber(37);
        byte[] encode = new byte[256];
        for (int ch = 0; ch < 256; ch++) {
            encode[ch] = (byte) c37.table().orElseThrow().toByte((char) ch);
        }
        assertNull(TextRows.of(encode), "Latin-1 to CCSID 37: 'H' 'I' and 'J'..'O' share a row but not a constant");
        byte[] permutation = new byte[256];
        for (int i = 0; i < 256; i++) {
            permutation[i] = (byte) (i * 167 + 13);
        }
        assertNull(TextRows.of(permutation));
    }

    /**
     * The text rows of the 256-bit translator against the plain loop, for every EBCDIC decode table: text alone (every
     * vector on its rows' runs), text with one other byte at every position (that vector looked up in full), text
     * then random bytes then text (the rows given up part way), in place and not, at every length to 300 and at odd
     * offsets, with the watched byte counted and recorded throughout.
     */
    @Test
    void textRowsGiveThePlainLoopsBytesForTextAndForEveryOtherByte() {
        SplittableRandom random = new SplittableRandom(1140);
        for (Ccsid c : ebcdicSingleByte()) {
            byte[] table = decodeTable(c);
            TextRows rows = TextRows.of(table);
            byte[] text = new byte[64];
            byte[] other = new byte[256];
            int texts = 0;
            int others = 0;
            for (int b = 0; b < 256; b++) {
                if (TextRows.textWeight(table[b] & 0xFF) >= TextRows.TEXT) {
                    text[texts++] = (byte) b;
                } else if (!rows.onRun(b)) {
                    other[others++] = (byte) b;
                }
            }
            int textCount = texts;
            int otherCount = others;
            java.util.function.IntFunction<byte[]> prose = n -> {
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = text[random.nextInt(textCount)];
                }
                return out;
            };
            for (ByteTranslator t : translatorsFor(c)) {
                String what = c.number() + " " + t.describe();
                for (int length = 0; length <= 300; length++) {
                    for (int offset : new int[]{0, 1, 7}) {
                        byte[] src = new byte[offset + length + 3];
                        System.arraycopy(prose.apply(length), 0, src, offset, length);
                        assertTranslates(t, table, src, offset, length, what + " text, length " + length + " at " + offset);
                    }
                }
                for (int p = 0; p < 96; p++) {
                    byte[] src = prose.apply(96);
                    src[p] = other[random.nextInt(otherCount)];
                    assertTranslates(t, table, src, 0, 96, what + " one other byte at " + p);
                }
                byte[] mixed = new byte[3 * 4096 + 17];
                System.arraycopy(prose.apply(4096), 0, mixed, 0, 4096);
                for (int i = 4096; i < 8192; i++) {
                    mixed[i] = (byte) random.nextInt(256);
                }
                System.arraycopy(prose.apply(4096 + 17), 0, mixed, 8192, 4096 + 17);
                assertTranslates(t, table, mixed, 0, mixed.length, what + " text, random bytes, text");
                byte[] sprinkled = prose.apply(8192);
                for (int i = 0; i < sprinkled.length; i += 1 + random.nextInt(200)) {
                    sprinkled[i] = other[random.nextInt(otherCount)];
                }
                assertTranslates(t, table, sprinkled, 0, sprinkled.length, what + " text with other bytes now and then");
            }
        }
    }

    /** Translates {@code src} through {@code t} (to another array, then in place) and compares with the plain loop. */
    private static void assertTranslates(ByteTranslator t, byte[] table, byte[] src, int offset, int length, String what) {
        byte[] expected = new byte[length];
        int watch = 0x40; // the EBCDIC space: many in text
        List<Integer> marks = new java.util.ArrayList<>();
        for (int i = 0; i < length; i++) {
            expected[i] = table[src[offset + i] & 0xFF];
            if ((src[offset + i] & 0xFF) == watch) {
                marks.add(i);
            }
        }
        byte[] dst = new byte[length + 1];
        int[] where = new int[length];
        assertEquals(marks.size(), t.translate(src, offset, dst, 1, length, table, watch, where), what + ": watched bytes");
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(dst, 1, 1 + length), what);
        assertEquals(marks, java.util.Arrays.stream(where, 0, marks.size()).boxed().toList(), what + ": where");
        byte[] inPlace = src.clone();
        t.translate(inPlace, offset, inPlace, offset, length, table, -1);
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(inPlace, offset, offset + length), what + ", in place");
    }
}
