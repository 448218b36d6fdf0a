package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static io.github.ccsidbench.cli.CliTest.assertOneLineError;
import static io.github.ccsidbench.cli.CliTest.run;
import static io.github.ccsidbench.cli.CliTest.sampleWithDb2;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code plan} opens with the z/OS figure, the estimate a DBA plans with, and writes its chart when asked. */
class PlanCommandTest {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @Test
    void planOpensWithTheThreeRowZosTableBeforeTheMeasuredOne() throws Exception {
        CliTest.Outcome o = run("plan", "--rows-per-day", "2000000", "--results", sampleWithDb2());
        assertEquals(0, o.status(), o.stderr());
        String out = o.out();
        assertTrue(out.startsWith("**On z/OS, at 2,000,000 rows of shape `article` (ascii) a day,**"), out);
        // 2,000,000 rows/day x 12 values/row x 2.3 µs = 55.2 s; 37's minor conversions: 0 up to as much.
        int e37 = out.indexOf("| EBCDIC FOR SBCS DATA (37) | 0 | 12.0 | 0 | 0 to 27.6 | 0 to 55.2 |");
        int u367 = out.indexOf("| Unicode FOR SBCS DATA (367) | 0 | 0 | 12.0 | 27.6 | 55.2 |");
        int u1208 = out.indexOf("| Unicode FOR MIXED DATA (1208) | 12.0 | 0 | 0 | 0 | 0 |");
        int measured = out.indexOf("Capacity plan: 2,000,000 rows/day");
        assertTrue(e37 > 0 && e37 < u367 && u367 < u1208 && u1208 < measured, out);
        assertTrue(out.indexOf("SG24-6465") < measured && out.indexOf("IBM gives no figure for a minor conversion") < measured, out);
        assertFalse(out.substring(0, measured).contains("altered to MIXED"), "one row per CCSID at the top: " + out);
    }

    /**
     * A Japanese shop's rows: the z/OS table for the Japanese column choices (1399, 1390, Unicode MIXED), from the model's
     * conversions alone, though the results hold no Japanese rows measured on this machine; stderr says how to measure them.
     */
    @Test
    void japaneseRowsGetTheZosTableWithoutTheirOwnMeasurements() throws Exception {
        CliTest.Outcome o = run("plan", "--rows-per-day", "1000000", "--rows", "japanese", "--results", sampleWithDb2());
        assertEquals(0, o.status(), o.stderr());
        String out = o.out();
        assertTrue(out.startsWith("**On z/OS, at 1,000,000 rows of shape `japan` (japanese) a day,**"), out);
        assertTrue(out.contains("(1399)") && out.contains("(1390)") && out.contains("(1208)"), out);
        assertFalse(out.contains("(367)") || out.contains("Capacity plan:"), out);
        assertTrue(o.stderr().contains("the z/OS estimate only: the results have no Db2PathBenchmark figures for row shape"
                + " 'japan' with japanese rows; measure them with: ccsid-bench run --preset dbcs --include Db2PathBenchmark"),
                o.stderr());
    }

    @Test
    void yourMinorCostMakesTheRangeOneFigure() throws Exception {
        CliTest.Outcome o = run("plan", "--rows-per-day", "2000000", "--results", sampleWithDb2(), "--zos-major-us", "1.5",
                "--zos-minor-us", "0.25");
        assertEquals(0, o.status(), o.stderr());
        // 2,000,000 x 12 x 0.25 µs = 6 s for 37; 2,000,000 x 12 x 1.5 µs = 36 s for 367.
        assertTrue(o.out().contains("| EBCDIC FOR SBCS DATA (37) | 0 | 12.0 | 0 | 3.00 | 6.00 |"), o.out());
        assertTrue(o.out().contains("| Unicode FOR SBCS DATA (367) | 0 | 0 | 12.0 | 18.0 | 36.0 |"), o.out());
        assertTrue(o.out().contains("1.5 µs per major conversion, your figure (--zos-major-us); 0.25 µs per minor"
                + " conversion, your figure (--zos-minor-us)"), o.out());
    }

    @Test
    void planWritesTheChartAsPngOrSvg(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("charts/zos.png");
        CliTest.Outcome o = run("plan", "--rows-per-day", "5000000", "--results", sampleWithDb2(), "--chart", png.toString());
        assertEquals(0, o.status(), o.stderr());
        assertArrayEquals(PNG, Arrays.copyOf(Files.readAllBytes(png), 4));
        assertTrue(o.stderr().contains("wrote the z/OS chart to " + png), o.stderr());
        Path svg = dir.resolve("zos.svg");
        assertEquals(0, run("plan", "--rows-per-day", "5000000", "--results", sampleWithDb2(), "--chart", svg.toString()).status());
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains("<svg"), text.substring(0, Math.min(400, text.length())));
    }

    @Test
    void aChartNameThatIsNoPngOrSvgIsRefusedBeforeTheResultsAreRead(@TempDir Path dir) throws Exception {
        CliTest.Outcome o = run("plan", "--rows-per-day", "10", "--results", "/no/results.json", "--chart", "zos.jpg");
        assertOneLineError(o, 2, "--chart must name a .png or .svg file, not zos.jpg");
        assertEquals(0, o.stdout().length, "nothing printed");
        Path file = Files.writeString(dir.resolve("file"), "x");
        CliTest.Outcome blocked = run("plan", "--rows-per-day", "10", "--results", sampleWithDb2(), "--chart",
                file.resolve("zos.png").toString());
        assertOneLineError(blocked, 1, "cannot write");
        assertEquals(0, blocked.stdout().length, "nothing printed when the chart cannot be written");
    }
}
