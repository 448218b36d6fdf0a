package io.github.ccsidbench.results;

import java.time.Duration;
import java.util.ArrayList;
import io.github.ccsidbench.FileBeside;
import io.github.ccsidbench.machine.CpuInfo;
import io.github.ccsidbench.machine.CpuClass;
import io.github.ccsidbench.BuildInfo;
import io.github.ccsidbench.ChildProcess;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * Where and how a run was made, beyond JMH's JSON: {@code environment.json} beside the results, so a report read months
 * later still says what it measured (fields: docs/output.md, "The output files of a run"; {@code vector} null: not probed).
 */
public record RunEnvironment(String date, String preset, String timing, String forkJvm, String forkJavaVendor, String os, String cpu,
                             int cores, String hostJava, String commit, String ccsidBenchVersion, String jmhVersion,
                             String icu4jVersion, String jt400Version, String wallTime, String cpuFeatures, String vector) {

    /** The file name beside results.json. */
    public static final String FILE = "environment.json";

    /** How long a probe JVM, and git naming the commit, may take. */
    static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);
    static final Duration GIT_TIMEOUT = Duration.ofSeconds(10);

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** Describes this machine now, for a run of {@code preset} whose forks use {@code forkJvm}. */
    public static RunEnvironment capture(String preset, String timing, String forkJvm) {
        return new RunEnvironment(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), preset, timing, forkJvm,
                javaVendor(forkJvm), System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                cpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"),
                gitCommit(), BuildInfo.version(), BuildInfo.jmhVersion(), BuildInfo.icu4jVersion(),
                BuildInfo.jt400Version(), "", CpuInfo.vectorFeatures(), null);
    }

    /** The same, and the forks' JVM's {@code -XX:UseAVX} and reference translator with {@code jvmArgs} (probed once). */
    public static RunEnvironment capture(String preset, String timing, String forkJvm, List<String> jvmArgs) {
        RunEnvironment e = capture(preset, timing, forkJvm);
        return new RunEnvironment(e.date, e.preset, e.timing, e.forkJvm, e.forkJavaVendor, e.os, e.cpu, e.cores, e.hostJava,
                e.commit, e.ccsidBenchVersion, e.jmhVersion, e.icu4jVersion, e.jt400Version, e.wallTime, e.cpuFeatures,
                vectorProbe(forkJvm, jvmArgs));
    }

    /** Starts the fork JVM once to ask for its UseAVX and the reference translator; a failure is said, not thrown. */
    private static String vectorProbe(String java, List<String> jvmArgs) {
        try {
            List<String> command = new ArrayList<>(List.of(java));
            command.addAll(jvmArgs);
            command.addAll(List.of("--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                    "io.github.ccsidbench.reference.Translators"));
            ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(command).redirectErrorStream(true), PROBE_TIMEOUT);
            if (r.exit() != 0) {
                return "unknown (the probe JVM failed)";
            }
            return r.out().lines().filter(l -> l.startsWith("UseAVX")).findFirst().orElse("unknown");
        } catch (ChildProcess.Failure e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** The class of SIMD code the forks could run: "AVX-512 VBMI", "AVX2", ... (docs/reference-codec.md, "Which translator runs"). */
    public String vectorClass() {
        return CpuClass.of(cpuFeatures, vector).label();
    }

    /** A copy with the run's wall time filled in. */
    public RunEnvironment withWallTime(String value) {
        return new RunEnvironment(date, preset, timing, forkJvm, forkJavaVendor, os, cpu, cores, hostJava, commit, ccsidBenchVersion,
                jmhVersion, icu4jVersion, jt400Version, value, cpuFeatures, vector);
    }

    public String toJson() {
        return GSON.toJson(this) + "\n";
    }

    /** The environment recorded beside {@code resultsFile}, if there is one. */
    public static Optional<RunEnvironment> besides(Path resultsFile) {
        return FileBeside.read(resultsFile, FILE, RunEnvironment.class, GSON, e -> true);
    }

    private static String cpuModel() {
        String cpu = CpuInfo.model();
        return cpu != null ? cpu : System.getProperty("os.arch") + " (model unknown)";
    }

    /** "Eclipse Adoptium 25.x-LTS": the vendor and version the fork JVM reports, or "unknown". */
    private static String javaVendor(String java) {
        String settings = javaSettings(java);
        String vendor = property(settings, "java.vendor");
        return vendor.isEmpty() ? "unknown" : vendor + " " + property(settings, "java.runtime.version");
    }

    private static String javaSettings(String java) {
        try {
            return ChildProcess.run(new ProcessBuilder(java, "-XshowSettings:properties", "-version").redirectErrorStream(true),
                    PROBE_TIMEOUT).out();
        } catch (ChildProcess.Failure e) {
            return "";
        }
    }

    private static String property(String settings, String name) {
        return settings.lines().map(String::trim).filter(l -> l.startsWith(name + " = "))
                .map(l -> l.substring(name.length() + 3)).findFirst().orElse("");
    }

    /** The project's commit when run from its checkout ("abc1234", "abc1234-dirty"), or "unknown (why)". */
    static String gitCommit() {
        try {
            ChildProcess.Result head = git("rev-parse", "--short=12", "HEAD");
            if (head.exit() != 0 || head.out().isBlank()) {
                return "unknown (not run from a git checkout of the project)";
            }
            ChildProcess.Result status = git("status", "--porcelain", "--untracked-files=no");
            return head.out().strip() + (status.exit() == 0 && status.out().isBlank() ? "" : "-dirty");
        } catch (ChildProcess.StartFailure e) {
            return "unknown (git is not installed)";
        } catch (ChildProcess.Failure e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static ChildProcess.Result git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        return ChildProcess.run(new ProcessBuilder(command), GIT_TIMEOUT);
    }
}
