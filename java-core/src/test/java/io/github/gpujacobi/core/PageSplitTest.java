package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.EigResult;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.InverseResult;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pages over simulated devices: CPU workers, one of which can be made to fail. */
class PageSplitTest {
    private static final Backend CPU = Backends.get().cpu();
    private static final SolverOptions O = SolverOptions.defaults().withCaller("test").withThreads(1);

    /** A simulated device: solves with the CPU backend, or fails as a GPU would; records the threads it ran on. */
    static final class FakeDevice<R> implements PageSplit.Worker<R> {
        final String name;
        final Function<PageArray, R> solve;
        final ErrorKind failWith;
        final Set<String> threads = ConcurrentHashMap.newKeySet();
        final List<Integer> pagesSeen = Collections.synchronizedList(new ArrayList<Integer>());
        final List<PageArray> inputs = Collections.synchronizedList(new ArrayList<PageArray>());
        final List<R> results = Collections.synchronizedList(new ArrayList<R>());

        FakeDevice(String name, Function<PageArray, R> solve, ErrorKind failWith) {
            this.name = name;
            this.solve = solve;
            this.failWith = failWith;
        }

        public String name() { return name; }

        public R solve(PageArray pages) {
            threads.add(Thread.currentThread().getName());
            pagesSeen.add(pages.pages());
            inputs.add(pages);
            if (failWith != null) throw new JacobiException(failWith, name + " lost its context");
            R r = solve.apply(pages);
            results.add(r);
            return r;
        }
    }

    private static PageArray symmetricPages(int n, int pages, long seed) {
        Random r = new Random(seed);
        PageArray a = PageArray.zeros(Precision.DOUBLE, n, n, pages);
        for (int k = 0; k < pages; k++) a.writePage(k, Matrices.symmetric(r, n));
        return a;
    }

    private static <R> List<FakeDevice<R>> devices(int count, Function<PageArray, R> solve, int... failing) {
        List<FakeDevice<R>> list = new ArrayList<FakeDevice<R>>();
        for (int d = 0; d < count; d++) {
            boolean fails = false;
            for (int f : failing) fails |= f == d;
            list.add(new FakeDevice<R>("GPU " + d, solve, fails ? ErrorKind.GPU_FAILURE : null));
        }
        return list;
    }

    @Test
    void boundsAreContiguousAndBalanced() {
        assertArrayEquals(new int[]{0, 3, 6, 10}, PageSplit.bounds(10, 3));
        assertArrayEquals(new int[]{0, 0, 1}, PageSplit.bounds(1, 2));
        for (int pages = 0; pages < 40; pages++) {
            for (int w = 1; w <= 8; w++) {
                int[] b = PageSplit.bounds(pages, w);
                assertEquals(0, b[0]);
                assertEquals(pages, b[w]);
                for (int i = 0; i < w; i++) assertTrue(b[i + 1] - b[i] == pages / w || b[i + 1] - b[i] == pages / w + 1);
            }
        }
    }

    @Test
    void eigPagesOverThreeDevicesEqualOneCall() {
        PageArray a = symmetricPages(7, 10, 1);
        EigResult whole = CPU.eig(a, O);
        List<FakeDevice<EigResult>> devs = devices(3, p -> CPU.eig(p, O));
        EigResult split = new PageSplit<EigResult>(devs, PageSplit.EIG).run(a);
        assertArrayEquals(whole.values().doubleData(), split.values().doubleData(), 0);
        assertArrayEquals(whole.vectors().doubleData(), split.vectors().doubleData(), 0);
        for (int k = 0; k < a.pages(); k++) {
            assertEquals(whole.report().sweeps(k), split.report().sweeps(k));
            assertEquals(whole.report().rotations(k), split.report().rotations(k));
            assertTrue(split.report().converged(k));
            assertTrue(Matrices.eigResidual(a, split.vectors(), split.values(), k) < 1e-13);
        }
        assertEquals(10, split.report().pages());
        String note = split.report().notes().get(split.report().notes().size() - 1);
        assertEquals("pages split over 3 devices: pages 1-3 on GPU 0, pages 4-6 on GPU 1, pages 7-10 on GPU 2", note);
        for (FakeDevice<EigResult> d : devs) assertEquals(1, d.threads.size()); // one host thread per device
        assertTrue(!devs.get(0).threads.equals(devs.get(1).threads));
    }

    @Test
    void aFailingDeviceLosesNoPage() {
        PageArray a = symmetricPages(6, 9, 2);
        EigResult whole = CPU.eig(a, O);
        List<FakeDevice<EigResult>> devs = devices(3, p -> CPU.eig(p, O), 1);
        EigResult split = new PageSplit<EigResult>(devs, PageSplit.EIG).run(a);
        assertArrayEquals(whole.values().doubleData(), split.values().doubleData(), 0);
        for (int k = 0; k < a.pages(); k++) {
            assertTrue(split.report().converged(k));
            assertTrue(Matrices.eigResidual(a, split.vectors(), split.values(), k) < 1e-13);
        }
        String note = split.report().notes().get(split.report().notes().size() - 1);
        assertTrue(note.contains("pages 4-6 on GPU 0 (GPU 1 failed: GPU 1 lost its context)"), note);
        assertTrue(note.startsWith("pages split over 3 devices: pages 1-3 on GPU 0,"), note);
        assertEquals(Collections.singletonList(3), devs.get(1).pagesSeen); // its share, not more
        assertEquals(2, devs.get(0).pagesSeen.size()); // its own pages, then the failed device's
    }

    @Test
    void whenEveryDeviceFailsTheErrorNamesEachPageRange() {
        PageArray a = symmetricPages(4, 5, 3);
        JacobiException e = assertThrows(JacobiException.class,
                () -> new PageSplit<EigResult>(devices(2, p -> CPU.eig(p, O), 0, 1), PageSplit.EIG).run(a));
        assertEquals(ErrorKind.GPU_FAILURE, e.kind());
        assertTrue(e.getMessage().contains("pages 1-2 on GPU 0: GPU 0 lost its context"), e.getMessage());
        assertTrue(e.getMessage().contains("pages 3-5 on GPU 1: GPU 1 lost its context"), e.getMessage());
    }

    @Test
    void anInputErrorIsRaisedWithItsPageRangeNotRetried() {
        PageArray a = symmetricPages(4, 4, 4);
        List<FakeDevice<EigResult>> devs = new ArrayList<FakeDevice<EigResult>>();
        devs.add(new FakeDevice<EigResult>("GPU 0", p -> CPU.eig(p, O), null));
        devs.add(new FakeDevice<EigResult>("GPU 1", p -> CPU.eig(p, O), ErrorKind.SINGULAR));
        JacobiException e = assertThrows(JacobiException.class, () -> new PageSplit<EigResult>(devs, PageSplit.EIG).run(a));
        assertEquals(ErrorKind.SINGULAR, e.kind());
        assertTrue(e.getMessage().endsWith("[in pages 3-4 of the input, run on GPU 1; page numbers above count from page 3]"),
                e.getMessage());
        assertEquals(1, devs.get(0).pagesSeen.size());
    }

    @Test
    void svdAndInversePagesInOrderWithPerPageOutcomes() {
        Random r = new Random(5);
        PageArray a = PageArray.zeros(Precision.SINGLE, 5, 3, 7);
        for (int k = 0; k < a.pages(); k++) a.writePage(k, Matrices.randn(r, 5, 3));
        SvdResult whole = CPU.svd(a, O);
        SvdResult split = new PageSplit<SvdResult>(devices(4, p -> CPU.svd(p, O), 3), PageSplit.SVD).run(a);
        assertArrayEquals(whole.s().floatData(), split.s().floatData(), 0);
        assertArrayEquals(whole.u().floatData(), split.u().floatData(), 0);
        assertArrayEquals(whole.v().floatData(), split.v().floatData(), 0);
        for (int k = 0; k < a.pages(); k++) assertEquals(whole.report().sweeps(k), split.report().sweeps(k));

        PageArray b = PageArray.zeros(Precision.DOUBLE, 3, 3, 5);
        for (int k = 0; k < b.pages(); k++) b.writePage(k, k == 3 ? new double[9] : Matrices.wellConditioned(r, 3));
        InverseResult wi = CPU.inv(b, O);
        InverseResult si = new PageSplit<InverseResult>(devices(2, p -> CPU.inv(p, O)), PageSplit.INV).run(b);
        assertArrayEquals(wi.rcond(), si.rcond(), 0);
        for (int k = 0; k < b.pages(); k++) assertEquals(k == 3, si.singular(k));
        assertArrayEquals(wi.inverse().doubleData(), si.inverse().doubleData(), 0);
    }

    @Test
    void fewerPagesThanDevicesUseFewerDevices() {
        PageArray a = symmetricPages(3, 2, 6);
        List<FakeDevice<EigResult>> devs = devices(4, p -> CPU.eig(p, O));
        EigResult split = new PageSplit<EigResult>(devs, PageSplit.EIG).run(a);
        assertEquals(2, split.report().pages());
        assertTrue(devs.get(2).pagesSeen.isEmpty() && devs.get(3).pagesSeen.isEmpty());
    }

    @Test
    void sharesReadTheCallersPagesAndWriteTheCallsOutputsInPlace() {
        PageArray a = symmetricPages(9, 11, 7);
        EigResult whole = CPU.eig(a, O);
        List<FakeDevice<EigResult>> devs = devices(3, p -> CPU.eig(p, O));
        EigResult split = new PageSplit<EigResult>(devs, PageSplit.EIG).run(a);
        int[] b = PageSplit.bounds(11, 3);
        for (int d = 0; d < 3; d++) {
            PageArray in = devs.get(d).inputs.get(0);
            assertTrue(in.isWindowOf(a, b[d]) && in.pages() == b[d + 1] - b[d], "device " + d + ": no copy of its share");
            EigResult share = devs.get(d).results.get(0);
            assertTrue(share.values().isWindowOf(split.values(), b[d]), "device " + d + ": values written in place");
            assertTrue(share.vectors().isWindowOf(split.vectors(), b[d]), "device " + d + ": vectors written in place");
        }
        assertEquals(0, split.values().offset());
        assertEquals(11 * 9 * 9, split.vectors().doubleData().length, "the whole outputs, not a window");
        assertArrayEquals(whole.values().doubleData(), split.values().doubleData(), 0);
        assertArrayEquals(whole.vectors().doubleData(), split.vectors().doubleData(), 0);

        PageArray s = PageArray.zeros(Precision.SINGLE, 6, 4, 5);
        Random r = new Random(8);
        for (int k = 0; k < s.pages(); k++) s.writePage(k, Matrices.randn(r, 6, 4));
        List<FakeDevice<SvdResult>> svdDevs = devices(2, p -> CPU.svd(p, O));
        SvdResult svd = new PageSplit<SvdResult>(svdDevs, PageSplit.SVD).run(s);
        assertTrue(svdDevs.get(1).results.get(0).u().isWindowOf(svd.u(), 2));
        assertArrayEquals(CPU.svd(s, O).s().floatData(), svd.s().floatData(), 0);
    }

    @Test
    void aRetryReplacesWhatTheFailedDeviceWroteIntoItsWindow() {
        PageArray a = symmetricPages(5, 8, 9);
        EigResult whole = CPU.eig(a, O);
        List<FakeDevice<EigResult>> devs = new ArrayList<FakeDevice<EigResult>>();
        devs.add(new FakeDevice<EigResult>("GPU 0", p -> CPU.eig(p, O), null));
        devs.add(new FakeDevice<EigResult>("GPU 1", p -> {
            PageOutputs.Eig out = PageOutputs.eig(p, true); // its window of the call's outputs, then a failure half-way
            for (int i = 0; i < out.vectors.length(); i++) out.vectors.set(i % 5, (i / 5) % 5, i / 25, Double.NaN);
            for (int k = 0; k < p.pages(); k++) out.values.writePage(k, new double[]{-1, -1, -1, -1, -1});
            throw new JacobiException(ErrorKind.GPU_FAILURE, "GPU 1 lost its context");
        }, null));
        EigResult split = new PageSplit<EigResult>(devs, PageSplit.EIG).run(a);
        assertArrayEquals(whole.values().doubleData(), split.values().doubleData(), 0);
        assertArrayEquals(whole.vectors().doubleData(), split.vectors().doubleData(), 0);
        assertTrue(split.report().notes().get(split.report().notes().size() - 1)
                .contains("pages 5-8 on GPU 0 (GPU 1 failed: GPU 1 lost its context)"));
    }

    @Test
    void anAllocationBesideTheSharesOutputsGetsArraysOfItsOwn() {
        PageArray a = symmetricPages(4, 6, 10);
        List<FakeDevice<EigResult>> devs = devices(2, p -> {
            PageOutputs.Eig scratch = PageOutputs.eig(p, true); // claims the share's window first
            EigResult r = CPU.eig(p, O);
            assertTrue(!r.values().isWindowOf(scratch.values, 0), "the route's own outputs are not the scratch");
            for (int k = 0; k < p.pages(); k++) scratch.values.writePage(k, new double[]{7, 7, 7, 7});
            return r;
        });
        EigResult split = new PageSplit<EigResult>(devs, PageSplit.EIG).run(a);
        assertArrayEquals(CPU.eig(a, O).values().doubleData(), split.values().doubleData(), 0, "copied over the scratch");
    }
}
