package io.github.ccsidbench.gate;

import io.github.ccsidbench.ChildProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The one CPU both forks of a gate pair run on at the same time ({@code taskset}), so that whatever slows that CPU (a
 * neighbour on its hyperthread, the hypervisor taking it) slows both forks alike and cancels in the pair's ratio. Two
 * forks on two CPUs compare the CPUs as much as the code when a neighbour sits on one of them (docs/gate.md, "How a run
 * goes"). Each fork then has half the CPU, so its driver judges the CPU it had against that share ({@link #SHARE}).
 *
 * @param cpu the CPU number: the last this process may run on
 */
public record OneCore(int cpu) {

    /** The share of the CPU each of a pair's two forks has, which the fork's driver takes as its whole CPU. */
    public static final double SHARE = 0.5;

    private static final Duration PROBE = Duration.ofSeconds(10);

    /** The command that starts a process on this CPU alone, before the process's own command. */
    public List<String> prefix() {
        return List.of("taskset", "-c", Integer.toString(cpu));
    }

    /**
     * The CPU, when this is Linux, {@code taskset} is on the path and may pin a process to it (a container may forbid it);
     * empty otherwise, and the pairs run one fork per core.
     */
    public static Optional<OneCore> find() {
        OptionalInt last = lastAllowedCpu(readStatus());
        if (last.isEmpty()) {
            return Optional.empty();
        }
        OneCore core = new OneCore(last.getAsInt());
        try {
            List<String> command = new java.util.ArrayList<>(core.prefix());
            command.add("true");
            ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(command), PROBE);
            return r.exit() == 0 ? Optional.of(core) : Optional.empty();
        } catch (ChildProcess.Failure e) {
            return Optional.empty();
        }
    }

    private static String readStatus() {
        try {
            return Files.readString(Path.of("/proc/self/status"));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The highest CPU of the {@code Cpus_allowed_list:} line of a {@code /proc/self/status} ("0-3,8": 8), if any. */
    static OptionalInt lastAllowedCpu(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                int last = -1;
                for (String part : line.substring(line.indexOf(':') + 1).trim().split(",")) {
                    String[] range = part.trim().split("-");
                    try {
                        last = Math.max(last, Integer.parseInt(range[range.length - 1].trim()));
                    } catch (NumberFormatException e) {
                        return OptionalInt.empty();
                    }
                }
                return last >= 0 ? OptionalInt.of(last) : OptionalInt.empty();
            }
        }
        return OptionalInt.empty();
    }
}
