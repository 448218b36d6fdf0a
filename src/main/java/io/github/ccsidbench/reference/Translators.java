package io.github.ccsidbench.reference;

/**
 * Picks the translator at run time: the Vector API one when the JVM resolved
 * {@code jdk.incubator.vector} (start it with {@code --add-modules jdk.incubator.vector}) and its
 * preferred vector shape suits a 256-entry table, the scalar one otherwise. The vector class is
 * loaded by name only in the first case, so no JVM without the module ever links against it.
 */
public final class Translators {

    private static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final boolean VECTOR = ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent() && vectorUsable();

    private Translators() {
    }

    /** True when {@link #best()} gives the SIMD translator. */
    public static boolean vectorAvailable() {
        return VECTOR;
    }

    /** The JVM option that makes the SIMD translator available. */
    public static String vectorOption() {
        return "--add-modules=" + VECTOR_MODULE;
    }

    /** A new translator of the fastest kind this JVM can run (instances keep per-thread caches). */
    public static ByteTranslator best() {
        return VECTOR ? newVector() : scalar();
    }

    /** A new scalar translator. */
    public static ByteTranslator scalar() {
        return new ScalarTranslator();
    }

    /** A new SIMD translator; only when {@link #vectorAvailable()}. */
    public static ByteTranslator vector() {
        if (!VECTOR) {
            throw new IllegalStateException("the Vector API is not available: start the JVM with " + vectorOption());
        }
        return newVector();
    }

    private static ByteTranslator newVector() {
        try {
            return (ByteTranslator) Class.forName("io.github.ccsidbench.reference.VectorTranslator")
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the vector translator", e);
        }
    }

    private static boolean vectorUsable() {
        try {
            return (boolean) Class.forName("io.github.ccsidbench.reference.VectorTranslator")
                    .getDeclaredMethod("usable").invoke(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            return false;
        }
    }

    /**
     * Prints one line for the run's environment: the JVM's {@code -XX:UseAVX} (x86 HotSpot; "n/a" elsewhere) and the
     * translator {@link #best()} gives in this JVM, e.g. "UseAVX=3; reference translator: vector (64 x 8-bit lanes)".
     */
    public static void main(String[] args) {
        String avx;
        try {
            avx = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("UseAVX").getValue();
        } catch (RuntimeException e) {
            avx = "n/a";
        }
        System.out.println("UseAVX=" + avx + "; reference translator: " + best().describe());
    }
}
