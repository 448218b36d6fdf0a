package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The collapsed stacks of real profiled forks (src/test/resources/profiles/: async-profiler, event cpu, 1 ms,
 * threads,ann, JDK 17 on an Intel Xeon family 6 model 207). The expected counts were taken apart from the code, with
 * awk over the fixture files, e.g. for jdk encode 37:
 * <pre>
 * awk '{c=$NF; t+=c} /^\[[^;]*-jmh-worker-/{w+=c; if ($0 ~ /SingleByte\$Encoder[^;]*_\[.\] [0-9]+$/) s+=c} END{print t, w, s}'
 * </pre>
 * (1021 samples, 991 of them the benchmark thread's, 916 of those with a SingleByte$Encoder leaf), and for the Db2 paths
 * by the deepest db2 step frame of each worker stack.
 */
class CollapsedProfileTest {

    static final String ENCODE_37_JDK = "ConversionBenchmark.encode-ccsid-37-length-4096-provider-jdk-workload-ascii-text.collapsed";
    static final String ENCODE_1208_JDK = "ConversionBenchmark.encode-ccsid-1208-length-4096-provider-jdk-workload-ascii-text.collapsed";
    static final String INSERT_367 = "Db2PathBenchmark.insertServer-column-367-rows-ascii-shape-article.collapsed";
    static final String INSERT_37 = "Db2PathBenchmark.insertServer-column-37-rows-ascii-shape-article.collapsed";
    static final String INSERT_DIRECT = "Db2PathBenchmark.insertServer-column-367-direct-rows-ascii-shape-article.collapsed";

    static String fixture(String name) {
        try (InputStream in = CollapsedProfileTest.class.getResourceAsStream("/profiles/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theJdksIbm037EncodeIsItsSingleByteTableLoop() {
        CollapsedProfile p = CollapsedProfile.parse(fixture(ENCODE_37_JDK));
        assertEquals(1021, p.total());
        assertEquals(991, p.benchmarkSamples());
        assertEquals(30.0 / 1021, p.otherThreadsShare(), 1e-12);
        List<CollapsedProfile.Frame> top = p.topFrames(3);
        assertEquals("sun.nio.cs.SingleByte$Encoder.encode", top.get(0).frame());
        assertEquals(551, top.get(0).samples());
        assertEquals("sun.nio.cs.SingleByte$Encoder.encodeFromLatin1", top.get(1).frame());
        assertEquals(365, top.get(1).samples());
        assertEquals("the JDK's single-byte table loop (sun.nio.cs.SingleByte$Encoder)", top.get(0).known().reader());
        assertEquals(916.0 / 991, p.selfShare(k -> k.reader().contains("SingleByte$Encoder")), 1e-12);
        assertTrue(p.components().get(KnownFrames.Component.JDK_CHARSET) > 0.9, p.components().toString());
    }

    @Test
    void theJdksUtf8EncodeIsItsIntrinsicAndTheFreshPagesItWrites() {
        CollapsedProfile p = CollapsedProfile.parse(fixture(ENCODE_1208_JDK));
        assertEquals(997, p.benchmarkSamples());
        // 993 of the thread's samples have String.encodeUTF8 on the stack, 961 of them end in the kernel.
        assertEquals(993.0 / 997, p.inclusiveShare(f -> f.equals("java.lang.String.encodeUTF8")), 1e-12);
        assertEquals(961.0 / 997, p.components().get(KnownFrames.Component.KERNEL), 1e-12);
        CollapsedProfile.Frame first = p.topFrames(1).get(0);
        assertEquals("clear_page_erms", first.frame());
        assertTrue(first.kernel());
        assertEquals("the kernel zeroing fresh memory pages (allocation)", first.known().reader());
        assertEquals(KnownFrames.Component.JDK_INTRINSIC, KnownFrames.of("jlong_disjoint_arraycopy_avx3", false).component());
    }

    @Test
    void the367InsertsStepsAreThePivotAndTheRowAndSumToTheWhole() {
        CollapsedProfile p = CollapsedProfile.parse(fixture(INSERT_367));
        assertEquals(984, p.benchmarkSamples());
        Map<String, Double> steps = p.db2Steps();
        assertEquals(157.0 / 984, steps.get("Utf8ToUtf16"), 1e-12);
        assertEquals(491.0 / 984, steps.get("Utf16ToSingleByte"), 1e-12);
        assertEquals(42.0 / 984, steps.get("MajorConversion"), 1e-12);
        assertEquals(294.0 / 984, steps.get("row handling"), 1e-12);
        assertEquals(0.0, steps.get("MinorConversion translate"));
        assertEquals(1.0, steps.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-12);
        assertEquals((157.0 + 491 + 42) / 984, p.pivotShare(), 1e-12);
    }

    @Test
    void the37InsertIsTheScanAndTheTranslateAndTheDirectTableHasNoPivot() {
        Map<String, Double> s37 = CollapsedProfile.parse(fixture(INSERT_37)).db2Steps();
        assertEquals(253.0 / 987, s37.get("MinorConversion scan"), 1e-12);
        assertEquals(407.0 / 987, s37.get("MinorConversion translate"), 1e-12);
        assertEquals(327.0 / 987, s37.get("row handling"), 1e-12);
        CollapsedProfile direct = CollapsedProfile.parse(fixture(INSERT_DIRECT));
        assertEquals(655.0 / 988, direct.db2Steps().get("DirectTableConversion"), 1e-12);
        assertEquals(0.0, direct.pivotShare());
    }

    @Test
    void framesAreNamedWithoutAnnotationAndWithDots() {
        assertEquals("sun.nio.cs.SingleByte$Encoder.encode", CollapsedProfile.name("sun/nio/cs/SingleByte$Encoder.encode_[i]"));
        assertEquals("jlong_disjoint_arraycopy_avx3", CollapsedProfile.name("jlong_disjoint_arraycopy_avx3"));
        assertTrue(CollapsedProfile.kernel("clear_page_erms_[k]"));
        assertEquals("making a new encoder per call", KnownFrames.of("java.nio.charset.CharsetEncoder.<init>", false).reader());
        assertEquals(KnownFrames.Component.JTOPEN, KnownFrames.of("com.ibm.as400.access.ConvTableSingleMap.stringToByteArray", false).component());
        assertEquals(KnownFrames.Component.ICU4J, KnownFrames.of("com.ibm.icu.charset.CharsetMBCS$CharsetEncoderMBCS.encodeLoop", false).component());
    }

    @Test
    void aLineWithoutACountIsAOneLineError() {
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> CollapsedProfile.parse("[t tid=1];a;b 3\n[t tid=1];a;b\n"));
        assertTrue(e.getMessage().startsWith("line 2 of a collapsed profile"), e.getMessage());
    }
}
