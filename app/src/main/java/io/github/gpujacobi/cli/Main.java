package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * {@code java -jar gpujacobi.jar <command> [options]}, parsed by picocli: {@code --op=eig} and
 * {@code --op eig}, typed values, {@code --} ends the options, {@code --version}, generated help.
 * Errors and usage go to stderr; exit status 0 ok, 1 some items failed, 2 usage error.
 */
public final class Main {
    private Main() {}

    @CommandLine.Command(name = "gpujacobi", mixinStandardHelpOptions = true, versionProvider = Version.class,
            synopsisSubcommandLabel = "<command>",
            description = "Jacobi eigen/singular value decompositions and inverses on the GPU and CPU; "
                    + "run gpujacobi <command> --help for a command's options.",
            footer = "%nexit status: 0 all done, 1 some variables or files failed, 2 usage error, "
                    + "3 (batch) all written but some results did not converge")
    static final class Top {}

    /** --version: the toolbox version from the build. */
    static final class Version implements IVersionProvider {
        public String[] getVersion() { return new String[]{"gpujacobi " + Jacobi.version()}; }
    }

    /** The command line with every command, in the order help lists them. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Top());
        for (Command c : new Command[]{new BatchCommand(), new BenchCommand(), new InfoCommand(), new VerifyCommand(),
                new DemoCommand()}) {
            CommandLine sub = new CommandLine(c);
            c.describe(sub.getCommandSpec());
            cl.addSubcommand(sub);
        }
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setUsageHelpWidth(100);
        return cl;
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine();
        cl.setOut(new PrintWriter(new java.io.OutputStreamWriter(out, Charset.defaultCharset()), true));
        cl.setErr(new PrintWriter(new java.io.OutputStreamWriter(err, Charset.defaultCharset()), true));
        ParseResult parsed;
        try {
            parsed = cl.parseArgs(args);
        } catch (ParameterException e) {
            CommandLine where = e.getCommandLine();
            String name = where == cl ? "gpujacobi" : "gpujacobi " + where.getCommandName();
            if (where == cl && args.length > 0 && !args[0].startsWith("-")) {
                err.println("gpujacobi: unknown command '" + args[0] + "'; run gpujacobi --help");
            } else {
                err.println(name + ": " + e.getMessage());
                err.println("try: " + name + " --help");
            }
            return Command.USAGE;
        }
        if (CommandLine.printHelpIfRequested(parsed)) {
            cl.getOut().flush();
            return Command.OK;
        }
        if (!parsed.hasSubcommand()) {
            cl.usage(err);
            return Command.USAGE;
        }
        CommandLine sub = parsed.subcommand().commandSpec().commandLine();
        Command c = (Command) sub.getCommand();
        String name = sub.getCommandName();
        try {
            return c.run(out, err);
        } catch (UsageException e) {
            err.println("gpujacobi " + name + ": " + e.getMessage());
            err.println("try: gpujacobi " + name + " --help");
            return Command.USAGE;
        } catch (JacobiException e) {
            err.println("gpujacobi " + name + ": " + HeapHint.forCommandLine(e.getMessage()));
            return Command.PARTIAL;
        } catch (OutOfMemoryError e) {
            err.println("gpujacobi " + name + ": out of Java heap; " + HeapHint.TEXT);
            return Command.PARTIAL;
        }
    }
}
