package io.github.ccsidbench.reference;

import io.github.ccsidbench.machine.CpuClass;
import io.github.ccsidbench.CcsidBenchException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Picks the translator once per JVM by its CPU class ({@link CpuClass}), or by the system property {@value #PROPERTY}
 * (docs/reference-codec.md, "Which translator runs"). The vector class is loaded by name, and only where the JVM
 * resolves {@code jdk.incubator.vector}, so no other JVM links against it.
 */
public final class Translators {

    /** The system property that sets the translator instead of measuring: scalar, vector-256, vector-512. */
    public static final String PROPERTY = "ccsidbench.translator";

    private static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final String VECTOR_CLASS = "io.github.ccsidbench.reference.VectorTranslator";
    private static final boolean VECTOR = ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent() && vectorLoads();

    private Translators() {
    }

    /** True when the vector translators can run in this JVM. */
    public static boolean vectorAvailable() {
        return VECTOR;
    }

    /** The JVM option that makes the vector translators available. */
    public static String vectorOption() {
        return "--add-modules=" + VECTOR_MODULE;
    }

    /**
     * A new translator of the kind {@link #choice()} gives in this JVM (instances keep per-thread caches).
     *
     * @throws CcsidBenchException when {@value #PROPERTY} names a translator this JVM cannot run or none at all
     */
    public static ByteTranslator best() {
        return create(Chosen.get().bits);
    }

    /** What {@link #best()} gives and why: "vector 512-bit (64 x 8-bit lanes, 7-bit half), for AVX-512 VBMI". */
    public static String choice() {
        return Chosen.get().describe();
    }

    /** A new scalar translator. */
    public static ByteTranslator scalar() {
        return new ScalarTranslator();
    }

    /** A new translator of each kind this JVM can run: the scalar one, then the vector shapes, narrowest first. */
    public static List<ByteTranslator> all() {
        List<ByteTranslator> all = new ArrayList<>();
        for (int bits : kinds()) {
            all.add(create(bits));
        }
        return all;
    }

    /** The kinds this JVM can run, by vector bits (0: scalar), narrowest first. */
    static List<Integer> kinds() {
        List<Integer> kinds = new ArrayList<>(List.of(0));
        if (VECTOR) {
            for (int bits : new int[] {256, 512}) {
                if ((boolean) vectorCall("supported", bits)) {
                    kinds.add(bits);
                }
            }
        }
        return kinds;
    }

    private static ByteTranslator create(int bits) {
        return bits == 0 ? new ScalarTranslator() : (ByteTranslator) vectorCall("of", bits);
    }

    private static Object vectorCall(String method, int bits) {
        try {
            return Class.forName(VECTOR_CLASS).getDeclaredMethod(method, int.class).invoke(null, bits);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot use the vector translator", e);
        }
    }

    private static boolean vectorLoads() {
        try {
            Class.forName(VECTOR_CLASS).getDeclaredMethod("supported", int.class).invoke(null, 256); // links the Vector API
            return true;
        } catch (ReflectiveOperationException | LinkageError e) {
            return false;
        }
    }

    /** The choice, made once per JVM at first use; a bad {@value #PROPERTY} is kept as its one-line message. */
    private static final class Chosen {
        static final Choice CHOICE;
        static final String ERROR;

        static {
            Choice c = null;
            String error = null;
            try {
                c = Choice.make(System.getProperty(PROPERTY, ""), CpuClass.here());
            } catch (IllegalArgumentException e) {
                error = e.getMessage();
            }
            CHOICE = c;
            ERROR = error;
        }

        static Choice get() {
            if (ERROR != null) {
                throw new CcsidBenchException(ERROR);
            }
            return CHOICE;
        }
    }

    /**
     * Which kind runs ({@code bits}, 0 for scalar) and why: by the CPU class, as measured (docs/reference-codec.md,
     * "Which translator runs"; a choice timed at start-up was dropped, docs/decisions.md).
     */
    record Choice(int bits, String why) {

        static Choice make(String property, CpuClass cpu) {
            switch (property.trim().toLowerCase(Locale.ROOT)) {
                case "":
                case "auto":
                    break;
                case "scalar":
                    return new Choice(0, "set by -D" + PROPERTY);
                case "vector-256":
                case "vector-512":
                    int bits = Integer.parseInt(property.trim().substring("vector-".length()));
                    if (!kinds().contains(bits)) {
                        throw new IllegalArgumentException("-D" + PROPERTY + "=" + property + ": this JVM cannot run it ("
                                + (VECTOR ? "its widest vector shape is narrower" : "start it with " + vectorOption()) + ")");
                    }
                    return new Choice(bits, "set by -D" + PROPERTY);
                default:
                    throw new IllegalArgumentException("-D" + PROPERTY + "=" + property
                            + ": unknown translator (scalar, vector-256, vector-512, auto)");
            }
            if (!VECTOR) {
                return new Choice(0, "without the Vector API (" + vectorOption() + ")");
            }
            List<Integer> kinds = kinds();
            int bits = cpu == CpuClass.AVX512_VBMI && kinds.contains(512) ? 512
                    : (cpu == CpuClass.AVX512_VBMI || cpu == CpuClass.AVX512BW || cpu == CpuClass.AVX512F || cpu == CpuClass.AVX2)
                    && kinds.contains(256) ? 256 : 0;
            return new Choice(bits, "for " + cpu.label());
        }

        String describe() {
            return create(bits).describe() + ", " + why;
        }
    }

    /**
     * Prints one line for the run's environment: the JVM's {@code -XX:UseAVX} (x86 HotSpot; "n/a" elsewhere) and the
     * translator {@link #best()} gives in this JVM, e.g. "UseAVX=3; reference translator: vector 512-bit (64 x 8-bit
     * lanes), for AVX-512 VBMI".
     */
    public static void main(String[] args) {
        int avx = CpuClass.useAvx();
        String translator;
        try {
            translator = choice();
        } catch (CcsidBenchException e) {
            translator = "none (" + e.getMessage() + ")";
        }
        System.out.println("UseAVX=" + (avx < 0 ? "n/a" : Integer.toString(avx)) + "; reference translator: " + translator);
    }
}
