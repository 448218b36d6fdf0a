package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What {@link MavenLog} reads in Maven's own words. The fixtures are what Maven 3.8.7 (Debian's) and 3.9.11 printed
 * with {@code -B -ntp -q}, as BaseBuild runs it, for a throw-away project with a private local repository
 * ({@code -Dmaven.repo.local}), copied line for line (3.8.7 writes its colour resets even in batch mode).
 */
class MavenLogTest {

    @TempDir
    Path tmp;

    @Test
    void offlineMissingDependencies() throws IOException {
        assertEquals(List.of("net.sf.jt400:jt400:jar:20.0.8"), missing(MAVEN_3_8_OFFLINE_DEPENDENCY));
        assertEquals(List.of("net.sf.jt400:jt400:jar:20.0.8"), missing(MAVEN_3_9_OFFLINE_DEPENDENCY));
        List<String> three = List.of("net.sf.jt400:jt400:jar:20.0.8", "org.apache.commons:commons-csv:jar:1.10.0",
                "com.google.code.gson:gson:jar:2.8.9");
        assertEquals(three, missing(MAVEN_3_8_OFFLINE_THREE_DEPENDENCIES), "in Maven's order, each once");
        assertEquals(three, missing(MAVEN_3_9_OFFLINE_THREE_DEPENDENCIES));
    }

    @Test
    void offlineMissingPluginsProcessorsAndParents() throws IOException {
        assertEquals(List.of("org.apache.maven.plugins:maven-resources-plugin:jar:3.3.1"), missing(MAVEN_3_8_OFFLINE_PLUGIN));
        assertEquals(List.of("org.apache.maven.plugins:maven-resources-plugin:jar:3.3.1"), missing(MAVEN_3_9_OFFLINE_PLUGIN));
        assertEquals(List.of("org.codehaus.plexus:plexus-compiler-api:jar:2.15.0"), missing(MAVEN_3_8_OFFLINE_PLUGIN_DEPENDENCY),
                "the plugin's dependency that is missing, not the plugin");
        assertEquals(List.of("org.codehaus.plexus:plexus-compiler-api:jar:2.15.0"), missing(MAVEN_3_9_OFFLINE_PLUGIN_DEPENDENCY));
        assertEquals(List.of("org.openjdk.jmh:jmh-generator-annprocess:jar:1.36"), missing(MAVEN_3_8_OFFLINE_ANNOTATION_PROCESSOR));
        assertEquals(List.of("org.openjdk.jmh:jmh-generator-annprocess:jar:1.36"), missing(MAVEN_3_9_OFFLINE_ANNOTATION_PROCESSOR));
        assertEquals(List.of("org.apache.commons:commons-parent:pom:12"), missing(MAVEN_3_8_OFFLINE_PARENT));
        assertEquals(List.of("org.apache.commons:commons-parent:pom:12"), missing(MAVEN_3_9_OFFLINE_PARENT));
    }

    @Test
    void onlineMissingArtifacts() throws IOException {
        assertEquals(List.of("net.sf.jt400:jt400:jar:20.0.8-absent38"), missing(MAVEN_3_8_ONLINE_NOT_FOUND));
        assertEquals(List.of("net.sf.jt400:jt400:jar:20.0.8-absent39"), missing(MAVEN_3_9_ONLINE_NOT_FOUND));
        assertEquals(List.of("net.sf.jt400:jt400:jar:20.0.8-absent38"), missing(MAVEN_3_8_ONLINE_NOT_FOUND_CACHED));
        assertEquals(List.of("net.sf.jt400:jt400:jar:20.0.8-absent39"), missing(MAVEN_3_9_ONLINE_NOT_FOUND_CACHED));
        assertEquals(List.of("net.sf.jt400:jt400:pom:20.0.8-dead38"), missing(MAVEN_3_8_ONLINE_UNREACHABLE));
        assertEquals(List.of("net.sf.jt400:jt400:pom:20.0.8-dead39"), missing(MAVEN_3_9_ONLINE_UNREACHABLE));
        assertEquals(List.of("org.apache.maven.plugins:maven-resources-plugin:pom:3.3.1"),
                missing(MAVEN_3_9_ONLINE_PRESENT_BUT_UNAVAILABLE));
    }

    @Test
    void otherFailuresMissNothing() throws IOException {
        assertEquals(List.of(), missing(MAVEN_3_8_COMPILE_ERROR));
        assertEquals(List.of(), missing(MAVEN_3_9_COMPILE_ERROR));
        assertEquals(List.of(), missing(List.of()));
        assertEquals(List.of(), MavenLog.missingArtifacts(tmp.resolve("no-such.log")));
        assertEquals(List.of(), missing(List.of("[INFO] Could not find artifact a:b:jar:1 in central (https://example.invalid)",
                "a test printed: the artifact a:b:jar:1 has not been downloaded from it before")), "only Maven's errors count");
    }

    @Test
    void theFailureLineOfAResolutionFailureIsNotMavensHelpLink() throws IOException {
        assertEquals("[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact"
                + " net.sf.jt400:jt400:jar:20.0.8 has not been downloaded from it before.",
                MavenLog.failureLine(log(MAVEN_3_9_OFFLINE_DEPENDENCY)));
    }

    private List<String> missing(List<String> lines) throws IOException {
        return MavenLog.missingArtifacts(log(lines));
    }

    private Path log(List<String> lines) throws IOException {
        return Files.writeString(Files.createTempFile(tmp, "maven", ".log"), String.join("\n", lines) + "\n");
    }

    // --- Maven's output, line for line ---

    /** Maven 3.8.7, offline: the local repository lacks the dependency jt400 20.0.8. */
    static final List<String> MAVEN_3_8_OFFLINE_DEPENDENCY = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact net.sf.jt400:jt400:jar:20.0.8 has not been downloaded from it before. -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_OFFLINE_DEPENDENCY = withHelp("DependencyResolutionException",
            "[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1",
            "[ERROR] dependency: net.sf.jt400:jt400:jar:20.0.8 (compile)",
            "[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact net.sf.jt400:jt400:jar:20.0.8 has not been downloaded from it before.");

    /** Maven 3.8.7, offline: three dependencies missing. */
    static final List<String> MAVEN_3_8_OFFLINE_THREE_DEPENDENCIES = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1: The following artifacts could not be resolved: net.sf.jt400:jt400:jar:20.0.8, org.apache.commons:commons-csv:jar:1.10.0, com.google.code.gson:gson:jar:2.8.9: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact net.sf.jt400:jt400:jar:20.0.8 has not been downloaded from it before. -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_OFFLINE_THREE_DEPENDENCIES = withHelp("DependencyResolutionException",
            "[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1",
            "[ERROR] dependency: net.sf.jt400:jt400:jar:20.0.8 (compile)",
            "[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact net.sf.jt400:jt400:jar:20.0.8 has not been downloaded from it before.",
            "[ERROR] dependency: org.apache.commons:commons-csv:jar:1.10.0 (compile)",
            "[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.commons:commons-csv:jar:1.10.0 has not been downloaded from it before.",
            "[ERROR] dependency: com.google.code.gson:gson:jar:2.8.9 (compile)",
            "[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact com.google.code.gson:gson:jar:2.8.9 has not been downloaded from it before.");

    /** Maven 3.8.7, offline, an empty local repository: the first plugin is missing. */
    static final List<String> MAVEN_3_8_OFFLINE_PLUGIN = List.of(
            "\u001B[0m\u001B[0m[ERROR] Plugin org.apache.maven.plugins:maven-resources-plugin:3.3.1 or one of its dependencies could not be resolved: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.maven.plugins:maven-resources-plugin:jar:3.3.1 has not been downloaded from it before. -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/PluginResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_OFFLINE_PLUGIN = withHelp("PluginResolutionException",
            "[ERROR] Plugin org.apache.maven.plugins:maven-resources-plugin:3.3.1 or one of its dependencies could not be resolved:",
            "[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.maven.plugins:maven-resources-plugin:jar:3.3.1 has not been downloaded from it before.");

    /** Maven 3.8.7, offline: the plugin is there, one of its dependencies is not. */
    static final List<String> MAVEN_3_8_OFFLINE_PLUGIN_DEPENDENCY = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile (default-compile) on project dep: Execution default-compile of goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile failed: Plugin org.apache.maven.plugins:maven-compiler-plugin:3.14.1 or one of its dependencies could not be resolved: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.codehaus.plexus:plexus-compiler-api:jar:2.15.0 has not been downloaded from it before. -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/PluginResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_OFFLINE_PLUGIN_DEPENDENCY = withHelp("PluginResolutionException",
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile (default-compile) on project dep: Execution default-compile of goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile failed: Plugin org.apache.maven.plugins:maven-compiler-plugin:3.14.1 or one of its dependencies could not be resolved:",
            "[ERROR] \tCannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.codehaus.plexus:plexus-compiler-api:jar:2.15.0 has not been downloaded from it before.");

    /** Maven 3.8.7, offline: an annotationProcessorPaths entry (this project's JMH generator) is missing. */
    static final List<String> MAVEN_3_8_OFFLINE_ANNOTATION_PROCESSOR = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile (default-compile) on project dep: Resolution of annotationProcessorPath dependencies failed: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.openjdk.jmh:jmh-generator-annprocess:jar:1.36 has not been downloaded from it before. -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_OFFLINE_ANNOTATION_PROCESSOR = List.of(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile (default-compile) on project dep: Resolution of annotationProcessorPath dependencies failed: The following artifacts could not be resolved: org.openjdk.jmh:jmh-generator-annprocess:jar:1.36 (absent): Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.openjdk.jmh:jmh-generator-annprocess:jar:1.36 has not been downloaded from it before. -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException");

    /** Maven 3.8.7, offline: the parent POM is missing. */
    static final List<String> MAVEN_3_8_OFFLINE_PARENT = List.of(
            "\u001B[0m\u001B[0m[ERROR] [ERROR] Some problems were encountered while processing the POMs:",
            "[FATAL] Non-resolvable parent POM for x:par:1: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.commons:commons-parent:pom:12 has not been downloaded from it before. and 'parent.relativePath' points at wrong local POM @ line 4, column 11",
            " @ ",
            "[ERROR] The build could not read 1 project -> [Help 1]",
            "[ERROR]   ",
            "[ERROR]   The project x:par:1 (/tmp/bb45/par/pom.xml) has 1 error",
            "[ERROR]     Non-resolvable parent POM for x:par:1: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.commons:commons-parent:pom:12 has not been downloaded from it before. and 'parent.relativePath' points at wrong local POM @ line 4, column 11 -> [Help 2]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/ProjectBuildingException",
            "[ERROR] [Help 2] http://cwiki.apache.org/confluence/display/MAVEN/UnresolvableModelException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_OFFLINE_PARENT = List.of(
            "[ERROR] [ERROR] Some problems were encountered while processing the POMs:",
            "[FATAL] Non-resolvable parent POM for x:par:1: The following artifacts could not be resolved: org.apache.commons:commons-parent:pom:12 (absent): Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.commons:commons-parent:pom:12 has not been downloaded from it before. and 'parent.relativePath' points at wrong local POM @ line 4, column 11",
            " @ ",
            "[ERROR] The build could not read 1 project -> [Help 1]",
            "[ERROR]   ",
            "[ERROR]   The project x:par:1 (/tmp/bb45/par/pom.xml) has 1 error",
            "[ERROR]     Non-resolvable parent POM for x:par:1: The following artifacts could not be resolved: org.apache.commons:commons-parent:pom:12 (absent): Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.apache.commons:commons-parent:pom:12 has not been downloaded from it before. and 'parent.relativePath' points at wrong local POM @ line 4, column 11 -> [Help 2]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/ProjectBuildingException",
            "[ERROR] [Help 2] http://cwiki.apache.org/confluence/display/MAVEN/UnresolvableModelException");

    /** Maven 3.8.7, online: the registry has no such version. */
    static final List<String> MAVEN_3_8_ONLINE_NOT_FOUND = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1: Could not find artifact net.sf.jt400:jt400:jar:20.0.8-absent38 in central (https://repo.maven.apache.org/maven2) -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_ONLINE_NOT_FOUND = withHelp("DependencyResolutionException",
            "[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1",
            "[ERROR] dependency: net.sf.jt400:jt400:jar:20.0.8-absent39 (compile)",
            "[ERROR] \tCould not find artifact net.sf.jt400:jt400:jar:20.0.8-absent39 in central (https://repo.maven.apache.org/maven2)");

    /** Maven 3.8.7, online again: the earlier miss is cached in the local repository. */
    static final List<String> MAVEN_3_8_ONLINE_NOT_FOUND_CACHED = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1: net.sf.jt400:jt400:jar:20.0.8-absent38 was not found in https://repo.maven.apache.org/maven2 during a previous attempt. This failure was cached in the local repository and resolution is not reattempted until the update interval of central has elapsed or updates are forced -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_ONLINE_NOT_FOUND_CACHED = withHelp("DependencyResolutionException",
            "[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1",
            "[ERROR] dependency: net.sf.jt400:jt400:jar:20.0.8-absent39 (compile)",
            "[ERROR] \tnet.sf.jt400:jt400:jar:20.0.8-absent39 was not found in https://repo.maven.apache.org/maven2 during a previous attempt. This failure was cached in the local repository and resolution is not reattempted until the update interval of central has elapsed or updates are forced");

    /** Maven 3.8.7, online, the registry unreachable (a mirror of central at a closed port). */
    static final List<String> MAVEN_3_8_ONLINE_UNREACHABLE = List.of(
            "\u001B[0m\u001B[0m[ERROR] Failed to execute goal on project dep: Could not resolve dependencies for project x:dep:jar:1: Failed to collect dependencies at net.sf.jt400:jt400:jar:20.0.8-dead38: Failed to read artifact descriptor for net.sf.jt400:jt400:jar:20.0.8-dead38: Could not transfer artifact net.sf.jt400:jt400:pom:20.0.8-dead38 from/to central (http://127.0.0.1:9/maven2): transfer failed for http://127.0.0.1:9/maven2/net/sf/jt400/jt400/20.0.8-dead38/jt400-20.0.8-dead38.pom: Connect to 127.0.0.1:9 [/127.0.0.1] failed: Connection refused -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_ONLINE_UNREACHABLE = withHelp("DependencyResolutionException",
            "[ERROR] Failed to execute goal on project dep: Could not collect dependencies for project x:dep:jar:1",
            "[ERROR] Failed to read artifact descriptor for net.sf.jt400:jt400:jar:20.0.8-dead39",
            "[ERROR] \tCaused by: The following artifacts could not be resolved: net.sf.jt400:jt400:pom:20.0.8-dead39 (absent): Could not transfer artifact net.sf.jt400:jt400:pom:20.0.8-dead39 from/to central (http://127.0.0.1:9/maven2): Connect to 127.0.0.1:9 [/127.0.0.1] failed: Connection refused");

    /** Maven 3.9.11, online, the registry unreachable under another id than the one the local copies came from. */
    static final List<String> MAVEN_3_9_ONLINE_PRESENT_BUT_UNAVAILABLE = withHelp("PluginResolutionException",
            "[ERROR] Plugin org.apache.maven.plugins:maven-resources-plugin:3.3.1 or one of its dependencies could not be resolved:",
            "[ERROR] \tThe following artifacts could not be resolved: org.apache.maven.plugins:maven-resources-plugin:pom:3.3.1 (present, but unavailable): Could not transfer artifact org.apache.maven.plugins:maven-resources-plugin:pom:3.3.1 from/to dead (http://127.0.0.1:9/maven2): Connect to 127.0.0.1:9 [/127.0.0.1] failed: Connection refused");

    /** Maven 3.8.7, offline: a compile error, nothing missing. */
    static final List<String> MAVEN_3_8_COMPILE_ERROR = List.of(
            "\u001B[0m\u001B[0m[ERROR] COMPILATION ERROR : ",
            "[ERROR] /tmp/bb45/cerr/src/main/java/x/B.java:[1,46] cannot find symbol",
            "  symbol:   variable undefinedName",
            "  location: class x.B",
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile (default-compile) on project dep: Compilation failure",
            "[ERROR] /tmp/bb45/cerr/src/main/java/x/B.java:[1,46] cannot find symbol",
            "[ERROR]   symbol:   variable undefinedName",
            "[ERROR]   location: class x.B",
            "[ERROR] -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException",
            "\u001B[0m\u001B[0m");

    /** Maven 3.9.11, the same. */
    static final List<String> MAVEN_3_9_COMPILE_ERROR = withHelp("MojoFailureException",
            "[ERROR] COMPILATION ERROR : ",
            "[ERROR] /tmp/bb45/cerr/src/main/java/x/B.java:[1,46] cannot find symbol",
            "  symbol:   variable undefinedName",
            "  location: class x.B",
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.1:compile (default-compile) on project dep: Compilation failure",
            "[ERROR] /tmp/bb45/cerr/src/main/java/x/B.java:[1,46] cannot find symbol",
            "[ERROR]   symbol:   variable undefinedName",
            "[ERROR]   location: class x.B");


    /** Maven's closing lines after a failure, the same in every log: the help links end with the exception's page. */
    private static List<String> withHelp(String exception, String... lines) {
        List<String> all = new java.util.ArrayList<>(List.of(lines));
        all.addAll(List.of("[ERROR] -> [Help 1]", "[ERROR] ",
                "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
                "[ERROR] Re-run Maven using the -X switch to enable full debug logging.", "[ERROR] ",
                "[ERROR] For more information about the errors and possible solutions, please read the following articles:",
                "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/" + exception));
        return List.copyOf(all);
    }

}
