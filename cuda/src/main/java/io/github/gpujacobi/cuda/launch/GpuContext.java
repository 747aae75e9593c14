package io.github.gpujacobi.cuda.launch;

import jcuda.Pointer;

import java.util.function.Supplier;

/**
 * Everything a solver needs of one GPU, handed to it as one object: the device (its CUDA context, kernel module and
 * default stream), the side stream, the cuBLAS / cuSOLVER handles, the declared workspaces ({@link Workspace}) and
 * the tuning row of its generation. It owns all of them, so {@link #release} gives them back in the right order and
 * {@link #discard} drops them after a sticky CUDA error; the next use creates them again.
 */
public final class GpuContext {
    /** System property: device memory kept between calls, in MB. */
    public static final String CACHE_PROPERTY = "gpujacobi.cuda.cacheMB";

    /**
     * Device memory kept for the next call (-Dgpujacobi.cuda.cacheMB; by default 1/32 of the GPU's memory, at least
     * 512 MB and at most 4 GB: the buffers of an n = 4096 eig stay for the next call on a large GPU): beyond it a call
     * gives its buffers back when it ends, so one large problem does not pin its memory.
     */
    public static long cacheBytes(long deviceMemory) {
        Long mb = Long.getLong(CACHE_PROPERTY);
        return mb != null ? mb << 20 : Math.max(512L << 20, Math.min(4L << 30, deviceMemory / 32));
    }

    private final CudaDevice device;
    private final DeviceBuffers workspaces = new DeviceBuffers();
    /** Created on first use, in this context (a handle belongs to the context current when it was made). */
    private CudaLibraries libraries;
    /** The block widths and crossover orders of this GPU's generation. */
    public final Tuning tuning;

    public GpuContext(CudaDevice device) {
        this.device = device;
        this.tuning = device.tuning;
    }

    public CudaDevice device() { return device; }

    /** After a call: the workspaces given back when they hold more than {@link #cacheBytes(long)} of this GPU. */
    public void trim() { workspaces.trim(cacheBytes(device.totalMemory)); }

    /** The workspaces, for their bookkeeping (bytes held, trim); solvers ask {@link #buffer}. */
    public DeviceBuffers workspaces() { return workspaces; }

    /** The workspace's buffer, at least bytes long (grown when a larger problem arrives). */
    public DevicePointer buffer(Workspace w, long bytes) { return workspaces.get(w, bytes); }

    /** The buffer of a workspace that has one a level ({@link Workspace#at}). */
    public DevicePointer buffer(Workspace w, int level, long bytes) { return workspaces.get(w, level, bytes); }

    /** A workspace of constant ints, uploaded only when key changes ({@link DeviceBuffers#constant}). */
    public DevicePointer constant(Workspace w, Object key, Supplier<int[]> content) { return workspaces.constant(w, key, content); }

    /** cuSOLVER and cuBLAS with this context's handles; forWhat names the caller when the libraries do not load. */
    public CudaLibraries libraries(String forWhat) {
        if (libraries == null) libraries = CudaLibraries.open(forWhat);
        return libraries;
    }

    public SideStream sideStream() { return device.sideStream(); }

    public void makeCurrent() { device.makeCurrent(); }

    public void synchronize() { device.synchronize(); }

    /** Launches on the default stream, as {@link CudaDevice} checks them (kernel: a {@link Kernel}'s name). */
    public void launch(String kernel, int grid, int block, Pointer params) { device.launch(kernel, grid, block, params); }

    public void launchOver(String kernel, long total, Pointer params) { device.launchOver(kernel, total, params); }

    public void launchShared(String kernel, int grid, int block, int sharedBytes, Pointer params) {
        device.launchShared(kernel, grid, block, sharedBytes, params);
    }

    public void launchCooperative(String kernel, int grid, int block, Pointer params) {
        device.launchCooperative(kernel, grid, block, params);
    }

    public int cooperativeGrid(String kernel, int blockSize) { return device.cooperativeGrid(kernel, blockSize); }

    public long freeMemory() { return device.freeMemory(); }

    /**
     * Frees the workspaces, the library handles, the pinned staging buffers and the context (Jacobi.release()), in
     * that order: each belongs to the context. Returns the workspace bytes freed; the next call acquires all again.
     */
    public long release() {
        boolean held = device.held();
        if (held) device.makeCurrent();
        long freed = workspaces.release();
        if (held && libraries != null) libraries.close();
        libraries = null;
        if (held) HostStaging.release(); // pinned in a context: freed before any context goes
        device.release();
        return freed;
    }

    /**
     * Drops everything after a sticky CUDA error (the context can no longer run work, so nothing is freed through it):
     * the workspaces and handles are forgotten and the context is released, so the next call starts from a new one.
     */
    public void discard() {
        workspaces.forget();
        libraries = null;
        HostStaging.release(); // pinned in the lost context (portable): freed before it goes, errors ignored
        device.discard();
    }
}
