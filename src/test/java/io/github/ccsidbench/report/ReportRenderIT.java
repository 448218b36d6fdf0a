package io.github.ccsidbench.report;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html renders its charts in headless Chromium: a screenshot of the page must show text
 * and the charts' colours. CI installs Chromium and sets CCSID_BENCH_REQUIRE_CHROMIUM=1, so there
 * a missing browser fails the test; elsewhere it is skipped.
 */
@Tag("slow")
class ReportRenderIT {

    @Test
    void reportHtmlRendersItsChartsInHeadlessChromium(@TempDir Path dir) throws Exception {
        String chromium = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome").stream()
                .filter(p -> new File(p).canExecute()).findFirst().orElse(null);
        if (System.getenv("CCSID_BENCH_REQUIRE_CHROMIUM") == null) {
            Assumptions.assumeTrue(chromium != null, "no Chromium on this machine");
        }
        assertTrue(chromium != null, "Chromium is required here (CCSID_BENCH_REQUIRE_CHROMIUM is set)");
        Report.write(Report.build(ReportInputs.read(List.of(ReportTest.sample())), ZosEstimate.Costs.of(null, null)), dir);
        Path html = dir.resolve(Report.HTML);
        Path shot = dir.resolve("screenshot.png");
        Process p = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--user-data-dir=" + dir.resolve("profile"), "--window-size=1280,2400",
                "--screenshot=" + shot, html.toUri().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "Chromium finished");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("chromium.log")));
        BufferedImage image = ImageIO.read(shot.toFile());
        assertEquals(1280, image.getWidth());
        long dark = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y);
                if ((rgb >> 16 & 0xFF) + (rgb >> 8 & 0xFF) + (rgb & 0xFF) < 200) {
                    dark++;
                }
            }
        }
        assertTrue(dark > 2000, "text was drawn: " + dark + " dark pixels");
        long coloured = ReportTest.colouredPixels(image);
        assertTrue(coloured > 5000, "the embedded charts were drawn: " + coloured + " coloured pixels");
    }
}
