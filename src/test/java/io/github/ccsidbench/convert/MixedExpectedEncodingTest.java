package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The mixed EBCDIC oracle against every provider that has the CCSID, on the workloads that claim it. */
class MixedExpectedEncodingTest {

    static Stream<Arguments> claimedPairs() {
        List<Arguments> out = new ArrayList<>();
        for (Workload w : Workload.values()) {
            for (Ccsid c : CcsidRegistry.mixed()) {
                if (!w.mixedCcsids().contains(c.number())) {
                    continue;
                }
                for (ConverterProvider p : Providers.builtIn()) {
                    if (p.supports(c)) {
                        out.add(Arguments.of(w, c.number(), p.name()));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} in {1} by {2}")
    @MethodSource("claimedPairs")
    void everySupportingProviderWritesTheOraclesBytesAndReadsThemBack(Workload w, int number, String provider) {
        Ccsid ccsid = CcsidRegistry.byNumber(number);
        ConverterProvider p = Providers.byName(provider);
        Converter converter = p.open(ccsid);
        for (int length : new int[]{1, 7, 64, 1024}) {
            for (int variant = 0; variant < 4; variant++) {
                String text = w.generate(length, variant);
                byte[] expected = ExpectedEncoding.encode(ccsid, p.behaviour(ccsid), text);
                String what = w.id() + " " + length + "/" + variant + ": " + text;
                assertArrayEquals(expected, converter.encode(text), what);
                assertEquals(text, converter.decode(expected));
            }
        }
    }

    @Test
    void shiftsAreWrittenAtEverySwitchAndAtTheEnd() {
        Ccsid c930 = CcsidRegistry.byNumber(930);
        HexFormat hex = HexFormat.of().withUpperCase();
        assertEquals("", hex.formatHex(MixedExpectedEncoding.encode(c930, "")));
        assertEquals("C1", hex.formatHex(MixedExpectedEncoding.encode(c930, "A")));
        byte[] yama = MixedExpectedEncoding.encode(c930, "山");
        assertEquals(4, yama.length);
        assertEquals(0x0E, yama[0]);
        assertEquals(0x0F, yama[3]);
        String dbcs = hex.formatHex(yama, 1, 3);
        assertEquals("0E" + dbcs + dbcs + "0FC1C10E" + dbcs + "0F", hex.formatHex(MixedExpectedEncoding.encode(c930, "山山AA山")));
        assertEquals(4, MixedExpectedEncoding.switches(c930, "A山A山A"));
    }

    /** ICU4J 78.3 writes ト at the end of a 1399 string as FE FE without shift-out: the catalogue predicts it, a correct converter's oracle does not. */
    @Test
    void theIcuEndOfStringBugIsPredictedForIcuOnly() {
        Ccsid c1399 = CcsidRegistry.byNumber(1399);
        ConverterProvider icu = Providers.byName("icu");
        String text = "テスト";
        assertArrayEquals(ExpectedEncoding.encode(c1399, icu.behaviour(c1399), text), icu.open(c1399).encode(text));
        assertFalse(java.util.Arrays.equals(MixedExpectedEncoding.encode(c1399, text), icu.open(c1399).encode(text)));
        assertArrayEquals(MixedExpectedEncoding.encode(c1399, text + "A"), icu.open(c1399).encode(text + "A"));
        assertArrayEquals(MixedExpectedEncoding.encode(c1399, text), Providers.byName("jt400").open(c1399).encode(text));
        assertArrayEquals(ExpectedEncoding.encode(c1399, Providers.byName("jt400").behaviour(c1399), text),
                Providers.byName("jt400").open(c1399).encode(text));
    }
}
