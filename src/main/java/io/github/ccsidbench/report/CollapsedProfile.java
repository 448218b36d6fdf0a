package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One profiled fork's collapsed stacks, as async-profiler writes them with {@code threads,ann} ("thread;root;...;leaf
 * COUNT"), and the shares the report reads from them (docs/output.md, "What a sampled profile can and cannot show").
 *
 * @param stacks every stack of the file, in its order
 */
public record CollapsedProfile(List<Stack> stacks) {

    /** The part of a thread frame that names JMH's benchmark thread. */
    static final String WORKER = "-jmh-worker-";

    public CollapsedProfile {
        stacks = List.copyOf(stacks);
    }

    /**
     * One distinct stack.
     *
     * @param thread the thread frame without its brackets ("...ConversionBenchmark.encode-jmh-worker-1 tid=2692")
     * @param frames the frames root first, as written, annotations included ("sun/nio/cs/SingleByte$Encoder.encode_[i]")
     * @param samples how many samples had it
     */
    public record Stack(String thread, List<String> frames, long samples) {
        public Stack {
            frames = List.copyOf(frames);
        }

        /** True when the stack is JMH's benchmark thread's. */
        public boolean benchmark() {
            return thread.contains(WORKER);
        }

        /** The frame it was sampled in, as written, or "" for a stack of the thread frame alone. */
        public String leaf() {
            return frames.isEmpty() ? "" : frames.get(frames.size() - 1);
        }
    }

    /**
     * A frame and its samples.
     *
     * @param frame the frame's name ({@link #name}: "sun.nio.cs.SingleByte$Encoder.encode")
     * @param kernel whether it is a kernel frame
     * @param samples the benchmark thread's samples in it
     * @param share those samples over all the benchmark thread's samples, 0 to 1
     * @param caller for an unknown frame, the reader's name of its nearest known caller in most of its samples, or ""
     */
    public record Frame(String frame, boolean kernel, long samples, double share, String caller) {
        /** The reader's name of it; an unknown frame by what called it. */
        public KnownFrames.Known known() {
            KnownFrames.Known k = KnownFrames.of(frame, kernel);
            return k.component() == KnownFrames.Component.OTHER && !caller.isEmpty()
                    ? new KnownFrames.Known(k.reader() + ", called from " + caller, k.component()) : k;
        }
    }

    /** Parses a collapsed file's text; a line that is not "stack COUNT" is a one-line error naming it. */
    public static CollapsedProfile parse(String text) {
        List<Stack> stacks = new ArrayList<>();
        int number = 0;
        for (String line : text.split("\r?\n")) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            long count;
            try {
                count = space < 0 ? -1 : Long.parseLong(line.substring(space + 1).trim());
            } catch (NumberFormatException e) {
                count = -1;
            }
            if (count < 0) {
                throw new CcsidBenchException("line " + number + " of a collapsed profile is not \"frames COUNT\": "
                        + (line.length() > 80 ? line.substring(0, 80) + "..." : line));
            }
            List<String> frames = new ArrayList<>(List.of(line.substring(0, space).split(";")));
            String first = frames.get(0);
            String thread = "";
            if (first.startsWith("[") && first.endsWith("]")) {
                thread = first.substring(1, first.length() - 1);
                frames.remove(0);
            }
            stacks.add(new Stack(thread, frames, count));
        }
        return new CollapsedProfile(stacks);
    }

    /** Reads a collapsed file; an unreadable or malformed one is a one-line error naming it. */
    public static CollapsedProfile read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read the profile " + file + ": " + CcsidBenchException.reason(e));
        } catch (CcsidBenchException e) {
            throw new CcsidBenchException(file + ": " + e.getMessage());
        }
    }

    /** A frame as a reader looks it up: annotation stripped, slashes to dots ("sun.nio.cs.SingleByte$Encoder.encode"). */
    public static String name(String frame) {
        return strip(frame).replace('/', '.');
    }

    /** True for a kernel frame ({@code _[k]}). */
    public static boolean kernel(String frame) {
        return frame.endsWith("_[k]");
    }

    private static String strip(String frame) {
        return frame.matches(".*_\\[[a-z0-9]]$") ? frame.substring(0, frame.length() - 4) : frame;
    }

    /** All samples, in every thread. */
    public long total() {
        return stacks.stream().mapToLong(Stack::samples).sum();
    }

    /** The benchmark thread's samples. */
    public long benchmarkSamples() {
        return stacks.stream().filter(Stack::benchmark).mapToLong(Stack::samples).sum();
    }

    /** The share of all samples that were in other threads (the JIT's compiler threads, the collector's), 0 to 1. */
    public double otherThreadsShare() {
        long total = total();
        return total == 0 ? 0 : (double) (total - benchmarkSamples()) / total;
    }

    /** The benchmark thread's self frames (the leaf of each stack), most samples first. */
    public List<Frame> selfFrames() {
        Map<String, long[]> byFrame = new LinkedHashMap<>();
        Map<String, Boolean> kernel = new LinkedHashMap<>();
        Map<String, Map<String, Long>> callers = new LinkedHashMap<>();
        for (Stack s : stacks) {
            if (s.benchmark() && !s.frames().isEmpty()) {
                String name = name(s.leaf());
                byFrame.computeIfAbsent(name, k -> new long[1])[0] += s.samples();
                kernel.putIfAbsent(name, kernel(s.leaf()));
                callers.computeIfAbsent(name, k -> new LinkedHashMap<>()).merge(knownCaller(s), s.samples(), Long::sum);
            }
        }
        double all = benchmarkSamples();
        return byFrame.entrySet().stream().sorted(Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[0])
                        .thenComparing(Map.Entry::getKey))
                .map(e -> new Frame(e.getKey(), kernel.get(e.getKey()), e.getValue()[0], e.getValue()[0] / all,
                        callers.get(e.getKey()).entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("")))
                .toList();
    }

    /** The reader's name of the nearest caller of a stack's leaf that the reader knows, or "". */
    private static String knownCaller(Stack s) {
        for (int i = s.frames().size() - 2; i >= 0; i--) {
            String f = s.frames().get(i);
            KnownFrames.Known k = KnownFrames.of(name(f), kernel(f));
            if (k.component() != KnownFrames.Component.OTHER) {
                return k.reader();
            }
        }
        return "";
    }

    public List<Frame> topFrames(int n) {
        List<Frame> all = selfFrames();
        return all.subList(0, Math.min(n, all.size()));
    }

    /** The benchmark thread's samples by the component of their self frame, in {@link KnownFrames.Component} order, as shares. */
    public Map<KnownFrames.Component, Double> components() {
        Map<KnownFrames.Component, Double> out = new EnumMap<>(KnownFrames.Component.class);
        for (Frame f : selfFrames()) {
            out.merge(f.known().component(), f.share(), Double::sum);
        }
        return out;
    }

    /** The share of the benchmark thread's samples whose self frame the reader knows as {@code reader}. */
    public double selfShare(Predicate<KnownFrames.Known> reader) {
        return selfFrames().stream().filter(f -> reader.test(f.known())).mapToDouble(Frame::share).sum();
    }

    /** The share of the benchmark thread's samples with a frame {@code frame} matches anywhere in the stack. */
    public double inclusiveShare(Predicate<String> frame) {
        long all = benchmarkSamples();
        long in = stacks.stream().filter(s -> s.benchmark() && s.frames().stream().map(CollapsedProfile::name).anyMatch(frame))
                .mapToLong(Stack::samples).sum();
        return all == 0 ? 0 : (double) in / all;
    }

    /** The Db2 model's steps, in the order {@link #db2Steps()} lists them; the last is the rest of the row. */
    public static final List<String> STEPS = List.of("MinorConversion scan", "MinorConversion translate", "Utf8ToUtf16",
            "Utf16ToSingleByte", "Utf16ToMixed", "MajorConversion", "DirectTableConversion", "StoreAsSent", "row handling");

    /** The steps of the pivot through UTF-16 (a major conversion). */
    public static final List<String> PIVOT = List.of("Utf8ToUtf16", "Utf16ToSingleByte", "Utf16ToMixed", "MajorConversion");

    /** For a Db2 path, each step's share of the benchmark thread's samples, by the deepest step frame; they sum to 1. */
    public Map<String, Double> db2Steps() {
        Map<String, Double> out = new LinkedHashMap<>();
        STEPS.forEach(s -> out.put(s, 0.0));
        double all = benchmarkSamples();
        if (all == 0) {
            return out;
        }
        for (Stack s : stacks) {
            if (!s.benchmark()) {
                continue;
            }
            String step = "row handling";
            for (int i = s.frames().size() - 1; i >= 0; i--) {
                String found = step(name(s.frames().get(i)));
                if (found != null) {
                    step = found;
                    break;
                }
            }
            out.merge(step, s.samples() / all, Double::sum);
        }
        return out;
    }

    private static String step(String frame) {
        String db2 = "io.github.ccsidbench.db2.";
        if (!frame.startsWith(db2)) {
            return null;
        }
        String rest = frame.substring(db2.length());
        if (rest.startsWith("MinorConversion.")) {
            return rest.startsWith("MinorConversion.translate") ? "MinorConversion translate" : "MinorConversion scan";
        }
        String cls = rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
        return STEPS.contains(cls) ? cls : null;
    }

    /** The sum of {@link #db2Steps()} over the pivot's steps: what the UTF-16 pivot took of a major conversion's path. */
    public double pivotShare() {
        Map<String, Double> steps = db2Steps();
        return PIVOT.stream().mapToDouble(steps::get).sum();
    }
}
