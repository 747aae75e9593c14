package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import io.github.gpujacobi.cli.Main;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * bench-spark.sh's warm rounds: in one JVM, the local batch (--jobs 2) and the Spark job (local[2])
 * alternately with --force on the same files, so start-up and JIT warm-up are out of the figures.
 * Usage: WarmRounds INPUT_FOLDER OUTPUT_FOLDER ROUNDS
 */
public final class WarmRounds {
    public static void main(String[] a) throws Exception {
        String in = a[0], out = a[1];
        int rounds = Integer.parseInt(a[2]);
        PrintStream nul = new PrintStream(OutputStream.nullOutputStream());
        try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("WarmRounds"))) {
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                int code = Main.run(new String[]{"batch", "--op", "eig", "--jobs", "2", "--quiet", "--force", in,
                        "-o", out + "/local"}, nul, nul);
                double local = (System.nanoTime() - t0) * 1e-9;
                t0 = System.nanoTime();
                SparkBatchJob job = new SparkBatchJob(sc, BatchFiles.parse(List.of("--op", "eig", "--quiet", "--force", in,
                        "-o", out + "/spark")));
                int files = job.convert().outcomes().size();
                double spark = (System.nanoTime() - t0) * 1e-9;
                System.out.printf(Locale.ROOT, "warm round %d: local --jobs 2 %.2f s (exit %d), spark local[2] %.2f s (%d files)%n",
                        r + 1, local, code, spark, files);
            }
        }
    }
}
