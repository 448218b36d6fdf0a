package io.github.ccsidbench.fidelity;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a long read says: how far, how fast, and what is left at that pace; nothing in its first ten seconds. */
class ReadProgressTest {

    @Test
    void aLineSaysHowFarHowFastAndWhatIsLeft() {
        ReadProgress p = new ReadProgress("words.txt", 5L << 30, line -> { });
        assertEquals("ccsid-bench: reading words.txt: 1.0 GB of 5.0 GB (20%) in 16 s, 64 MB/s, about 1m04s left",
                p.line(1L << 30, 16));
        ReadProgress stdin = new ReadProgress("stdin", -1, line -> { });
        assertEquals("ccsid-bench: reading stdin: 512 MB in 8 s, 64 MB/s", stdin.line(512L << 20, 8));
    }

    @Test
    void nothingIsSaidBeforeTenSeconds() {
        List<String> said = new ArrayList<>();
        ReadProgress p = new ReadProgress("x", 100, said::add);
        p.tick(50);
        assertTrue(said.isEmpty());
    }
}
