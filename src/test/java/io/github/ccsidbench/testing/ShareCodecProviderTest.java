package io.github.ccsidbench.testing;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.UnsupportedConversionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The gate's known-slowdown codec converts as the JDK does, on seeded text of every char (surrogate pairs, unpaired
 * surrogates and unmappable characters among them), in the build the tests see (no share resource: it never converts
 * twice). How often its slowed jar converts twice is its jar's constant, judged by the gates of share-codec.sh.
 */
class ShareCodecProviderTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void itsBytesAreTheJdks(long seed) {
        Converter c = new ShareCodecProvider().open(CcsidRegistry.byNumber(37));
        Charset jdk = Charset.forName("IBM037");
        SplittableRandom r = new SplittableRandom(seed);
        for (int round = 0; round < 50; round++) {
            StringBuilder sb = new StringBuilder();
            for (int i = r.nextInt(200); i > 0; i--) {
                sb.append(r.nextInt(4) == 0 ? (char) r.nextInt(0x10000) : (char) (0x20 + r.nextInt(0x5f)));
            }
            String text = sb.toString();
            byte[] bytes = c.encode(text);
            assertArrayEquals(text.getBytes(jdk), bytes, text);
            assertEquals(new String(bytes, jdk), c.decode(bytes, 0, bytes.length));
        }
        assertEquals(0, ShareCodecProvider.EVERY, "the tests' build carries no share: it never converts twice");
    }

    @Test
    void itRefusesWhatItCannotConvert() {
        assertThrows(UnsupportedConversionException.class, () -> new ShareCodecProvider().open(CcsidRegistry.byNumber(1208)));
    }
}
