package io.github.ccsidbench.report;

import java.util.List;
import java.util.function.Predicate;

/**
 * A sampled frame named as a reader knows it ("sun.nio.cs.SingleByte$Encoder.encode": the JDK's single-byte table loop),
 * with its {@link Component}. The first rule that matches wins, so the specific ones come first.
 */
public final class KnownFrames {

    /** Who a frame's code belongs to, for the grouping of a profile by component. */
    public enum Component {
        JDK_CHARSET("JDK charset code"),
        JDK_INTRINSIC("JDK String intrinsics and stubs"),
        ICU4J("ICU4J"),
        JTOPEN("JTOpen"),
        WRAPPER("the project's converter wrapper"),
        REFERENCE("the reference codec"),
        DB2_MODEL("the Db2 model"),
        ALLOCATION_GC("allocation and GC"),
        KERNEL("kernel"),
        HARNESS("harness"),
        OTHER("other");

        private final String label;

        Component(String label) {
            this.label = label;
        }

        /** "JDK charset code". */
        public String label() {
            return label;
        }
    }

    /**
     * What a frame is.
     *
     * @param reader the reader's name of it ("the JDK's single-byte table loop (sun.nio.cs.SingleByte$Encoder)")
     * @param component the component its code belongs to
     */
    public record Known(String reader, Component component) {
    }

    private record Rule(Predicate<String> matches, String reader, Component component) {
    }

    private static final String DB2 = "io.github.ccsidbench.db2.";
    private static final String INTRINSIC = "the JDK's intrinsic String coding / array copy stub";

    private static final List<Rule> RULES = List.of(
            rule(n -> n.startsWith("java.nio.charset.CharsetEncoder.<init>"), "making a new encoder per call", Component.JDK_CHARSET),
            rule(n -> n.startsWith("java.nio.charset.CharsetDecoder.<init>"), "making a new decoder per call", Component.JDK_CHARSET),
            rule(n -> n.startsWith("sun.nio.cs.SingleByte$Encoder"), "the JDK's single-byte table loop (sun.nio.cs.SingleByte$Encoder)",
                    Component.JDK_CHARSET),
            rule(n -> n.startsWith("sun.nio.cs.SingleByte$Decoder"), "the JDK's single-byte table loop (sun.nio.cs.SingleByte$Decoder)",
                    Component.JDK_CHARSET),
            rule(n -> n.startsWith("java.lang.String.encodeWithEncoder") || n.startsWith("java.lang.String.decodeWithDecoder"),
                    "the String API's path through a charset coder", Component.JDK_CHARSET),
            rule(n -> n.matches("java\\.lang\\.String\\.(en|de)code\\w+")
                    || n.startsWith("java.lang.StringCoding.") || n.startsWith("java.lang.String.hasNegatives")
                    || n.contains("arraycopy") || n.startsWith("StubRoutines") || n.contains("_avx")
                    || n.startsWith("java.lang.StringLatin1.inflate") || n.startsWith("java.lang.StringUTF16.compress")
                    || n.startsWith("sun.nio.cs.ISO_8859_1$Encoder.implEncodeISOArray"), INTRINSIC, Component.JDK_INTRINSIC),
            rule(n -> n.startsWith("sun.nio.cs.") || n.startsWith("java.nio.charset.") || n.startsWith("java.nio.")
                    || n.startsWith("java.lang.String"), "the JDK's charset code", Component.JDK_CHARSET),
            rule(n -> n.startsWith("com.ibm.icu.charset.CharsetMBCS"), "ICU4J's table converter (CharsetMBCS)", Component.ICU4J),
            rule(n -> n.startsWith("com.ibm.icu.charset.CharsetUTF8"), "ICU4J's UTF-8 converter (CharsetUTF8)", Component.ICU4J),
            rule(n -> n.startsWith("com.ibm.icu.charset.CharsetASCII"), "ICU4J's US-ASCII converter (CharsetASCII)", Component.ICU4J),
            rule(n -> n.startsWith("com.ibm.icu."), "ICU4J's converter framework (CharsetEncoderICU, CharsetDecoderICU)",
                    Component.ICU4J),
            rule(n -> n.startsWith("com.ibm.as400."), "JTOpen's converter (com.ibm.as400.access)", Component.JTOPEN),
            rule(n -> n.startsWith("io.github.ccsidbench.convert."), "the project's converter wrapper", Component.WRAPPER),
            rule(n -> n.startsWith("io.github.ccsidbench.reference."), "the reference codec", Component.REFERENCE),
            rule(n -> n.startsWith(DB2 + "MinorConversion.onlySimpleCharacters"), "Db2's TRT scan (MinorConversion.onlySimpleCharacters)",
                    Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "MinorConversion.translate"), "Db2's TR translate pass (MinorConversion.translate)",
                    Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "MinorConversion"), "Db2's minor conversion (MinorConversion)", Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "Utf8ToUtf16"), "the pivot's first half, UTF-8 to UTF-16 (Utf8ToUtf16)", Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "Utf16ToSingleByte"), "the pivot's second half, UTF-16 to the single-byte CCSID (Utf16ToSingleByte)",
                    Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "Utf16ToMixed"), "the pivot's second half, UTF-16 to mixed EBCDIC (Utf16ToMixed)",
                    Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "MajorConversion"), "the major conversion's own work (MajorConversion)", Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "DirectTableConversion"), "the what-if direct table (DirectTableConversion)", Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "StoreAsSent"), "storing UTF-8 as sent (StoreAsSent)", Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2 + "ServerInsert.pad"), "padding CHAR(n) with blanks (ServerInsert.pad)", Component.DB2_MODEL),
            rule(n -> n.startsWith(DB2), "the row handling (RowConversion, ServerInsert, InsertTally)", Component.DB2_MODEL),
            rule(n -> n.startsWith("org.openjdk.jmh.") || n.startsWith("io.github.ccsidbench.bench.")
                    || n.startsWith("io.github.ccsidbench.machine."), "the harness (JMH, the benchmark method)", Component.HARNESS),
            rule(KnownFrames::allocationOrGc, "the JVM allocating or collecting memory", Component.ALLOCATION_GC));

    private KnownFrames() {
    }

    private static Rule rule(Predicate<String> matches, String reader, Component component) {
        return new Rule(matches, reader, component);
    }

    /** What {@code frame} is, named as {@link CollapsedProfile#name} gives it, and whether it was a kernel frame. */
    public static Known of(String frame, boolean kernel) {
        if (kernel) {
            return frame.startsWith("clear_page") || frame.contains("page_fault") || frame.contains("alloc_pages")
                    || frame.contains("folio") || frame.contains("handle_mm_fault")
                    ? new Known("the kernel zeroing fresh memory pages (allocation)", Component.KERNEL)
                    : new Known("the kernel (" + frame + ")", Component.KERNEL);
        }
        for (Rule r : RULES) {
            if (r.matches().test(frame)) {
                return new Known(r.reader(), r.component());
            }
        }
        return new Known(frame.contains(".") ? "other Java code" : "other JVM code", Component.OTHER);
    }

    /** HotSpot's allocation and collector frames: TLAB refills, array allocators, G1 and the other collectors. */
    private static boolean allocationOrGc(String n) {
        return n.contains("Allocator") || n.contains("TLAB") || n.contains("Tlab") || n.startsWith("G1") || n.contains("CollectedHeap")
                || n.startsWith("OptoRuntime::new") || n.contains("MemAllocator") || n.startsWith("Universe::heap")
                || n.contains("GC") || n.startsWith("ZCollected") || n.startsWith("Parallel") || n.startsWith("PS")
                || n.startsWith("Copy::fill") || n.startsWith("Copy::zero");
    }
}
