package io.github.ccsidbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The versions this build of ccsid-bench was made with (itself, JMH, ICU4J, JTOpen), recorded at
 * build time, so every result and report can say exactly which libraries it measured.
 */
public final class BuildInfo {

    private static final Properties PROPERTIES = load();

    private BuildInfo() {
    }

    public static String version() {
        return get("version");
    }

    public static String jmhVersion() {
        return get("jmh");
    }

    public static String icu4jVersion() {
        return get("icu4j");
    }

    public static String jt400Version() {
        return get("jt400");
    }

    private static String get(String key) {
        return PROPERTIES.getProperty(key, "unknown");
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
