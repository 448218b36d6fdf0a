package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The commits a bisection walks: the first-parent history from a good commit (excluded) to a bad one (included), oldest
 * first, each with its subject and whether it is a merge (docs/gate.md, "Which commit: `gate bisect`").
 */
final class FirstParentHistory {

    /**
     * One commit.
     *
     * @param id the full commit id
     * @param subject the first line of its message
     * @param parents its parents' full ids, the first parent first (none for a root commit)
     */
    record Commit(String id, String subject, List<String> parents) {
        Commit {
            parents = List.copyOf(parents);
        }

        /** The id as people read it. */
        String shortId() {
            return id.substring(0, Math.min(12, id.length()));
        }

        /** A merge: a pull request brought in whole, measured like any commit and descended into when it is the answer. */
        boolean merge() {
            return parents.size() > 1;
        }
    }

    private FirstParentHistory() {
    }

    /** The good commit itself, resolved: the first element of a bisection's list. */
    static Commit commit(Path top, String ref) {
        String id = Git.resolve(top, ref);
        Git.Result r = Git.run(top, "log", "-1", FORMAT, id);
        if (r.exit() != 0) {
            throw new CcsidBenchException("cannot read commit " + ref + ": " + Git.firstLine(r.err(), "git log failed"));
        }
        return parse(r.out().strip()).commit();
    }

    /** One line of {@link #FORMAT}: the commit, and its first parent ("" for a root commit). */
    private record Line(Commit commit, String firstParent) {
    }

    /** What git log prints per commit: id, parents, subject. */
    private static final String FORMAT = "--format=%H%x09%P%x09%s";

    private static Line parse(String line) {
        String[] f = line.split("\t", 3);
        String[] parents = f[1].trim().isEmpty() ? new String[0] : f[1].trim().split("\\s+");
        return new Line(new Commit(f[0], f.length > 2 ? f[2] : "", List.of(parents)), parents.length == 0 ? "" : parents[0]);
    }

    /** The commits after {@code goodId} up to {@code badId} on bad's first-parent history, oldest first; else one line. */
    static List<Commit> between(Path top, String goodId, String badId, String goodRef, String badRef) {
        Git.Result r = Git.run(top, "log", "--first-parent", "--reverse", FORMAT, goodId + ".." + badId);
        if (r.exit() != 0) {
            throw new CcsidBenchException("cannot list the commits " + goodRef + ".." + badRef + ": "
                    + Git.firstLine(r.err(), "git log failed"));
        }
        List<Commit> commits = new ArrayList<>();
        String firstParent = null;
        for (String text : r.out().lines().filter(l -> !l.isBlank()).toList()) {
            Line line = parse(text);
            if (commits.isEmpty()) {
                firstParent = line.firstParent();
            }
            commits.add(line.commit());
        }
        if (commits.isEmpty()) {
            throw new CcsidBenchException("--bad " + badRef + " has no commits after --good " + goodRef
                    + ": give the older, faster commit as --good and the newer, slower one as --bad");
        }
        if (!goodId.equals(firstParent)) {
            throw new CcsidBenchException("--good " + goodRef + " is not on the first-parent history of --bad " + badRef
                    + ": give a commit of that branch (e.g. git merge-base " + goodRef + " " + badRef + ")");
        }
        return commits;
    }

    /**
     * Where the branch merged as {@code tip} left {@code firstParent}'s history: its first first-parent commit that
     * {@code firstParent} contains; empty when the merge brought nothing new.
     */
    static Optional<String> forkPoint(Path top, String firstParent, String tip) {
        Git.Result r = Git.run(top, "rev-list", "--first-parent", "--reverse", tip, "--not", firstParent);
        if (r.exit() != 0) {
            throw new CcsidBenchException("cannot list the merged branch " + tip.substring(0, Math.min(12, tip.length())) + ": "
                    + Git.firstLine(r.err(), "git rev-list failed"));
        }
        Optional<String> oldest = r.out().lines().filter(l -> !l.isBlank()).findFirst();
        if (oldest.isEmpty()) {
            return Optional.empty();
        }
        Git.Result parent = Git.run(top, "rev-parse", "--verify", "--quiet", oldest.get().strip() + "^1");
        return parent.exit() == 0 && !parent.out().isBlank() ? Optional.of(parent.out().strip()) : Optional.empty();
    }
}
