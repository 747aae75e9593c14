package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;

import java.util.Arrays;

/**
 * The GPU Spark assigned to the running task ({@code spark.task.resource.gpu.amount}), if any, and
 * what the converter makes of it. Spark schedules GPUs on clusters only, not in local mode.
 */
final class TaskGpu {
    /** No GPU was assigned to the task. */
    static final int NONE = -1;
    /** A GPU was assigned, but its address is not a device index (a custom discovery script). */
    static final int UNNUMBERED = -2;

    /** The setting that turns Spark's GPU scheduling on. */
    static final String TASK_GPU_AMOUNT = "spark.task.resource.gpu.amount";
    /** GPUs per executor. */
    static final String EXECUTOR_GPU_AMOUNT = "spark.executor.resource.gpu.amount";

    private static boolean warnedSeveral;

    private TaskGpu() {}

    /**
     * The converter for this task: on its GPU where Spark assigned one (each task of an executor with
     * several GPUs on its own: the call names the GPU); on the CPU where Spark schedules GPUs but gave
     * this task none; as asked (--device) where Spark does not schedule GPUs (local mode).
     */
    static BatchFiles place(BatchFiles converter, boolean gpusScheduled) {
        int gpu = index();
        if (gpu >= 0) {
            BatchFiles.selectGpu(gpu);
            return converter.onDevice(gpu);
        }
        return gpu == NONE && gpusScheduled ? converter.onDevice(NONE) : converter;
    }

    /** The first assigned GPU's index, {@link #NONE} or {@link #UNNUMBERED}. */
    static int index() {
        TaskContext tc = TaskContext.get();
        if (tc == null) return NONE;
        ResourceInformation gpu = tc.resourcesJMap().get("gpu");
        if (gpu == null || gpu.addresses().length == 0) return NONE;
        if (gpu.addresses().length > 1) warnSeveral(gpu.addresses());
        try {
            return Integer.parseInt(gpu.addresses()[0].trim());
        } catch (NumberFormatException e) {
            return UNNUMBERED;
        }
    }

    /** Once per executor, in its log: a task computes one file on one GPU, so the others it holds idle. */
    private static synchronized void warnSeveral(String[] addresses) {
        if (warnedSeveral) return;
        warnedSeveral = true;
        System.err.println("gpujacobi-spark: warning: a task was given GPUs " + Arrays.toString(addresses)
                + " and computes on the first only; set " + TASK_GPU_AMOUNT + " to 1 or less (a fraction shares a GPU)");
    }

    /**
     * The driver's check of the settings: a task amount above 1 holds GPUs it does not use. Null when fine.
     * Several GPUs per executor are fine: each task computes on the one it was assigned.
     */
    static String settingsWarning(org.apache.spark.SparkConf conf) {
        if (!conf.contains(TASK_GPU_AMOUNT)) return null;
        String amount = conf.get(TASK_GPU_AMOUNT).trim();
        try {
            if (Double.parseDouble(amount) <= 1) return null;
        } catch (NumberFormatException e) {
            return null; // Spark itself refuses it when the context starts
        }
        return TASK_GPU_AMOUNT + "=" + amount + ": a task computes on the first GPU it is given and the others idle;"
                + " use 1, or a fraction to share a GPU";
    }

    /** Where the running task computes, for the driver's summary: "executor 1 on host, GPU 0". */
    static String where() {
        SparkEnv env = SparkEnv.get();
        String executor = env == null ? "executor ?" : "executor " + env.executorId() + " on " + env.blockManager().blockManagerId().host();
        int gpu = index();
        return gpu >= 0 ? executor + ", GPU " + gpu : gpu == UNNUMBERED ? executor + ", a GPU without an index" : executor;
    }
}
