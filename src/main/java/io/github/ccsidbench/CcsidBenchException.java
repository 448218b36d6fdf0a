package io.github.ccsidbench;

/** An error the user can act on, complete on one line: the command line prints it and exits with {@link #exitCode()}. */
public class CcsidBenchException extends RuntimeException {

    /** Exit status for bad input or usage: unknown names, malformed files. */
    public static final int BAD_INPUT = 2;
    /** Exit status for an operation that ran and failed: a benchmark, a conversion. */
    public static final int FAILED = 1;

    private final int exitCode;

    public CcsidBenchException(String message) {
        this(message, BAD_INPUT, null);
    }

    public CcsidBenchException(String message, int exitCode) {
        this(message, exitCode, null);
    }

    public CcsidBenchException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The first line of the innermost cause's own words (or its type when it has none), for a one-line message. */
    public static String reason(Throwable cause) {
        Throwable t = cause;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        return m.lines().findFirst().orElse(m);
    }

    /** The process exit status the command line uses for this error. */
    public int exitCode() {
        return exitCode;
    }
}
