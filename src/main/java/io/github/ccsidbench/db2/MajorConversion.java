package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;

/**
 * Server INSERT through z/OS Unicode Services ("major conversion"): 1208 to 1200 to the column's CCSID, single-byte
 * or mixed ({@link Utf16ToMixed}), with a reused UTF-16 work area as a server's; every value into 367, and host
 * values {@link MinorConversion} does not take. Source: z/OS Unicode Services User's Guide, "Character conversion";
 * SG24-6465 pp. 209-219, 376 (docs/db2-model.md, "Why: the documented paths").
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
