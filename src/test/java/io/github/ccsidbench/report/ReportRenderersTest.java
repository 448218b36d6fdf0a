package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTML report writes the Markdown marks the text uses as HTML, and leaves a figure's lone mark as it is. */
class ReportRenderersTest {

    private static String html(String paragraph) {
        return ReportRenderers.html(new ReportDocument("t", List.of(new ReportDocument.Section("s", "S",
                List.of(new ReportDocument.Paragraph(paragraph))))), false);
    }

    @Test
    void emphasisStrongAndCodeBecomeHtmlButANotDecisiveMarkStays() {
        String h = html("Words: *x copy*, a multiple; `*` after a figure, not *decisive*; **bold**; 265 * and 2.4x *");
        assertTrue(h.contains("Words: <em>x copy</em>, a multiple; <code>*</code> after a figure, not <em>decisive</em>;"
                + " <strong>bold</strong>; 265 * and 2.4x *"), h);
    }
}
