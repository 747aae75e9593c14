package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One GPU through the CUDA driver API (GPU 0, or {@code -Dgpujacobi.cuda.device=N}, which batch
 * --device-index and the Spark job's GPU assignment set; further GPUs for the 'Gpus' option,
 * CudaGpus): its primary context (or, for a second logical device on one GPU, a context of its own), the kernel module (loaded
 * once from the fatbin in the jar) and checked kernel launches. Driver errors become {@link JacobiException}s.
 */
public final class CudaDevice {
    static final String FATBIN = "/io/github/gpujacobi/cuda/gpujacobi.fatbin";
    /** System property naming the GPU to open (default 0). */
    public static final String DEVICE_PROPERTY = "gpujacobi.cuda.device";

    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final CUmodule module = new CUmodule();
    private final Map<String, CUfunction> functions = new HashMap<String, CUfunction>();
    private final Map<String, Integer> coopBlocks = new HashMap<String, Integer>();
    public final String name;
    final int major, minor, multiprocessors, driverVersion;
    /** The block widths and crossover orders of this GPU's generation. */
    final Tuning tuning;
    final long totalMemory;
    /** Dynamic shared memory one block may opt in to (bytes): bounds the batched kernels' page size. */
    public final int maxSharedPerBlock;
    private final Map<String, Integer> sharedOptIn = new HashMap<String, Integer>();

    /** The driver's index of this GPU (after CUDA_VISIBLE_DEVICES). */
    public final int index;
    /**
     * Whether this device object has a context of its own (cuCtxCreate) rather than the GPU's primary
     * context: a second logical device on a GPU that another one already uses (Gpus "0,0").
     */
    private boolean ownContext;
    /** An own context was asked for but could not be created: this device shares the primary context. */
    public boolean sharesPrimary;

    private CudaDevice(int index, boolean ownContext) {
        JCudaDriver.setExceptionsEnabled(false);
        int count = count();
        if (count == 0) throw new JacobiException(ErrorKind.NO_GPU, "the CUDA driver found no GPU");
        if (index < 0 || index >= count) {
            throw new JacobiException(ErrorKind.NO_GPU, "GPU " + index + " was asked for but the CUDA driver found "
                    + count + " GPU(s) (0.." + (count - 1) + visibleNote() + ")");
        }
        this.index = index;
        this.ownContext = ownContext;
        check(JCudaDriver.cuDeviceGet(device, index), "cuDeviceGet");
        byte[] nm = new byte[256];
        check(JCudaDriver.cuDeviceGetName(nm, nm.length, device), "cuDeviceGetName");
        int len = 0;
        while (len < nm.length && nm[len] != 0) len++;
        name = new String(nm, 0, len, java.nio.charset.StandardCharsets.US_ASCII);
        major = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        minor = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        multiprocessors = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        tuning = Tuning.of(major, minor);
        if (major < 8) {
            throw new JacobiException(ErrorKind.NO_GPU, name + " has compute capability " + major + "." + minor
                    + "; gpujacobi's kernels need 8.0 or newer");
        }
        if (attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH) == 0) {
            throw new JacobiException(ErrorKind.NO_GPU, name + " does not support cooperative launches");
        }
        maxSharedPerBlock = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
        long[] mem = {0};
        check(JCudaDriver.cuDeviceTotalMem(mem, device), "cuDeviceTotalMem");
        totalMemory = mem[0];
        int[] dv = {0};
        check(JCudaDriver.cuDriverGetVersion(dv), "cuDriverGetVersion");
        driverVersion = dv[0];
        acquire();
    }

    /** Whether the context and the module are held (false after {@link #release}, until the next call). */
    private boolean held;

    private void acquire() {
        if (ownContext && !sharesPrimary) {
            // a driver without the context-creation entry point JCuda binds: share the primary context instead
            if (JCudaDriver.cuCtxCreate(context, 0, device) != CUresult.CUDA_SUCCESS) sharesPrimary = true;
        }
        if (!ownContext || sharesPrimary) check(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
        check(JCudaDriver.cuModuleLoadData(module, fatbin()), "cuModuleLoadData (gpujacobi.fatbin)");
        held = true;
    }

    /**
     * Unloads the kernel module and releases this process's hold on the primary context (the driver
     * frees it when no one else holds it); the next {@link #makeCurrent} acquires both again.
     * Device buffers and library handles must be given back first.
     */
    void release() {
        if (!held) return;
        check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
        if (side != null) {
            side.destroy();
            side = null;
        }
        JCudaDriver.cuModuleUnload(module);
        functions.clear();
        coopBlocks.clear();
        sharedOptIn.clear();
        held = false;
        if (ownContext && !sharesPrimary) check(JCudaDriver.cuCtxDestroy(context), "cuCtxDestroy");
        else check(JCudaDriver.cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease");
    }

    /** The GPU the process opens first: 0, or -Dgpujacobi.cuda.device=N. */
    public static CudaDevice open() {
        return new CudaDevice(firstIndex(), false);
    }

    /** The index {@link #open} takes: -Dgpujacobi.cuda.device, else 0. */
    public static int firstIndex() {
        return Integer.getInteger(DEVICE_PROPERTY, 0);
    }

    /** GPU index through its primary context, or (ownContext) through a context of its own. */
    public static CudaDevice open(int index, boolean ownContext) {
        return new CudaDevice(index, ownContext);
    }

    /** GPUs the driver sees (CUDA_VISIBLE_DEVICES applied). */
    public static int count() {
        check(JCudaDriver.cuInit(0), "cuInit");
        int[] count = {0};
        check(JCudaDriver.cuDeviceGetCount(count), "cuDeviceGetCount");
        return count[0];
    }

    public static String visibleNote() {
        String v = System.getenv("CUDA_VISIBLE_DEVICES");
        return v == null ? "" : "; CUDA_VISIBLE_DEVICES=" + v;
    }

    /** Name and memory of every visible GPU, without opening a context (for info). */
    public static java.util.List<Map<String, String>> describeVisible() {
        java.util.List<Map<String, String>> list = new java.util.ArrayList<Map<String, String>>();
        int n = count();
        for (int i = 0; i < n; i++) {
            CUdevice d = new CUdevice();
            check(JCudaDriver.cuDeviceGet(d, i), "cuDeviceGet");
            byte[] nm = new byte[256];
            check(JCudaDriver.cuDeviceGetName(nm, nm.length, d), "cuDeviceGetName");
            int len = 0;
            while (len < nm.length && nm[len] != 0) len++;
            long[] mem = {0};
            check(JCudaDriver.cuDeviceTotalMem(mem, d), "cuDeviceTotalMem");
            Map<String, String> m = new LinkedHashMap<String, String>();
            m.put("gpu", String.valueOf(i));
            m.put("name", new String(nm, 0, len, java.nio.charset.StandardCharsets.US_ASCII));
            m.put("memoryGB", String.format(java.util.Locale.ROOT, "%.1f", mem[0] / 1e9));
            list.add(m);
        }
        return list;
    }

    /** The context this device's work runs in (peer copies name both ends' contexts). */
    public CUcontext context() {
        makeCurrent();
        return context;
    }

    /** Whether the two are different physical GPUs whose driver allows direct peer access. */
    public boolean canAccessPeer(CudaDevice other) {
        int[] ok = {0};
        check(JCudaDriver.cuDeviceCanAccessPeer(ok, device, other.device), "cuDeviceCanAccessPeer");
        return ok[0] != 0;
    }

    /** Lets this context read and write other's memory directly (already enabled is fine). */
    public void enablePeerAccess(CudaDevice other) {
        CUcontext peer = other.context();
        makeCurrent();
        int r = JCudaDriver.cuCtxEnablePeerAccess(peer, 0);
        if (r != CUresult.CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) check(r, "cuCtxEnablePeerAccess");
    }

    private static byte[] fatbin() {
        try (InputStream in = CudaDevice.class.getResourceAsStream(FATBIN)) {
            if (in == null) throw new JacobiException(ErrorKind.NO_GPU, FATBIN + " is missing from the jar");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            for (int r; (r = in.read(buf)) > 0; ) out.write(buf, 0, r);
            return out.toByteArray();
        } catch (IOException e) {
            throw new JacobiException(ErrorKind.NO_GPU, "cannot read " + FATBIN + ": " + e.getMessage(), e);
        }
    }

    private int attribute(int attr) {
        int[] v = {0};
        check(JCudaDriver.cuDeviceGetAttribute(v, attr, device), "cuDeviceGetAttribute");
        return v[0];
    }

    /** Whether the context is held (false after release, until the next call). */
    public boolean held() { return held; }

    private SideStream side;

    /**
     * A non-blocking stream beside the default one in this context, created on first use and destroyed by
     * {@link #release} (a stream does not outlive its context).
     */
    SideStream sideStream() {
        if (side == null) side = new SideStream();
        return side;
    }

    /** Why this GPU is not used any more (its context was lost and could not be re-created), or null. */
    private String unusable;

    /** From now on every call on this device fails at once with why (StickyRecovery: Device 'auto' then runs on the CPU). */
    public void markUnusable(String why) {
        unusable = why;
    }

    /**
     * After a sticky error: drops the module, the side stream and the context without checking (each call would
     * return the sticky error); a primary context is reset, since the CUDA runtime (cuSOLVER, cuBLAS) holds it too.
     * The buffers and library handles must be given up first (GpuContext.discard); the next {@link #makeCurrent}
     * acquires a fresh context. The driver's calls are not checked: they may fail on the broken context.
     */
    void discard() {
        if (!held) {
            side = null;
            functions.clear();
            coopBlocks.clear();
            sharedOptIn.clear();
            return;
        }
        JCudaDriver.cuCtxSetCurrent(context);
        if (side != null) side.destroy();
        side = null;
        JCudaDriver.cuModuleUnload(module);
        functions.clear();
        coopBlocks.clear();
        sharedOptIn.clear();
        held = false;
        if (ownContext && !sharesPrimary) {
            JCudaDriver.cuCtxDestroy(context);
        } else {
            JCudaDriver.cuDevicePrimaryCtxRelease(device);
            JCudaDriver.cuDevicePrimaryCtxReset(device);
            // the primary context may keep the error (the CUDA runtime of cuSOLVER and cuBLAS holds it too): the next
            // acquire creates a context of this device's own, as the driver's documentation of sticky errors advises
            ownContext = true;
            sharesPrimary = false;
        }
    }

    /** Binds the context to the calling thread (JCuda calls may come from any Java thread). */
    public void makeCurrent() {
        if (unusable != null) throw new JacobiException(ErrorKind.GPU_FAILURE, unusable);
        if (!held) {
            acquire();
            return;
        }
        check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    CUfunction function(String kernel) {
        CUfunction f = functions.get(kernel);
        if (f == null) {
            f = new CUfunction();
            check(JCudaDriver.cuModuleGetFunction(f, module, kernel), "cuModuleGetFunction " + kernel);
            functions.put(kernel, f);
        }
        return f;
    }

    /** Blocks that can be resident at once: the limit of a cooperative grid. */
    int cooperativeGrid(String kernel, int blockSize) {
        String key = kernel + "/" + blockSize;
        Integer g = coopBlocks.get(key);
        if (g == null) {
            int[] perSm = {0};
            check(JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor(perSm, function(kernel), blockSize, 0),
                    "cuOccupancyMaxActiveBlocksPerMultiprocessor " + kernel);
            g = Math.max(1, perSm[0]) * multiprocessors;
            coopBlocks.put(key, g);
        }
        return g;
    }

    /** A cooperative launch (grid-wide syncs inside) on the default stream. */
    void launchCooperative(String kernel, int grid, int block, Pointer params) {
        check(JCudaDriver.cuLaunchCooperativeKernel(function(kernel), grid, 1, 1, block, 1, 1, 0, null, params),
                "launch " + kernel);
    }

    void launch(String kernel, int grid, int block, Pointer params) {
        check(JCudaDriver.cuLaunchKernel(function(kernel), grid, 1, 1, block, 1, 1, 0, null, params, null),
                "launch " + kernel);
    }

    /**
     * A launch of a grid-stride kernel over total elements: blocks of {@link #STRIDE_BLOCK} threads, at most 65536 of
     * them (the kernel's loop takes the rest).
     */
    void launchOver(String kernel, long total, Pointer params) {
        launch(kernel, (int) Math.min(1 << 16, (total + STRIDE_BLOCK - 1) / STRIDE_BLOCK), STRIDE_BLOCK, params);
    }

    static final int STRIDE_BLOCK = 256;

    /** A launch with dynamic shared memory, opting the kernel in to more than the default 48 KB when needed. */
    void launchShared(String kernel, int grid, int block, int sharedBytes, Pointer params) {
        CUfunction f = function(kernel);
        Integer granted = sharedOptIn.get(kernel);
        if (sharedBytes > 48 * 1024 && (granted == null || granted < sharedBytes)) {
            check(JCudaDriver.cuFuncSetAttribute(f, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    sharedBytes), "cuFuncSetAttribute " + kernel);
            sharedOptIn.put(kernel, sharedBytes);
        }
        check(JCudaDriver.cuLaunchKernel(f, grid, 1, 1, block, 1, 1, sharedBytes, null, params, null), "launch " + kernel);
    }

    public void synchronize() {
        check(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize");
    }

    long freeMemory() {
        long[] free = {0}, total = {0};
        check(JCudaDriver.cuMemGetInfo(free, total), "cuMemGetInfo");
        return free[0];
    }

    public Map<String, String> describe() {
        Map<String, String> d = new LinkedHashMap<String, String>();
        d.put("gpu", String.valueOf(index));
        d.put("name", name);
        d.put("memoryGB", String.format(java.util.Locale.ROOT, "%.1f", totalMemory / 1e9));
        d.put("computeCapability", major + "." + minor);
        d.put("multiprocessors", String.valueOf(multiprocessors));
        d.put("driver", (driverVersion / 1000) + "." + (driverVersion % 1000 / 10));
        return d;
    }

    public static void check(int result, String what) {
        if (result == CUresult.CUDA_SUCCESS) return;
        String err = CUresult.stringFor(result);
        if (result == CUresult.CUDA_ERROR_OUT_OF_MEMORY) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY, "GPU out of memory in " + what + " (" + err + ")");
        }
        if (result == CUresult.CUDA_ERROR_NO_DEVICE || result == CUresult.CUDA_ERROR_NOT_INITIALIZED
                || result == CUresult.CUDA_ERROR_INVALID_DEVICE) {
            throw new JacobiException(ErrorKind.NO_GPU, what + " failed: " + err);
        }
        throw new JacobiException(ErrorKind.GPU_FAILURE, what + " failed: " + err);
    }
}
