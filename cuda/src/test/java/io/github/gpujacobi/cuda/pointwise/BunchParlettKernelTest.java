package io.github.gpujacobi.cuda.pointwise;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bunch_parlett.cu takes its pivot rule from core/BunchParlett, not a copy of the constant: alpha is a
 * kernel argument (CudaBunchParlett passes BunchParlett.ALPHA) and the 1 x 1 test is
 * BunchParlett.oneByOne's mu1 >= alpha mu0 (alpha squared for the complex build's squared moduli). Checked on the
 * source, no GPU needed.
 */
class BunchParlettKernelTest {
    @Test
    void kernelTakesAlphaFromJava() throws IOException {
        String cu = new String(Files.readAllBytes(Paths.get("src/main/cuda/bunch_parlett.cu")), StandardCharsets.UTF_8);
        assertTrue(cu.contains("double alpha)"), "alpha is the kernel's last argument");
        // the 1 x 1 rule of BunchParlett.oneByOne; the complex build compares squared moduli, so alpha squared there
        assertTrue(cu.contains("p.diag >= bp::scale<S>(alpha) * p.entry"), "the 1 x 1 rule of BunchParlett.oneByOne");
        assertTrue(cu.contains("return scalar_traits<S>::complex ? alpha * alpha : alpha;"), "alpha itself for double");
        assertFalse(cu.contains("sqrt(17"), "no second copy of alpha");
        String java = new String(Files.readAllBytes(Paths.get("src/main/java/io/github/gpujacobi/cuda/pointwise/CudaBunchParlett.java")),
                StandardCharsets.UTF_8);
        assertTrue(java.contains("BunchParlett.ALPHA"));
    }
}
