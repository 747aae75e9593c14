package io.github.gpujacobi.cpu;

import io.github.gpujacobi.testing.HighPrecisionEigenvalues;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The cached 40-digit references are what the BigDecimal computation gives, and belong to their input only. */
class HighPrecisionReferencesTest {
    /** IndefiniteEigTest's graded n = 31 input, whose reference is a resource. */
    private static final double[] GRADED = IndefiniteEigTest.gradedIndefinite(new Random(4100 + 31), 31);

    @Test
    void aCachedReferenceEqualsTheComputedOne() {
        String key = HighPrecisionEigenvalues.key(GRADED, 31);
        assertNotNull(HighPrecisionEigenvalues.class.getResource("references/" + key + ".txt"), key + " is not cached");
        assertArrayEquals(HighPrecisionEigenvalues.compute(GRADED, 31), HighPrecisionEigenvalues.of(GRADED, 31));
    }

    @Test
    void theKeyChangesWithOneBitOfTheInputOrTheOrder() {
        double[] flipped = GRADED.clone();
        flipped[5 * 31 + 7] = Math.nextUp(flipped[5 * 31 + 7]);
        assertNotEquals(HighPrecisionEigenvalues.key(GRADED, 31), HighPrecisionEigenvalues.key(flipped, 31));
        assertNotEquals(HighPrecisionEigenvalues.key(GRADED, 31), HighPrecisionEigenvalues.key(GRADED, 30));
    }
}
