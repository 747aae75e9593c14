package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;

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

    private TaskGpu() {}

    /**
     * The converter for this task: on its GPU where Spark assigned one (the CUDA backend opens one GPU
     * per executor process, the first task's: docs/spark.md); on the CPU where Spark schedules GPUs but
     * gave this task none; as asked (--device) where Spark does not schedule GPUs (local mode).
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
        try {
            return Integer.parseInt(gpu.addresses()[0].trim());
        } catch (NumberFormatException e) {
            return UNNUMBERED;
        }
    }
}
