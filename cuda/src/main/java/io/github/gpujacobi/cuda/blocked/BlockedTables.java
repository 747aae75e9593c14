package io.github.gpujacobi.cuda.blocked;

import io.github.gpujacobi.cuda.launch.DeviceBuffers;
import io.github.gpujacobi.cuda.launch.DevicePointer;
import io.github.gpujacobi.cuda.launch.GpuContext;
import io.github.gpujacobi.cuda.launch.Workspace;

/**
 * The host-made tables of the blocked sweeps ({@link BlockedSweeps}): the update GEMM's pointer arrays of a
 * non-swapping schedule, and the hyperbolic sweeps' column signs per pair and per block. Pure arithmetic on the
 * schedule, so CPU tests check them.
 */
final class BlockedTables {
    private BlockedTables() {}

    /**
     * The signs of every physical block's columns in the slot layout (slot[x] = physical block of logical block
     * x), for the diagonal step of the cross ordering; padding columns (>= n) are +1.
     */
    static int[] blockSignatures(int[] slot, int[] signs, int n, int b) {
        int[] out = new int[slot.length * b], padded = padded(signs, n, slot.length * b);
        for (int x = 0; x < slot.length; x++) System.arraycopy(padded, x * b, out, slot[x] * b, b);
        return out;
    }

    /** signs (n of them) followed by +1 up to cols: the padding columns' sign. */
    private static int[] padded(int[] signs, int n, int cols) {
        int[] out = new int[cols];
        java.util.Arrays.fill(out, n, cols, 1);
        System.arraycopy(signs, 0, out, 0, n);
        return out;
    }

    /**
     * The signs of every pair's 2b columns, per step of the schedule's period (period x nb/2 x 2b; pairs a step lacks
     * +1): blocks keep their columns in order (only their positions move); padding columns +1.
     */
    static int[] pairSignatures(BlockSchedule sch, int[] signs, int n, int b) {
        int steps = sch.period(), half = sch.blocks() / 2, q2 = 2 * b;
        int[] out = new int[steps * half * q2], padded = padded(signs, n, sch.blocks() * b);
        java.util.Arrays.fill(out, 1);
        // block copies: an element-wise loop over these 10^4 - 10^6 entries ran interpreted in a JVM's first calls
        for (int s = 0; s < steps; s++) {
            for (int k = 0; k < sch.pairs(s); k++) {
                for (int h = 0; h < 2; h++) {
                    System.arraycopy(padded, sch.block(s, sch.offset(s) + 2 * k + h) * b, out, (s * half + k) * q2 + h * b, b);
                }
            }
        }
        return out;
    }

    /**
     * For each buffer parity and step of a non-swapping schedule's period: the A, B and C pointer arrays (nb each) of
     * the update GEMM. Output j of pair k (block x = its first or second) is [Gi Gj; Vi Vj] Q_k(:, jb..jb+b) written
     * to x's position at the next step (step 0 of the next period after the last).
     */
    private static long[] pointerArrays(BlockSchedule sch, DevicePointer w0, DevicePointer w1, DevicePointer q, int b,
                                        int ld, int q2, int es) {
        int steps = sch.period(), nb = sch.blocks();
        long[] out = new long[2 * steps * 3 * nb];
        long[] wAddr = {address(w0), address(w1)};
        long qAddr = address(q), colBytes = (long) es * ld * b;
        for (int par = 0; par < 2; par++) {
            for (int s = 0; s < steps; s++) {
                int base = (par * steps + s) * 3 * nb;
                int[] next = sch.positions(s + 1);
                for (int k = 0; k < sch.pairs(s); k++) {
                    for (int hh = 0; hh < 2; hh++) {
                        int j = 2 * k + hh, pos = sch.offset(s) + j, x = sch.block(s, pos);
                        out[base + j] = wAddr[par] + (pos - hh) * colBytes;
                        out[base + nb + j] = qAddr + (long) es * ((long) k * q2 * q2 + (long) hh * b * q2);
                        out[base + 2 * nb + j] = wAddr[1 - par] + next[x] * colBytes;
                    }
                }
            }
        }
        return out;
    }

    /**
     * {@link #pointerArrays(BlockSchedule, DevicePointer, DevicePointer, DevicePointer, int, int, int, int)} on the
     * device (buffer blockedPtrs): the same buffers and shape give the same arrays, so they are uploaded once, as ints
     * (two a pointer, little-endian, as the device reads them).
     */
    static DevicePointer pointerArrays(GpuContext gpu, BlockSchedule sch, DevicePointer w0, DevicePointer w1,
                                       DevicePointer q, int b, int ld, int q2, int es) {
        String key = (sch.swaps() ? "oddeven:" : "chess:") + sch.blocks() + ":" + b + ":" + ld + ":" + es + ":"
                + address(w0) + ":" + address(w1) + ":" + address(q);
        return gpu.constant(Workspace.BLOCKED_PTRS, key, () -> DeviceBuffers.littleEndianWords(pointerArrays(sch, w0, w1, q, b, ld, q2, es)));
    }

    private static long address(DevicePointer p) {
        return com.sun.jna.Pointer.nativeValue(p.jna());
    }
}
