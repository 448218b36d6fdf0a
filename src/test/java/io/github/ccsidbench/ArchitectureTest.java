package io.github.ccsidbench;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering that docs/architecture.md's layers table states, held against the compiled classes: the table lists the
 * packages from the top layer down, a package may use only packages listed below it (and the root package), the
 * packages form no cycle, and what runs inside a benchmark fork (the packages {@code steady} and {@code machine}, and the
 * class {@code stats.Stats}) uses nothing but the JDK, JMH and itself. Reordering the table, or adding an upward import,
 * fails this test.
 */
class ArchitectureTest {

    private static final String BASE = "io.github.ccsidbench";

    /** The packages that run inside the measured JVM and are copied in front of a base jar by the A/B gate. */
    private static final List<String> FORK_SIDE = List.of("steady", "machine");
    /** The one class of {@code stats} the fork side uses (the rest of the package is the host's statistics). */
    private static final String STATS_CLASS = Pattern.quote(BASE + ".stats.Stats") + "(\\$.*)?";

    private static JavaClasses classes;
    private static List<String> layers;

    @BeforeAll
    static void importClasses() throws IOException {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(BASE);
        layers = layersOf(Files.readString(Path.of("docs", "architecture.md")));
    }

    /**
     * The package names of the layers table, in its order: the rows "| `name` | ..." after the heading "## Layers",
     * up to the next heading of that level.
     */
    static List<String> layersOf(String readme) {
        int start = readme.indexOf("\n## Layers");
        assertTrue(start >= 0, "docs/architecture.md has no '## Layers' section");
        int end = readme.indexOf("\n## ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\| `([a-z0-9]+)` \\|").matcher(section);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    @Test
    void theTableListsEveryPackageOnce() {
        Set<String> actual = classes.stream().map(c -> c.getPackageName())
                .filter(p -> p.startsWith(BASE + "."))
                .map(p -> p.substring(BASE.length() + 1).split("\\.")[0])
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(layers.size(), new TreeSet<>(layers).size(), "a package twice in the table: " + layers);
        assertEquals(actual, new TreeSet<>(layers), "docs/architecture.md's layers table and the packages differ");
    }

    @Test
    void noPackageUsesOneAboveIt() {
        for (int i = 1; i < layers.size(); i++) {
            String[] above = layers.subList(0, i).stream().map(p -> BASE + "." + p + "..").toArray(String[]::new);
            ArchRule rule = noClasses().that().resideInAPackage(BASE + "." + layers.get(i) + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(above)
                    .because(layers.get(i) + " is listed below " + String.join(", ", layers.subList(0, i)));
            rule.check(classes);
        }
    }

    @Test
    void theRootPackageUsesNoOtherPackageOfTheProject() {
        noClasses().that().resideInAPackage(BASE).should().dependOnClassesThat().resideInAPackage(BASE + ".*..")
                .check(classes);
    }

    @Test
    void thePackagesFormNoCycle() {
        slices().matching(BASE + ".(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void theForkSideUsesOnlyTheJdkJmhAndItself() {
        List<String> allowed = new ArrayList<>(List.of("java..", "javax..", "jdk..", "com.sun.management..", "org.openjdk.jmh.."));
        FORK_SIDE.forEach(p -> allowed.add(BASE + "." + p + ".."));
        classes().that().resideInAnyPackage(FORK_SIDE.stream().map(p -> BASE + "." + p + "..").toArray(String[]::new))
                .should().onlyDependOnClassesThat(resideInAnyPackage(allowed.toArray(String[]::new))
                        .or(nameMatching(STATS_CLASS)))
                .because("the A/B gate runs these packages in front of an older base jar, inside the measured JVM")
                .check(classes);
        classes().that().haveNameMatching(STATS_CLASS)
                .should().onlyDependOnClassesThat(resideInAnyPackage("java..").or(nameMatching(STATS_CLASS)))
                .because("the fork side uses it inside the measured JVM, and the gate copies it alone").check(classes);
    }

    /**
     * Every top-level type of the main code opens with a Javadoc comment: between the comment's end and the type's
     * declaration there may stand only annotations (no import, no statement, hence no semicolon outside a string).
     */
    @Test
    void everyTypeSaysWhatItIsFor() throws IOException {
        Pattern declaration = Pattern.compile("(?m)^(public |final |abstract |sealed |non-sealed )*(class|interface|enum|record|@interface) \\w+");
        List<String> missing = new ArrayList<>();
        try (var files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("package-info.java")).toList()) {
                String source = Files.readString(file);
                Matcher m = declaration.matcher(source);
                if (!m.find()) {
                    missing.add(file + " (no type found)");
                    continue;
                }
                int end = source.lastIndexOf("*/", m.start());
                int start = end < 0 ? -1 : source.lastIndexOf("/**", end);
                // Annotations' string values may hold semicolons: only what lies outside string literals counts.
                if (start < 0 || source.substring(end, m.start()).replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "").contains(";")) {
                    missing.add(file.toString());
                }
            }
        }
        assertEquals(List.of(), missing, "types without a Javadoc saying what they are for");
    }

    @Test
    void everyPackageStatesItsPurpose() throws IOException {
        Path main = Path.of("src/main/java", BASE.split("\\."));
        List<String> missing = new ArrayList<>();
        try (var dirs = Files.walk(main)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                boolean hasJava;
                try (var files = Files.list(dir)) {
                    hasJava = files.anyMatch(f -> f.toString().endsWith(".java"));
                }
                if (hasJava && !Files.isRegularFile(dir.resolve("package-info.java"))) {
                    missing.add(main.relativize(dir).toString());
                }
            }
        }
        assertEquals(List.of(), missing, "packages without a package-info.java");
    }
}
