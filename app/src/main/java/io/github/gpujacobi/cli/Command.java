package io.github.gpujacobi.cli;

import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintStream;

/**
 * One sub-command of {@code java -jar gpujacobi.jar <command>}: a picocli {@code @Command} whose
 * options picocli sets (typed, with generated help) before {@link #run} is called.
 */
public interface Command {
    /** Exit status: everything succeeded. */
    int OK = 0;
    /** Exit status: some items failed. */
    int PARTIAL = 1;
    /** Exit status: usage error. */
    int USAGE = 2;
    /** Exit status: every result was written, but some did not converge (converged = false in their record). */
    int NOT_CONVERGED = 3;

    /** Runs with the parsed options. */
    int run(PrintStream out, PrintStream err);

    /** Adds help text known only at run time (e.g. the method names of {@code api.Methods}). */
    default void describe(CommandSpec spec) {}
}
