package io.github.ccsidbench.suite;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.steady.ForkOutcome;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The record of a run in progress, so that an interrupted run loses at most the fork it was measuring: a header, then
 * one line per finished fork, forced to disk before the next starts (docs/output.md, "Interrupted runs").
 */
final class Journal implements AutoCloseable {

    /** The journal's file name in the output directory. */
    static final String FILE = "journal.jsonl";

    /** The journal format's version: a journal of another version is not resumed. */
    static final int VERSION = 1;

    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    /**
     * What the run was.
     *
     * @param version the format's version
     * @param args the run command's arguments, as given
     * @param cases every benchmark the plan measures (keys), in plan order
     */
    record Header(int version, List<String> args, List<String> cases) {
    }

    /**
     * One finished fork.
     *
     * @param key the benchmark's key
     * @param round the fork's round (1 to the required forks, then the extra rounds)
     * @param millis its wall time
     * @param outcome the serialized {@link ForkOutcome}, base64
     */
    record Entry(String key, int round, long millis, String outcome) {

        ForkOutcome fork() {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(outcome)))) {
                return (ForkOutcome) in.readObject();
            } catch (IOException | ClassNotFoundException | IllegalArgumentException | ClassCastException e) {
                throw new CcsidBenchException("the journal's fork of " + key + " (round " + round + ") cannot be read: "
                        + CcsidBenchException.reason(e) + "; start the run again without --resume");
            }
        }

        static Entry of(String key, int round, long millis, ForkOutcome outcome) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(outcome);
            } catch (IOException e) {
                throw new IllegalStateException("a fork outcome did not serialize", e);
            }
            return new Entry(key, round, millis, Base64.getEncoder().encodeToString(bytes.toByteArray()));
        }
    }

    /** A journal read back: its header and the forks it holds, by benchmark and round. */
    record Read(Header header, Map<String, Map<Integer, Entry>> forks, long millis) {

        Optional<Entry> fork(String key, int round) {
            return Optional.ofNullable(forks.getOrDefault(key, Map.of()).get(round));
        }

        int size() {
            return forks.values().stream().mapToInt(Map::size).sum();
        }
    }

    private final Path file;
    private final FileChannel channel;

    private Journal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** A new journal in {@code dir} for {@code header}, replacing any there. */
    static Journal start(Path dir, Header header) {
        Path file = dir.resolve(FILE);
        try {
            Files.createDirectories(dir);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            Journal j = new Journal(file, channel);
            j.writeLine(GSON.toJson(header));
            return j;
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write the run's journal " + file + ": " + e.getMessage());
        }
    }

    /** The journal in {@code dir}, opened to append to after reading it. */
    static Journal resume(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            return new Journal(file, FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new CcsidBenchException("cannot append to the run's journal " + file + ": " + e.getMessage());
        }
    }

    /** Reads the journal in {@code dir} (missing or not this format: a one-line error); a last line cut short is ignored. */
    static Read read(Path dir) {
        Path file = dir.resolve(FILE);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw noJournal(dir);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read " + file + ": " + e.getMessage());
        }
        Header header = header(file, lines.isEmpty() ? null : lines.get(0));
        Map<String, Map<Integer, Entry>> forks = new HashMap<>();
        long millis = 0;
        for (int i = 1; i < lines.size(); i++) {
            Entry e;
            try {
                e = GSON.fromJson(lines.get(i), Entry.class);
            } catch (JsonParseException x) {
                e = null;
            }
            if (e == null || e.key() == null || e.outcome() == null) {
                if (i == lines.size() - 1) {
                    break; // cut short by the interruption
                }
                throw new CcsidBenchException(file + ", line " + (i + 1) + ": not a journal entry; start the run again");
            }
            forks.computeIfAbsent(e.key(), k -> new HashMap<>()).put(e.round(), e);
            millis += e.millis();
        }
        return new Read(header, forks, millis);
    }

    /** The header of the journal in {@code dir} alone (the interrupted run's command), without reading its forks. */
    static Header header(Path dir) {
        Path file = dir.resolve(FILE);
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return header(file, in.readLine());
        } catch (NoSuchFileException e) {
            throw noJournal(dir);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read " + file + ": " + e.getMessage());
        }
    }

    private static CcsidBenchException noJournal(Path dir) {
        return new CcsidBenchException("no interrupted run to resume in " + dir + " (it has no " + FILE + ")");
    }

    /** The header in the journal's first line; not this format (or no line at all) is a one-line error. */
    private static Header header(Path file, String firstLine) {
        Header header;
        try {
            header = firstLine == null ? null : GSON.fromJson(firstLine, Header.class);
        } catch (JsonParseException e) {
            header = null;
        }
        if (header == null || header.version() != VERSION || header.args() == null || header.cases() == null) {
            throw new CcsidBenchException(file + " is not a journal of this version of ccsid-bench: start the run again");
        }
        return header;
    }

    /** Appends a finished fork, forced to disk before this returns. */
    void append(Entry entry) {
        try {
            writeLine(GSON.toJson(entry));
        } catch (IOException e) {
            throw new CcsidBenchException("cannot append to the run's journal " + file + ": " + e.getMessage());
        }
    }

    private void writeLine(String json) throws IOException {
        ByteBuffer line = ByteBuffer.wrap((json + "\n").getBytes(StandardCharsets.UTF_8));
        while (line.hasRemaining()) {
            channel.write(line);
        }
        channel.force(false);
    }

    /** The run in {@code dir} completed: its files are written, its journal is not needed. */
    static void remove(Path dir) {
        try {
            Files.deleteIfExists(dir.resolve(FILE));
        } catch (IOException e) {
            // the results are written; a journal left behind would resume to the same results
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was lost: every entry was forced when written
        }
    }

    /** The first place where the journal's plan and this plan part, in words, so a refused resume says what changed. */
    static String firstDifference(List<String> journal, List<String> plan) {
        for (int i = 0; i < Math.min(journal.size(), plan.size()); i++) {
            if (!journal.get(i).equals(plan.get(i))) {
                return "benchmark " + (i + 1) + " was " + journal.get(i) + ", is " + plan.get(i);
            }
        }
        return journal.size() > plan.size() ? "the journal has " + journal.get(plan.size()) + " after the plan's last"
                : "the plan has " + plan.get(journal.size()) + " after the journal's last";
    }

    /** The keys of {@code cases}, for the header. */
    static List<String> keys(List<BenchmarkCase> cases) {
        return cases.stream().map(BenchmarkCase::key).toList();
    }
}
