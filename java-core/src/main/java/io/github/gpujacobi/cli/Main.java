package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.JacobiException;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** {@code java -jar gpujacobi.jar <command> [options]}. Errors and usage go to stderr. */
public final class Main {
    private Main() {}

    /** The commands, in the order {@code --help} lists them. */
    static List<Command> commands() {
        return new ArrayList<Command>(Arrays.<Command>asList(
                new BatchCommand(),
                new BenchCommand(),
                new InfoCommand(),
                new VerifyCommand(),
                new DemoCommand()));
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<Command> cmds = commands();
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            PrintStream to = args.length == 0 ? err : out;
            to.println("usage: gpujacobi <command> [options]   (gpujacobi <command> --help for details)");
            to.println("commands:");
            for (Command c : cmds) to.printf("  %-8s %s%n", c.name(), c.summary());
            return args.length == 0 ? Command.USAGE : Command.OK;
        }
        for (Command c : cmds) {
            if (c.name().equals(args[0])) {
                List<String> rest = new ArrayList<String>(Arrays.asList(args).subList(1, args.length));
                if (rest.contains("--help") || rest.contains("-h")) {
                    out.println(c.help());
                    return Command.OK;
                }
                try {
                    return c.run(rest, out, err);
                } catch (UsageException e) {
                    err.println("gpujacobi " + c.name() + ": " + e.getMessage());
                    err.println("try: gpujacobi " + c.name() + " --help");
                    return Command.USAGE;
                } catch (JacobiException e) {
                    err.println("gpujacobi " + c.name() + ": " + e.getMessage());
                    return Command.PARTIAL;
                } catch (OutOfMemoryError e) {
                    err.println("gpujacobi " + c.name() + ": out of Java heap; "
                            + io.github.gpujacobi.api.HeapAdvice.TEXT);
                    return Command.PARTIAL;
                }
            }
        }
        err.println("gpujacobi: unknown command '" + args[0] + "'; run gpujacobi --help");
        return Command.USAGE;
    }
}
