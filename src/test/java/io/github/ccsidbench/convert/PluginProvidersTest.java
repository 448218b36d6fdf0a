package io.github.ccsidbench.convert;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --plugin}: a folder or jar naming a provider in META-INF/services joins the providers by name. */
class PluginProvidersTest {

    /** A provider that only a plug-in folder registers (the test class path's services file does not name it). */
    public static final class PluginOnlyProvider implements ConverterProvider {
        private final ConverterProvider jdk = new JdkProvider(JdkProvider.Style.STRING);

        @Override
        public String name() {
            return "plugin-only";
        }

        @Override
        public String description() {
            return "TEST ONLY: the JDK, registered by a plug-in folder";
        }

        @Override
        public Converter open(Ccsid ccsid) {
            return jdk.open(ccsid);
        }

        @Override
        public ConverterBehaviour behaviour(Ccsid ccsid) {
            return jdk.behaviour(ccsid);
        }
    }

    @AfterEach
    void backToTheClassPath() {
        Providers.usePlugins(List.of());
    }

    @Test
    void aPluginFolderAddsItsProviderByName(@TempDir Path dir) throws IOException {
        assertThrows(CcsidBenchException.class, () -> Providers.byName("plugin-only"));
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve(ConverterProvider.class.getName()), PluginOnlyProvider.class.getName() + "\n");
        Providers.usePlugins(List.of(dir));
        assertEquals("plugin-only", Providers.byName("plugin-only").name());
        Providers.usePlugins(List.of());
        assertThrows(CcsidBenchException.class, () -> Providers.byName("plugin-only"), "no plug-ins: the class path's only");
    }

    @Test
    void aMissingPathOrOneWithoutProvidersIsAOneLineError(@TempDir Path dir) {
        CcsidBenchException missing = assertThrows(CcsidBenchException.class, () -> Providers.usePlugins(List.of(dir.resolve("no.jar"))));
        assertTrue(missing.getMessage().startsWith("--plugin ") && missing.getMessage().endsWith("no such file or folder"),
                missing.getMessage());
        CcsidBenchException empty = assertThrows(CcsidBenchException.class, () -> Providers.usePlugins(List.of(dir)));
        assertTrue(empty.getMessage().contains("no ConverterProvider found"), empty.getMessage());
    }

    @Test
    void aSideWithPluginsHasThemOnItsClassPath(@TempDir Path dir) {
        io.github.ccsidbench.suite.ForkLauncher.Side side = new io.github.ccsidbench.suite.ForkLauncher.Side("base", "java", List.of(),
                "tool.jar").withPlugins(List.of(dir.resolve("codec.jar")));
        String abs = dir.resolve("codec.jar").toAbsolutePath().toString();
        assertEquals("tool.jar" + java.io.File.pathSeparator + abs, side.classpath());
        assertEquals(List.of(abs), side.plugins());
        assertEquals(List.of(abs), side.withJvmArgs(List.of("-Xmx1g")).plugins(), "kept when the options change");
    }
}
