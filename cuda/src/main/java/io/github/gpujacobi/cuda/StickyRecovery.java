package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.cuda.launch.CommonKernels;
import io.github.gpujacobi.cuda.launch.CudaDevice;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * Recovery from a sticky CUDA error. A kernel that faults (an illegal address, a failed launch, an assertion; in
 * gpujacobi or in a library sharing the context, such as cuSOLVER) leaves its context unusable: every later call in it
 * returns the same error, so without this every later call of the process would fail on that GPU. After a GPU failure
 * the backend asks the context whether it holds such an error; if it does, the context is given up (the device
 * buffers, library handles and pinned staging with it) and a fresh one created at once, so the next call works. Should
 * that fail, the GPU is marked unusable: later calls fail at once with that reason, and under Device 'auto' run on
 * the CPU with a note (Jacobi's GPU_FAILURE fallback).
 */
final class StickyRecovery {
    private StickyRecovery() {}

    /** The driver errors that poison a context (cuda.h: "the context cannot be used ... must be destroyed"). */
    private static final int[] STICKY = {CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, CUresult.CUDA_ERROR_LAUNCH_FAILED,
            CUresult.CUDA_ERROR_MISALIGNED_ADDRESS, CUresult.CUDA_ERROR_INVALID_ADDRESS_SPACE, CUresult.CUDA_ERROR_INVALID_PC,
            CUresult.CUDA_ERROR_ILLEGAL_INSTRUCTION, CUresult.CUDA_ERROR_HARDWARE_STACK_ERROR, CUresult.CUDA_ERROR_ASSERT,
            CUresult.CUDA_ERROR_LAUNCH_TIMEOUT, CUresult.CUDA_ERROR_ECC_UNCORRECTABLE};

    static boolean sticky(int result) {
        for (int s : STICKY) if (s == result) return true;
        return false;
    }

    /**
     * e as the backend should throw it after a failure on b: unchanged unless b's context holds a sticky error; then
     * the context is re-created and e says so, or (re-creation failed) the GPU is marked unusable and the error says why.
     */
    static JacobiException afterFailure(CudaBackend b, JacobiException e) {
        if (e.kind() != ErrorKind.GPU_FAILURE) return e;
        CudaDevice dev = b.device();
        if (!dev.held()) return e;
        int state = probe(dev);
        if (!sticky(state)) return e;
        String error = CUresult.stringFor(state);
        try {
            recreate(b);
            return new JacobiException(e.kind(), e.getMessage() + "; GPU " + dev.index + " lost its CUDA context to " + error
                    + ", which was re-created: later calls run normally", e);
        } catch (RuntimeException failed) {
            String why = "GPU " + dev.index + " (" + dev.name + ") is unusable: its CUDA context was lost to " + error
                    + " and could not be re-created (" + failed.getMessage() + "); restart the process to use it again";
            dev.markUnusable(why);
            return new JacobiException(ErrorKind.GPU_FAILURE, e.getMessage() + "; " + why, e);
        }
    }

    /** The context's state: CUDA_SUCCESS, or the error its work ended with (a sticky one stays). */
    private static int probe(CudaDevice dev) {
        try {
            dev.makeCurrent();
        } catch (JacobiException notCurrent) {
            return CUresult.CUDA_ERROR_UNKNOWN; // not known to be sticky: left as it is
        }
        return JCudaDriver.cuCtxSynchronize();
    }

    /**
     * Gives up b's context with everything allocated in it, then acquires a new one and checks it works (an empty
     * synchronisation); throws when it cannot.
     */
    private static void recreate(CudaBackend b) {
        CudaDevice dev = b.device();
        b.dropHere(); // the workspaces, library handles and context forgotten, not freed through the broken context
        dev.makeCurrent();
        CudaDevice.check(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize (the new context)");
    }

    /**
     * Test hook: a store through a null pointer on b's GPU, leaving its context with CUDA_ERROR_ILLEGAL_ADDRESS and
     * nothing recovered; the next call on b meets the sticky error (CudaRecoveryTest). Returns the synchronisation's
     * result.
     */
    static int poisonForTest(CudaBackend b) {
        synchronized (b) {
            CudaDevice dev = b.device();
            dev.makeCurrent();
            CommonKernels.fault(b.context());
            return JCudaDriver.cuCtxSynchronize();
        }
    }
}
