package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.GpuList;
import io.github.gpujacobi.api.SolverOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The result record's {@code gpu} field: which GPU(s) a file's GPU variables were given, so that a
 * result from a cluster names the device its task used ("" when no variable ran on a GPU). Indices
 * are the CUDA driver's, after CUDA_VISIBLE_DEVICES, which the text names when it is set.
 */
final class RecordGpu {
    /** The backend's process-wide GPU list (-Dgpujacobi.cuda.gpus), as the CUDA backend reads it. */
    static final String GPUS_PROPERTY = "gpujacobi.cuda.gpus";

    private RecordGpu() {}

    /** The field's text for a file whose variables ran on these backends with these options. */
    static String of(List<String> backends, SolverOptions o) {
        Backend gpu = backends.isEmpty() ? null : Backends.get().gpu();
        if (gpu == null || !backends.contains(gpu.name())) return "";
        try {
            List<Map<String, String>> devices = gpu.info().devices();
            return format(given(o, devices.size()), devices, System.getenv("CUDA_VISIBLE_DEVICES"));
        } catch (RuntimeException e) {
            return "GPU (" + e.getMessage() + ")"; // the variables are computed: the record is still written
        }
    }

    /**
     * The GPUs a call was given, in the CUDA backend's order of precedence: the options (a device index or
     * 'Gpus'), the process's GPU list, the process's one GPU (-Dgpujacobi.cuda.device), else every visible one.
     */
    static int[] given(SolverOptions o, int visible) {
        int[] list = o.gpus();
        if (list == null) list = GpuList.parse("-D" + GPUS_PROPERTY, System.getProperty(GPUS_PROPERTY));
        if (list == null && System.getProperty(BatchFiles.CUDA_DEVICE_PROPERTY) != null) {
            list = new int[]{Integer.getInteger(BatchFiles.CUDA_DEVICE_PROPERTY, 0)};
        }
        if (list == null) {
            list = new int[visible];
            for (int i = 0; i < visible; i++) list[i] = i;
        }
        return list;
    }

    /** "GPU 1 (device name)", "GPU 0 (A), GPU 1 (B)", with "; CUDA_VISIBLE_DEVICES=..." when that is set. */
    static String format(int[] indices, List<Map<String, String>> devices, String visible) {
        List<String> parts = new ArrayList<String>();
        for (int i : indices) {
            String name = null;
            for (Map<String, String> d : devices) if (String.valueOf(i).equals(d.get("gpu"))) name = d.get("name");
            String part = "GPU " + i + (name != null ? " (" + name + ")" : "");
            if (!parts.contains(part)) parts.add(part);
        }
        String s = String.join(", ", parts);
        return visible != null && !s.isEmpty() ? s + "; CUDA_VISIBLE_DEVICES=" + visible : s;
    }
}
