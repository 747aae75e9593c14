package io.github.gpujacobi.spark;

import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;

/** The GPU Spark assigned to the running task ({@code spark.task.resource.gpu.amount}), if any. */
final class TaskGpu {
    /** No GPU was assigned to the task. */
    static final int NONE = -1;
    /** A GPU was assigned, but its address is not a device index (a custom discovery script). */
    static final int UNNUMBERED = -2;

    private TaskGpu() {}

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
