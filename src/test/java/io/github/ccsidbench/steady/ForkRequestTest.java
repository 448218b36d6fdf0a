package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A fork's request reads back as written, and a request with a property this build no longer knows still reads. */
class ForkRequestTest {

    private static final SteadySettings STEADY = new SteadySettings(0.02, 5, 0.01, 8, 30, 1.1, 3, 1);

    @Test
    void aRequestReadsBackAsWritten(@TempDir Path dir) throws Exception {
        ForkRequest request = new ForkRequest("^x$", Map.of("ccsid", "37", "length", "1024"), 100, STEADY, true, 412.5);
        request.write(dir.resolve("r.properties"));
        assertEquals(request, ForkRequest.read(dir.resolve("r.properties")));
        assertFalse(Files.readString(dir.resolve("r.properties")).contains("fixedRulerWarm"), "forks warm the ruler one way");
        ForkRequest gate = request.withoutWindow();
        gate.write(dir.resolve("g.properties"));
        assertFalse(ForkRequest.read(dir.resolve("g.properties")).window(), "the gate's fork stops when the rule is done");
        assertTrue(request.window());
    }

    /** A request written before the figure's window (the gate's base side may run one) runs to its window. */
    @Test
    void aRequestWithoutTheWindowsKeyRunsToItsWindow(@TempDir Path dir) throws Exception {
        ForkRequest request = new ForkRequest("^x$", Map.of("ccsid", "37"), 100, STEADY, false, Double.NaN);
        Path file = dir.resolve("old.properties");
        request.write(file);
        Files.writeString(file, Files.readString(file).replace("window=true\n", ""));
        assertFalse(Files.readString(file).contains("window="));
        assertTrue(ForkRequest.read(file).window());
    }

    /** An older build's request (the gate's driver may meet one) names the ruler's warm-up: it is ignored. */
    @Test
    void anOldRequestsFixedRulerWarmIsIgnored(@TempDir Path dir) throws Exception {
        ForkRequest request = new ForkRequest("^x$", Map.of("ccsid", "37"), 100, STEADY, false, Double.NaN);
        Path file = dir.resolve("old.properties");
        request.write(file);
        Files.writeString(file, Files.readString(file) + "fixedRulerWarm=true\n");
        assertEquals(request, ForkRequest.read(file));
    }
}
