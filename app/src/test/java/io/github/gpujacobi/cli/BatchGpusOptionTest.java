package io.github.gpujacobi.cli;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** batch --gpus and the older --device-index (no GPU needed: options only). */
class BatchGpusOptionTest {
    private static BatchOptions parse(String... extra) {
        String[] base = {"--op", "eig", "in.mat", "-o", "out"};
        String[] all = Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return BatchOptions.parse(Arrays.asList(all));
    }

    @Test
    void gpusListAndDeviceIndexMeanTheSame() {
        assertNull(parse().solver.gpus());
        assertArrayEquals(new int[]{0, 1}, parse("--device", "gpu", "--gpus", "0,1").solver.gpus());
        assertArrayEquals(new int[]{1}, parse("--device-index", "1").solver.gpus());
        assertNull(parse("--gpus", "all").solver.gpus());
        assertEquals("batch", parse("--gpus", "0").solver.caller());
    }

    @Test
    void badCombinationsAreUsageErrors() {
        UsageException both = assertThrows(UsageException.class, () -> parse("--gpus", "0", "--device-index", "1"));
        assertTrue(both.getMessage().contains("--gpus or --device-index"), both.getMessage());
        UsageException cpu = assertThrows(UsageException.class, () -> parse("--device", "cpu", "--gpus", "0,1"));
        assertEquals("--gpus selects GPUs, but --device is cpu", cpu.getMessage());
        UsageException bad = assertThrows(UsageException.class, () -> parse("--gpus", "one"));
        assertTrue(bad.getMessage().startsWith("--gpus: Gpus must list GPU indices"), bad.getMessage());
    }
}
