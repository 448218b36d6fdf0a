package io.github.ccsidbench.machine;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CPUs named as readers know them ("Zen 4 (Genoa)" rather than "AMD EPYC" with {@link CpuInfo#model()}'s numbers), from
 * the vendors' published family and model numbers (for Intel, the Linux kernel's asm/intel-family.h); a CPU not in the
 * table keeps its /proc/cpuinfo name.
 */
public final class CpuNames {

    /** "AMD EPYC (family 25, model 17, stepping 1)": what {@link CpuInfo#model()} writes. */
    private static final Pattern NAME = Pattern.compile("^(.*?) \\(family (\\d+), model (\\d+), stepping (\\d+)\\)$");

    /** AMD: family, then model ranges (first, last) to names; Intel: family 6 models. */
    private static final Map<Integer, String[][]> AMD = Map.of(
            23, new String[][]{{"1", "1", "Zen (Naples)"}, {"49", "49", "Zen 2 (Rome)"}},
            25, new String[][]{{"0", "15", "Zen 3 (Milan)"}, {"16", "31", "Zen 4 (Genoa)"}, {"160", "175", "Zen 4c (Bergamo)"}},
            26, new String[][]{{"0", "15", "Zen 5 (Turin)"}, {"16", "31", "Zen 5c (Turin dense)"}});
    private static final Map<Integer, String> INTEL = Map.ofEntries(
            Map.entry(63, "Haswell"), Map.entry(79, "Broadwell"), Map.entry(85, "Skylake or Cascade Lake"),
            Map.entry(106, "Ice Lake"), Map.entry(108, "Ice Lake-D"), Map.entry(167, "Rocket Lake"),
            Map.entry(143, "Sapphire Rapids"), Map.entry(207, "Emerald Rapids"), Map.entry(173, "Granite Rapids"),
            Map.entry(174, "Granite Rapids-D"), Map.entry(175, "Sierra Forest"));

    private CpuNames() {
    }

    /** "AMD EPYC Zen 4 (Genoa), AVX-512 VBMI" for "AMD EPYC (family 25, model 17, ...)" and its class, else as given. */
    public static String readable(String cpu, String vectorClass) {
        if (cpu == null || cpu.isBlank()) {
            return "";
        }
        String suffix = vectorClass == null || vectorClass.isBlank() ? "" : ", " + vectorClass;
        Matcher m = NAME.matcher(cpu.strip());
        if (!m.matches()) {
            return cpu + suffix;
        }
        String vendor = m.group(1).replace("(R)", "").replace("(TM)", "").replaceAll("\\s+Processor$", "").replaceAll("\\s+", " ").strip();
        int family = Integer.parseInt(m.group(2));
        int model = Integer.parseInt(m.group(3));
        String arch = null;
        if (vendor.startsWith("AMD") && AMD.containsKey(family)) {
            for (String[] range : AMD.get(family)) {
                if (model >= Integer.parseInt(range[0]) && model <= Integer.parseInt(range[1])) {
                    arch = range[2];
                }
            }
        } else if (vendor.startsWith("Intel") && family == 6) {
            arch = INTEL.get(model);
        }
        return arch == null ? cpu + suffix : vendor + " " + arch + suffix;
    }
}
