package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.Jacobi;
import picocli.CommandLine;

import java.io.PrintStream;
import java.util.Map;

/** {@code info}: version, Java, and every backend with its devices or the reason it is missing. */
@CommandLine.Command(name = "info", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        header = "toolbox version, Java version, backends and devices found",
        description = {"Prints the toolbox version, the Java runtime, and each backend: CPU threads;",
                "GPUs with name, memory, compute capability and driver; or why a backend is missing."})
final class InfoCommand implements Command {
    @CommandLine.Option(names = "--link", description = "also measure the host-device link of each GPU (GB/s: raw pinned"
            + " DMA, and from Java arrays as calls copy them)")
    boolean link;

    public int run(PrintStream out, PrintStream err) {
        out.println("gpujacobi " + Jacobi.version());
        out.println("java      " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor")
                + "), max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MB");
        for (BackendInfo b : Jacobi.backends()) {
            out.println("backend   " + b.name() + (b.available() ? ": " : ": unavailable: ") + b.summary());
            for (Map<String, String> d : b.devices()) {
                StringBuilder sb = new StringBuilder("          ");
                for (Map.Entry<String, String> e : d.entrySet()) sb.append(e.getKey()).append('=').append(e.getValue()).append("  ");
                out.println(sb.toString().replaceAll("\\s+$", ""));
            }
        }
        if (link) {
            java.util.List<String> lines = Jacobi.measureLinks();
            if (lines.isEmpty()) out.println("link      no GPU backend available: nothing to measure");
            for (String l : lines) out.println("link      " + l);
        }
        return OK;
    }
}
