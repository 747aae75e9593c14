package io.github.gpujacobi.cuda.peers;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.cuda.jna.CuSolver;
import io.github.gpujacobi.cuda.jna.CudaRuntime;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cuSOLVER gesvd row passes what cuSOLVER's signature asks for, checked on the host (no GPU): the CUDA runtime
 * and cuSOLVER are stand-ins that allocate host memory and record every gesvd call. rwork must be an allocation of
 * at least min(m, n) - 1 reals, never null (a null rwork is where gesvd stores the unconverged superdiagonal).
 */
class CusolverGesvdArgumentsTest {
    /** Host "device" memory by address, so a recorded pointer's size can be checked. */
    private final Map<Long, Long> sizes = new java.util.HashMap<Long, Long>();
    private final List<Memory> keep = new ArrayList<Memory>();
    private final List<Object[]> gesvdCalls = new ArrayList<Object[]>();

    private CudaRuntime runtime() {
        return (CudaRuntime) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{CudaRuntime.class}, (proxy, m, args) -> {
            switch (m.getName()) {
                case "cudaMalloc": {
                    Memory mem = new Memory(Math.max(8, (Long) args[1]));
                    mem.clear();
                    keep.add(mem);
                    sizes.put(Pointer.nativeValue(mem), (Long) args[1]);
                    ((PointerByReference) args[0]).setValue(mem);
                    return 0;
                }
                case "cudaMemcpy": {
                    long bytes = (Long) args[2];
                    ((Pointer) args[0]).write(0, ((Pointer) args[1]).getByteArray(0, (int) bytes), 0, (int) bytes);
                    return 0;
                }
                default:
                    return m.getReturnType() == int.class ? 0 : null;
            }
        });
    }

    private CuSolver solver() {
        return (CuSolver) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{CuSolver.class}, (proxy, m, args) -> {
            String name = m.getName();
            if (name.endsWith("gesvd_bufferSize")) ((IntByReference) args[3]).setValue(64);
            if (name.equals("cusolverDnDgesvd") || name.equals("cusolverDnSgesvd")) gesvdCalls.add(args.clone());
            return m.getReturnType() == int.class ? 0 : null;
        });
    }

    @Test
    void gesvdGetsARworkArrayOfMinMnMinusOneReals() {
        for (Precision p : Precision.values()) {
            for (int[] shape : new int[][]{{64, 64, 3}, {40, 24, 2}}) {
                gesvdCalls.clear();
                int m = shape[0], n = shape[1], pages = shape[2];
                PageArray a = PageArray.zeros(p, m, n, pages);
                for (int k = 0; k < pages; k++) for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
                    a.set(i, j, k, ((i + 3 * j + 5 * k) * 7 % 13) - 6);
                }
                CusolverPeer peer = new CusolverPeer(CusolverPeer.Kind.GESVD, solver(), runtime(), new Memory(8));
                peer.measure(a, 1, false);
                assertFalse(gesvdCalls.isEmpty(), "gesvd was not called");
                long realBytes = p == Precision.DOUBLE ? 8 : 4;
                for (Object[] args : gesvdCalls) {
                    Pointer rwork = (Pointer) args[14];
                    assertNotNull(rwork, p + " " + m + " x " + n + ": gesvd's rwork is null");
                    Long size = sizes.get(Pointer.nativeValue(rwork));
                    assertNotNull(size, "rwork is not an allocation of its own");
                    assertTrue(size >= (Math.min(m, n) - 1) * realBytes, "rwork of " + size + " bytes for " + m + " x " + n);
                    assertEquals(m, args[3]);
                    assertEquals(n, args[4]);
                }
            }
        }
    }
}
