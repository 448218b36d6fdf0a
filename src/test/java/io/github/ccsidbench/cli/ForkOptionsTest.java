package io.github.ccsidbench.cli;

import io.github.ccsidbench.suite.SuiteRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Fork arguments come from the suite, then --jvm-arg, then what a Maven profile passed (-Dgate.jvm-args, -Dbench.jvm-args). */
class ForkOptionsTest {

    @AfterEach
    void clear() {
        System.clearProperty(ForkOptions.MAVEN_JVM_ARGS);
    }

    @Test
    void mavensSpaceSeparatedArgumentsFollowTheCommandLines() {
        ForkOptions o = new ForkOptions();
        o.jvmArgs.add("-Da=1");
        System.setProperty(ForkOptions.MAVEN_JVM_ARGS, "  -XX:UseAVX=2   -Dccsidbench.translator=scalar ");
        List<String> want = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        want.addAll(List.of("-Da=1", "-XX:UseAVX=2", "-Dccsidbench.translator=scalar"));
        assertEquals(want, o.args());
    }

    @Test
    void anEmptyPropertyAddsNothing() {
        System.setProperty(ForkOptions.MAVEN_JVM_ARGS, "");
        assertEquals(SuiteRunner.DEFAULT_JVM_ARGS, new ForkOptions().args());
    }
}
