package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.testing.TestRepository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real temporary git repositories; the build is a small shell script, not Maven. */
class BaseBuildTest {

    @TempDir
    Path tmp;

    private Path repo;
    private Path cache;
    private Path runs;
    private Path jars;
    private String first;
    private String second;
    private final ByteArrayOutputStream progressBytes = new ByteArrayOutputStream();
    private final PrintStream progress = new PrintStream(progressBytes, true, StandardCharsets.UTF_8);

    /** A repository "main" with two commits whose version.txt says v1 and v2; jars/v1.jar and jars/v2.jar to match. */
    @BeforeEach
    void repository() throws IOException {
        repo = tmp.resolve("repo");
        cache = repo.resolve("target").resolve("gate-base");
        runs = tmp.resolve("runs.txt");
        jars = Files.createDirectories(tmp.resolve("jars"));
        benchmarksJar(jars.resolve("v1.jar"), "v1\n");
        benchmarksJar(jars.resolve("v2.jar"), "v2\n");
        first = initRepo(repo, "main");
        second = commit(repo, "v2");
    }

    /** Appends a line to runs.txt, then copies the jar named by the worktree's version.txt. */
    private List<String> script(String body) {
        return List.of("sh", "-c", "echo run >> \"$1\"; " + body, "sh", runs.toString(), jars.toString());
    }

    private List<String> goodBuild() {
        return script("mkdir -p target && cp \"$2/$(cat version.txt).jar\" target/benchmarks.jar");
    }

    /** Appends {@code label} to runs.txt, then builds as goodBuild does. */
    private List<String> goodBuild(String label) {
        return List.of("sh", "-c", "echo " + label + " >> \"$1\"; mkdir -p target && cp \"$2/$(cat version.txt).jar\""
                + " target/benchmarks.jar", "sh", runs.toString(), jars.toString());
    }

    /** Appends {@code label} to runs.txt, then prints {@code mavenOutput} and fails, as Maven would. */
    private List<String> failing(String label, List<String> mavenOutput) throws IOException {
        return List.of("sh", "-c", "echo " + label + " >> \"$1\"; cat \"$2\"; exit 1", "sh", runs.toString(),
                writeLog(mavenOutput).toString());
    }

    private Path writeLog(List<String> lines) throws IOException {
        return Files.writeString(Files.createTempFile(tmp, "maven-output", ".log"), String.join("\n", lines) + "\n");
    }

    private BaseBuild builder(List<String> command) {
        return new BaseBuild(repo, cache, progress, command);
    }

    @Test
    void buildsOnceThenTakesTheCache() throws IOException {
        Path staleOnlineLog = Files.writeString(Files.createDirectories(cache).resolve(second + ".online.build.log"), "old");
        BaseBuild b = builder(goodBuild());
        BaseBuild.Built built = b.build("main");
        assertEquals(second, built.commit());
        assertFalse(built.cached());
        assertEquals(cache.resolve(second + ".jar"), built.jar());
        assertEquals("v2\n", benchmarkList(built.jar()));
        assertEquals(1, runCount());
        assertTrue(progressText().contains("building the base " + second.substring(0, 7) + " (offline Maven, tests skipped)"),
                progressText());
        assertTrue(Files.isRegularFile(cache.resolve(second + ".build.log")));

        BaseBuild.Built again = b.build("main");
        assertTrue(again.cached());
        assertEquals(built.jar(), again.jar());
        assertEquals(second, again.commit());
        BaseBuild.Built byId = b.build(second);
        assertTrue(byId.cached());
        assertEquals(1, runCount(), "the cached jar is not built again");
        assertEquals(List.of(second + ".build.log", second + ".jar"), cacheFiles());
        assertFalse(Files.exists(staleOnlineLog), "an earlier attempt's online log is not left to pass for this one's");
    }

    @Test
    void branchNamesAndExpressionsResolveToCommits() throws IOException {
        git(repo, "branch", "old", first);
        BaseBuild b = builder(goodBuild());
        BaseBuild.Built parent = b.build("HEAD~1");
        assertEquals(first, parent.commit());
        assertFalse(parent.cached());
        assertEquals("v1\n", benchmarkList(parent.jar()), "built from the base's own sources");

        BaseBuild.Built branch = b.build("old");
        assertEquals(first, branch.commit());
        assertTrue(branch.cached());
        assertEquals(first, b.build(first.substring(0, 10)).commit());
        assertEquals(1, runCount());
    }

    @Test
    void anInvalidCachedJarIsBuiltAgain() throws IOException {
        Files.createDirectories(cache);
        Files.writeString(cache.resolve(second + ".jar"), "half a jar");
        BaseBuild.Built built = builder(goodBuild()).build("main");
        assertFalse(built.cached());
        assertEquals("v2\n", benchmarkList(built.jar()));
        assertEquals(1, runCount());
    }

    @Test
    void theWorktreeIsRemovedAfterSuccessAndFailure() {
        builder(goodBuild()).build("main");
        assertOnlyTheMainWorktree();
        assertThrows(CcsidBenchException.class, () -> builder(script("exit 3")).build("HEAD~1"));
        assertOnlyTheMainWorktree();
        assertEquals("", git(repo, "status", "--porcelain"), "the repository is left as it was");
    }

    @Test
    void unknownRef() throws IOException {
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> builder(goodBuild()).build("nope"));
        assertEquals("no commit 'nope' in this repository", e.getMessage());
        assertEquals(0, runCount());
    }

    @Test
    void baseMissingFromAShallowClone() {
        Path clone = tmp.resolve("shallow");
        git(tmp, "clone", "-q", "--depth", "1", repo.toUri().toString(), clone.toString());
        assertEquals("true", git(clone, "rev-parse", "--is-shallow-repository"));
        BaseBuild b = new BaseBuild(clone, clone.resolve("target/gate-base"), progress, goodBuild());
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> b.build(first));
        assertTrue(e.getMessage().contains("not in this shallow clone"), e.getMessage());
        assertTrue(e.getMessage().contains("fetch-depth: 0"), e.getMessage());
        assertOneLine(e);
        assertEquals(second, b.build("HEAD").commit(), "the commit the clone has builds");
    }

    @Test
    void aFailingBuildSaysWhereItsLogIsAndShowsItsLastLines() throws IOException {
        List<String> failing = script("seq 1 25; echo '[ERROR] the base broke'; mkdir -p target; echo partial > target/benchmarks.jar;"
                + " exit 1");
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> builder(failing).build("main"));
        Path log = cache.resolve(second + ".online.build.log");
        assertEquals("the base commit " + second.substring(0, 7) + " does not build with: " + String.join(" ", failing)
                + "; full log: " + log, e.getMessage());
        assertOneLine(e);
        assertEquals(2, runCount(), "tried offline, then online");
        assertTrue(Files.isRegularFile(cache.resolve(second + ".build.log")));
        List<String> tail = new ArrayList<>();
        for (int i = 7; i <= 25; i++) {
            tail.add("    " + i);
        }
        tail.add("    [ERROR] the base broke");
        List<String> shown = progressText().lines().dropWhile(l -> !l.equals("ccsid-bench gate: the last lines of " + log + ":"))
                .skip(1).toList();
        assertEquals(tail, shown, progressText());
        assertFalse(Files.exists(cache.resolve(second + ".jar")), "no jar under the final name");
        assertFalse(Files.exists(cache.resolve(second + ".jar.tmp")));
        assertOnlyTheMainWorktree();
    }

    @Test
    void aBaseThatDoesNotBuildOfflineIsBuiltOnline() throws IOException {
        BaseBuild b = new BaseBuild(repo, cache, progress, failing("offline", List.of("[ERROR] artifact not downloaded")),
                goodBuild("online"));
        BaseBuild.Built built = b.build("main");
        assertFalse(built.cached());
        assertEquals("v2\n", benchmarkList(built.jar()), "the online build's jar");
        assertEquals(List.of("offline", "online"), runs());
        assertEquals(List.of("ccsid-bench gate: the base " + second.substring(0, 7) + " does not build offline: building online,"
                + " in case the local Maven repository lacks an artifact it needs"), onlineLines());
        assertFalse(progressText().contains("the last lines of"), "the offline build's log is not shown when online builds");
        assertEquals(List.of(second + ".build.log", second + ".jar", second + ".online.build.log"), cacheFiles());
        assertOnlyTheMainWorktree();

        assertTrue(b.build("main").cached());
        assertEquals(2, runCount(), "the cached jar is not built again");
    }

    @Test
    void theDefaultOnlineBuildIsTheOfflineOneAskingForUpdatesInsteadOfOffline() throws IOException {
        Path log = writeLog(List.of("[ERROR] artifact not downloaded"));
        List<String> command = List.of("sh", "-c", "if [ \"$4\" = -o ]; then echo offline >> \"$1\"; cat \"$3\"; exit 1; fi; "
                        + "[ \"$4\" = -U ] || exit 3; echo online >> \"$1\"; mkdir -p target && cp \"$2/$(cat version.txt).jar\" target/benchmarks.jar",
                "sh", runs.toString(), jars.toString(), log.toString(), "-o");
        BaseBuild.Built built = builder(command).build("main");
        assertEquals("v2\n", benchmarkList(built.jar()));
        assertEquals(List.of("offline", "online"), runs());
        assertEquals(1, onlineLines().size(), progressText());
    }

    @Test
    void aBaseThatDoesNotBuildOnlineEitherIsOneLineWithTheOnlineLogsLastLines() throws IOException {
        List<String> online = failing("online", List.of("[ERROR] /w/src/main/java/A.java:[140,113] X is not public in B"));
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> new BaseBuild(repo, cache, progress,
                failing("offline", List.of("[ERROR] the offline words")), online).build("main"));
        Path log = cache.resolve(second + ".online.build.log");
        assertEquals("the base commit " + second.substring(0, 7) + " does not build with: " + String.join(" ", online)
                + "; full log: " + log, e.getMessage());
        assertOneLine(e);
        assertEquals(List.of("offline", "online"), runs());
        assertTrue(progressText().contains("\n    [ERROR] /w/src/main/java/A.java:[140,113] X is not public in B\n"), progressText());
        assertFalse(progressText().contains("the offline words"), progressText());
        assertFalse(Files.exists(cache.resolve(second + ".jar")));
        assertOnlyTheMainWorktree();
    }

    @Test
    void aBuildThatLeavesNoJar() {
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> builder(script("echo fine")).build("main"));
        assertTrue(e.getMessage().contains("left no target/benchmarks.jar"), e.getMessage());
        assertTrue(e.getMessage().contains(cache.resolve(second + ".build.log").toString()), e.getMessage());
        assertOneLine(e);
        assertEquals(List.of(second + ".build.log"), cacheFiles());
    }

    @Test
    void aBuildThatLeavesNoBenchmarksJar() {
        List<String> notAJar = script("mkdir -p target && echo text > target/benchmarks.jar");
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> builder(notAJar).build("main"));
        assertTrue(e.getMessage().contains("without META-INF/BenchmarkList"), e.getMessage());
        assertEquals(List.of(second + ".build.log"), cacheFiles());
    }

    @Test
    void aMissingBuildToolIsOneLine() {
        CcsidBenchException e = assertThrows(CcsidBenchException.class,
                () -> builder(List.of("ccsid-bench-no-such-tool")).build("main"));
        assertTrue(e.getMessage().startsWith("ccsid-bench-no-such-tool is not on the PATH"), e.getMessage());
        assertOneLine(e);
        assertOnlyTheMainWorktree();
    }

    @Test
    void notAGitRepository() throws IOException {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        BaseBuild b = new BaseBuild(plain, plain.resolve("cache"), progress, goodBuild());
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> b.build("main"));
        assertEquals(plain + " is not in a git repository: pass --base-jar FILE instead", e.getMessage());
        assertEquals(Optional.empty(), BaseBuild.defaultBase(plain));
    }

    @Test
    void checkBenchmarksJar() throws IOException {
        BenchmarksJar.checkBenchmarksJar(jars.resolve("v1.jar"));

        Path text = Files.writeString(tmp.resolve("text.jar"), "not a zip");
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> BenchmarksJar.checkBenchmarksJar(text));
        assertTrue(e.getMessage().contains("is not a jar file"), e.getMessage());
        assertOneLine(e);

        Path zip = tmp.resolve("other.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            out.write("Manifest-Version: 1.0\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        e = assertThrows(CcsidBenchException.class, () -> BenchmarksJar.checkBenchmarksJar(zip));
        assertTrue(e.getMessage().contains("has no META-INF/BenchmarkList"), e.getMessage());
        assertOneLine(e);

        e = assertThrows(CcsidBenchException.class, () -> BenchmarksJar.checkBenchmarksJar(tmp.resolve("missing.jar")));
        assertTrue(e.getMessage().startsWith("no file "), e.getMessage());
    }

    @Test
    void defaultBaseIsTheMergeBaseWithOriginMain() throws IOException {
        Path clone = tmp.resolve("clone");
        git(tmp, "clone", "-q", repo.toUri().toString(), clone.toString());
        git(clone, "checkout", "-q", "-b", "feature");
        commit(clone, "feature");
        String upstream = commit(repo, "v3");
        git(clone, "fetch", "-q", "origin");
        assertEquals(upstream, git(clone, "rev-parse", "origin/main"));
        assertEquals(Optional.of(second), BaseBuild.defaultBase(clone));
        assertEquals(Optional.of(second), BaseBuild.defaultBase(Files.createDirectories(clone.resolve("sub"))));
    }

    @Test
    void defaultBaseFollowsOriginHead() throws IOException {
        Path trunkRepo = tmp.resolve("trunk-repo");
        initRepo(trunkRepo, "trunk");
        String tip = commit(trunkRepo, "v2");
        Path clone = tmp.resolve("trunk-clone");
        git(tmp, "clone", "-q", trunkRepo.toUri().toString(), clone.toString());
        git(clone, "checkout", "-q", "-b", "feature");
        commit(clone, "feature");
        assertEquals(Optional.of(tip), BaseBuild.defaultBase(clone));
    }

    @Test
    void noDefaultBaseWithoutARemote() {
        assertEquals(Optional.empty(), BaseBuild.defaultBase(repo));
    }

    // --- helpers ---

    private void assertOnlyTheMainWorktree() {
        long worktrees = git(repo, "worktree", "list", "--porcelain").lines().filter(l -> l.startsWith("worktree ")).count();
        assertEquals(1, worktrees, git(repo, "worktree", "list"));
        assertTrue(cacheFiles().stream().noneMatch(f -> f.startsWith("worktree-")), cacheFiles().toString());
    }

    private static void assertOneLine(CcsidBenchException e) {
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    /** A git repository with branch {@code branch} and one commit (version.txt = v1, target/ ignored); its id. */
    private static String initRepo(Path dir, String branch) throws IOException {
        return TestRepository.init(dir, branch).git("rev-parse", "HEAD");
    }

    private static String commit(Path dir, String version) throws IOException {
        return TestRepository.at(dir).commit(version);
    }

    private static String git(Path dir, String... args) {
        return TestRepository.at(dir).git(args);
    }

    private static void benchmarksJar(Path file, String benchmarkList) throws IOException {
        TestRepository.benchmarksJar(file, benchmarkList, Map.of());
    }

    private static String benchmarkList(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return new String(j.getInputStream(j.getEntry("META-INF/BenchmarkList")).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A plain jar, as a codec's own build leaves it: classes and a service file, no benchmark list. */
    private Path pluginJar() throws IOException {
        Path jar = jars.resolve("plugin.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("META-INF/services/io.github.ccsidbench.convert.ConverterProvider"));
            out.write("com.example.Codec\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void aUsersOwnBuildLeavesAPluginThatIsCachedUnderItsRecipe() throws IOException {
        Path plugin = pluginJar();
        String command = "echo run >> '" + runs + "'; mkdir -p build/libs && cp '" + plugin + "' build/libs/codec.jar";
        BaseBuild b = BaseBuild.custom(repo, cache, progress, command, "build/libs/codec.jar");
        BaseBuild.Built built = b.build("main");
        assertEquals(second, built.commit());
        assertFalse(built.cached());
        assertFalse(BenchmarksJar.holdsBenchmarks(built.jar()), "a plug-in, not a benchmarks jar");
        assertTrue(built.jar().getFileName().toString().matches(second + "-[0-9a-f]{8}\\.jar"), built.jar().toString());
        assertTrue(progressText().contains("building the base " + second.substring(0, 7) + " with: " + command), progressText());
        assertTrue(b.build("main").cached());
        assertEquals(1, runCount());
        // Another recipe for the same commit is another jar; this project's Maven build keeps its own name.
        BaseBuild other = BaseBuild.custom(repo, cache, progress, command + " # again", "build/libs/codec.jar");
        assertFalse(other.build("main").cached());
        assertEquals(2, runCount());
        assertTrue(BenchmarksJar.holdsBenchmarks(builder(goodBuild()).build("main").jar()));
    }

    @Test
    void aUsersOwnBuildThatFailsOrLeavesNoJarIsOneLine() throws IOException {
        String command = "echo run >> '" + runs + "'; echo 'FAILURE: Build failed with an exception.'; exit 1";
        CcsidBenchException failed = assertThrows(CcsidBenchException.class, () -> BaseBuild.custom(repo, cache, progress,
                command, "build/libs/codec.jar").build("main"));
        assertTrue(failed.getMessage().startsWith("the base commit " + second.substring(0, 7) + " does not build with: "
                + command + "; full log: "), failed.getMessage());
        assertFalse(failed.getMessage().contains("\n"), failed.getMessage());
        assertEquals(1, runCount(), "the user's own build is tried once");
        assertTrue(progressText().contains("\n    FAILURE: Build failed with an exception.\n"), progressText());
        CcsidBenchException none = assertThrows(CcsidBenchException.class, () -> BaseBuild.custom(repo, cache, progress,
                "true", "build/libs/codec.jar").build("main"));
        assertTrue(none.getMessage().contains("built but left no build/libs/codec.jar"), none.getMessage());
        CcsidBenchException notJar = assertThrows(CcsidBenchException.class, () -> BaseBuild.custom(repo, cache, progress,
                "mkdir -p build && echo text > build/codec.jar", "build/codec.jar").build("main"));
        assertTrue(notJar.getMessage().contains("build/codec.jar, which is not a jar file"), notJar.getMessage());
        CcsidBenchException outside = assertThrows(CcsidBenchException.class, () -> BaseBuild.custom(repo, cache, progress,
                "true", "../elsewhere.jar"));
        assertTrue(outside.getMessage().contains("must be a path inside the checkout"), outside.getMessage());
    }

    private List<String> runs() throws IOException {
        return Files.exists(runs) ? Files.readAllLines(runs) : List.of();
    }

    /** The progress lines that say the base is built online. */
    private List<String> onlineLines() {
        return progressText().lines().filter(l -> l.contains("building online")).toList();
    }

    private int runCount() throws IOException {
        return Files.exists(runs) ? Files.readAllLines(runs).size() : 0;
    }

    private List<String> cacheFiles() {
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cache)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private String progressText() {
        return progressBytes.toString(StandardCharsets.UTF_8);
    }
}
