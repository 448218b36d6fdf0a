package io.github.ccsidbench.ccsid;

import io.github.ccsidbench.CcsidBenchException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The one place that knows each supported CCSID, looked up by number or any name; tables are IBM's CDRA round-trip
 * mappings, resources beside this class (docs/fidelity.md, "Which library has which").
 */
public final class CcsidRegistry {

    private static final byte[] EBCDIC_SUB = {0x3F};
    private static final byte[] DBCS_SUB = {(byte) 0xFE, (byte) 0xFE};

    /** Supported CCSIDs in the order tables list them: the article's three first. */
    private static final List<Ccsid> ALL = List.of(
            ebcdic(37, "EBCDIC US/Canada", "IBM037", "ibm-37_P100-1995", "cp037", "ibm-37", "ibm037", "ebcdic-cp-us"),
            new Ccsid(367, "US-ASCII (7-bit)", EncodingScheme.ASCII_SBCS, "US-ASCII", "ibm-367",
                    List.of("ascii", "us-ascii", "ibm367", "cp367", "ibm-367", "iso646-us"), new byte[]{0x1A}, asciiTable()),
            new Ccsid(1208, "UTF-8", EncodingScheme.UTF_8, "UTF-8", "UTF-8",
                    List.of("utf-8", "utf8", "ibm-1208"), new byte[]{(byte) 0xEF, (byte) 0xBF, (byte) 0xBD}, null),
            ebcdic(1047, "EBCDIC Latin-1/Open Systems", "IBM1047", "ibm-1047_P100-1995", "cp1047", "ibm-1047"),
            ebcdic(1140, "EBCDIC US/Canada with euro", "IBM01140", "ibm-1140_P100-1997", "cp1140", "ibm-1140", "ibm01140"),
            ebcdic(500, "EBCDIC International", "IBM500", "ibm-500_P100-1995", "cp500", "ibm-500", "ebcdic-cp-be"),
            ebcdic(273, "EBCDIC Germany/Austria", "IBM273", "ibm-273_P100-1995", "cp273", "ibm-273"),
            ebcdic(285, "EBCDIC United Kingdom", "IBM285", "ibm-285_P100-1995", "cp285", "ibm-285", "ebcdic-cp-gb"),
            ebcdic(297, "EBCDIC France", "IBM297", "ibm-297_P100-1995", "cp297", "ibm-297", "ebcdic-cp-fr"),
            ebcdic(277, "EBCDIC Denmark/Norway", "IBM277", "ibm-277_P100-1995", "cp277", "ibm-277", "ebcdic-cp-dk", "ebcdic-cp-no"),
            ebcdic(278, "EBCDIC Finland/Sweden", "IBM278", "ibm-278_P100-1995", "cp278", "ibm-278", "ebcdic-cp-fi", "ebcdic-cp-se"),
            ebcdic(280, "EBCDIC Italy", "IBM280", "ibm-280_P100-1995", "cp280", "ibm-280", "ebcdic-cp-it"),
            ebcdic(284, "EBCDIC Spain/Latin America", "IBM284", "ibm-284_P100-1995", "cp284", "ibm-284", "ebcdic-cp-es"),
            ebcdic(871, "EBCDIC Iceland", "IBM871", "ibm-871_P100-1995", "cp871", "ibm-871", "ebcdic-cp-is"),
            ebcdic(1141, "EBCDIC Germany/Austria with euro", "IBM01141", "ibm-1141_P100-1997", "cp1141", "ibm-1141", "ibm01141"),
            ebcdic(1142, "EBCDIC Denmark/Norway with euro", "IBM01142", "ibm-1142_P100-1997", "cp1142", "ibm-1142", "ibm01142"),
            ebcdic(1143, "EBCDIC Finland/Sweden with euro", "IBM01143", "ibm-1143_P100-1997", "cp1143", "ibm-1143", "ibm01143"),
            ebcdic(1144, "EBCDIC Italy with euro", "IBM01144", "ibm-1144_P100-1997", "cp1144", "ibm-1144", "ibm01144"),
            ebcdic(1145, "EBCDIC Spain/Latin America with euro", "IBM01145", "ibm-1145_P100-1997", "cp1145", "ibm-1145",
                    "ibm01145"),
            ebcdic(1146, "EBCDIC United Kingdom with euro", "IBM01146", "ibm-1146_P100-1997", "cp1146", "ibm-1146", "ibm01146"),
            ebcdic(1147, "EBCDIC France with euro", "IBM01147", "ibm-1147_P100-1997", "cp1147", "ibm-1147", "ibm01147"),
            ebcdic(1148, "EBCDIC International with euro", "IBM01148", "ibm-1148_P100-1997", "cp1148", "ibm-1148", "ibm01148"),
            ebcdic(1149, "EBCDIC Iceland with euro", "IBM01149", "ibm-1149_P100-1997", "cp1149", "ibm-1149", "ibm01149"),
            new Ccsid(1200, "UTF-16 big-endian", EncodingScheme.UTF_16, "UTF-16BE", "UTF-16BE",
                    List.of("utf-16be", "utf-16", "utf16", "ibm-1200"), new byte[]{(byte) 0xFF, (byte) 0xFD}, null),
            mixed(930, "EBCDIC Japanese Katakana-Kanji, mixed", 290, 300, "x-IBM930", "ibm-930_P120-1999",
                    "IBM930", "cp930", "ibm-930"),
            mixed(939, "EBCDIC Japanese Latin-Kanji, mixed", 1027, 300, "x-IBM939", "ibm-939_P120-1999",
                    "IBM939", "cp939", "ibm-939"),
            mixed(1390, "EBCDIC Japanese Katakana-Kanji with euro, mixed", 8482, 16684, null, "ibm-1390_P110-2003",
                    "IBM1390", "cp1390", "ibm-1390"),
            mixed(1399, "EBCDIC Japanese Latin-Kanji with euro, mixed", 5123, 16684, null, "ibm-1399_P110-2003",
                    "IBM1399", "cp1399", "ibm-1399"),
            mixed(933, "EBCDIC Korean, mixed", 833, 834, "x-IBM933", "ibm-933_P110-1995", "IBM933", "cp933", "ibm-933"),
            mixed(935, "EBCDIC Simplified Chinese, mixed", 836, 837, "x-IBM935", "ibm-935_P110-1999",
                    "IBM935", "cp935", "ibm-935"),
            mixed(937, "EBCDIC Traditional Chinese, mixed", 28709, 835, "x-IBM937", "ibm-937_P110-1999",
                    "IBM937", "cp937", "ibm-937"));

    /** Where the mixed EBCDIC CCSIDs start in {@link #ALL}: they come last. */
    private static final int FIRST_MIXED = (int) ALL.stream().takeWhile(c -> !c.scheme().mixed()).count();

    private static final Map<String, Ccsid> BY_NAME = index();

    private CcsidRegistry() {
    }

    /** Every supported CCSID, mixed EBCDIC included (last). */
    public static List<Ccsid> all() {
        return ALL;
    }

    /** The single-byte and Unicode CCSIDs: every one but the mixed EBCDIC ones. */
    public static List<Ccsid> singleByteAndUnicode() {
        return ALL.subList(0, FIRST_MIXED);
    }

    /**
     * The single-byte and Unicode CCSIDs the presets measure (the article's three, 1047, 1140, 500, 273, 285, 297), and
     * 1200, Db2's Unicode GRAPHIC. The report's fidelity table shows these; the other countries' ({@code fidelity --ccsid
     * N}) repeat their neighbours' outcomes and would cost every report seconds. The presets sit above this package, so
     * {@code BenchmarkPlanTest} holds the list to their matrix parts.
     */
    public static List<Ccsid> ofThePresets() {
        return singleByteAndUnicode().stream().filter(c -> OF_THE_PRESETS.contains(c.number())).toList();
    }

    private static final java.util.Set<Integer> OF_THE_PRESETS = java.util.Set.of(37, 367, 1208, 1047, 1140, 500, 273, 285, 297, 1200);

    /** The mixed EBCDIC CCSIDs: 930, 939, 1390, 1399 (Japanese), 933 (Korean), 935, 937 (Chinese). */
    public static List<Ccsid> mixed() {
        return ALL.subList(FIRST_MIXED, ALL.size());
    }

    /** The article's three: 37 (EBCDIC SBCS), 367 (Unicode SBCS), 1208 (Unicode MIXED). */
    public static List<Ccsid> core() {
        return ALL.subList(0, 3);
    }

    /** The CCSID with this number, or a {@link CcsidBenchException} listing what is supported. */
    public static Ccsid byNumber(int number) {
        return ALL.stream().filter(c -> c.number() == number).findFirst()
                .orElseThrow(() -> unknown(Integer.toString(number)));
    }

    /** The CCSID a user means: a number ("37", "CCSID 37", "037") or any provider's name, in any case. */
    public static Ccsid lookup(String nameOrNumber) {
        if (nameOrNumber == null || nameOrNumber.isBlank()) {
            throw unknown(String.valueOf(nameOrNumber));
        }
        String key = normalise(nameOrNumber);
        Ccsid found = BY_NAME.get(key);
        if (found != null) {
            return found;
        }
        String digits = key.startsWith("ccsid") ? key.substring(5).trim() : key;
        if (digits.matches("\\d{1,9}")) {
            return byNumber(Integer.parseInt(digits));
        }
        throw unknown(nameOrNumber);
    }

    /** One line naming every supported CCSID, for error messages and help. */
    public static String supportedList() {
        return ALL.stream().map(Ccsid::label).collect(Collectors.joining(", "));
    }

    private static CcsidBenchException unknown(String what) {
        return new CcsidBenchException("unknown CCSID '" + what + "'; supported: " + supportedList());
    }

    private static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }

    private static Map<String, Ccsid> index() {
        Map<String, Ccsid> map = new LinkedHashMap<>();
        for (Ccsid c : ALL) {
            List<String> names = new ArrayList<>(c.aliases());
            names.add(Integer.toString(c.number()));
            c.jdkName().ifPresent(names::add);
            names.add(c.icuName());
            for (String n : names) {
                Ccsid previous = map.putIfAbsent(normalise(n), c);
                if (previous != null && previous != c) {
                    throw new IllegalStateException("name " + n + " names both " + previous + " and " + c);
                }
            }
        }
        return Collections.unmodifiableMap(map);
    }

    private static Ccsid ebcdic(int number, String description, String jdkName, String icuName, String... aliases) {
        return new Ccsid(number, description, EncodingScheme.EBCDIC_SBCS, jdkName, icuName, List.of(aliases),
                EBCDIC_SUB, SingleByteTable.roundTrip(readTable("ebcdic-" + number + ".txt")));
    }

    private static Ccsid mixed(int number, String description, int singleByte, int doubleByte, String jdkName,
                               String icuName, String... aliases) {
        return new Ccsid(number, description, EncodingScheme.EBCDIC_MIXED, jdkName, icuName, List.of(aliases), EBCDIC_SUB,
                null, new MixedEbcdic(singleByte, doubleByte, EBCDIC_SUB[0], DBCS_SUB, icuName));
    }

    private static SingleByteTable asciiTable() {
        int[] cps = new int[256];
        for (int b = 0; b < 256; b++) {
            cps[b] = b < 0x80 ? b : SingleByteTable.UNMAPPED;
        }
        return SingleByteTable.roundTrip(cps);
    }

    /** Reads a 16-line table "X_: cp cp ... cp" (hex), '#' starting a comment line. */
    static int[] readTable(String resource) {
        try (InputStream in = CcsidRegistry.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing table resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            int[] cps = new int[256];
            int row = 0;
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.substring(line.indexOf(':') + 1).trim().split("\\s+");
                if (row >= 16 || parts.length != 16) {
                    throw new IllegalStateException(resource + ": malformed row " + line);
                }
                for (int col = 0; col < 16; col++) {
                    cps[row * 16 + col] = Integer.parseInt(parts[col], 16);
                }
                row++;
            }
            if (row != 16) {
                throw new IllegalStateException(resource + ": " + row + " rows, expected 16");
            }
            return cps;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
