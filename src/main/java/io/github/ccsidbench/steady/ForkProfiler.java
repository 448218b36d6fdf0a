package io.github.ccsidbench.steady;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * async-profiler inside a profiled fork, so that a steady series can be sampled: loaded before JMH starts, started by
 * the {@link IterationRecorder} once the series is steady, stopped after the request's iterations (docs/output.md, "What
 * a sampled profile can and cannot show"). Reached by reflection, since the fork side depends on the JDK and JMH only:
 * a jar without it profiles nothing and says so.
 */
final class ForkProfiler {

    /** The profiler's command interface: async-profiler's own, or a scripted one in tests. */
    interface Sampler {
        /** Runs one async-profiler command ("start,event=cpu,...", "stop", "collapsed,file=..."). */
        String execute(String command) throws Exception;

        /** Samples taken so far. */
        long samples();
    }

    private final ProfileRequest request;
    private final Sampler sampler;
    private final String unavailable;
    private final List<String> refused = new ArrayList<>();
    private String event;
    private boolean stopped;

    ForkProfiler(ProfileRequest request, Sampler sampler, String unavailable) {
        this.request = request;
        this.sampler = sampler;
        this.unavailable = unavailable;
    }

    /** The profiler for {@code request}, its library loaded now; when it cannot be loaded, one that says why. */
    static ForkProfiler load(ProfileRequest request) {
        try {
            return new ForkProfiler(request, asyncProfiler(), null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            Throwable cause = e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
            String platform = System.getProperty("os.name") + " " + System.getProperty("os.arch");
            String why = cause instanceof ClassNotFoundException ? "this benchmarks jar does not bundle async-profiler"
                    : "async-profiler cannot be loaded on " + platform + " (" + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage().lines().findFirst().orElse("")) + ")";
            return new ForkProfiler(request, null, why);
        }
    }

    /** async-profiler's Java API, which unpacks the library for this platform from the jar and loads it. */
    private static Sampler asyncProfiler() throws ReflectiveOperationException {
        Class<?> type = Class.forName("one.profiler.AsyncProfiler");
        Object profiler = type.getMethod("getInstance").invoke(null);
        var execute = type.getMethod("execute", String.class);
        var samples = type.getMethod("getSamples");
        return new Sampler() {
            @Override
            public String execute(String command) throws Exception {
                try {
                    return (String) execute.invoke(profiler, command);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }

            @Override
            public long samples() {
                try {
                    return (Long) samples.invoke(profiler);
                } catch (ReflectiveOperationException e) {
                    return -1;
                }
            }
        };
    }

    /** Whether sampling has started. */
    boolean started() {
        return event != null;
    }

    /** Iterations to sample once started. */
    int sampledIterations() {
        return request.sampledIterations();
    }

    /** Starts sampling with the first event that starts; false when none does, the reasons going into the outcome. */
    boolean start() {
        if (sampler == null) {
            return false;
        }
        for (String e : request.events()) {
            try {
                sampler.execute("start,event=" + e + ",interval=" + request.intervalNanos() + ",threads");
                event = e;
                System.out.println("# ccsid-bench: profiling with event " + e + (refused.isEmpty() ? "" : " (refused: " + refused + ")"));
                return true;
            } catch (Exception x) {
                refused.add(e + ": " + reason(x));
            }
        }
        return false;
    }

    /** Stops sampling, if it started. */
    void stop() {
        if (started() && !stopped) {
            stopped = true;
            try {
                sampler.execute("stop");
            } catch (Exception e) {
                System.out.println("# ccsid-bench: the profiler did not stop cleanly: " + reason(e));
            }
        }
    }

    /** Stops sampling, writes the collapsed stacks, flame graph and outcome; {@code failure}: the benchmark's own, or null. */
    ProfileOutcome finish(int warmIterations, int sampledIterations, String failure) throws IOException {
        stop();
        Files.createDirectories(request.dir());
        String why = failure;
        long samples = 0;
        if (why == null && unavailable != null) {
            why = unavailable;
        } else if (why == null && !started()) {
            why = refused.isEmpty() ? "the series never reached the point where sampling starts"
                    : "no event could start (" + String.join("; ", refused) + ")";
        }
        if (started()) {
            samples = sampler.samples();
            try {
                sampler.execute("collapsed,threads,ann,file=" + request.collapsed());
                sampler.execute("flamegraph,threads,ann,title=" + request.stem().replace(',', ' ') + ",file=" + request.flameGraph());
            } catch (Exception e) {
                why = why != null ? why : "the profiler could not write its output: " + reason(e);
            }
        }
        boolean profilerUnavailable = unavailable != null || !started() && !refused.isEmpty();
        ProfileOutcome outcome = new ProfileOutcome(event, refused, samples, warmIterations, sampledIterations, why,
                profilerUnavailable);
        outcome.write(request.outcome());
        return outcome;
    }

    private static String reason(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
