package io.github.gpujacobi.cuda;

import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.cli.Main;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Without a GPU (CI) the provider must report why, never throw past ServiceLoader; with one, the
 * verify command's checks (the same ones cuda/gpu-verify.sh runs) must all pass. The GPU test is
 * skipped, visibly, where there is none.
 */
class CudaBackendTest {
    @Test
    void providerReportsWhyThereIsNoGpu() {
        assumeTrue(Backends.get().gpu() == null, "a GPU is here: verifyPassesOnTheGpu covers it");
        boolean listed = false;
        for (BackendInfo m : Backends.get().missing()) {
            if (m.name().equals("cuda")) {
                listed = true;
                assertFalse(m.summary().isEmpty());
            }
        }
        assertTrue(listed, "the cuda provider should be listed as unavailable: " + Backends.get().whyNoGpu());
        JacobiException e = assertThrows(JacobiException.class, () -> new CudaBackendProvider().create());
        assertEquals(ErrorKind.NO_GPU, e.kind());
    }

    @Test
    void verifyPassesOnTheGpu() {
        assumeTrue(Backends.get().gpu() != null, "no GPU here: " + Backends.get().whyNoGpu());
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        int rc = Main.run(new String[]{"verify", "--device", "gpu", "--sizes", "1,2,7,33,100"}, out, out);
        String text = buf.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, text);
        assertTrue(text.contains(" 0 failed"), text);
    }
}
