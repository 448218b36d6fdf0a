package io.github.ccsidbench.cli;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.suite.Selection;
import picocli.CommandLine.Option;

import java.util.List;

/** {@code --ccsid} and {@code --provider}, declared once for every command that measures or checks conversions. */
final class CcsidProviderOptions {

    @Option(names = "--ccsid", paramLabel = "LIST", split = ",",
            description = "only these CCSIDs, by number or name, e.g. 37,1208 (default: run, the preset's; gate and fidelity, 37,367,1208)")
    List<String> ccsids;

    @Option(names = "--provider", paramLabel = "LIST", split = ",", description = "only these providers, e.g. jdk,icu (default: every built-in one)")
    List<String> providers;

    /** The CCSIDs given, or {@code otherwise} when none were; an unknown one is a one-line error. */
    List<Ccsid> ccsids(List<Ccsid> otherwise) {
        return ccsids == null ? otherwise : OptionValues.each(ccsids, CcsidRegistry::lookup);
    }

    /** The providers given, or every built-in one; an unknown one is a one-line error. */
    List<ConverterProvider> providers() {
        return providers == null ? Providers.builtIn() : OptionValues.each(providers, Providers::byName);
    }

    /** Whether the user named the providers (then one that cannot convert a CCSID is an error, not a skipped row). */
    boolean providersGiven() {
        return providers != null;
    }

    /** {@code selection} narrowed to the CCSIDs and providers given (the preset's where none were). */
    Selection narrow(Selection selection) {
        return selection.withCcsids(ccsids(null)).withProviders(providers == null ? null : providers());
    }
}
