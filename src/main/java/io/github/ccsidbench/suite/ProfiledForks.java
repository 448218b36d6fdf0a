package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.results.ProfileFile;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.steady.ProfileOutcome;
import io.github.ccsidbench.steady.ProfileRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code run --profile}: after the measured forks, one extra fork per profiled benchmark, sampled once steady, so that
 * the report can say where each figure's time goes; it feeds no figure, and where the profiler cannot run, one line
 * says so (docs/output.md, "What a sampled profile can and cannot show").
 */
public final class ProfiledForks {

    /**
     * What to profile.
     *
     * @param include a regular expression a benchmark's key must contain (find) to be profiled, or null: the answer's
     *                benchmarks ({@link #inTheAnswer})
     * @param events the events to try in order
     * @param seconds how long to sample each benchmark once steady
     */
    public record Settings(String include, List<String> events, double seconds) {
        public Settings {
            events = List.copyOf(events);
            if (include != null) {
                try {
                    Pattern.compile(include);
                } catch (PatternSyntaxException e) {
                    throw new CcsidBenchException("--profile-include is not a regular expression: " + e.getDescription());
                }
            }
            if (events.isEmpty() || events.stream().anyMatch(e -> !e.matches("[A-Za-z0-9_.:+-]+"))) {
                throw new CcsidBenchException("--profile-event needs events by name, e.g. cpu,ctimer,itimer");
            }
            if (!(seconds >= 0.1 && seconds <= 600)) {
                throw new CcsidBenchException("--profile-seconds must be from 0.1 to 600");
            }
        }

        /** The answer's benchmarks, cpu then ctimer then itimer, two seconds each. */
        public static Settings defaults() {
            return new Settings(null, ProfileRequest.DEFAULT_EVENTS, DEFAULT_SECONDS);
        }
    }

    /** Seconds sampled per benchmark by default (docs/output.md, "What a sampled profile can and cannot show"). */
    public static final double DEFAULT_SECONDS = 2.0;

    private ProfiledForks() {
    }

    /**
     * The benchmarks of {@code cases} to profile: those whose key {@code include} finds, or the answer's: encode and
     * decode of English text at the longest length measured, and the server's INSERT of the article's ASCII rows.
     */
    public static List<BenchmarkCase> chosen(List<BenchmarkCase> cases, Settings s) {
        if (s.include() != null) {
            Pattern p = Pattern.compile(s.include());
            return cases.stream().filter(c -> p.matcher(c.key()).find()).toList();
        }
        int length = cases.stream().filter(ProfiledForks::answerConversion)
                .mapToInt(c -> Integer.parseInt(c.params().get(BenchmarkMethod.Param.LENGTH))).max().orElse(-1);
        return cases.stream().filter(c -> inTheAnswer(c, length)).toList();
    }

    /** True for a benchmark of the answer: see {@link #chosen}. */
    static boolean inTheAnswer(BenchmarkCase c, int length) {
        if (answerConversion(c)) {
            return Integer.parseInt(c.params().get(BenchmarkMethod.Param.LENGTH)) == length;
        }
        return AnswerBenchmarks.articleInsert(c.shortName(), c.params(), AnswerBenchmarks.COLUMNS);
    }

    private static boolean answerConversion(BenchmarkCase c) {
        return AnswerBenchmarks.conversion(c.shortName(), c.params(), AnswerBenchmarks.RANKED);
    }

    /** The time {@code n} profiled forks take: each a fork until steady, then the sampled seconds. */
    public static Duration estimate(int n, Timing timing, Settings s) {
        return timing.typicalFork().plusMillis(Math.round(s.seconds() * 1000)).multipliedBy(n);
    }

    /** The file stem of a benchmark's profile: its key, safe as a file name ("ConversionBenchmark.encode-ccsid-37-..."). */
    static String stem(BenchmarkCase c) {
        return c.key().replace(' ', '-').replace('=', '-').replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * Profiles {@code chosen}, one fork each, with its files in {@code staging}; returns what profiles.json is to say,
     * its file names relative to the folder of results.json ({@link ProfileFile#DIR}).
     *
     * @param request the request a measured fork of a benchmark gets (the profile is added to it)
     * @param launch runs one fork and returns its outcome; a failure is a {@link ForkLauncher.ForkFailure}
     */
    static ProfileFile profile(List<BenchmarkCase> chosen, Settings s, long iterationMillis,
                               Function<BenchmarkCase, ForkRequest> request,
                               BiFunction<BenchmarkCase, ForkRequest, ForkOutcome> launch,
                               Path staging, Progress progress) {
        int iterations = (int) Math.max(1, Math.ceil(s.seconds() * 1000 / iterationMillis));
        List<String> events = new ArrayList<>(s.events());
        List<ProfileFile.Refusal> refused = new ArrayList<>();
        List<ProfileFile.Entry> entries = new ArrayList<>();
        try {
            Files.createDirectories(staging);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create " + staging + ": " + e.getMessage());
        }
        progress.message(String.format(Locale.ROOT, "ccsid-bench: profiling %d benchmark%s, one extra fork each, sampled for %s s"
                + " once steady (events tried in order: %s); these forks feed no figure", chosen.size(), chosen.size() == 1 ? "" : "s", fmt(s.seconds()),
                String.join(", ", events)));
        String unavailable = null;
        int n = 0;
        for (BenchmarkCase c : chosen) {
            n++;
            String stem = stem(c);
            ProfileRequest p = new ProfileRequest(events, ProfileRequest.DEFAULT_INTERVAL_NANOS, iterations, staging, stem);
            String jdk = null;
            ProfileOutcome o;
            try {
                ForkOutcome fork = launch.apply(c, request.apply(c).withProfile(p));
                jdk = fork.params() == null ? null : fork.params().getJdkVersion();
                o = ProfileOutcome.read(p.outcome());
                Files.delete(p.outcome()); // the host's to read, not the report's
            } catch (ForkLauncher.ForkFailure | IOException e) {
                o = new ProfileOutcome(null, List.of(), 0, 0, 0, "the profiled fork failed: " + e.getMessage(), false);
            }
            for (String r : o.refused()) {
                int colon = r.indexOf(": ");
                String event = colon < 0 ? r : r.substring(0, colon);
                if (refused.stream().noneMatch(x -> x.event().equals(event))) {
                    refused.add(new ProfileFile.Refusal(event, colon < 0 ? "" : r.substring(colon + 2)));
                }
                events.remove(event); // an event the machine refused is not tried again
            }
            boolean profiled = o.event() != null && o.failure() == null;
            entries.add(new ProfileFile.Entry(c.key(), jdk, o.event(),
                    profiled ? ProfileFile.DIR + "/" + p.collapsed().getFileName() : null,
                    profiled ? ProfileFile.DIR + "/" + p.flameGraph().getFileName() : null,
                    o.samples(), o.warmIterations(), o.sampledIterations(), o.failure()));
            progress.message(String.format(Locale.ROOT, "ccsid-bench: profiled %d of %d: %s: %s", n, chosen.size(), c.key(),
                    profiled ? o.samples() + " samples with event " + o.event() + " after " + o.warmIterations() + " iterations"
                            : "no profile (" + o.failure() + ")"));
            if (o.profilerUnavailable()) {
                unavailable = o.failure();
                progress.message("ccsid-bench: no profile: " + unavailable + "; the run completes without one");
                break;
            }
        }
        return new ProfileFile(s.events(), refused, ProfileRequest.DEFAULT_INTERVAL_NANOS, unavailable, entries);
    }

    private static String fmt(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }
}
