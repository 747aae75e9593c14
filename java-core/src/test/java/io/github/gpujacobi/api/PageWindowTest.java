package io.github.gpujacobi.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A window onto pages of an array (a device's share of a split call) reads and writes those pages of the array's own
 * storage, and every accessor counts from the window's first page, never from the array's.
 */
class PageWindowTest {
    /** 2 x 3 pages, page k holding 100 k + its linear index. */
    private static PageArray numbered(Precision p, int pages) {
        PageArray a = PageArray.zeros(p, 2, 3, pages);
        for (int i = 0; i < a.length(); i++) a.set(i % 2, (i / 2) % 3, i / 6, 100 * (i / 6) + i % 6);
        return a;
    }

    @Test
    void aWindowReadsAndWritesItsPagesInPlace() {
        for (Precision p : Precision.values()) {
            PageArray a = numbered(p, 5), w = a.window(2, 2);
            assertEquals(2, w.pages());
            assertEquals(12, w.length());
            assertEquals(12, w.offset());
            assertSame(a.doubleData(), w.doubleData());
            assertSame(a.floatData(), w.floatData());
            assertEquals(203, w.get(1, 1, 0));
            assertEquals(305, w.get(11));
            assertArrayEquals(a.pageAsDouble(3), w.pageAsDouble(1));
            assertArrayEquals(a.pages(2, 2).pageAsDouble(0), w.pages(0, 2).pageAsDouble(0));
            assertArrayEquals(a.page(3).pageAsDouble(0), w.page(1).pageAsDouble(0));
            assertArrayEquals(a.pageAsDouble(2), w.copy().pageAsDouble(0));
            assertArrayEquals(a.pageAsDouble(3), w.to(Precision.DOUBLE).pageAsDouble(1));
            assertEquals(2, w.copy().pages());

            w.set(0, 2, 1, -7);
            assertEquals(-7, a.get(0, 2, 3), "set lands in the array's page 3");
            w.writePage(0, new double[]{9, 9, 9, 9, 9, 9});
            assertEquals(9, a.get(1, 2, 2));
            w.write(6, new double[]{1, 2}, 0, 2);
            assertEquals(1, a.get(0, 0, 3));
            assertEquals(2, a.get(1, 0, 3));
            PageArray src = numbered(p, 1);
            a.window(1, 3).writePages(1, src);
            assertArrayEquals(src.pageAsDouble(0), a.pageAsDouble(2));
            w.writePages(1, a.window(0, 1));
            assertArrayEquals(a.pageAsDouble(0), a.pageAsDouble(3));
            assertEquals(400, a.get(0, 0, 4), "the pages after the window untouched");
            assertEquals(104, a.get(0, 2, 1), "and those before it");
        }
    }

    @Test
    void windowsOfWindowsAndTheirPlace() {
        PageArray a = numbered(Precision.DOUBLE, 6), w = a.window(1, 4), ww = w.window(2, 2);
        assertEquals(18, ww.offset());
        assertEquals(300, ww.get(0, 0, 0));
        assertTrue(ww.isWindowOf(a, 3));
        assertTrue(ww.isWindowOf(w, 2));
        assertFalse(ww.isWindowOf(a, 2));
        assertFalse(ww.isWindowOf(a.copy(), 3), "another array's storage");
        assertFalse(PageArray.zeros(Precision.DOUBLE, 3, 2, 6).isWindowOf(a, 0), "another shape");
        assertTrue(a.isWindowOf(a, 0));
        assertThrows(JacobiException.class, () -> a.window(5, 2));
        assertThrows(JacobiException.class, () -> w.window(-1, 1));
        assertEquals(0, a.window(6, 0).pages());
    }

    @Test
    void theFiniteScanReadsOnlyTheWindow() {
        int n = 512; // pages of n x n: large enough for the parallel scan
        for (Precision p : Precision.values()) {
            PageArray a = PageArray.zeros(p, n, n, 4);
            a.set(n - 1, n - 1, 0, Double.NaN);
            a.set(0, 0, 3, Double.POSITIVE_INFINITY);
            assertTrue(HostScan.allFinite(a.window(1, 2)), p + ": NaN and Inf lie outside the window");
            assertFalse(HostScan.allFinite(a.window(0, 2)), p.toString());
            assertFalse(HostScan.allFinite(a.window(3, 1)), p.toString());
            a.set(5, 7, 2, Double.NaN);
            assertFalse(HostScan.allFinite(a.window(1, 2)), p.toString());
        }
    }
}
