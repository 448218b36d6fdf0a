package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.FloorBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class archive is made once, checked by the JVM itself, and used; where it cannot be made or used the forks start
 * without one, said once; a changed jar or JDK gets a new one.
 */
class ClassArchivesTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final BenchmarkCase FLOOR = new BenchmarkCase(FloorBenchmark.class.getName(), "isoEncode",
            Map.of("length", "16"), List.of());

    @TempDir
    Path dir;

    private ForkLauncher.Side side(String java, String classpath) {
        return new ForkLauncher.Side("test side", java, List.of("-Xmx128m"), classpath, ForkSetup.LEAN);
    }

    private ClassArchives archives(List<String> notices) throws Exception {
        Path log = dir.resolve("log");
        Files.createDirectories(dir.resolve("work"));
        ClassArchives a = new ClassArchives(dir.resolve("archives"), dir.resolve("work"), log, notices::add);
        a.trainWith(List.of(FLOOR), 1000);
        return a;
    }

    /** A java that fails whatever it is asked: the training run, then any check. */
    private Path failingJava() throws Exception {
        Path home = dir.resolve("jdk");
        Files.createDirectories(home.resolve("bin"));
        Path java = home.resolve("bin").resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"17.0.99\"\n");
        return java;
    }

    @Test
    void anArchiveThatCannotBeMadeLetsForksStartWithoutOneSayingSoOnce() throws Exception {
        List<String> notices = new ArrayList<>();
        ClassArchives a = archives(notices);
        ForkLauncher.Side side = side(failingJava().toString(), System.getProperty("java.class.path"));
        assertEquals(List.of(), a.argsFor(side, FLOOR));
        assertEquals(List.of(), a.argsFor(side, FLOOR));
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("ccsid-bench: the forks of test side start without a class archive: its training run"),
                notices.get(0));
    }

    @Test
    void aClassicSideOrOneWithFewForksGetsNoArchiveAndNoNotice() throws Exception {
        List<String> notices = new ArrayList<>();
        ClassArchives a = archives(notices);
        ForkLauncher.Side classic = new ForkLauncher.Side("old", failingJava().toString(), List.of(), "x.jar", ForkSetup.CLASSIC);
        assertEquals(List.of(), a.argsFor(classic, FLOOR));
        a.trainWith(List.of(FLOOR), ClassArchives.WORTH_FORKS - 1);
        assertEquals(List.of(), a.argsFor(side(failingJava().toString(), "x.jar"), FLOOR));
        assertEquals(List.of(), notices);
    }

    /**
     * The test class path with its directories packed into a jar, as a benchmarks jar is: an archive holds classes from
     * jars only (the JVM will not archive a class path with a non-empty directory).
     */
    private String jarredClassPath() throws Exception {
        List<String> entries = new ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (!Files.isDirectory(p)) {
                entries.add(entry);
                continue;
            }
            Path jar = dir.resolve("classes-" + n++ + ".jar");
            try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar)); var files = Files.walk(p)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    out.putNextEntry(new java.util.jar.JarEntry(p.relativize(f).toString().replace('\\', '/')));
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
            entries.add(jar.toString());
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    @Test
    void aClassPathWithADirectoryGetsNoArchiveAndForksStartWithoutOne() throws Exception {
        List<String> notices = new ArrayList<>();
        String withDirectory = dir.toString() + java.io.File.pathSeparator + jarredClassPath();
        Files.writeString(dir.resolve("a-class-file.txt"), "not empty");
        assertEquals(List.of(), archives(notices).argsFor(side(JAVA, withDirectory), FLOOR));
        assertEquals(1, notices.size(), notices.toString());
    }

    @Test
    void anArchiveIsMadeOnceCheckedByTheJvmAndUsed() throws Exception {
        List<String> notices = new ArrayList<>();
        String classpath = jarredClassPath();
        ForkLauncher.Side side = side(JAVA, classpath);
        List<String> args = archives(notices).argsFor(side, FLOOR);
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("ccsid-bench: made a class archive for the forks of test side"), notices.get(0));
        assertTrue(args.stream().anyMatch(x -> x.startsWith("-XX:SharedArchiveFile=") || x.startsWith("-XX:AOTCache=")), args.toString());
        if (ClassArchives.featureVersion(JAVA) >= 25) {
            assertTrue(args.contains("-XX:-AOTReplayTraining"), "no method profiles from the training run: " + args);
        }
        // A second run finds it made: no training, nothing said.
        List<String> again = new ArrayList<>();
        assertEquals(args, archives(again).argsFor(side, FLOOR));
        assertEquals(List.of(), again);
        // The JVM starts with it in strict mode, which refuses an archive it cannot map.
        List<String> command = new ArrayList<>(List.of(JAVA, "-Xmx128m"));
        command.addAll(args);
        command.add(ClassArchives.featureVersion(JAVA) >= 25 ? "-XX:AOTMode=on" : "-Xshare:on");
        command.addAll(List.of("-cp", classpath, "-version"));
        assertEquals(0, new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile())
                .start().waitFor(), () -> readQuietly(dir.resolve("out")));
    }

    @Test
    void aChangedJarGetsANewNameWithTheSameStem() throws Exception {
        Path jar = dir.resolve("b.jar");
        Files.writeString(jar, "one");
        ForkLauncher.Side side = side(JAVA, jar.toString());
        String before = ClassArchives.name(side, side.jvmArgs());
        Files.writeString(jar, "two, longer");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5000));
        String after = ClassArchives.name(side, side.jvmArgs());
        assertNotEquals(before, after);
        assertEquals(before.substring(0, before.indexOf('-')), after.substring(0, after.indexOf('-')));
        assertNotEquals(before.substring(0, before.indexOf('-')),
                ClassArchives.name(side, List.of("--add-modules", "jdk.incubator.vector")).split("-")[0], "other options, another archive");
        assertEquals(before.substring(0, before.indexOf('-')).length(), 16);
        assertEquals(ClassArchives.name(side, List.of("-Dx=1")).split("-")[0], ClassArchives.name(side, List.of()).split("-")[0],
                "system properties do not matter to an archive");
    }

    @Test
    void theFeatureReleaseComesFromTheJdksReleaseFile() throws Exception {
        Path java = failingJava();
        assertEquals(17, ClassArchives.featureVersion(java.toString()));
        Files.writeString(java.getParent().getParent().resolve("release"), "JAVA_VERSION=\"25\"\n");
        assertEquals(25, ClassArchives.featureVersion(java.toString()));
        Files.writeString(java.getParent().getParent().resolve("release"), "JAVA_VERSION=\"1.8.0_402\"\n");
        assertEquals(8, ClassArchives.featureVersion(java.toString()));
        Files.delete(java.getParent().getParent().resolve("release"));
        assertEquals(0, ClassArchives.featureVersion(java.toString()));
    }

    @Test
    void theTrainingRunTakesEveryBenchmarkClassFirstThenMethodsAndProviders() throws Exception {
        List<BenchmarkCase> plan = new ArrayList<>();
        for (String provider : List.of("jdk", "icu", "jt400", "jdk-coder", "jdk-stream", "reference")) {
            for (String method : List.of("encode", "decode", "roundTrip")) {
                plan.add(new BenchmarkCase("x.ConversionBenchmark", method, Map.of("provider", provider), List.of()));
            }
        }
        plan.add(new BenchmarkCase("x.Db2PathBenchmark", "insert", Map.of("column", "37"), List.of()));
        plan.add(new BenchmarkCase("x.FloorBenchmark", "isoEncode", Map.of("length", "16"), List.of()));
        plan.add(new BenchmarkCase("x.VectorBenchmark", "encode", Map.of(), List.of("--add-modules", "jdk.incubator.vector")));
        ClassArchives a = archives(new ArrayList<>());
        a.trainWith(plan, 1000);
        List<BenchmarkCase> t = a.training(plan.get(4));
        assertEquals(ClassArchives.TRAINING_CASES, t.size());
        assertEquals(plan.get(4), t.get(0), "the fork's own benchmark first");
        assertEquals(List.of("x.ConversionBenchmark", "x.Db2PathBenchmark", "x.FloorBenchmark"),
                t.stream().map(BenchmarkCase::benchmark).distinct().toList());
        assertTrue(t.stream().noneMatch(c -> c.benchmark().equals("x.VectorBenchmark")), "only forks with the same options");
        assertEquals(t.size(), t.stream().distinct().count());
    }

    @Test
    void anUnknownSetupIsAOneLineErrorNamingTheSetups() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.github.ccsidbench.CcsidBenchException.class, () -> ForkSetup.of("fast"));
        assertEquals("unknown fork setup 'fast': use one of lean, classic", e.getMessage());
        assertEquals(ForkSetup.CLASSIC, ForkSetup.of("Classic"));
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (Exception e) {
            return "";
        }
    }
}
