package io.github.ccsidbench.report;

import java.util.List;
import java.util.function.IntPredicate;

/** Renders GitHub-flavoured Markdown tables; numbers right-aligned, text left-aligned. */
public final class MarkdownTable {

    private MarkdownTable() {
    }

    /** A table with a header row; a column is right-aligned when its cells are numbers. */
    public static String render(List<String> header, List<List<String>> rows) {
        return render(header, rows, c -> numeric(rows, c));
    }

    /** A table with a header row whose columns {@code rightAligned} says are right-aligned (figures with intervals). */
    public static String render(List<String> header, List<List<String>> rows, IntPredicate rightAligned) {
        StringBuilder sb = new StringBuilder();
        row(sb, header);
        sb.append('|');
        for (int c = 0; c < header.size(); c++) {
            sb.append(rightAligned.test(c) ? "---:|" : "---|");
        }
        sb.append('\n');
        rows.forEach(r -> row(sb, r));
        return sb.toString();
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append('|');
        cells.forEach(c -> sb.append(' ').append(escape(c)).append(" |"));
        sb.append('\n');
    }

    private static boolean numeric(List<List<String>> rows, int column) {
        return !rows.isEmpty() && rows.stream().allMatch(r -> column < r.size() && Numbers.isFigure(r.get(column)));
    }

    static String escape(String cell) {
        // A line break of any kind would end the row: CRLF, CR and LF each become one space.
        return cell.replace("|", "\\|").replaceAll("\r\n|[\r\n]", " ");
    }
}
