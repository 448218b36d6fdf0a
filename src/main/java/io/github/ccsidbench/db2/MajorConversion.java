package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;

/**
 * Server INSERT through z/OS Unicode Services ("major conversion"): 1208 to 1200 to the column's
 * CCSID, because Unicode Services converts UTF-8 directly only to UCS-2 and pivots every other
 * conversion through CCSID 1200. The model takes it for every value of 1208 into 367 (an inference: minor conversion
 * exists only for the host's EBCDIC CCSIDs, SG24-6465 p. 376), and for 1208 into the host's EBCDIC CCSID, single-byte
 * or mixed, when the TRT scan finds a character that is not simple ({@link MinorConversion} takes the others; into a
 * mixed column, 1390 or 1399, this goes through {@link Utf16ToMixed}, with shift-out and shift-in). The UTF-16 work
 * area is reused between calls, as a server's would be.
 *
 * <p>Source: z/OS Unicode Services User's Guide, "Character conversion"; Db2 12 docs "How Db2
 * performs character conversions"; DB2 V8 Performance Topics (SG24-6465) pp. 209-219, 376 (about
 * 2.3 microseconds per major conversion on a z900); docs/db2-model.md.
 */
public final class MajorConversion {

    private final Utf8ToUtf16 toUtf16 = new Utf8ToUtf16();
    private final Utf16ToTarget toTarget;
    private char[] workArea = new char[256];

    public MajorConversion(Ccsid target) {
        this.toTarget = target.scheme().mixed() ? new Utf16ToMixed(target) : new Utf16ToSingleByte(target);
    }

    /** Converts one value; adds its substituted characters to {@code substituted[0]}. */
    public byte[] convert(byte[] utf8, int[] substituted) {
        if (workArea.length < utf8.length) {
            workArea = new char[Math.max(utf8.length, workArea.length * 2)];
        }
        int units = toUtf16.convert(utf8, workArea);
        return toTarget.convert(workArea, units, substituted);
    }
}
