package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One run or gate per output folder, and a private space in it that no run leaves behind for long. */
class RunFolderTest {

    @TempDir
    Path dir;

    private static PrintStream sink(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    @Test
    void aSecondHolderIsRefusedInOneLineNamingTheFolderAndTheHolder() {
        Path out = dir.resolve("out");
        try (RunFolder first = RunFolder.hold(out, sink(new ByteArrayOutputStream()))) {
            CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> RunFolder.hold(out, sink(new ByteArrayOutputStream())));
            assertEquals(out + " is in use by another run or gate (process " + ProcessHandle.current().pid()
                    + "): wait for it to end, or give another --out", e.getMessage());
            assertEquals(CcsidBenchException.BAD_INPUT, e.exitCode());
            assertTrue(Files.isDirectory(first.privateSpace()), "the holder keeps its private space");
        }
        try (RunFolder again = RunFolder.hold(out, sink(new ByteArrayOutputStream()))) {
            assertEquals(out, again.dir(), "free again once released");
        }
        assertFalse(Files.exists(out.resolve(RunFolder.LOCK)), "a released folder keeps no lock file");
        assertFalse(Files.exists(out.resolve(RunFolder.PRIVATE)), "nor a private space");
    }

    @Test
    void aKilledHoldersLockIsTakenOverAndItsPrivateFilesDeletedSayingSo() throws IOException {
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve(RunFolder.PRIVATE).resolve("forks-1"));
        Files.writeString(out.resolve(RunFolder.PRIVATE).resolve("sample.bin"), "a user's rows");
        Files.writeString(out.resolve(RunFolder.PRIVATE).resolve("forks-1").resolve("request.properties"), "x");
        Files.writeString(out.resolve(RunFolder.LOCK), "2147483646\n"); // a process id no process has
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (RunFolder folder = RunFolder.hold(out, sink(err))) {
            String said = err.toString(StandardCharsets.UTF_8);
            assertTrue(said.contains("took over " + out + " from process 2147483646, which is gone"), said);
            assertTrue(said.contains("deleted the private files an interrupted run left in " + out.resolve(RunFolder.PRIVATE)), said);
            assertFalse(Files.exists(folder.privateSpace().resolve("sample.bin")));
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.privateSpace())));
            assertEquals(ProcessHandle.current().pid() + "\n", Files.readString(out.resolve(RunFolder.LOCK)));
        }
    }
}
