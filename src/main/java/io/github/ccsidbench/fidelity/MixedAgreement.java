package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import com.ibm.icu.charset.CharsetICU;
import com.ibm.icu.charset.CharsetProviderICU;
import com.ibm.icu.text.UnicodeSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the converters of a mixed EBCDIC CCSID agree, character by character: the source of {@link MixedEbcdicTable},
 * derived into resources ({@link #main}), re-derived on every build (docs/fidelity.md, "The oracle and what is measured").
 */
public final class MixedAgreement {

    /** The libraries that witness a mapping (the JDK's three styles share one table). */
    static final List<String> WITNESSES = List.of("jdk", "icu", "jt400");

    /** CCSIDs with one library: the sibling CCSIDs that vouch for their single-byte and double-byte halves. */
    static final Map<Integer, int[]> SIBLINGS = Map.of(1390, new int[]{930, 1399});

    /** The character after every character of a chunk, and the byte after every code. */
    static final char SEPARATOR = '\u0001';

    private MixedAgreement() {
    }

    /** The agreed table of {@code ccsid}: {@link MixedEbcdicTable#UNMAPPED}, a byte, or {@code DOUBLE_BYTE | code} per BMP character. */
    public static int[] derive(Ccsid ccsid) {
        return derive(ccsid, new LinkedHashMap<>());
    }

    private static int[] derive(Ccsid ccsid, Map<Integer, int[]> done) {
        int[] cached = done.get(ccsid.number());
        if (cached != null) {
            return cached;
        }
        List<Integer> candidates = candidates(ccsid);
        List<int[]> views = new ArrayList<>();
        for (String name : WITNESSES) {
            ConverterProvider provider = Providers.byName(name);
            if (provider.supports(ccsid)) {
                views.add(view(provider.open(ccsid), candidates));
            }
        }
        if (views.isEmpty()) {
            throw new IllegalStateException("no library converts " + ccsid);
        }
        int[] agreed = new int[0x10000];
        Arrays.fill(agreed, MixedEbcdicTable.UNMAPPED);
        for (int cp : candidates) {
            int value = views.get(0)[cp];
            boolean same = value != MixedEbcdicTable.UNMAPPED;
            for (int[] view : views) {
                same &= view[cp] == value;
            }
            if (same) {
                agreed[cp] = value;
            }
        }
        int[] siblings = SIBLINGS.get(ccsid.number());
        if (siblings != null || views.size() < 2) {
            if (siblings == null) {
                throw new IllegalStateException(ccsid + " has one library and no sibling to vouch for it");
            }
            int[] single = derive(CcsidRegistry.byNumber(siblings[0]), done);
            int[] dbcs = derive(CcsidRegistry.byNumber(siblings[1]), done);
            for (int cp = 0; cp < agreed.length; cp++) {
                int value = agreed[cp];
                int[] witness = MixedEbcdicTable.isDoubleByte(value) ? dbcs : single;
                if (value != MixedEbcdicTable.UNMAPPED && witness[cp] != value) {
                    agreed[cp] = MixedEbcdicTable.UNMAPPED;
                }
            }
        }
        done.put(ccsid.number(), agreed);
        return agreed;
    }

    private static List<Integer> candidates(Ccsid ccsid) {
        CharsetICU icu = (CharsetICU) new CharsetProviderICU().charsetForName(ccsid.icuName());
        UnicodeSet set = new UnicodeSet();
        icu.getUnicodeSet(set, CharsetICU.ROUNDTRIP_SET);
        List<Integer> out = new ArrayList<>();
        for (int cp = 0x20; cp <= 0xFFFF; cp++) {
            if ((cp < 0x7F || cp > 0x9F) && !Character.isSurrogate((char) cp) && set.contains(cp)) {
                out.add(cp);
            }
        }
        return out;
    }

    /** One library's table for the candidates: each between separators, split by shift state, read back. */
    private static int[] view(Converter converter, List<Integer> candidates) {
        StringBuilder chunk = new StringBuilder(candidates.size() * 2);
        for (int cp : candidates) {
            chunk.append((char) cp).append(SEPARATOR);
        }
        byte[] bytes = converter.encode(chunk.toString());
        List<byte[]> pieces = splitEncoded(bytes);
        String[] texts = converter.decode(bytes).split(String.valueOf(SEPARATOR), -1);
        int[] view = new int[0x10000];
        Arrays.fill(view, MixedEbcdicTable.UNMAPPED);
        if (pieces.size() != candidates.size() + 1 || texts.length != candidates.size() + 1) {
            throw new IllegalStateException(converter.provider() + " " + converter.ccsid() + ": " + candidates.size()
                    + " characters encoded into " + (pieces.size() - 1) + " pieces, decoded into " + (texts.length - 1));
        }
        for (int i = 0; i < candidates.size(); i++) {
            int cp = candidates.get(i);
            byte[] piece = pieces.get(i);
            if (!texts[i].equals(String.valueOf((char) cp))) {
                continue;
            }
            if (piece.length == 1 && piece[0] != MixedEbcdic.SHIFT_OUT && piece[0] != MixedEbcdic.SHIFT_IN) {
                view[cp] = piece[0] & 0xFF;
            } else if (piece.length == 4 && piece[0] == MixedEbcdic.SHIFT_OUT && piece[3] == MixedEbcdic.SHIFT_IN) {
                view[cp] = MixedEbcdicTable.DOUBLE_BYTE | (piece[1] & 0xFF) << 8 | piece[2] & 0xFF;
            }
        }
        return view;
    }

    /** The encoded chunk cut at every 0x01 read in single-byte state: one piece per character, then the rest. */
    static List<byte[]> splitEncoded(byte[] bytes) {
        List<byte[]> pieces = new ArrayList<>();
        boolean doubleByte = false;
        int start = 0;
        int i = 0;
        while (i < bytes.length) {
            byte b = bytes[i];
            if (b == MixedEbcdic.SHIFT_OUT) {
                doubleByte = true;
                i++;
            } else if (b == MixedEbcdic.SHIFT_IN) {
                doubleByte = false;
                i++;
            } else if (doubleByte) {
                i += 2;
            } else if (b == SEPARATOR) {
                pieces.add(Arrays.copyOfRange(bytes, start, i));
                start = ++i;
            } else {
                i++;
            }
        }
        pieces.add(Arrays.copyOfRange(bytes, start, Math.min(i, bytes.length)));
        return pieces;
    }

    /** Writes the agreed tables as resources under {@code args[0]}; run after a library upgrade moves them. */
    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "src/main/resources").resolve("io/github/ccsidbench/ccsid");
        Map<Integer, int[]> done = new LinkedHashMap<>();
        try {
            Files.createDirectories(dir);
            for (Ccsid ccsid : CcsidRegistry.mixed()) {
                int[] table = derive(ccsid, done);
                Files.writeString(dir.resolve(MixedEbcdicTable.resourceName(ccsid.number())),
                        MixedEbcdicTable.format(ccsid.number(), table));
                System.out.println(ccsid.label() + ": " + Arrays.stream(table).filter(v -> v != MixedEbcdicTable.UNMAPPED).count()
                        + " characters agreed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
