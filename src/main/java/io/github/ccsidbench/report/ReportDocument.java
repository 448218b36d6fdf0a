package io.github.ccsidbench.report;

import java.util.List;

/**
 * The report as data, built once and rendered to Markdown, HTML, CSV and chart files, so the outputs never disagree.
 *
 * @param title the report's title
 * @param sections the sections, in order
 */
public record ReportDocument(String title, List<Section> sections) {

    public ReportDocument {
        sections = List.copyOf(sections);
    }

    /** A part of the report under one heading (none when the title is empty: the opening before the first). */
    public record Section(String id, String title, List<Block> blocks) {
        public Section {
            blocks = List.copyOf(blocks);
        }
    }

    /** A paragraph, a table, a chart, a sub-heading, a folded part or a command. */
    public sealed interface Block permits Paragraph, Table, Chart, Heading, Details, Code {
    }

    /** A heading one level below its section's. */
    public record Heading(String text) implements Block {
    }

    /** Blocks folded under a one-line summary ({@code <details>}), open on a click. */
    public record Details(String summary, List<Block> blocks) implements Block {
        public Details {
            blocks = List.copyOf(blocks);
        }
    }

    /** A shell command to copy, as it is. */
    public record Code(String text) implements Block {
    }

    /** Text; {@code **bold**}, {@code `code`} and links to a relative path ({@code [text](path)}) are the only mark-up. */
    public record Paragraph(String text) implements Block {
    }

    /**
     * A table; {@code id} names its CSV file.
     *
     * @param id file-name-safe identifier
     * @param header column titles
     * @param rows cells, row by row
     * @param figuresFrom the first column of figures, right-aligned in Markdown with those after it ({@link #FIGURES_FOUND}:
     *                    each column whose cells are all figures; {@code header.size()}: none)
     */
    public record Table(String id, List<String> header, List<List<String>> rows, int figuresFrom) implements Block {
        /** Right-aligns each column whose cells are all figures. */
        public static final int FIGURES_FOUND = -1;

        public Table {
            header = List.copyOf(header);
            rows = rows.stream().map(List::copyOf).toList();
        }

        /** A table whose columns of figures are found by their cells. */
        public Table(String id, List<String> header, List<List<String>> rows) {
            this(id, header, rows, FIGURES_FOUND);
        }

        /** A two-column table of names and values, its header empty. */
        public static Table keyValue(String id, List<String[]> pairs) {
            return new Table(id, List.of("", ""), pairs.stream().map(List::of).toList());
        }
    }

    /**
     * A chart, rendered twice.
     *
     * @param id file-name-safe identifier
     * @param title what it shows (its caption)
     * @param png the PNG image
     * @param svg the SVG image
     * @param series what was drawn, series by series, so the figures a picture shows can be checked
     * @param yMin the lowest value of its y axis, shared with its set (NaN: XChart's own choice)
     * @param yMax the highest
     */
    public record Chart(String id, String title, byte[] png, byte[] svg, List<ChartSeries> series, double yMin,
                        double yMax) implements Block {
        public Chart {
            series = List.copyOf(series);
        }
    }

    /**
     * One series of a chart as drawn.
     *
     * @param name its legend entry
     * @param values the levels, point by point (NaN where not measured)
     * @param errorBars each point's error bar (the larger side of its 95% interval; 0 where unknown), or empty
     */
    public record ChartSeries(String name, double[] values, double[] errorBars) {
    }

    /** Every table of the report, in order. */
    public List<Table> tables() {
        return sections.stream().flatMap(s -> s.blocks().stream()).filter(Table.class::isInstance).map(Table.class::cast).toList();
    }

    /** Every chart of the report, in order. */
    public List<Chart> charts() {
        return sections.stream().flatMap(s -> s.blocks().stream()).filter(Chart.class::isInstance).map(Chart.class::cast).toList();
    }
}
