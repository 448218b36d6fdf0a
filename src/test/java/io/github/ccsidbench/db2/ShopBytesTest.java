package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.testing.Iconv;
import io.github.ccsidbench.testing.PublicCorpora;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes a shop's row takes in its host EBCDIC column, which the shops' answers print and `plan` sizes VARCHAR(n)
 * by, held to glibc's iconv run here: every value of every row flavour's seeded rows, in every EBCDIC column the
 * flavour has, is stored as the bytes iconv writes for it (shift-out and shift-in included), and iconv converts every
 * one of them, so no value is left out of the comparison.
 */
class ShopBytesTest {

    private static final int ROWS = 256;

    @ParameterizedTest
    @EnumSource(RowFlavour.class)
    void everyValueIsStoredAsGlibcIconvWritesIt(RowFlavour flavour) {
        boolean hasIconv = Iconv.name(CcsidRegistry.byNumber(1399)).isPresent();
        assertTrue(hasIconv || !PublicCorpora.required(), "glibc's iconv with IBM1399 is required here (" + PublicCorpora.REQUIRE + ")");
        Assumptions.assumeTrue(hasIconv, "glibc's iconv has no IBM1399 on this machine");
        RowShape shape = RowShape.named(flavour.shape());
        List<String[]> rows = RowGenerator.rows(shape, flavour, ROWS);
        List<String> values = new ArrayList<>(new LinkedHashSet<>(rows.stream().flatMap(Arrays::stream).toList()));
        int compared = 0;
        for (ColumnType type : flavour.columns()) {
            Ccsid ccsid = type.ccsid();
            if (!(ccsid.scheme().mixed() || ccsid.scheme() == EncodingScheme.EBCDIC_SBCS)) {
                continue; // 367 and 1208: no EBCDIC to check
            }
            Map<String, byte[]> iconv = Iconv.encode(ccsid, values);
            List<String> notConverted = values.stream().filter(v -> !iconv.containsKey(v)).toList();
            assertEquals(List.of(), notConverted, flavour + " values glibc's iconv does not convert into " + ccsid);
            RowConversion model = new RowConversion(shape, type);
            long modelBytes = 0;
            long iconvBytes = 0;
            for (String[] row : rows) {
                int[] lengths = model.valueBytesPerColumn(row);
                for (int c = 0; c < row.length; c++) {
                    byte[] theirs = iconv.get(row[c]);
                    byte[] stored = Arrays.copyOf(model.expectedStored(row[c], shape.columns().get(c)).bytes(), lengths[c]);
                    assertEquals(HexFormat.of().formatHex(theirs), HexFormat.of().formatHex(stored),
                            flavour + " into " + ccsid + ": " + row[c].length() + " characters of column " + c);
                    modelBytes += lengths[c];
                    iconvBytes += theirs.length;
                }
            }
            assertEquals(iconvBytes, modelBytes, flavour + " into " + ccsid + ": bytes of " + ROWS + " rows");
            compared++;
        }
        assertEquals(flavour.article() ? 1 : flavour.hosts().size(), compared, flavour + ": EBCDIC columns compared");
    }
}
