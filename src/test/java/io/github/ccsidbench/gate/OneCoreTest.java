package io.github.ccsidbench.gate;

import io.github.ccsidbench.suite.ForkLauncher;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The CPU a gate pair's forks share: read from /proc/self/status, and put before the fork's JVM. */
class OneCoreTest {

    @Test
    void theLastAllowedCpuIsRead() {
        assertEquals(OptionalInt.of(1), OneCore.lastAllowedCpu("Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n"));
        assertEquals(OptionalInt.of(8), OneCore.lastAllowedCpu("Cpus_allowed_list:\t0-3,8\n"));
        assertEquals(OptionalInt.of(0), OneCore.lastAllowedCpu("Cpus_allowed_list:\t0\n"));
        assertEquals(OptionalInt.empty(), OneCore.lastAllowedCpu("Name:\tjava\n"));
        assertEquals(OptionalInt.empty(), OneCore.lastAllowedCpu("Cpus_allowed_list:\tx-y\n"));
    }

    /** What a pinned side runs: taskset first, then the JVM and its options, as the gate's forks start. */
    @Test
    void aPinnedSideStartsWithTaskset() {
        ForkLauncher.Side side = new ForkLauncher.Side("base", "/jdk/bin/java", List.of("-Xmx1g"), "a.jar")
                .startedBy(new OneCore(3).prefix());
        List<String> command = ForkLauncher.command(side, List.of(), "Main", List.of("arg"));
        assertEquals(List.of("taskset", "-c", "3", "/jdk/bin/java", "-Xmx1g"), command.subList(0, 5));
        assertEquals(List.of("-cp", "a.jar", "Main", "arg"), command.subList(command.size() - 4, command.size()));
        assertEquals(side.prefix(), side.withJvmArgs(List.of()).prefix(), "options keep the prefix");
    }
}
