package io.github.gpujacobi.cuda.launch;

import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Measures the host-device link (`gpujacobi info --link`): what a whole call's copies can cost at best. Raw DMA from
 * and to pinned memory (the link itself), and from and to a Java array as the backend copies one (straight from the
 * pageable array, and through {@link HostStaging}); 64 MiB each way, the median of five, and the staged copies again at
 * 8 MiB (a 1024 x 1024 double page: a small transfer pays the pipeline's first and last chunk in full).
 */
public final class LinkProbe {
    private LinkProbe() {}

    static final int BYTES = 64 << 20, SMALL_BYTES = 8 << 20;
    private static final int RUNS = 5;

    interface Copy {
        void run();
    }

    public static List<String> measure(GpuContext gpu) {
        gpu.makeCurrent();
        final CUdeviceptr d = gpu.buffer(Workspace.LINK_PROBE, BYTES);
        final double[] host = new double[BYTES / 8];
        final Pointer pinned = new Pointer();
        CudaDevice.check(JCudaDriver.cuMemHostAlloc(pinned, BYTES, 0), "cuMemHostAlloc link probe");
        List<String> out = new ArrayList<String>();
        try {
            for (int bytes : new int[]{BYTES, SMALL_BYTES}) {
                final int b = bytes, doubles = bytes / 8;
                out.add(line("pinned DMA", b, () -> CudaDevice.check(JCudaDriver.cuMemcpyHtoD(d, pinned, b), "cuMemcpyHtoD"),
                        () -> CudaDevice.check(JCudaDriver.cuMemcpyDtoH(pinned, d, b), "cuMemcpyDtoH")));
                if (b == BYTES) { // straight from the pageable array: a reference line, at the large size only
                    out.add(line("Java array, pageable", b, () -> CudaDevice.check(JCudaDriver.cuMemcpyHtoD(d, Pointer.to(host), b),
                            "cuMemcpyHtoD"), () -> CudaDevice.check(JCudaDriver.cuMemcpyDtoH(Pointer.to(host), d, b), "cuMemcpyDtoH")));
                }
                out.add(line("Java array, staged (as calls copy)", b, () -> HostStaging.upload(d, HostStaging.doubles(host), 0, doubles),
                        () -> HostStaging.download(d, HostStaging.doubles(host), 0, doubles)));
            }
        } finally {
            JCudaDriver.cuMemFreeHost(pinned);
            gpu.workspaces().trim(0);
        }
        return out;
    }

    private static String line(String what, int bytes, Copy up, Copy down) {
        return String.format(Locale.ROOT, "%s: host to device %.1f GB/s, device to host %.1f GB/s (%d MiB, median of %d)",
                what, gbps(up, bytes), gbps(down, bytes), bytes >> 20, RUNS);
    }

    private static double gbps(Copy c, int bytes) {
        // warmed as the bench warms a row (the first copy maps and pins, the staged copies' loops are compiled after a
        // few): a cold rate would understate the link and overstate what a call's copies may cost
        long warm = System.nanoTime();
        for (int r = 0; r < 3 || System.nanoTime() - warm < 300_000_000L; r++) c.run();
        double[] s = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            long t0 = System.nanoTime();
            c.run();
            s[r] = (System.nanoTime() - t0) * 1e-9;
        }
        Arrays.sort(s);
        return bytes / s[RUNS / 2] / 1e9;
    }
}
