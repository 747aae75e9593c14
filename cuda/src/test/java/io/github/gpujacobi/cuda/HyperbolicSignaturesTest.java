package io.github.gpujacobi.cuda;

import io.github.gpujacobi.core.ChessTournament;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blocked hyperbolic Jacobi's signature bookkeeping, checked without a GPU: every pair of every
 * step sees the signs of the logical columns its two blocks hold (blocks move between slots, never
 * their columns), padding columns count as +1, and the pair kernel's shared memory fits the device.
 */
class HyperbolicSignaturesTest {
    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "5, 2", "7, 4", "33, 16", "100, 32", "130, 32"})
    void everyPairSeesItsColumnsSigns(int n, int b) {
        int blocks = (n + b - 1) / b, nb = Math.max(2, blocks + (blocks & 1)); // as CudaBlockedSvd.solve pads
        int[] signs = new int[n];
        for (int c = 0; c < n; c++) signs[c] = (c * c + c / 3) % 3 == 0 ? -1 : 1; // irregular, both signs
        ChessTournament ct = new ChessTournament(nb);
        int[] out = CudaBlockedSvd.pairSignatures(ct, signs, n, b);
        int half = nb / 2, q2 = 2 * b;
        assertEquals(ct.steps() * half * q2, out.length);
        for (int s = 0; s < ct.steps(); s++) {
            int[] seen = new int[nb * b];
            for (int k = 0; k < half; k++) {
                for (int i = 0; i < q2; i++) {
                    int block = i < b ? ct.p(s, k) : ct.q(s, k), c = block * b + i % b;
                    seen[c]++;
                    assertEquals(c < n ? signs[c] : 1, out[(s * half + k) * q2 + i], "step " + s + " pair " + k + " column " + i);
                }
            }
            for (int c = 0; c < nb * b; c++) assertEquals(1, seen[c], "every column in exactly one pair, step " + s);
        }
    }

    @ParameterizedTest
    @CsvSource({"2", "4", "8", "16", "32", "64", "128"})
    void pairKernelSharedMemoryFitsAnH100(int q2) {
        int bytes = CudaBlockedSvd.pairBytes(q2, BlockedScalar.REAL.bytes);
        // A (q2 x (q2 + 1) doubles), and the polish's second matrix where the kernel polishes (hyperbolic: always)
        assertEquals(8 * q2 * (q2 + 1) * (q2 <= 64 ? 2 : 1), bytes);
        assertTrue(bytes <= 227 * 1024 - 8 * 1024, bytes + " bytes: more than an H100 block may opt in to, with the static arrays");
        assertEquals(q2 <= 64, CudaBlockedSvd.polishedInKernel(q2), "the kernel polishes up to 2b = 64, the caller beyond");
        assertTrue(CudaBlockedSvd.pairScratch(q2) >= (q2 <= 64 ? 3L * (q2 - 1) * (q2 / 2) : 2L * q2 * q2), "room for the rotations or J R and R J");
    }

    /** The cross ordering's diagonal step: physical block slot[0][x] carries logical block x's signs (+1 for padding). */
    @ParameterizedTest
    @CsvSource({"1, 1", "5, 2", "7, 4", "33, 16", "100, 32", "130, 32"})
    void diagonalStepSeesItsBlocksSigns(int n, int b) {
        int blocks = (n + b - 1) / b, nb = Math.max(2, blocks + (blocks & 1));
        int[] signs = new int[n];
        for (int c = 0; c < n; c++) signs[c] = (c * c + c / 3) % 3 == 0 ? -1 : 1;
        ChessTournament ct = new ChessTournament(nb);
        int[] slot0 = new int[nb]; // as CudaBlockedSvd.solve lays out step 0
        for (int k = 0; k < nb / 2; k++) {
            slot0[ct.p(0, k)] = 2 * k;
            slot0[ct.q(0, k)] = 2 * k + 1;
        }
        int[] out = CudaBlockedSvd.blockSignatures(slot0, signs, n, b);
        assertEquals(nb * b, out.length);
        for (int x = 0; x < nb; x++) {
            for (int i = 0; i < b; i++) {
                int c = x * b + i;
                assertEquals(c < n ? signs[c] : 1, out[slot0[x] * b + i], "logical block " + x + " column " + i);
            }
        }
    }
}
