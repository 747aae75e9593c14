package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.core.Residuals;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The multi-GPU paths on whatever GPUs there are: with one GPU, two and three logical devices on it
 * ("0,0", "0,0,0"; each with its own context, blocks moving between them by cuMemcpyPeerAsync),
 * against the same call on one device. Skipped without a GPU.
 */
class CudaMultiGpuTest {
    private static final int[] ONE = {0}, TWO = {0, 0}, THREE = {0, 0, 0};

    @BeforeAll
    static void smallMatricesSplitToo() {
        System.setProperty("gpujacobi.cuda.multiGpuFrom", "300");
        PageSplitRule.override = 0.0; // these few small pages split too
    }

    @AfterAll
    static void restore() {
        System.clearProperty("gpujacobi.cuda.multiGpuFrom");
        PageSplitRule.override = null;
    }

    @BeforeEach
    void gpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
    }

    private static SolverOptions on(int[] gpus) {
        return SolverOptions.defaults().withDevice("gpu").withCaller("multigpu").withGpus(gpus);
    }

    private static String lastNote(io.github.gpujacobi.api.RunReport r) {
        return String.join(" | ", r.notes());
    }

    private static PageArray symmetric(int n, int pages, long seed, boolean spd) {
        Random r = new Random(seed);
        PageArray a = PageArray.zeros(Precision.DOUBLE, n, n, pages);
        for (int k = 0; k < pages; k++) a.writePage(k, spd ? Matrices.spd(r, n) : Matrices.symmetric(r, n));
        return a;
    }

    @Test
    void eigPagesOverTwoLogicalDevicesEqualOneDevice() {
        for (int n : new int[]{64, 200}) { // the batched kernel, and the per-page MCA path
            PageArray a = symmetric(n, 9, n, false);
            EigResult one = Jacobi.eig(a, on(ONE)), two = Jacobi.eig(a, on(TWO));
            assertTrue(lastNote(two.report()).contains("pages split over 2 devices: pages 1-4 on GPU 0 (logical 0), "
                    + "pages 5-9 on GPU 0 (logical 1)"), lastNote(two.report()));
            for (int k = 0; k < a.pages(); k++) {
                assertTrue(Residuals.eig(a, two.vectors(), two.values(), k) < 1e-12);
                assertTrue(Residuals.orthogonality(two.vectors(), k) < 1e-12);
                assertTrue(two.report().converged(k));
                for (int i = 0; i < n; i++) {
                    assertEquals(one.values().get(i, 0, k), two.values().get(i, 0, k), 1e-12 * Math.abs(one.values().get(n - 1, 0, k)));
                }
            }
        }
    }

    @Test
    void svdAndInversePagesOverThreeLogicalDevices() {
        Random r = new Random(3);
        PageArray a = PageArray.zeros(Precision.SINGLE, 70, 50, 7);
        for (int k = 0; k < a.pages(); k++) a.writePage(k, Matrices.randn(r, 70, 50));
        SvdResult one = Jacobi.svd(a, on(ONE)), three = Jacobi.svd(a, on(THREE));
        for (int k = 0; k < a.pages(); k++) {
            assertTrue(Residuals.svd(a, three.u(), three.s(), three.v(), k) < 1e-5);
            for (int i = 0; i < 50; i++) assertEquals(one.s().get(i, 0, k), three.s().get(i, 0, k), 1e-5 * one.s().get(0, 0, k));
        }
        assertTrue(lastNote(three.report()).contains("pages split over 3 devices"), lastNote(three.report()));
        PageArray b = PageArray.zeros(Precision.DOUBLE, 100, 100, 5);
        for (int k = 0; k < b.pages(); k++) b.writePage(k, Matrices.wellConditioned(r, 100));
        InverseResult inv = Jacobi.inv(b, on(TWO));
        for (int k = 0; k < b.pages(); k++) assertTrue(Residuals.inverse(b, inv.inverse(), k) < 1e-12);
    }

    @Test
    void oneMatrixAcrossLogicalDevicesMatchesOneDevice() {
        Random r = new Random(7);
        int m = 420, n = 333; // 11 blocks of 32, padded to 12: 6 pairs per step over 2 and 3 devices
        PageArray a = PageArray.wrap(Matrices.randn(r, m, n), m, n);
        SolverOptions blocked = on(ONE).withMethod("blocked");
        SvdResult one = Jacobi.svd(a, blocked);
        for (int[] gpus : new int[][]{TWO, THREE}) {
            SvdResult split = Jacobi.svd(a, blocked.withGpus(gpus));
            String note = lastNote(split.report());
            assertTrue(note.contains("one matrix across " + gpus.length + " GPUs") && note.contains("peer copies"), note);
            assertTrue(split.report().converged());
            assertTrue(Residuals.svd(a, split.u(), split.s(), split.v(), 0) < 1e-12, "residual");
            assertTrue(Residuals.orthogonality(split.u(), 0) < 1e-12 && Residuals.orthogonality(split.v(), 0) < 1e-12);
            for (int i = 0; i < n; i++) assertEquals(one.s().get(i), split.s().get(i), 1e-13 * one.s().get(0));
        }
        PageArray spd = symmetric(360, 1, 8, true);
        EigResult e1 = Jacobi.eig(spd, on(ONE).withMethod("blocked")), e2 = Jacobi.eig(spd, on(TWO).withMethod("blocked"));
        assertTrue(lastNote(e2.report()).contains("one matrix across 2 GPUs"), lastNote(e2.report()));
        assertTrue(Residuals.eig(spd, e2.vectors(), e2.values(), 0) < 1e-12);
        for (int i = 0; i < 360; i++) assertEquals(e1.values().get(i), e2.values().get(i), 1e-12 * e1.values().get(359));
        // not positive definite: the one-GPU path's fallback (two-sided Jacobi), not the split
        PageArray ind = symmetric(360, 1, 9, false);
        EigResult e3 = Jacobi.eig(ind, on(TWO).withMethod("blocked"));
        assertTrue(Residuals.eig(ind, e3.vectors(), e3.values(), 0) < 1e-12);
        assertTrue(!lastNote(e3.report()).contains("one matrix across"), lastNote(e3.report()));
        // indefinite with a positive diagonal: the split's potrf is tried and fails, and its time joins the one-GPU route's
        for (int i = 0; i < 360; i++) ind.set(i, i, Math.abs(ind.get(i, i)) + 1);
        EigResult e4 = Jacobi.eig(ind, on(TWO).withMethod("blocked"));
        assertTrue(Residuals.eig(ind, e4.vectors(), e4.values(), 0) < 1e-12);
        assertTrue(Residuals.orthogonality(e4.vectors(), 0) < 1e-12);
        assertTrue(e4.values().get(0) < 0 && e4.values().get(359) > 0, "indefinite");
        assertTrue(!lastNote(e4.report()).contains("one matrix across"), lastNote(e4.report()));
        assertTrue(e4.report().computeNanos() > 0, "device time reported");
    }

    @Test
    void sharesCheckTheirInputOnTheirDevice() {
        // the split checks on the devices, not on the host: a bad entry in either share is found there, as on one GPU
        PageArray a = symmetric(64, 9, 11, false);
        a.set(3, 5, 7, Double.NaN);
        a.set(5, 3, 7, Double.NaN);
        JacobiException one = assertThrows(JacobiException.class, () -> Jacobi.eig(a, on(ONE)));
        JacobiException two = assertThrows(JacobiException.class, () -> Jacobi.eig(a, on(TWO)));
        assertEquals(one.kind(), two.kind());
        assertTrue(two.getMessage().contains("pages 5-9 of the input"), two.getMessage());
        PageArray b = symmetric(64, 9, 12, false);
        b.set(1, 2, 1, b.get(1, 2, 1) + 1);
        JacobiException asym = assertThrows(JacobiException.class, () -> Jacobi.eig(b, on(TWO)));
        assertEquals(assertThrows(JacobiException.class, () -> Jacobi.eig(b, on(ONE))).kind(), asym.kind());
        assertTrue(asym.getMessage().contains("pages 1-4 of the input"), asym.getMessage());
        PageArray c = PageArray.zeros(Precision.DOUBLE, 70, 50, 5);
        Random r = new Random(13);
        for (int k = 0; k < c.pages(); k++) c.writePage(k, Matrices.randn(r, 70, 50));
        c.set(0, 0, 4, Double.POSITIVE_INFINITY);
        assertEquals(assertThrows(JacobiException.class, () -> Jacobi.svd(c, on(ONE))).kind(),
                assertThrows(JacobiException.class, () -> Jacobi.svd(c, on(TWO))).kind());
    }

    @Test
    void blockedSharesReadAndWriteTheCallersPagesInPlace() {
        // pages of 768: each share's pages go up and its vectors come down through the pinned staging, at its window
        PageArray a = symmetric(768, 3, 14, true);
        EigResult one = Jacobi.eig(a, on(ONE)), two = Jacobi.eig(a, on(TWO));
        assertTrue(lastNote(two.report()).contains("page 1 on GPU 0 (logical 0), pages 2-3 on GPU 0 (logical 1)"),
                lastNote(two.report()));
        for (int k = 0; k < a.pages(); k++) {
            assertTrue(Residuals.eig(a, two.vectors(), two.values(), k) < 1e-12, "page " + k);
            assertTrue(Residuals.orthogonality(two.vectors(), k) < 1e-12, "page " + k);
            for (int i = 0; i < 768; i++) {
                assertEquals(one.values().get(i, 0, k), two.values().get(i, 0, k), 1e-12 * one.values().get(767, 0, k));
            }
        }
        SvdResult s1 = Jacobi.svd(a, on(ONE)), s2 = Jacobi.svd(a, on(TWO));
        for (int k = 0; k < a.pages(); k++) {
            assertTrue(Residuals.svd(a, s2.u(), s2.s(), s2.v(), k) < 1e-12, "page " + k);
            for (int i = 0; i < 768; i++) assertEquals(s1.s().get(i, 0, k), s2.s().get(i, 0, k), 1e-12 * s1.s().get(0, 0, k));
        }
    }

    @Test
    void aGpuThatIsNotThereIsNamed() {
        JacobiException e = assertThrows(JacobiException.class, () -> Jacobi.eig(symmetric(8, 2, 1, false), on(new int[]{0, 99})));
        assertEquals(ErrorKind.BAD_OPTION, e.kind());
        assertTrue(e.getMessage().contains("names GPU 99 but the CUDA driver sees"), e.getMessage());
    }
}
