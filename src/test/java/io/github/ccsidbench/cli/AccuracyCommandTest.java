package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.github.ccsidbench.cli.CliTest.assertOneLineError;
import static io.github.ccsidbench.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code accuracy} on the command line: its plan without running anything, and what it refuses, in one line each. */
class AccuracyCommandTest {

    @Test
    void theDryRunPrintsThePlanAndRunsNothing(@TempDir Path dir) {
        Path out = dir.resolve("acc");
        CliTest.Outcome o = run("tools", "accuracy", "--dry-run", "--include", "insertServer",
                "--jvm-arg=-XX:+UseSerialGC", "--long-runs", "3", "--suite-runs", "1", "--out", out.toString());
        assertEquals(0, o.status(), o.stderr());
        String plan = o.out();
        assertTrue(plan.startsWith("accuracy check: 8 figures; long 1, suite 1, long 2, long 3; about "), plan);
        assertTrue(plan.contains(" run --preset standard --ccsid 37,367,1208 --include "), plan);
        assertTrue(plan.contains("--jvm-arg=-XX:+UseSerialGC --out " + out.toAbsolutePath().resolve("suite-1")), plan);
        assertTrue(plan.contains("-jvmArgsAppend '-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseSerialGC'"), plan);
        assertTrue(plan.contains(" io.github.ccsidbench.cli.Main "), "in a build, the program is the class path and Main: " + plan);
        assertFalse(Files.exists(out), "nothing is run, nothing is written");
    }

    @Test
    void whatItCannotCheckIsOneLineAndExitStatus2() {
        assertOneLineError(run("tools", "accuracy", "--dry-run", "--long-runs", "1"), 2, "--long-runs must be at least 2");
        assertOneLineError(run("tools", "accuracy", "--dry-run", "--suite-runs", "0"), 2, "--suite-runs must be at least 1");
        assertOneLineError(run("tools", "accuracy", "--dry-run", "--long", "-f 3 -rf csv"), 2, "-rf is not for --long");
        assertOneLineError(run("tools", "accuracy", "--dry-run", "--include", "no such figure"), 2, "finds none of the check's figures");
        assertOneLineError(run("tools", "accuracy", "--dry-run", "--preset", "nonesuch"), 2, "unknown preset 'nonesuch'");
        assertOneLineError(run("tools", "accuracy", "--dry-run", "--jvm", "/no/such/java"), 2, "--jvm /no/such/java is not an executable java");
        assertOneLineError(run("tools", "accuracy", "--long-runs", "two"), 2, "Invalid value for option '--long-runs'");
    }
}
