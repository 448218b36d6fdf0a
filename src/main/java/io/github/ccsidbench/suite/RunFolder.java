package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * An output folder held by one run or gate: a lock, so that a second one given the same {@code --out} is refused in one
 * line, and the private space ({@value #PRIVATE}, owner-only) where everything that may hold a user's rows goes, so
 * that nothing of them reaches the temporary directory (docs/output.md, "Interrupted runs").
 */
public final class RunFolder implements AutoCloseable {

    /** The lock file in the output folder; it holds the holder's process id. */
    public static final String LOCK = ".ccsid-bench.lock";
    /** The private space in the output folder. */
    public static final String PRIVATE = ".private";

    private final Path dir;
    private final FileChannel channel;
    private final FileLock lock;
    private final Thread cleanup;

    private RunFolder(Path dir, FileChannel channel, FileLock lock) {
        this.dir = dir;
        this.channel = channel;
        this.lock = lock;
        this.cleanup = new Thread(() -> ForkLauncher.deleteQuietly(dir.resolve(PRIVATE)), "ccsid-bench-private-space");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Holds {@code dir} (created if missing) for this process, or refuses in one line (exit status 2); a lock whose holder
     * is gone is taken over, and the private files its run left deleted, each said on {@code err}.
     */
    public static RunFolder hold(Path dir, PrintStream err) {
        FileChannel channel = null;
        try {
            Files.createDirectories(dir);
            channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held by this very process, by another run in it
            }
            if (lock == null) {
                OptionalLong holder = pid(channel);
                channel.close();
                throw new CcsidBenchException(dir + " is in use by another run or gate (process "
                        + (holder.isPresent() ? Long.toString(holder.getAsLong()) : "unknown")
                        + "): wait for it to end, or give another --out", CcsidBenchException.BAD_INPUT);
            }
            OptionalLong previous = pid(channel);
            if (previous.isPresent() && previous.getAsLong() != ProcessHandle.current().pid()) {
                err.printf("ccsid-bench: took over %s from process %d, which is gone%n", dir, previous.getAsLong());
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(true);
            Path space = dir.resolve(PRIVATE);
            if (Files.exists(space)) {
                ForkLauncher.deleteQuietly(space);
                err.printf("ccsid-bench: deleted the private files an interrupted run left in %s%n", space);
            }
            createPrivate(space);
            return new RunFolder(dir, channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new CcsidBenchException("cannot use output directory " + dir + ": " + e.getMessage());
        }
    }

    /** The output folder. */
    public Path dir() {
        return dir;
    }

    /** The private space: owner-only, deleted when the run ends (or by the next run, if this one is killed). */
    public Path privateSpace() {
        return dir.resolve(PRIVATE);
    }

    /** Deletes the private space and releases the folder. */
    @Override
    public void close() {
        ForkLauncher.deleteQuietly(privateSpace());
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
        try {
            channel.truncate(0);
            lock.release();
        } catch (IOException e) {
            // released with the channel below
        }
        closeQuietly(channel);
        try {
            Files.deleteIfExists(dir.resolve(LOCK));
        } catch (IOException e) {
            // an empty lock file left behind holds nothing
        }
    }

    private static OptionalLong pid(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        int n = channel.read(buffer, 0);
        if (n <= 0) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(new String(buffer.array(), 0, n, StandardCharsets.US_ASCII).trim()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static void createPrivate(Path space) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createDirectory(space, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectory(space);
        }
    }

    /** Deletes {@code dir} and everything in it; nothing when there is no {@code dir}. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
    }
}
