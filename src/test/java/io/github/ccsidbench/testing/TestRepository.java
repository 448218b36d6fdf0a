package io.github.ccsidbench.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;

/**
 * A real, throw-away git repository for the tests of what reads history (the gate's base builds, the bisection): commits
 * of a version.txt, merges, and benchmarks jars to stand for what a commit builds.
 */
public final class TestRepository {

    private final Path dir;

    private TestRepository(Path dir) {
        this.dir = dir;
    }

    /** The repository (or any directory git is to run in) at {@code dir}. */
    public static TestRepository at(Path dir) {
        return new TestRepository(dir);
    }

    /** A new repository in {@code dir} on {@code branch}, with a first commit whose version.txt says v1. */
    public static TestRepository init(Path dir, String branch) throws IOException {
        Files.createDirectories(dir);
        TestRepository r = new TestRepository(dir);
        r.git("init", "-q");
        r.git("symbolic-ref", "HEAD", "refs/heads/" + branch);
        Files.writeString(dir.resolve(".gitignore"), "target/\n");
        r.commit("v1");
        return r;
    }

    /** The work tree. */
    public Path dir() {
        return dir;
    }

    /** Commits version.txt = {@code version} with that message; returns the commit id. */
    public String commit(String version) throws IOException {
        return commit("version.txt", version + "\n", version);
    }

    /** Commits {@code file} with {@code content}; returns the commit id. */
    public String commit(String file, String content, String message) throws IOException {
        Path f = dir.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", message);
        return git("rev-parse", "HEAD");
    }

    /** Merges {@code branch} into the current branch with a merge commit; returns its id. */
    public String merge(String branch, String message) {
        git("-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "merge", "-q", "--no-ff", "-m", message, branch);
        return git("rev-parse", "HEAD");
    }

    /** Runs git in the repository; its output, stripped. Fails the test when git fails. */
    public String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("git timed out: " + command);
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(command + ": " + out);
            }
            return out.strip();
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Writes a jar with a META-INF/BenchmarkList of {@code benchmarkList} and the {@code entries} given (name to text). */
    public static void benchmarksJar(Path file, String benchmarkList, Map<String, String> entries) throws IOException {
        try (OutputStream os = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(os)) {
            out.putNextEntry(new ZipEntry("META-INF/BenchmarkList"));
            out.write(benchmarkList.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            for (Map.Entry<String, String> e : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
    }
}
