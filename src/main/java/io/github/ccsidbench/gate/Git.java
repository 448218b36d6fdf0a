package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ChildProcess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The git commands the gate needs, with a timeout and never a prompt, output read and never shown; failures one line. */
final class Git {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    /** What a git command returned: its exit status and its two outputs. */
    record Result(int exit, String out, String err) {
    }

    private Git() {
    }

    /** Runs {@code git -C dir args...} with a timeout; its output is read, never shown. */
    static Result run(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        try {
            ChildProcess.Result r = ChildProcess.run(pb, TIMEOUT);
            return new Result(r.exit(), r.out(), r.err());
        } catch (ChildProcess.StartFailure e) {
            throw new CcsidBenchException("git is not on the PATH (or cannot be run): install git, or pass --base-jar FILE instead");
        } catch (ChildProcess.TimedOut e) {
            throw new CcsidBenchException("git " + String.join(" ", args) + " did not finish within " + TIMEOUT.toMinutes() + " minutes");
        } catch (ChildProcess.Failure e) {
            throw new CcsidBenchException("interrupted while running git " + String.join(" ", args));
        }
    }

    /** The work tree's top directory, or empty when {@code dir} is in none. */
    static Optional<Path> topLevel(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        Result r = run(dir, "rev-parse", "--show-toplevel");
        if (r.exit() != 0 || r.out().isBlank()) {
            return Optional.empty();
        }
        return Optional.of(Path.of(r.out().strip()));
    }

    /** The full commit id of {@code ref}, or a one-line error that says why there is none. */
    static String resolve(Path top, String ref) {
        if (ref == null || ref.isBlank() || ref.startsWith("-")) {
            throw new CcsidBenchException("no commit '" + ref + "' in this repository");
        }
        Result r = run(top, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
        if (r.exit() == 0 && !r.out().isBlank()) {
            return r.out().strip();
        }
        Result shallow = run(top, "rev-parse", "--is-shallow-repository");
        if (shallow.exit() == 0 && shallow.out().strip().equals("true")) {
            throw new CcsidBenchException("the base '" + ref + "' is not in this shallow clone: fetch the full history"
                    + " (e.g. actions/checkout with fetch-depth: 0) or pass --base-jar FILE");
        }
        throw new CcsidBenchException("no commit '" + ref + "' in this repository");
    }

    /** The first non-blank line of a command's output, or {@code otherwise}. */
    static String firstLine(String text, String otherwise) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(otherwise);
    }
}
