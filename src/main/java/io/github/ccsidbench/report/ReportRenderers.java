package io.github.ccsidbench.report;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders a {@link ReportDocument}: Markdown, self-contained HTML (data: URIs, inline CSS, no scripts), RFC 4180 CSV. */
public final class ReportRenderers {

    /** Where chart and CSV files go, relative to the report. */
    public static final String CHARTS = "charts";
    public static final String CSV = "csv";

    private ReportRenderers() {
    }

    /** The report in Markdown, its charts linked as PNG and, with {@code svg}, as SVG too. */
    public static String markdown(ReportDocument doc, boolean svg) {
        StringBuilder md = new StringBuilder("# ").append(doc.title()).append("\n\n");
        for (ReportDocument.Section s : doc.sections()) {
            md.append(s.title().isEmpty() ? "" : "## " + s.title() + "\n\n").append(markdown(s.blocks(), svg));
        }
        return md.toString();
    }

    /** One section on its own, as a page that is a single section (gate.md, bisect.md) writes it. */
    public static String markdown(ReportDocument.Section s) {
        return "## " + s.title() + "\n\n" + markdown(s.blocks(), false);
    }

    /** Blocks in Markdown without the blank line after the last: a page's part between its markers, or a command's output. */
    public static String markdown(List<ReportDocument.Block> blocks) {
        return markdown(blocks, false).stripTrailing() + "\n";
    }

    /**
     * Text wrapped at 120 characters, a bullet's continuation lines indented by two, no line break after the last: the
     * Markdown a reader edits beside (the README, the runs page) stays readable as source.
     */
    static String wrap(String text) {
        StringBuilder out = new StringBuilder();
        for (String para : text.split("\n")) {
            String indent = para.startsWith("- ") ? "  " : "";
            StringBuilder line = new StringBuilder();
            boolean fresh = true;
            for (String word : para.split(" ")) {
                if (!fresh && line.length() + 1 + word.length() > 120) {
                    out.append(line).append('\n');
                    line = new StringBuilder(indent);
                    fresh = true;
                }
                line.append(fresh ? "" : " ").append(word);
                fresh = false;
            }
            out.append(line).append('\n');
        }
        return out.toString().stripTrailing();
    }

    /** Blocks in Markdown, as the report writes them and {@code plan} prints them. */
    static String markdown(List<ReportDocument.Block> blocks, boolean svg) {
        StringBuilder md = new StringBuilder();
        for (ReportDocument.Block b : blocks) {
            if (b instanceof ReportDocument.Paragraph p) {
                md.append(p.text()).append("\n\n");
            } else if (b instanceof ReportDocument.Table t) {
                md.append(t.figuresFrom() == ReportDocument.Table.FIGURES_FOUND ? MarkdownTable.render(t.header(), t.rows())
                        : MarkdownTable.render(t.header(), t.rows(), c -> c >= t.figuresFrom())).append('\n');
            } else if (b instanceof ReportDocument.Chart c) {
                md.append("![").append(c.title()).append("](").append(CHARTS).append('/').append(c.id()).append(".png)");
                if (svg) {
                    md.append(" ([SVG](").append(CHARTS).append('/').append(c.id()).append(".svg))");
                }
                md.append("\n\n");
            } else if (b instanceof ReportDocument.Heading h) {
                md.append("### ").append(h.text()).append("\n\n");
            } else if (b instanceof ReportDocument.Details d) {
                md.append("<details><summary>").append(d.summary()).append("</summary>\n\n").append(markdown(d.blocks(), svg))
                        .append("</details>\n\n");
            } else if (b instanceof ReportDocument.Code c) {
                md.append("```sh\n").append(c.text()).append("\n```\n\n");
            }
        }
        return md.toString();
    }

    /** The report as one self-contained HTML page (charts embedded as PNG), linking each chart's SVG with {@code svg}. */
    public static String html(ReportDocument doc, boolean svg) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(doc.title())).append("</title>\n<style>\n")
                .append("body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222}\n")
                .append("table{border-collapse:collapse;margin:1em 0;font-size:13px}th,td{border:1px solid #ccc;padding:3px 7px}")
                .append("th{background:#f0f3f7;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\n")
                .append("img{max-width:100%;border:1px solid #ddd;margin:.5em 0}nav a{margin-right:1em}code{background:#f4f4f4}\n")
                .append("</style>\n</head>\n<body>\n<h1>").append(escape(doc.title())).append("</h1>\n<nav>");
        doc.sections().stream().filter(s -> !s.title().isEmpty()).forEach(s ->
                h.append("<a href=\"#").append(s.id()).append("\">").append(escape(s.title())).append("</a>"));
        h.append("</nav>\n");
        for (ReportDocument.Section s : doc.sections()) {
            if (!s.title().isEmpty()) {
                h.append("<h2 id=\"").append(s.id()).append("\">").append(escape(s.title())).append("</h2>\n");
            }
            html(h, s.blocks(), svg);
        }
        return h.append("</body>\n</html>\n").toString();
    }

    private static void html(StringBuilder h, List<ReportDocument.Block> blocks, boolean svg) {
        for (ReportDocument.Block b : blocks) {
            if (b instanceof ReportDocument.Paragraph p) {
                h.append("<p>").append(inline(p.text())).append("</p>\n");
            } else if (b instanceof ReportDocument.Table t) {
                table(h, t);
            } else if (b instanceof ReportDocument.Chart c) {
                h.append("<figure><img alt=\"").append(escape(c.title())).append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(c.png())).append("\"><figcaption>")
                        .append(escape(c.title()));
                if (svg) {
                    h.append(" (<a href=\"").append(CHARTS).append('/').append(c.id()).append(".svg\">SVG</a>)");
                }
                h.append("</figcaption></figure>\n");
            } else if (b instanceof ReportDocument.Heading x) {
                h.append("<h3>").append(inline(x.text())).append("</h3>\n");
            } else if (b instanceof ReportDocument.Details d) {
                h.append("<details><summary>").append(inline(d.summary())).append("</summary>\n");
                html(h, d.blocks(), svg);
                h.append("</details>\n");
            } else if (b instanceof ReportDocument.Code c) {
                h.append("<pre><code>").append(escape(c.text())).append("</code></pre>\n");
            }
        }
    }

    private static void table(StringBuilder h, ReportDocument.Table t) {
        h.append("<table>\n<tr>");
        t.header().forEach(c -> h.append("<th>").append(escape(c)).append("</th>"));
        h.append("</tr>\n");
        for (List<String> row : t.rows()) {
            h.append("<tr>");
            for (String cell : row) {
                h.append(Numbers.isFigure(cell) ? "<td class=\"n\">" : "<td>").append(inline(cell)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    /** Every table as CSV, keyed by its file name. */
    public static Map<String, byte[]> csv(ReportDocument doc) {
        return doc.tables().stream().collect(Collectors.toMap(t -> t.id() + ".csv",
                t -> csv(t).getBytes(StandardCharsets.UTF_8), (a, b) -> a, LinkedHashMap::new));
    }

    /** A table as RFC 4180 CSV (commons-csv), its cells without Markdown's emphasis marks. */
    static String csv(ReportDocument.Table t) {
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(sb, CSVFormat.RFC4180)) {
            out.printRecord(t.header().stream().map(ReportRenderers::plain).toList());
            for (List<String> row : t.rows()) {
                out.printRecord(row.stream().map(ReportRenderers::plain).toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return sb.toString();
    }

    /** A Markdown link, "[text](relative/path)": the only kind the report writes (a profile's flame graph). */
    private static final String LINK = "\\[([^\\]\\[]+)]\\(([^)\\s]+)\\)";

    private static String plain(String cell) {
        return cell.replace("**", "").replace("`", "").replaceAll(LINK, "$2");
    }

    private static String inline(String text) {
        // Emphasis after code, so that a `*` in code is never read as one; a lone * after a figure (not decisive) is not.
        return escape(text).replaceAll("\\*\\*(.+?)\\*\\*", "<strong>$1</strong>").replaceAll("`(.+?)`", "<code>$1</code>")
                .replaceAll("(?<![\\w*>])\\*([^*\\s<>][^*<>]*?)\\*(?![\\w*])", "<em>$1</em>")
                .replaceAll(LINK, "<a href=\"$2\">$1</a>");
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
