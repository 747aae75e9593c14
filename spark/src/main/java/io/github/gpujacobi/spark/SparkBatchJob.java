package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code batch} as a Spark job: the driver plans the files (listing, resume), one task per file
 * converts it ({@link FileTask}), the records come back to the driver and end in the local batch's
 * summary table. Job and stage carry names that say what runs, for the Spark UI.
 */
final class SparkBatchJob {
    static final String JOB_GROUP = "gpujacobi-batch";

    private final JavaSparkContext sc;
    private final BatchFiles batch;
    /** Copy file: inputs and results through the task's folder like remote ones (the tests cover both paths). */
    boolean stageLocalFiles;

    SparkBatchJob(JavaSparkContext sc, BatchFiles batch) {
        this.sc = sc;
        this.batch = batch;
    }

    /** Converts the files; the outcomes (colliding files first, then input order) and listing problems. */
    Result convert() throws IOException {
        HadoopFiles files = new HadoopFiles(sc.hadoopConfiguration());
        BatchPlan plan = BatchPlan.of(batch, files);
        List<BatchFiles.Outcome> outcomes = new ArrayList<>(plan.collisions);
        Map<String, Integer> placement = new TreeMap<>();
        if (!plan.todo.isEmpty()) {
            String what = batch.describe() + ": " + plan.todo.size() + " .mat file(s) -> " + batch.output();
            sc.setJobGroup(JOB_GROUP, what, false);
            sc.setJobDescription(what);
            sc.setCallSite("gpujacobi batch --op " + batch.operation() + ": convert " + plan.todo.size() + " files");
            Broadcast<HadoopFiles> hadoop = sc.broadcast(files);
            try {
                for (FileTask.Done d : sc.parallelize(plan.todo, plan.todo.size())
                        .setName("gpujacobi batch inputs")
                        .map(new FileTask(batch.arguments(), hadoop, sc.getConf().contains(TaskGpu.TASK_GPU_AMOUNT),
                                stageLocalFiles))
                        .collect()) {
                    outcomes.add(d.outcome());
                    placement.merge(d.where(), 1, Integer::sum);
                }
            } finally {
                hadoop.destroy();
                sc.clearCallSite();
                sc.clearJobGroup();
            }
        }
        return new Result(outcomes, plan.problems, placement);
    }

    /**
     * The local batch's report, after a line saying how many files each executor (and GPU) took unless --quiet;
     * returns its exit status.
     */
    int report(Result r, double seconds, PrintStream out, PrintStream err) {
        if (!batch.quiet() && !r.placement().isEmpty()) err.println(placementLine(r.placement()));
        return batch.summary(r.outcomes(), r.problems(), seconds, out, err);
    }

    /** "gpujacobi-spark: files per executor: executor 0 on h1, GPU 0: 20; executor 1 on h2, GPU 1: 20". */
    static String placementLine(Map<String, Integer> placement) {
        StringBuilder sb = new StringBuilder("gpujacobi-spark: files per executor:");
        String sep = " ";
        for (Map.Entry<String, Integer> e : placement.entrySet()) {
            sb.append(sep).append(e.getKey()).append(": ").append(e.getValue());
            sep = "; ";
        }
        return sb.toString();
    }

    /** Outcomes, listing problems, and files per {@link TaskGpu#where()}. */
    record Result(List<BatchFiles.Outcome> outcomes, List<String> problems, Map<String, Integer> placement) {
    }
}
