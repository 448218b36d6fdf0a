package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The profiled fork's profiler against a scripted one: the events are tried in order and the first that starts is used,
 * refused events are named with the profiler's reasons, nothing is sampled before it is started, and a profiler that
 * cannot run at all says so instead of failing the fork.
 */
class ForkProfilerTest {

    /** A profiler that refuses the events it is told to, as async-profiler refuses cpu where perf_events are not allowed. */
    static final class Scripted implements ForkProfiler.Sampler {
        final Set<String> refuse;
        final List<String> commands = new ArrayList<>();

        Scripted(Set<String> refuse) {
            this.refuse = refuse;
        }

        @Override
        public String execute(String command) throws Exception {
            commands.add(command);
            for (String e : refuse) {
                if (command.startsWith("start,event=" + e + ",")) {
                    throw new IllegalStateException("No access to perf events. Try --fdtransfer or --all-user option or"
                            + " 'sysctl kernel.perf_event_paranoid=1'");
                }
            }
            if (command.contains("file=")) {
                Files.writeString(Path.of(command.substring(command.indexOf("file=") + 5)), "x 1\n");
            }
            return "";
        }

        @Override
        public long samples() {
            return 2000;
        }
    }

    private static ProfileRequest request(Path dir) {
        return new ProfileRequest(ProfileRequest.DEFAULT_EVENTS, ProfileRequest.DEFAULT_INTERVAL_NANOS, 20, dir, "b");
    }

    @Test
    void whenCpuIsRefusedTheNextEventIsUsedAndTheRefusalNamed(@TempDir Path dir) throws Exception {
        Scripted s = new Scripted(Set.of("cpu"));
        ForkProfiler p = new ForkProfiler(request(dir), s, null);
        assertFalse(p.started());
        assertTrue(p.start());
        ProfileOutcome o = p.finish(12, 20, null);
        assertEquals("ctimer", o.event());
        assertEquals(1, o.refused().size());
        assertTrue(o.refused().get(0).startsWith("cpu: No access to perf events"), o.refused().toString());
        assertNull(o.failure());
        assertFalse(o.profilerUnavailable());
        assertEquals(List.of("start,event=cpu,interval=1000000,threads", "start,event=ctimer,interval=1000000,threads", "stop"),
                s.commands.subList(0, 3));
        assertTrue(Files.exists(dir.resolve("b.collapsed")) && Files.exists(dir.resolve("b.html")));
        assertEquals(o, ProfileOutcome.read(dir.resolve("b.properties")));
    }

    @Test
    void whenEveryEventIsRefusedTheProfilerIsUnavailableAndSaysWhy(@TempDir Path dir) throws Exception {
        ForkProfiler p = new ForkProfiler(request(dir), new Scripted(Set.of("cpu", "ctimer", "itimer")), null);
        assertFalse(p.start());
        ProfileOutcome o = p.finish(10, 0, null);
        assertNull(o.event());
        assertEquals(3, o.refused().size());
        assertTrue(o.profilerUnavailable());
        assertTrue(o.failure().startsWith("no event could start (cpu: "), o.failure());
        assertFalse(Files.exists(dir.resolve("b.collapsed")));
    }

    @Test
    void aMissingLibraryIsOneReasonNotAFailedFork(@TempDir Path dir) throws Exception {
        ForkProfiler p = new ForkProfiler(request(dir), null, "async-profiler cannot be loaded on Linux riscv64 (...)");
        assertFalse(p.start());
        ProfileOutcome o = p.finish(10, 0, null);
        assertTrue(o.profilerUnavailable());
        assertEquals("async-profiler cannot be loaded on Linux riscv64 (...)", o.failure());
    }

    @Test
    void theBundledProfilerLoadsHere(@TempDir Path dir) {
        // The real library from the async-profiler jar on the test class path: loads on the platforms it ships for.
        ForkProfiler p = ForkProfiler.load(request(dir));
        String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("aarch64"))) {
            assertTrue(p.start(), "some event starts on this Linux host");
            p.stop();
        }
    }

    @Test
    void aMeasuredForksRequestNamesNoProfileAndAProfiledOneRoundTrips(@TempDir Path dir) throws Exception {
        SteadySettings steady = new SteadySettings(0.02, 5, 0.01, 8, 30, 1.1, 3, 1);
        ForkRequest measured = new ForkRequest("^x$", Map.of("ccsid", "37"), 100, steady, true, Double.NaN);
        measured.write(dir.resolve("m.properties"));
        assertFalse(Files.readString(dir.resolve("m.properties")).contains("profile."), "a measured fork's request is as before");
        assertNull(ForkRequest.read(dir.resolve("m.properties")).profile());
        ForkRequest profiled = measured.withProfile(request(dir));
        profiled.write(dir.resolve("p.properties"));
        assertEquals(profiled, ForkRequest.read(dir.resolve("p.properties")));
    }
}
