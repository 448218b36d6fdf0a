package io.github.ccsidbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * The commands that check the tool rather than a converter: two runs' agreement, a busy neighbour on demand. A user's first list shows what they measure; these sit one level down.
 */
@Command(name = "tools", mixinStandardHelpOptions = true,
        subcommands = {CalibrationCommand.class, DisturbCommand.class, CommandLine.HelpCommand.class},
        description = "Check the tool itself: calibration (two runs' agreement), disturb (a busy neighbour on demand). Its"
                + " figures against long plain JMH forks: mvn verify -Paccuracy (docs/how-sure.md).")
final class ToolsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Without a tool named: the list of them, and a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
