package io.github.gpujacobi.cli;

import java.io.PrintStream;
import java.util.List;

/** One sub-command of {@code java -jar gpujacobi.jar <command>}. */
public interface Command {
    /** Exit status: everything succeeded. */
    int OK = 0;
    /** Exit status: some items failed. */
    int PARTIAL = 1;
    /** Exit status: usage error. */
    int USAGE = 2;

    String name();

    /** One line for the command list. */
    String summary();

    /** Full help text for {@code <command> --help}. */
    String help();

    int run(List<String> args, PrintStream out, PrintStream err);
}
