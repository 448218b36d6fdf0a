package io.github.ccsidbench.testing;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.AbstractConverter;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.JdkProvider;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A provider that exists only in the tests, to prove the gate catches a real slowdown: the JDK's
 * String API plus {@code ccsidbench.test.slowdown - 1} extra passes of work proportional to the input's
 * length (a system property of the benchmark fork, or a resource of a jar in front of the classpath; 1 by default: no
 * extra work), which cost time but allocate nothing, so the gate must catch it on time alone. Found through ServiceLoader as "slowed-jdk".
 */
public final class SlowedProvider implements ConverterProvider {

    private final ConverterProvider jdk = new JdkProvider(JdkProvider.Style.STRING);

    @Override
    public String name() {
        return "slowed-jdk";
    }

    @Override
    public String description() {
        return "TEST ONLY: the JDK plus N-1 extra passes over every input (-Dccsidbench.test.slowdown=N)";
    }

    @Override
    public Converter open(Ccsid ccsid) {
        Converter real = jdk.open(ccsid);
        int times = Math.max(1, slowdown());
        return new AbstractConverter(name(), ccsid) {
            @Override
            public byte[] encode(String text) {
                for (int i = 1; i < times; i++) {
                    spin(text);
                }
                return real.encode(text);
            }

            @Override
            public String decode(byte[] bytes, int offset, int length) {
                for (int i = 1; i < times; i++) {
                    spin(bytes, offset, length);
                }
                return real.decode(bytes, offset, length);
            }
        };
    }

    /**
     * The slowdown: what the classpath resource {@value #SLOWDOWN_RESOURCE} says, when a jar in front of the classpath
     * has it (a bisection test's fake builds: each commit's jar is its own slowdown), else the system property.
     */
    static int slowdown() {
        try (java.io.InputStream in = SlowedProvider.class.getResourceAsStream("/" + SLOWDOWN_RESOURCE)) {
            if (in != null) {
                return Integer.parseInt(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip());
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return Integer.getInteger("ccsidbench.test.slowdown", 1);
    }

    /** The resource that sets the slowdown, in a jar put in front of the classpath. */
    public static final String SLOWDOWN_RESOURCE = "ccsidbench-test-slowdown";

    /**
     * One extra pass: JMH's {@link Blackhole#consumeCPU}, a dependent multiply-add chain whose cost per token does not
     * depend on the JIT's mood, for half a token per input unit. (A hand-written hash loop over the input was compiled
     * to slower code after warm-up on a newer C2, so the slowed forks settled late or not at all.)
     */
    private static void spin(String text) {
        Blackhole.consumeCPU(text.length() / 2);
    }

    private static void spin(byte[] bytes, int offset, int length) {
        Blackhole.consumeCPU(length / 2);
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        return jdk.behaviour(ccsid);
    }
}
