package io.github.gpujacobi.cuda.launch;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.cuda.jna.CuBlas;
import io.github.gpujacobi.cuda.jna.CuSolver;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each element type reaches the cuSOLVER / cuBLAS routine of its own letter (S, D, C, Z) through the one binding per
 * library, checked on the host (no GPU): the libraries are stand-ins that record the C symbol each call names.
 */
class TypedLibraryCallsTest {
    private final List<String> calls = new ArrayList<String>();

    private <T> T recorder(Class<T> api) {
        return api.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{api}, (proxy, m, args) -> {
            calls.add(m.getName());
            return m.getReturnType() == int.class ? 0 : null;
        }));
    }

    private CudaLibraries libraries() {
        return new CudaLibraries(recorder(CuSolver.class), recorder(CuBlas.class), new Memory(8), new Memory(8));
    }

    /** The type letter of a recorded symbol: the one after cusolverDn or cublas. */
    private static char letter(String symbol) {
        String prefix = symbol.startsWith("cusolverDn") ? "cusolverDn" : "cublas";
        return symbol.charAt(prefix.length());
    }

    private void assertAllOfType(char expected, String what) {
        assertTrue(!calls.isEmpty(), what + ": no library call");
        for (String c : calls) assertEquals(expected, letter(c), what + " called " + c);
    }

    @Test
    void typedLapackCallsTheRoutinesOfItsElementType() {
        CudaLibraries lib = libraries();
        Pointer p = new Memory(64);
        Memory one = new Memory(16);
        for (Scalar s : Scalar.values()) {
            calls.clear();
            TypedLapack t = lib.typed(s);
            t.getrfBufferSize(4, 4, p, 4);
            t.getrf(4, 4, p, 4, p, p, p);
            t.potrfBufferSize(0, 4, p, 4);
            t.potrf(0, 4, p, 4, p, 1, p);
            t.trsm(0, 0, 0, 0, 4, 4, one, p, 4, p, 4);
            t.gemm(0, 0, 4, 4, 4, one, p, 4, p, 4, one, p, 4);
            assertEquals(6, calls.size(), s + ": " + calls);
            assertAllOfType(s.name().charAt(0), "TypedLapack " + s);
        }
    }

    @Test
    void blockedScalarCallsTheDoubleOrDoubleComplexRoutines() {
        CudaLibraries lib = libraries();
        Pointer p = new Memory(64);
        for (BlockedScalar el : BlockedScalar.values()) {
            calls.clear();
            el.gemm(lib, 0, 0, 4, 4, 4, el.one, p, 4, p, 4, el.zero, p, 4, "gemm");
            el.gemmStridedBatched(lib, 0, 0, 4, 4, 4, el.one, p, 4, 16, p, 4, 16, el.zero, p, 4, 16, 2, "gemm");
            el.gemmBatched(lib, 0, 0, 4, 4, 4, el.one, p, 4, p, 4, el.zero, p, 4, 2, "gemm");
            el.geqrfWork(lib, 4, 4, p, 4);
            el.geqrf(lib, 4, 4, p, 4, p, p, 1, p);
            el.ormqrWork(lib, 4, 4, 4, p, 4, p, p, 4);
            el.ormqr(lib, 4, 4, 4, p, 4, p, p, 4, p, 1, p);
            el.syevdWork(lib, 4, p, 4, p);
            el.syevd(lib, 4, p, 4, p, p, 1, p);
            el.potrfWork(lib, 4, p, 4);
            el.potrf(lib, 4, p, 4, p, 1, p);
            assertEquals(11, calls.size(), el + ": " + calls);
            assertAllOfType(el.complex() ? 'Z' : 'D', "BlockedScalar " + el);
        }
    }

    @Test
    void aFailedCallNamesTheRoutine() {
        CuSolver failing = (CuSolver) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{CuSolver.class},
                (proxy, m, args) -> {
                    if (args != null && args[args.length - 1] instanceof IntByReference) return 7;
                    return 0;
                });
        CudaLibraries lib = new CudaLibraries(failing, recorder(CuBlas.class), new Memory(8), new Memory(8));
        JacobiException e = assertThrows(JacobiException.class, () -> lib.typed(Scalar.Z).getrfBufferSize(4, 4, new Memory(8), 4));
        assertTrue(e.getMessage().contains("getrf_bufferSize") && e.getMessage().contains("status 7"), e.getMessage());
    }
}
