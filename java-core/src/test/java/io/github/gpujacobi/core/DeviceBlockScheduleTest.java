package io.github.gpujacobi.core;

import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.api.SvdResult;
import io.github.gpujacobi.testing.Matrices;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The multi-device blocked Jacobi schedule, run on simulated devices: each device holds only its
 * slots' blocks, solves its own pairs and hands blocks on by the schedule's moves alone.
 */
class DeviceBlockScheduleTest {

    /** Block ids per device and slot at step 0, as the driver uploads them. */
    private static int[][] initial(DeviceBlockSchedule sch) {
        int[][] held = new int[sch.devices()][];
        for (int d = 0; d < sch.devices(); d++) {
            held[d] = new int[2 * sch.pairs(d)];
            Arrays.fill(held[d], -1);
        }
        for (int x = 0; x < sch.blocks(); x++) held[sch.device(0, x)][sch.slot(0, x)] = x;
        return held;
    }

    /** Applies the moves of step s; every destination slot is written exactly once. */
    private static <T> T[][] move(DeviceBlockSchedule sch, int s, T[][] held, T[][] next) {
        for (T[] row : next) Arrays.fill(row, null);
        for (DeviceBlockSchedule.Move m : sch.moves(s)) {
            assertTrue(next[m.toDevice][m.toSlot] == null, "slot written twice: " + m);
            next[m.toDevice][m.toSlot] = held[m.fromDevice][m.fromSlot];
        }
        for (T[] row : next) for (T x : row) assertTrue(x != null, "slot left empty after step " + s);
        return next;
    }

    @Test
    void simulatedDevicesPairBlocksExactlyAsTheSingleDeviceTournament() {
        for (int blocks = 2; blocks <= 20; blocks += 2) {
            for (int devs = 1; devs <= blocks / 2; devs++) {
                DeviceBlockSchedule sch = new DeviceBlockSchedule(blocks, devs);
                ChessTournament ct = new ChessTournament(blocks);
                int[][] ids = initial(sch);
                Integer[][] held = new Integer[devs][], spare = new Integer[devs][];
                for (int d = 0; d < devs; d++) {
                    held[d] = new Integer[ids[d].length];
                    spare[d] = new Integer[ids[d].length];
                    for (int i = 0; i < ids[d].length; i++) held[d][i] = ids[d][i];
                }
                int peer = 0;
                for (int sweep = 0; sweep < 2; sweep++) {
                    for (int s = 0; s < ct.steps(); s++) {
                        // what the devices actually hold, pair by pair, must be the tournament's pairs in order
                        int k = 0;
                        for (int d = 0; d < devs; d++) {
                            assertEquals(sch.firstPair(d), k);
                            for (int j = 0; j < sch.pairs(d); j++, k++) {
                                assertEquals(ct.p(s, k), (int) held[d][2 * j], "blocks " + blocks + ", devices " + devs);
                                assertEquals(ct.q(s, k), (int) held[d][2 * j + 1]);
                            }
                        }
                        assertEquals(ct.pairsPerStep(), k);
                        for (DeviceBlockSchedule.Move m : sch.moves(s)) if (m.peer()) peer++;
                        Integer[][] t = move(sch, s, held, spare);
                        spare = held;
                        held = t;
                    }
                }
                assertEquals(2 * sch.peerCopiesPerSweep(), peer);
                if (devs == 1) assertEquals(0, peer);
                else assertTrue(peer > 0);
            }
        }
    }

    @Test
    void rejectsShapesItCannotSchedule() {
        assertThrows(IllegalArgumentException.class, () -> new DeviceBlockSchedule(5, 2));
        assertThrows(IllegalArgumentException.class, () -> new DeviceBlockSchedule(4, 3));
        assertThrows(IllegalArgumentException.class, () -> new DeviceBlockSchedule(4, 0));
    }

    /**
     * The blocked one-sided Jacobi SVD with the blocks spread over simulated devices: each device's
     * pairs are orthogonalised by a CPU reference (one cyclic one-sided sweep over the pair's 2b
     * columns, the relative test, core/JacobiRotation), blocks then travel only by the moves.
     */
    @Test
    void simulatedDevicesConvergeToTheSvd() {
        Random r = new Random(11);
        int m = 23, n = 19, b = 3, blocks = 8; // 7 blocks of G padded to 8, n not a multiple of b, m != n
        double[] a = Matrices.randn(r, m, n);
        for (int c = 0; c < n; c++) for (int i = 0; i < m; i++) a[i + c * m] *= Math.pow(10, -c / 3.0); // graded columns
        int cols = blocks * b, ld = m + cols;
        for (int devs : new int[]{1, 2, 3, 4}) {
            DeviceBlockSchedule sch = new DeviceBlockSchedule(blocks, devs);
            double[][][] held = new double[devs][][], spare = new double[devs][][];
            for (int d = 0; d < devs; d++) {
                held[d] = new double[2 * sch.pairs(d)][];
                spare[d] = new double[2 * sch.pairs(d)][];
            }
            for (int x = 0; x < blocks; x++) { // block x: columns x*b.. of [G; I], zero beyond n
                double[] blk = new double[ld * b];
                for (int j = 0; j < b; j++) {
                    int c = x * b + j;
                    if (c < n) System.arraycopy(a, c * m, blk, j * ld, m);
                    blk[j * ld + m + c] = 1;
                }
                held[sch.device(0, x)][sch.slot(0, x)] = blk;
            }
            double tol = 1e-15 * Math.sqrt(n);
            int sweeps = 0;
            long rotated;
            do {
                rotated = 0;
                sweeps++;
                for (int s = 0; s < sch.steps(); s++) {
                    for (int d = 0; d < devs; d++) {
                        for (int j = 0; j < sch.pairs(d); j++) rotated += pairSweep(held[d][2 * j], held[d][2 * j + 1], m, ld, b, tol);
                    }
                    double[][][] t = move(sch, s, held, spare);
                    spare = held;
                    held = t;
                }
            } while (rotated > 0 && sweeps < 30);
            assertTrue(rotated == 0, "did not converge on " + devs + " simulated devices");
            // gather: after the last step's moves the blocks sit where step 0 wants them
            double[] u = new double[m * n], v = new double[n * n], sigma = new double[n];
            for (int x = 0; x < blocks; x++) {
                double[] blk = held[sch.device(0, x)][sch.slot(0, x)];
                for (int j = 0; j < b; j++) {
                    int c = x * b + j;
                    if (c >= n) continue;
                    System.arraycopy(blk, j * ld, u, c * m, m);
                    System.arraycopy(blk, j * ld + m, v, c * n, n);
                }
            }
            for (int c = 0; c < n; c++) {
                double ss = 0;
                for (int i = 0; i < m; i++) ss += u[i + c * m] * u[i + c * m];
                sigma[c] = Math.sqrt(ss);
            }
            double[] sorted = sigma.clone();
            Arrays.sort(sorted);
            SvdResult ref = Backends.get().cpu().svd(PageArray.wrap(a.clone(), m, n), SolverOptions.defaults().withThreads(1));
            for (int i = 0; i < n; i++) {
                double want = ref.s().get(i), got = sorted[n - 1 - i];
                assertTrue(Math.abs(got - want) <= 1e-13 * want, devs + " devices: sigma " + i + " " + got + " vs " + want);
            }
            // A V = G W: V orthogonal and the columns of A V mutually orthogonal
            PageArray vp = PageArray.wrap(v, n, n);
            assertTrue(Matrices.orthogonality(vp, 0) < 1e-13);
            double[] av = new double[m * n];
            for (int c = 0; c < n; c++) for (int k = 0; k < n; k++) for (int i = 0; i < m; i++) av[i + c * m] += a[i + k * m] * v[k + c * n];
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    double dot = 0;
                    for (int i = 0; i < m; i++) dot += u[i + p * m] * u[i + q * m];
                    assertTrue(Math.abs(dot) <= 1e-13 * sigma[p] * sigma[q], "columns " + p + ", " + q);
                }
                for (int i = 0; i < m; i++) assertEquals(av[i + p * m], u[i + p * m], 1e-13 * sigma[0]);
            }
        }
    }

    /** One cyclic one-sided Jacobi sweep over the 2b columns of a block pair (G part decides, [G; V] rotates). */
    private static long pairSweep(double[] x, double[] y, int m, int ld, int b, double tol) {
        long rotations = 0;
        for (int p = 0; p < 2 * b; p++) {
            for (int q = p + 1; q < 2 * b; q++) {
                double[] cp = p < b ? x : y, cq = q < b ? x : y;
                int op = (p % b) * ld, oq = (q % b) * ld;
                double app = 0, aqq = 0, apq = 0;
                for (int i = 0; i < m; i++) {
                    app += cp[op + i] * cp[op + i];
                    aqq += cq[oq + i] * cq[oq + i];
                    apq += cp[op + i] * cq[oq + i];
                }
                if (JacobiRotation.negligible(apq, app, aqq, tol)) continue;
                double t = JacobiRotation.tangent(app, aqq, apq), c = JacobiRotation.cosine(t), s = t * c;
                for (int i = 0; i < ld; i++) {
                    double gp = cp[op + i], gq = cq[oq + i];
                    cp[op + i] = c * gp - s * gq;
                    cq[oq + i] = s * gp + c * gq;
                }
                rotations++;
            }
        }
        return rotations;
    }
}
