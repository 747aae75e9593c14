package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code spark-submit --class io.github.gpujacobi.spark.SparkBatch gpujacobi-spark.jar batch ...} or
 * {@code ./gpujacobi-spark [--master URL] batch ...}: the local batch converter's arguments and
 * report, with one Spark task per file. Exit status as the local batch: 0 all done, 1 something
 * failed, 2 usage error, 3 all written but some results did not converge.
 */
public final class SparkBatch {
    static final String USAGE = "usage: gpujacobi-spark [--master URL] batch --op eig|svd|inv|hsvd [options] INPUT... -o OUTPUT";

    private SparkBatch() {}

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    static int run(String[] argv, PrintStream out, PrintStream err) {
        List<String> args = new ArrayList<>(Arrays.asList(argv));
        String master = null;
        if (args.size() >= 2 && args.get(0).equals("--master")) {
            master = args.get(1);
            args = args.subList(2, args.size());
        }
        if (!args.isEmpty() && (args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help"))) {
            out.println(USAGE + "\n\nThe batch converter as a Spark job, one task per file (default --master local[2]);\n"
                    + "gpujacobi-spark batch --help lists the batch options.");
            return 0;
        }
        if (args.isEmpty() || !args.get(0).equals("batch")) {
            err.println(USAGE);
            err.println("try: gpujacobi-spark --help");
            return 2;
        }
        args = new ArrayList<>(args.subList(1, args.size()));
        if (args.contains("--help") || args.contains("-h")) {
            out.println(USAGE + "\n\nINPUT and OUTPUT may be paths or URIs of any Hadoop file system (file:, hdfs:, s3a:).\n"
                    + "One Spark task per file; a task given a GPU (spark.task.resource.gpu.amount) computes on it,\n"
                    + "one without computes on the CPU. --jobs is ignored: Spark's cores set the parallelism.\n"
                    + "The options are those of gpujacobi batch:\n\n" + BatchFiles.help());
            return 0;
        }
        BatchFiles batch;
        try {
            batch = BatchFiles.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("gpujacobi-spark batch: " + e.getMessage());
            err.println("try: gpujacobi-spark batch --help");
            return 2;
        }
        SparkConf conf = new SparkConf().setAppName("gpujacobi " + batch.describe());
        if (master != null) conf.setMaster(master);
        else if (!conf.contains("spark.master")) conf.setMaster("local[2]");
        // in local mode the tasks run here: --device gpu without a GPU is a usage error before any work, as in the
        // local batch (each variable failed, and empty results were written); a cluster's executors may have GPUs
        if (conf.get("spark.master").startsWith("local") && batch.device().startsWith("gpu")
                && io.github.gpujacobi.api.Backends.get().gpu() == null) {
            err.println("gpujacobi-spark batch: --device gpu, but no usable GPU in this local Spark: "
                    + io.github.gpujacobi.api.Backends.get().whyNoGpu() + "; use --device auto or cpu");
            return 2;
        }
        long t0 = System.nanoTime();
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            if (!batch.quiet()) {
                err.printf(Locale.ROOT, "gpujacobi-spark: Spark %s started in %.1f s (master %s, application %s)%n",
                        sc.version(), (System.nanoTime() - t0) * 1e-9, sc.master(), sc.sc().applicationId());
            }
            String gpuWarning = TaskGpu.settingsWarning(sc.getConf());
            if (gpuWarning != null) err.println("gpujacobi-spark: warning: " + gpuWarning);
            // like the local batch, the reported time is the conversion's, not the start-up's
            t0 = System.nanoTime();
            SparkBatchJob job = new SparkBatchJob(sc, batch);
            SparkBatchJob.Result r = job.convert();
            return job.report(r, (System.nanoTime() - t0) * 1e-9, out, err);
        } catch (IllegalArgumentException e) {
            err.println("gpujacobi-spark batch: " + e.getMessage());
            return 2;
        } catch (Exception e) {
            // words, not a class name (a Hadoop or Spark exception's message names the path and the reason)
            err.println("gpujacobi-spark batch: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
            return 1;
        }
    }
}
