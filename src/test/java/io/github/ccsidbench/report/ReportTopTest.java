package io.github.ccsidbench.report;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/report-top.png, the README's picture of the report, is current: the report's answer section, written by this
 * build's {@code report} from the committed run the picture was rendered from, has the digest kept beside the picture
 * (src/test/sh/report-top.sh writes both). Without Chromium: a change to what the top of the report says fails here
 * until the picture is rendered again.
 */
@Tag("slow")
class ReportTopTest {

    private static final Path RUN = Path.of("docs", "results", "intel-xeon-f6m207-jdk17", "results.json");

    @TempDir
    Path tmp;

    @Test
    void thePictureOfTheReportShowsWhatTheReportSays() throws IOException, NoSuchAlgorithmException {
        Report.write(Report.build(ReportInputs.read(List.of(RUN)), ZosEstimate.Costs.of(null, null)), tmp, false);
        List<String> section = new ArrayList<>();
        boolean on = false;
        for (String line : Files.readAllLines(tmp.resolve(Report.MARKDOWN), StandardCharsets.UTF_8)) {
            if (line.startsWith("## The answer")) {
                on = true;
            } else if (on && line.startsWith("## ")) {
                break;
            }
            if (on) {
                section.add(line);
            }
        }
        String text = String.join("\n", section) + "\n";
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(Files.readString(Path.of("docs", "report-top.sha256")).strip(), digest,
                "docs/report-top.png is stale: the report's answer section changed; render it again with src/test/sh/report-top.sh");
    }
}
