package io.github.ccsidbench.convert;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import io.github.ccsidbench.CcsidBenchException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Finds converter providers by name: the library ones, the project's own, then any found through {@link ServiceLoader}
 * (test providers and users' plug-ins; docs/plugins.md).
 */
public final class Providers {

    private static final List<ConverterProvider> BUILT_IN = List.of(
            new JdkProvider(JdkProvider.Style.STRING),
            new JdkProvider(JdkProvider.Style.CODER),
            new JdkProvider(JdkProvider.Style.STREAM),
            new IcuProvider(),
            new Jt400Provider());

    /** Providers of this project's own: measured when asked for (the reference preset, --provider). */
    private static final List<ConverterProvider> OWN = List.of(
            new ReferenceProvider(ReferenceProvider.Variant.BEST),
            new ReferenceProvider(ReferenceProvider.Variant.SCALAR),
            new ReferenceProvider(ReferenceProvider.Variant.CDRA));

    private static volatile Map<String, ConverterProvider> byName;
    /** Where plug-ins are looked for: the context class loader, or the one {@link #usePlugins} made. */
    private static volatile ClassLoader plugins;

    private Providers() {
    }

    /** Looks for plug-in providers in these jars or folders too ({@code --plugin}); a path adding none is a one-line error. */
    public static synchronized void usePlugins(List<Path> paths) {
        if (paths.isEmpty()) {
            if (plugins != null) { // back to the class path's own providers
                plugins = null;
                byName = null;
            }
            return;
        }
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            Path p = paths.get(i);
            if (!Files.exists(p)) {
                throw new CcsidBenchException("--plugin " + p + ": no such file or folder");
            }
            try {
                urls[i] = p.toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new CcsidBenchException("--plugin " + p + ": " + e.getMessage());
            }
        }
        int before = index().size();
        plugins = new URLClassLoader(urls, Providers.class.getClassLoader());
        byName = null;
        if (index().size() == before) {
            throw new CcsidBenchException("--plugin " + paths + ": no ConverterProvider found (a jar names its providers in"
                    + " META-INF/services/" + ConverterProvider.class.getName() + ")");
        }
    }

    /** The library providers most presets measure, in table order. */
    public static List<ConverterProvider> builtIn() {
        return BUILT_IN;
    }

    /** Every provider: the library ones, the project's own, then plug-ins found on the class path. */
    public static List<ConverterProvider> all() {
        return List.copyOf(index().values());
    }

    /** The provider with this name, or a {@link CcsidBenchException} listing the known names. */
    public static ConverterProvider byName(String name) {
        ConverterProvider provider = index().get(name);
        if (provider == null) {
            throw new CcsidBenchException("unknown provider '" + name + "'; known: " + String.join(", ", index().keySet()));
        }
        return provider;
    }

    private static Map<String, ConverterProvider> index() {
        Map<String, ConverterProvider> map = byName;
        if (map == null) {
            Map<String, ConverterProvider> built = new LinkedHashMap<>();
            List<ConverterProvider> candidates = new ArrayList<>(BUILT_IN);
            candidates.addAll(OWN);
            ClassLoader loader = plugins != null ? plugins : Thread.currentThread().getContextClassLoader();
            ServiceLoader.load(ConverterProvider.class, loader).forEach(candidates::add);
            for (ConverterProvider p : candidates) {
                ConverterProvider previous = built.putIfAbsent(p.name(), p);
                if (previous != null && previous.getClass() != p.getClass()) {
                    throw new IllegalStateException("two providers are named " + p.name() + ": "
                            + previous.getClass().getName() + " and " + p.getClass().getName());
                }
            }
            map = Collections.unmodifiableMap(built);
            byName = map;
        }
        return map;
    }
}
