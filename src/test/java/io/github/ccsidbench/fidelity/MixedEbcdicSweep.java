package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ConverterBehaviour;

import java.util.ArrayList;
import java.util.List;

/**
 * One provider's whole behaviour in one mixed EBCDIC CCSID, read off the converter: what each of the 63,488
 * BMP characters (surrogates aside) encodes to and comes back as, and what each single byte and each
 * double-byte code (first and second byte 0x41..0xFE, and the double-byte space 0x4040) decodes to.
 * {@link MixedDifferencesTest} compares two sweeps of the same CCSID; {@link MixedDifferences} holds the outcome.
 *
 * <p>It converts whole chunks, not a character per call: every character is followed by U+0001, which every
 * mixed EBCDIC CCSID writes as the single byte 0x01 and nothing else writes. The encoder must shift in before
 * it, so the bytes split into one piece per character by walking the shift state; decoded text splits at
 * U+0001. U+0001, U+000E and U+000F are encoded one per call. A converter whose output does not split so (a character that took its neighbour with it) is
 * refused rather than misread.
 */
final class MixedEbcdicSweep {

    /**
     * Characters encoded one per call: the separator, and the C0 controls that share the shift bytes' values
     * (JTOpen writes U+000E and U+000F as the bytes 0x0E and 0x0F, which then shift).
     */
    private static final List<Integer> ALONE = List.of((int) MixedAgreement.SEPARATOR, 0x0E, 0x0F);

    /** How many double-byte codes are decoded: 190 x 190, plus the double-byte space 0x4040. */
    public static final int DOUBLE_BYTE_CODES = 190 * 190 + 1;

    private final String provider;
    private final Ccsid ccsid;
    private final byte[][] encoded = new byte[0x10000][];
    private final String[] back = new String[0x10000];
    private final boolean[] lost = new boolean[0x10000];
    private final String[] singleBytes = new String[256];
    private final String[] doubleBytes = new String[0x10000];

    private MixedEbcdicSweep(String provider, Ccsid ccsid) {
        this.provider = provider;
        this.ccsid = ccsid;
    }

    /** Sweeps {@code ccsid} with {@code provider}'s converter. */
    public static MixedEbcdicSweep of(ConverterProvider provider, Ccsid ccsid) {
        if (!ccsid.scheme().mixed()) {
            throw new IllegalArgumentException(ccsid + " is not a mixed EBCDIC CCSID");
        }
        MixedEbcdicSweep sweep = new MixedEbcdicSweep(provider.name(), ccsid);
        Converter converter = provider.open(ccsid);
        sweep.encodeBmp(converter, provider.behaviour(ccsid));
        sweep.decodeCodes(converter);
        return sweep;
    }

    private void encodeBmp(Converter converter, ConverterBehaviour behaviour) {
        StringBuilder chunk = new StringBuilder(2 * 0x10000);
        List<Integer> order = new ArrayList<>();
        for (int cp = 0; cp <= 0xFFFF; cp++) {
            if (!Character.isSurrogate((char) cp) && !ALONE.contains(cp)) {
                chunk.append((char) cp).append(MixedAgreement.SEPARATOR);
                order.add(cp);
            }
        }
        byte[] bytes = converter.encode(chunk.toString());
        List<byte[]> pieces = MixedAgreement.splitEncoded(bytes);
        String[] texts = converter.decode(bytes).split(String.valueOf(MixedAgreement.SEPARATOR), -1);
        if (pieces.size() != order.size() + 1 || texts.length != order.size() + 1) {
            throw new IllegalStateException(this + ": " + order.size() + " characters encoded into " + (pieces.size() - 1)
                    + " pieces, decoded into " + (texts.length - 1) + " pieces");
        }
        for (int i = 0; i < order.size(); i++) {
            record(order.get(i), pieces.get(i), texts[i], behaviour);
        }
        for (int cp : ALONE) {
            byte[] alone = converter.encode(String.valueOf((char) cp));
            record(cp, alone, converter.decode(alone), behaviour);
        }
    }

    private void record(int cp, byte[] bytes, String text, ConverterBehaviour behaviour) {
        encoded[cp] = bytes;
        back[cp] = text;
        lost[cp] = !text.equals(String.valueOf((char) cp)) && behaviour.isSubstitution(bytes);
    }

    private void decodeCodes(Converter converter) {
        List<Integer> codes = doubleByteCodes();
        byte[] chunk = new byte[codes.size() * 5];
        int n = 0;
        for (int code : codes) {
            chunk[n++] = MixedEbcdic.SHIFT_OUT;
            chunk[n++] = (byte) (code >>> 8);
            chunk[n++] = (byte) code;
            chunk[n++] = MixedEbcdic.SHIFT_IN;
            chunk[n++] = MixedAgreement.SEPARATOR;
        }
        String[] texts = converter.decode(chunk).split(String.valueOf(MixedAgreement.SEPARATOR), -1);
        if (texts.length != codes.size() + 1) {
            throw new IllegalStateException(this + ": " + codes.size() + " double-byte codes decoded into " + (texts.length - 1)
                    + " pieces");
        }
        for (int i = 0; i < codes.size(); i++) {
            doubleBytes[codes.get(i)] = texts[i];
        }
        for (int b = 0; b < 256; b++) {
            if (b != MixedEbcdic.SHIFT_OUT && b != MixedEbcdic.SHIFT_IN) {
                singleBytes[b] = converter.decode(new byte[]{(byte) b});
            }
        }
    }

    /** 0x4040, then 0x4141..0xFEFE: the double-byte codes every sweep decodes. */
    public static List<Integer> doubleByteCodes() {
        List<Integer> codes = new ArrayList<>(DOUBLE_BYTE_CODES);
        codes.add(0x4040);
        for (int b1 = 0x41; b1 <= 0xFE; b1++) {
            for (int b2 = 0x41; b2 <= 0xFE; b2++) {
                codes.add(b1 << 8 | b2);
            }
        }
        return codes;
    }

    /** The provider's name. */
    public String provider() {
        return provider;
    }

    public Ccsid ccsid() {
        return ccsid;
    }

    /** The bytes BMP character {@code cp} encodes to (its shifts included). */
    public byte[] encoded(int cp) {
        return encoded[cp].clone();
    }

    /** What BMP character {@code cp} comes back as after encode and decode. */
    public String back(int cp) {
        return back[cp];
    }

    /** True when the provider wrote its substitution for {@code cp} (or dropped it). */
    public boolean lost(int cp) {
        return lost[cp];
    }

    /** What single byte {@code b} (not 0x0E or 0x0F) decodes to. */
    public String singleByte(int b) {
        return singleBytes[b];
    }

    /** What double-byte code {@code code} (one of {@link #doubleByteCodes()}) decodes to, between SO and SI. */
    public String doubleByte(int code) {
        return doubleBytes[code];
    }

    @Override
    public String toString() {
        return provider + " sweep of " + ccsid.label();
    }
}
