package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.Jacobi;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** {@code info}: version, Java, and every backend with its devices or the reason it is missing. */
final class InfoCommand implements Command {
    public String name() { return "info"; }

    public String summary() { return "toolbox version, Java version, backends and devices found"; }

    public String help() {
        return "usage: gpujacobi info\n\nPrints the toolbox version, the Java runtime, and each backend: CPU threads;\n"
                + "GPUs with name, memory, compute capability and driver; or why a backend is missing.";
    }

    public int run(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty()) throw new UsageException("info takes no arguments, got " + args);
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
        return OK;
    }
}
