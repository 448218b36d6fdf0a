package io.github.ccsidbench.ccsid;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One Coded Character Set Identifier and everything the project knows about it; instances come only from
 * {@link CcsidRegistry}.
 */
public final class Ccsid {

    private final int number;
    private final String description;
    private final EncodingScheme scheme;
    private final String jdkName;
    private final String icuName;
    private final List<String> aliases;
    private final byte[] substitution;
    private final SingleByteTable table;
    private final MixedEbcdic mixed;
    private final Map<LineEnds, SingleByteTable> lineEndVariants = new ConcurrentHashMap<>();

    Ccsid(int number, String description, EncodingScheme scheme, String jdkName, String icuName,
          List<String> aliases, byte[] substitution, SingleByteTable table) {
        this(number, description, scheme, jdkName, icuName, aliases, substitution, table, null);
    }

    Ccsid(int number, String description, EncodingScheme scheme, String jdkName, String icuName,
          List<String> aliases, byte[] substitution, SingleByteTable table, MixedEbcdic mixed) {
        this.number = number;
        this.description = description;
        this.scheme = scheme;
        this.jdkName = jdkName;
        this.icuName = icuName;
        this.aliases = List.copyOf(aliases);
        this.substitution = substitution.clone();
        this.table = table;
        this.mixed = mixed;
        if ((scheme == EncodingScheme.EBCDIC_MIXED) != (mixed != null)) {
            throw new IllegalArgumentException("CCSID " + number + ": mixed EBCDIC needs its components, and only it has them");
        }
    }

    /** The CCSID number, e.g. 37. */
    public int number() {
        return number;
    }

    /** What the CCSID is for, e.g. "EBCDIC US/Canada". */
    public String description() {
        return description;
    }

    public EncodingScheme scheme() {
        return scheme;
    }

    /** The JDK charset name, e.g. "IBM037"; empty where the JDK has none (1390, 1399). */
    public Optional<String> jdkName() {
        return Optional.ofNullable(jdkName);
    }

    /** The ICU4J converter name ({@code CharsetProviderICU.charsetForName}), e.g. "ibm-37_P100-1995". */
    public String icuName() {
        return icuName;
    }

    /** The number JTOpen's {@code CharConverter} takes: the CCSID itself. */
    public int jt400Ccsid() {
        return number;
    }

    /** Other names users write for it (case does not matter in look-ups). */
    public List<String> aliases() {
        return aliases;
    }

    /**
     * The bytes the CCSID's own definition uses for a character it cannot hold (Db2's "enforced subset"); for mixed
     * EBCDIC the single-byte one (the double-byte one in {@link #mixed()}). Providers may deviate.
     */
    public byte[] substitution() {
        return substitution.clone();
    }

    /** What a mixed EBCDIC CCSID is made of (components, both substitutions, repertoire); empty for the others. */
    public Optional<MixedEbcdic> mixed() {
        return Optional.ofNullable(mixed);
    }

    /** The 256-entry table of a single-byte CCSID (CDRA line ends), empty for UTF-8, UTF-16 and mixed EBCDIC. */
    public Optional<SingleByteTable> table() {
        return Optional.ofNullable(table);
    }

    /** The table of this EBCDIC CCSID with {@code lineEnds}; other single-byte CCSIDs' plain table; Unicode, empty. */
    public Optional<SingleByteTable> table(LineEnds lineEnds) {
        if (table == null || scheme != EncodingScheme.EBCDIC_SBCS || lineEnds == null) {
            return table();
        }
        return Optional.of(lineEndVariants.computeIfAbsent(lineEnds, table::withLineEnds));
    }

    /** True when code point {@code cp} can be written in this CCSID without substitution. */
    public boolean canEncode(int cp) {
        if (table != null) {
            return table.canEncode(cp);
        }
        if (mixed != null) {
            return mixed.canEncode(cp);
        }
        return Character.isValidCodePoint(cp) && !(cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE);
    }

    /** True when every code point of {@code text} can be written without substitution. */
    public boolean canEncode(CharSequence text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int cp = c;
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                cp = Character.toCodePoint(c, text.charAt(i + 1));
                i++;
            }
            if (!canEncode(cp)) {
                return false;
            }
            i++;
        }
        return true;
    }

    /** "37 (EBCDIC US/Canada)": how tables and messages name it. */
    public String label() {
        return number + " (" + description + ")";
    }

    @Override
    public String toString() {
        return "CCSID " + number;
    }
}
