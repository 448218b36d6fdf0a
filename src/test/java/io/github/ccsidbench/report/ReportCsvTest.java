package io.github.ccsidbench.report;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's CSV files are RFC 4180: any cell, a CRLF, a quote or a pipe in it, reads back as it was. */
class ReportCsvTest {

    @Test
    void aCellWithACrlfAQuoteAndAPipeReadsBackIntact() throws IOException {
        List<String> odd = List.of("line one\r\nline two", "say \"hi\"", "a | b", "**bold** `code`", " padded ", "12%");
        ReportDocument.Table table = new ReportDocument.Table("odd", List.of("h1", "h2", "h3", "h4", "h5", "h6"), List.of(odd));
        String csv = ReportRenderers.csv(table);
        assertTrue(csv.endsWith("\r\n"), "RFC 4180 records end in CRLF");
        List<CSVRecord> records;
        try (CSVParser parser = CSVParser.parse(new StringReader(csv), CSVFormat.RFC4180)) {
            records = parser.getRecords();
        }
        assertEquals(2, records.size(), csv);
        assertEquals(List.of("line one\r\nline two", "say \"hi\"", "a | b", "bold code", " padded ", "12%"), records.get(1).toList());
    }

    @Test
    void markdownAndHtmlRightAlignTheSameCells() {
        for (String figure : List.of("12%", "+19% [+17%, +21%]", "266", "1,234.5 *", "13.4x [13.2x, 13.9x]", "–", "n/a", "3.2 ± 0.1")) {
            assertTrue(Numbers.isFigure(figure), figure);
            assertEquals("|---:|", MarkdownTable.render(List.of("h"), List.of(List.of(figure))).lines().skip(1).findFirst().orElseThrow());
        }
        assertEquals("|---|", MarkdownTable.render(List.of("h"), List.of(List.of("jdk"))).lines().skip(1).findFirst().orElseThrow());
    }
}
