package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Device;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.mat.MatInput;
import io.github.gpujacobi.mat.ResultRecord;
import io.github.gpujacobi.mat.TempFiles;

import java.io.PrintStream;
import java.io.Serializable;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The batch converter one file at a time, for a driver that schedules the files itself (the Spark
 * job): the local command line as {@code batch} parses it, one local input file converted to one
 * local output path by {@link BatchFileJob}, the outcome as plain serialisable data, and the local
 * batch's summary table over such outcomes. Listing, resume and moving files are the driver's.
 */
public final class BatchFiles {
    private final List<String> args;
    private final BatchOptions opt;

    private BatchFiles(List<String> args, BatchOptions opt) {
        this.args = Collections.unmodifiableList(new ArrayList<String>(args));
        this.opt = opt;
    }

    /** The arguments of {@code gpujacobi batch}; a usage error is an IllegalArgumentException with the reason. */
    public static BatchFiles parse(List<String> args) {
        try {
            return new BatchFiles(args, BatchOptions.parse(args));
        } catch (UsageException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The CUDA backend's process-wide GPU choice, read once when the backend starts. */
    public static final String CUDA_DEVICE_PROPERTY = "gpujacobi.cuda.device";

    /**
     * Points the CUDA backend at GPU {@code index} (0, 1, ...; -1 leaves the default, GPU 0). The
     * backend opens one GPU per process, so the first choice before it starts wins; later ones are
     * ignored (a Spark executor with one GPU always makes the same choice).
     */
    public static synchronized void selectGpu(int index) {
        if (index >= 0 && System.getProperty(CUDA_DEVICE_PROPERTY) == null) {
            System.setProperty(CUDA_DEVICE_PROPERTY, Integer.toString(index));
        }
    }

    /** {@code gpujacobi batch --help}. */
    public static String help() { return Main.commandLine().getSubcommands().get("batch").getUsageMessage(); }

    /** The arguments as given: executors parse them again rather than receive the options object. */
    public List<String> arguments() { return args; }

    /** INPUT... as typed (paths or URIs). */
    public List<String> inputs() { return Collections.unmodifiableList(opt.inputArgs); }

    /** OUTPUT as typed. */
    public String output() { return opt.outputArg; }

    public boolean force() { return opt.force; }

    public boolean quiet() { return opt.quiet; }

    /** "eig", "svd", "inv" or "hsvd". */
    public String operation() { return opt.op.label(); }

    /** The solver options in words, for job descriptions. */
    public String describe() { return "batch --op " + opt.op.label() + " " + opt.solver; }

    /** The result's file name for an input file name, as the local batch names it: {@code <stem>_<op>.mat}. */
    public String resultName(String inputFileName) {
        return BatchCommand.stem(Paths.get(inputFileName)) + "_" + opt.op.label() + ".mat";
    }

    /** Whether OUTPUT names one .mat file rather than a folder (the local batch's rule). */
    public boolean outputIsFile(boolean existsAsFolder) {
        return opt.outputArg.toLowerCase(Locale.ROOT).endsWith(".mat") && !existsAsFolder;
    }

    /**
     * The scheduler's device: a GPU index, or -1 for a task without a GPU, which then runs on the CPU
     * unless {@code --device gpu} was asked for explicitly (that fails with the core's reason).
     */
    public BatchFiles onDevice(int gpuIndex) {
        BatchFiles b = new BatchFiles(args, BatchOptions.parse(args));
        if (gpuIndex >= 0) b.opt.solver = b.opt.solver.withDeviceIndex(gpuIndex);
        else if (b.opt.solver.device() == Device.AUTO) b.opt.solver = b.opt.solver.withDevice(Device.CPU);
        return b;
    }

    /** The device this converter computes on, e.g. "cpu" or "auto:1" (GPU 1 where the backend takes it). */
    public String device() {
        int i = opt.solver.deviceIndex();
        return opt.solver.device().name().toLowerCase(Locale.ROOT) + (i >= 0 ? ":" + i : "");
    }

    /**
     * Converts one local .mat file to one local result path (written atomically by the core); a bad
     * file or variable is reported in the outcome, never thrown.
     */
    public Outcome convert(Path input, Path output) {
        return convert(input, output, null);
    }

    /**
     * {@link #convert(Path, Path)} for an input known elsewhere as source ({@link ResultRecord#source(String, long, long)}:
     * a staged copy of a file on another file system; null: the local input itself). A file at output that is not a
     * gpujacobi result is never replaced, and a result of the same input and options is kept ({@link ResultReuse}).
     */
    public Outcome convert(Path input, Path output, Map<String, String> source) {
        BatchFileJob j = new BatchFileJob(input, output);
        j.source = new java.util.LinkedHashMap<String, String>(source != null ? source : ResultRecord.source(input));
        Path dir = output.toAbsolutePath().getParent();
        if (dir != null) TempFiles.removeStale(dir);
        try {
            MatInput in = ResultReuse.open(j, opt.resultOptions(), opt.force);
            if (j.fileError != null) return Outcome.fileFailed(input.toString(), output.toString(), j.fileError);
            if (j.upToDate) {
                Outcome o = Outcome.upToDate(input.toString(), output.toString());
                o.keptNotDone.putAll(j.keptNotDone);
                o.keptNotConverged = j.keptNotConverged;
                return o;
            }
            j.run(opt, in, new ProgressBar(System.err, false, 0));
        } catch (JacobiException e) {
            j.fileError = input + ": " + e.getMessage();
        }
        Outcome o = new Outcome(input.toString(), output.toString());
        o.fileError = j.fileError;
        o.converted = j.converted;
        o.notConverged = j.notConverged;
        o.backends.addAll(j.backends);
        for (BatchFileJob.VariableLine l : j.lines) o.lines.add(new String[]{l.name, l.status, l.detail});
        return o;
    }

    /**
     * The local batch's report over the outcomes; returns its exit status (0 all done, 1 something failed, 3 all
     * written but some not converged, kept results included).
     */
    public int summary(List<Outcome> outcomes, List<String> problems, double seconds, PrintStream out, PrintStream err) {
        List<BatchFileJob> jobs = new ArrayList<BatchFileJob>();
        for (Outcome o : outcomes) {
            BatchFileJob j = new BatchFileJob(Paths.get(o.input), Paths.get(o.output));
            j.upToDate = o.upToDate;
            j.keptNotDone = o.keptNotDone;
            j.keptNotConverged = o.keptNotConverged;
            j.fileError = o.fileError;
            j.converted = o.converted;
            j.notConverged = o.notConverged;
            j.backends.addAll(o.backends);
            for (String[] l : o.lines) j.lines.add(new BatchFileJob.VariableLine(l[0], l[1], l[2]));
            jobs.add(j);
        }
        return BatchSummary.print(jobs, problems, opt, seconds, out, err, false);
    }

    /** What happened to one file: up to date, failed as a whole, or one line per variable. */
    public static final class Outcome implements Serializable {
        private static final long serialVersionUID = 1L;
        private String input;
        private String output;
        private boolean upToDate;
        private String fileError;
        private int converted;
        /** Variables written that did not converge (the sweep limit came first). */
        private int notConverged;
        private final List<String> backends = new ArrayList<String>();
        /** Up to date: what the kept result did not do, by variable. */
        private final java.util.LinkedHashMap<String, String> keptNotDone = new java.util.LinkedHashMap<String, String>();
        /** Up to date: how many variables the kept result records as not converged. */
        private int keptNotConverged;
        /** name, status (done, skipped, failed), detail */
        private final List<String[]> lines = new ArrayList<String[]>();

        private Outcome(String input, String output) {
            this.input = input;
            this.output = output;
        }

        /** A result of the same input and options, left alone. */
        public static Outcome upToDate(String input, String output) {
            Outcome o = new Outcome(input, output);
            o.upToDate = true;
            return o;
        }

        /** A file that failed before or after conversion (listing, staging, upload) with the reason. */
        public static Outcome fileFailed(String input, String output, String reason) {
            Outcome o = new Outcome(input, output);
            o.fileError = reason;
            return o;
        }

        /** The same outcome under the names the user knows: a staged local copy's path becomes the input's URI. */
        public Outcome renamed(String input, String output) {
            Outcome o = new Outcome(input, output);
            o.upToDate = upToDate;
            o.keptNotDone.putAll(keptNotDone);
            o.keptNotConverged = keptNotConverged;
            o.fileError = fileError == null ? null : fileError.replace(this.input, input).replace(this.output, output);
            o.converted = converted;
            o.notConverged = notConverged;
            o.backends.addAll(backends);
            for (String[] l : lines) o.lines.add(new String[]{l[0], l[1], l[2].replace(this.input, input)});
            return o;
        }

        public String input() { return input; }

        public String output() { return output; }

        public boolean isUpToDate() { return upToDate; }

        /** The file failed as a whole (no result written). */
        public String fileError() { return fileError; }

        /** Variables with this status: done, skipped or failed. */
        public int count(String status) {
            int c = 0;
            for (String[] l : lines) if (l[1].equals(status)) c++;
            return c;
        }

        /** Whether a result file was written (it may still hold failed variables). */
        public boolean wroteResult() { return !upToDate && fileError == null; }

        @Override
        public String toString() {
            return input + (upToDate ? ": up to date" : fileError != null ? ": " + fileError
                    : ": " + count("done") + " done, " + count("skipped") + " skipped, " + count("failed") + " failed");
        }
    }
}
