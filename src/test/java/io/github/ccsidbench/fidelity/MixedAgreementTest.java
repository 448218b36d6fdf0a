package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The oracle's shipped tables are exactly where the libraries agree today (re-derived on every build). */
class MixedAgreementTest {

    @ParameterizedTest(name = "CCSID {0}")
    @ValueSource(ints = {930, 939, 1390, 1399, 933, 935, 937})
    void theShippedTableIsWhereTheLibrariesAgree(int number) {
        Ccsid ccsid = CcsidRegistry.byNumber(number);
        int[] derived = MixedAgreement.derive(ccsid);
        int[] shipped = MixedEbcdicTable.of(number).entries();
        for (int cp = 0; cp < derived.length; cp++) {
            int c = cp;
            assertEquals(derived[cp], shipped[cp], () -> String.format("U+%04X in %d: the libraries moved; regenerate with"
                    + " MixedAgreement.main", c, number));
        }
        assertTrue(MixedEbcdicTable.of(number).size() > 9000);
        // the characters the libraries are known to disagree on are not in it
        for (MixedDifferences.NamedCharacter named : MixedDifferences.characters()) {
            if (named.ccsid() == number && (named.jdk().contains("lost") || named.icu().contains("lost")
                    || named.jt400().contains("lost") || named.jdk().contains("→") || named.jt400().contains("→"))) {
                assertEquals(MixedEbcdicTable.UNMAPPED, shipped[named.codePoint()], named.toString());
            }
        }
    }
}
