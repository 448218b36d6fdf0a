package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The documentation cannot drift from the code: every relative link and anchor in README.md and docs/ resolves, and
 * every {@code java -jar target/benchmarks.jar ...} command they show parses with the current command line (a
 * ccsid-bench command by its picocli spec, anything else by JMH's own option parser), without running anything.
 */
class DocumentationTest {

    private static final String JAR = "java -jar target/benchmarks.jar";
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *#*$");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```[^\\n]*\\n(.*?)^```");
    private static final Pattern INLINE = Pattern.compile("`([^`\\n]+)`");

    /** README.md and every Markdown file under docs/. */
    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        if (Files.isDirectory(Path.of("docs"))) {
            try (Stream<Path> files = Files.walk(Path.of("docs"))) {
                files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
            }
        }
        return docs;
    }

    /**
     * The release route names one version everywhere: the docs, the example codec's pom and the workflows name the
     * release this pom's version will be tagged as (its version without -SNAPSHOT), so that a codec team copying
     * them resolves the tool that matches these docs.
     */
    @Test
    void everyReleaseNamedIsThePomsVersion() throws IOException {
        Matcher own = Pattern.compile("(?m)^  <version>(.+)</version>$").matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(own.find(), "the pom's version");
        String release = own.group(1).replace("-SNAPSHOT", "");
        List<Pattern> named = List.of(Pattern.compile("ccsid-bench/([^/\\s]+)/ccsid-bench-"),
                Pattern.compile("<ccsid-bench\\.version>([^<]+)</ccsid-bench\\.version>"),
                Pattern.compile("<artifactId>ccsid-bench</artifactId>\\s*<version>([^<$]+)</version>"));
        List<Path> files = new ArrayList<>(documents());
        files.add(Path.of("examples", "table-codec", "pom.xml"));
        try (Stream<Path> workflows = Files.list(Path.of(".github", "workflows"))) {
            workflows.sorted().forEach(files::add);
        }
        List<String> wrong = new ArrayList<>();
        int found = 0;
        for (Path f : files) {
            String text = Files.readString(f);
            for (Pattern p : named) {
                Matcher m = p.matcher(text);
                while (m.find()) {
                    found++;
                    if (!m.group(1).equals(release)) {
                        wrong.add(f + ": " + m.group(0));
                    }
                }
            }
        }
        assertTrue(found >= 4, "the docs and the example name the release: " + found);
        assertEquals(List.of(), wrong, "not the pom's release " + release);
    }

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path doc : documents()) {
            String text = withoutCode(Files.readString(doc));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto: are not ours to check offline
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? doc : doc.toAbsolutePath().getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(doc + ": " + target + " (no such file)");
                } else if (anchor != null && !anchors(resolved).contains(anchor)) {
                    broken.add(doc + ": " + target + " (no heading with that anchor in " + resolved.getFileName() + ")");
                }
            }
        }
        assertTrue(checked > 0, "no relative link found: the documents are not where this test looks");
        assertEquals(List.of(), broken, "broken links");
    }

    /**
     * docs/architecture.md's "Where it is decided" names methods that exist: every {@code package.Class.method} in its
     * table is a method declared by that class, so a reader's three hops end in code.
     */
    @Test
    void whereItIsDecidedNamesMethodsThatExist() throws Exception {
        String text = Files.readString(Path.of("docs", "architecture.md"));
        String section = text.substring(text.indexOf("## Where it is decided"));
        section = section.substring(0, section.indexOf("\n## ", 5));
        Matcher name = Pattern.compile("`([a-z0-9]+)\\.([A-Z][A-Za-z0-9]*)\\.([a-z][A-Za-z0-9]*)`").matcher(section);
        List<String> missing = new ArrayList<>();
        int checked = 0;
        while (name.find()) {
            Class<?> type = Class.forName("io.github.ccsidbench." + name.group(1) + "." + name.group(2));
            String method = name.group(3);
            checked++;
            if (java.util.Arrays.stream(type.getDeclaredMethods()).noneMatch(m -> m.getName().equals(method))) {
                missing.add(name.group());
            }
        }
        assertTrue(checked >= 10, "the section names " + checked + " methods: " + section);
        assertEquals(List.of(), missing, "docs/architecture.md names methods that are not there");
    }

    /**
     * docs/architecture.md names every class: each top-level type under src/main/java/io/github/ccsidbench/PACKAGE is
     * named in backticks in that package's row of "The packages and their classes", and no row names a class that is
     * not there.
     */
    @Test
    void theArchitectureNamesEveryClassInItsPackagesRow() throws IOException {
        String text = Files.readString(Path.of("docs", "architecture.md"));
        String table = text.substring(text.indexOf("## The packages and their classes"));
        table = table.substring(0, table.indexOf("\n## ", 5));
        Path root = Path.of("src", "main", "java", "io", "github", "ccsidbench");
        List<String> missing = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        try (Stream<Path> packages = Files.list(root)) {
            for (Path pkg : packages.filter(Files::isDirectory).sorted().toList()) {
                String name = pkg.getFileName().toString();
                Matcher row = Pattern.compile("(?m)^\\| `" + name + "` \\|(.*)$").matcher(table);
                assertTrue(row.find(), "docs/architecture.md has no row for package " + name);
                Set<String> named = new LinkedHashSet<>();
                Matcher code = INLINE.matcher(row.group(1));
                while (code.find()) {
                    named.add(code.group(1).replaceAll("[#(].*", ""));
                }
                Set<String> classes = new LinkedHashSet<>();
                try (Stream<Path> files = Files.list(pkg)) {
                    files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".java") && !f.equals("package-info.java"))
                            .sorted().forEach(f -> classes.add(f.substring(0, f.length() - 5)));
                }
                classes.stream().filter(c -> !named.contains(c)).forEach(c -> missing.add(name + "." + c));
                named.stream().filter(n -> n.matches("[A-Z][A-Za-z0-9]+") && !classes.contains(n)
                        && !n.equals(n.toUpperCase(Locale.ROOT)) && !library(n)).forEach(n -> stale.add(name + ": " + n));
            }
        }
        assertEquals(List.of(), missing, "classes docs/architecture.md does not name in their package's row");
        assertEquals(List.of(), stale, "names in docs/architecture.md's rows that are no class of that package");
    }

    /** A class of the JDK or JMH a row names beside the package's own ({@code ServiceLoader}, JMH's {@code RunResult}). */
    private static boolean library(String simpleName) {
        for (String pkg : List.of("java.lang.", "java.util.", "org.openjdk.jmh.results.", "org.openjdk.jmh.runner.")) {
            try {
                Class.forName(pkg + simpleName, false, DocumentationTest.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException e) {
                // not in this package: try the next
            }
        }
        return false;
    }

    @Test
    void everyCommandShownParsesWithTheCurrentCommandLine() throws IOException {
        List<String> failing = new ArrayList<>();
        int checked = 0;
        for (Path doc : documents()) {
            for (String command : commands(Files.readString(doc))) {
                checked++;
                String error = parseError(arguments(command));
                if (error != null) {
                    failing.add(doc + ": `" + command + "`: " + error);
                }
            }
        }
        assertTrue(checked >= 5, "found only " + checked + " commands: the documents are not where this test looks");
        assertEquals(List.of(), failing, "commands in the documentation that the command line refuses");
    }

    @Test
    void aCommandWithAnUnknownOptionOrValueIsCaught() {
        assertEquals(null, parseError(arguments(JAR + " run --preset quick --ccsid 37,1208 --dry-run")));
        assertEquals(null, parseError(arguments(JAR + " ConversionBenchmark.encode -p ccsid=37 -f 2 -rf json")));
        assertTrue(parseError(arguments(JAR + " run --time-limitless 3")) != null);
        assertTrue(parseError(arguments(JAR + " convert -f 37")) != null, "a required option missing");
        assertTrue(parseError(arguments(JAR + " fidelity --encoding 4711")) != null, "an unknown CCSID");
        assertTrue(parseError(arguments(JAR + " ConversionBenchmark.encode -f two")) != null, "JMH's own parser");
        assertEquals(List.of("run", "--preset", "quick", "--include", "encode|decode"),
                arguments(JAR + " run --preset quick --include 'encode|decode' > out.txt # a comment"));
        assertEquals(Set.of("the-answer", "a-b-c", "a-b-c-1"), anchors("# The answer\n## A, b: c\n### a b c\n"));
    }

    /** Why the command line refuses {@code args}, or null when it parses them. */
    static String parseError(List<String> args) {
        String[] a = args.toArray(String[]::new);
        try {
            if (a.length > 0 && !Main.OWN.contains(a[0])) {
                new org.openjdk.jmh.runner.options.CommandLineOptions(a);
                return null;
            }
            StringWriter sink = new StringWriter();
            Main.commandLine(new PrintWriter(sink), new PrintWriter(sink), CommandLine.defaultFactory()).parseArgs(a);
            return null;
        } catch (CommandLine.ParameterException | org.openjdk.jmh.runner.options.CommandLineOptionException e) {
            return e.getMessage().lines().findFirst().orElse(e.toString());
        }
    }

    /** Every {@code java -jar target/benchmarks.jar} command in code blocks and inline code, continuation lines joined. */
    static List<String> commands(String markdown) {
        List<String> out = new ArrayList<>();
        Matcher fence = FENCE.matcher(markdown);
        while (fence.find()) {
            String block = fence.group(1).replace("\\\n", " ");
            for (String line : block.split("\n")) {
                int at = line.indexOf(JAR);
                if (at >= 0) {
                    out.add(line.substring(at).trim());
                }
            }
        }
        Matcher inline = INLINE.matcher(FENCE.matcher(markdown).replaceAll(""));
        while (inline.find()) {
            if (inline.group(1).startsWith(JAR)) {
                out.add(inline.group(1).trim());
            }
        }
        return out;
    }

    /** The arguments after the jar, as a shell would split them, without comments, redirections and pipes. */
    static List<String> arguments(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if ((c == '#' && word == null) || c == '<' || c == '>' || c == '|' || c == ';' || c == '&') {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        int skip = JAR.split(" ").length;
        return words.size() <= skip ? List.of() : List.copyOf(words.subList(skip, words.size()));
    }

    /** The anchors GitHub gives the headings of a Markdown file. */
    static Set<String> anchors(Path markdown) {
        try {
            return anchors(Files.readString(markdown));
        } catch (IOException e) {
            return Set.of();
        }
    }

    /** The anchors GitHub gives the headings of {@code markdown}: lower case, punctuation dropped, spaces to hyphens. */
    static Set<String> anchors(String markdown) {
        Set<String> out = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = HEADING.matcher(withoutCode(markdown));
        while (m.find()) {
            String slug = m.group(1).replaceAll("`", "").toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum);
            out.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return out;
    }

    /** The text without fenced code blocks, whose lines are neither headings nor links. */
    private static String withoutCode(String markdown) {
        return FENCE.matcher(markdown).replaceAll("");
    }
}
