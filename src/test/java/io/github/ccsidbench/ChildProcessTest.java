package io.github.ccsidbench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A child that hangs, floods its pipes, starts children of its own or cannot start at all never hangs the run. */
class ChildProcessTest {

    @TempDir
    Path dir;

    @Test
    void aChildThatNeverEndsIsKilledWithItsChildrenWhenTheTimeoutFires() throws Exception {
        Path pids = dir.resolve("pids");
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "sleep 300 & echo $! > " + pids + "; sleep 300");
        ChildProcess.TimedOut e = assertThrows(ChildProcess.TimedOut.class, () -> ChildProcess.run(pb, Duration.ofMillis(500)));
        assertTrue(e.getMessage().endsWith("did not finish within 0 s"), e.getMessage());
        long grandchild = Long.parseLong(Files.readString(pids).strip());
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertFalse(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false), "its child is gone too");
    }

    @Test
    void bothOutputsAreReadSoAFloodingChildFinishes() {
        ChildProcess.Result r = ChildProcess.run(new ProcessBuilder("sh", "-c",
                "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2; exit 3"), Duration.ofSeconds(30));
        assertEquals(3, r.exit());
        assertEquals(300_000, r.out().length());
        assertEquals(300_000, r.err().length());
    }

    @Test
    void aMissingProgramIsAStartFailure() {
        assertThrows(ChildProcess.StartFailure.class, () -> ChildProcess.run(new ProcessBuilder("/no/such/program"), Duration.ofSeconds(5)));
    }

    @Test
    void outputSentToAFileIsLeftThere() throws Exception {
        Path log = dir.resolve("log");
        ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(List.of("sh", "-c", "echo hello")).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())), Duration.ofSeconds(10));
        assertEquals(0, r.exit());
        assertEquals("", r.out());
        assertEquals("hello\n", Files.readString(log));
    }

    @Test
    void aChildThatSaysItIsDoneIsLeftToEndOnItsOwn() throws Exception {
        Path done = dir.resolve("done");
        java.util.concurrent.CompletableFuture<Void> finished = new java.util.concurrent.CompletableFuture<>();
        Thread signal = new Thread(() -> {
            try {
                while (!Files.exists(done)) {
                    Thread.sleep(5);
                }
                finished.complete(null);
            } catch (InterruptedException e) {
                finished.completeExceptionally(e);
            }
        });
        signal.start();
        long t0 = System.nanoTime();
        ChildProcess.Result r = ChildProcess.run(new ProcessBuilder("sh", "-c", "touch " + done + "; sleep 3"),
                Duration.ofSeconds(30), finished);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, r.exit());
        assertTrue(millis < 2500, "returned when the child said it was done, not when it ended: " + millis + " ms");
    }

    @Test
    void aChildThatEndsWithoutSayingSoIsWaitedFor() {
        ChildProcess.Result r = ChildProcess.run(new ProcessBuilder("sh", "-c", "exit 4"), Duration.ofSeconds(30),
                new java.util.concurrent.CompletableFuture<>());
        assertEquals(4, r.exit());
    }
}
