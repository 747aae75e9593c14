package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.Method;
import io.github.gpujacobi.api.Precision;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kernel name Java can ask for exists in the .cu sources, read as text (no nvcc, no GPU): the
 * extern "C" __global__ names, with the entry macros (#define X(NAME, ...) declaring NAME and
 * NAME##_o2) expanded at each use. And every launch site names its kernel through {@link Kernel}.
 */
class KernelNamesTest {
    private static final Path SRC = Paths.get("src/main/cuda");
    private static final Pattern GLOBAL = Pattern.compile(
            "extern\\s+\"C\"\\s+__global__\\s+void\\s+(?:__launch_bounds__\\s*\\([^)]*\\)\\s+)?(\\w+)\\s*\\(");
    private static final Pattern DEFINE = Pattern.compile("#define\\s+(\\w+)\\s*\\(\\s*NAME\\b[^)]*\\)((?:[^\\n]*\\\\\\n)*[^\\n]*)");

    static Set<String> declaredKernels() throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> s = Files.list(SRC)) {
            for (Path f : (Iterable<Path>) s.filter(p -> p.toString().endsWith(".cu") || p.toString().endsWith(".cuh"))::iterator) {
                all.append(new String(Files.readAllBytes(f), StandardCharsets.UTF_8)).append('\n');
            }
        }
        String text = all.toString();
        Set<String> names = new TreeSet<String>();
        Matcher m = GLOBAL.matcher(text);
        while (m.find()) if (!m.group(1).equals("NAME")) names.add(m.group(1));
        Matcher d = DEFINE.matcher(text);
        while (d.find()) {
            String body = d.group(2);
            if (!body.contains("__global__")) continue;
            // the names the macro declares: NAME and NAME##suffix
            Set<String> suffixes = new TreeSet<String>();
            Matcher g = Pattern.compile("__global__\\s+void\\s+(?:__launch_bounds__\\s*\\([^)]*\\)\\s+)?NAME(?:##(\\w+))?\\s*\\(").matcher(body);
            while (g.find()) suffixes.add(g.group(1) == null ? "" : g.group(1));
            Matcher use = Pattern.compile("(?m)^\\s*" + d.group(1) + "\\s*\\(\\s*(\\w+)").matcher(text);
            while (use.find()) for (String sfx : suffixes) names.add(use.group(1) + sfx);
        }
        return names;
    }

    @Test
    void everyKernelJavaCanAskForIsDeclared() throws IOException {
        Set<String> declared = declaredKernels();
        assertTrue(declared.contains("gj_swap_rows_d") && declared.contains("blocked_pair_64") && declared.contains("eig_sweep_mca_f_fused_o2"), declared.toString());
        Set<String> missing = new TreeSet<String>();
        for (Kernel k : Kernel.values()) for (Precision p : Precision.values()) {
            if (!declared.contains(k.name(p))) missing.add(k.name(p));
            for (String v : k.variants()) if (!declared.contains(k.name(p, v))) missing.add(k.name(p, v));
        }
        // the complex builds (Scalar C and Z) of the kernels that have them
        for (Kernel k : Kernel.COMPLEX) for (Scalar s : new Scalar[]{Scalar.C, Scalar.Z}) {
            if (!declared.contains(k.name(s))) missing.add(k.name(s));
            for (String v : k.variants()) if (!declared.contains(k.name(s, v))) missing.add(k.name(s, v));
        }
        // the eig sweep of every memory access method the backend offers
        for (Method m : Method.values()) {
            if (!m.isMemoryAccess()) continue;
            for (Precision p : Precision.values()) {
                if (!declared.contains(Kernel.eigSweep(m.label(), false).name(p))) missing.add(m.label());
            }
        }
        assertEquals(new TreeSet<String>(), missing, "kernels Java can launch but the .cu sources do not declare");
    }

    @Test
    void complexNamesFollowTheScalarSuffixes() {
        assertEquals("eig_sweep_mca_z_o2", Kernel.EIG_SWEEP_MCA.name(Scalar.Z, "o2"));
        assertEquals("svd_sweep_c", Kernel.SVD_SWEEP.name(Scalar.C));
        assertEquals("svd_sweep_d", Kernel.SVD_SWEEP.name(Scalar.D));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Kernel.CLASSICAL.name(Scalar.Z));
    }

    /** Launch sites take Kernel names, never a literal or a concatenation: a typo would show only on a GPU. */
    @Test
    void launchSitesUseTheKernelTable() throws IOException {
        Pattern call = Pattern.compile("\\b(launch|launchCooperative|launchShared|cooperativeGrid|function)\\(\\s*\"");
        Pattern built = Pattern.compile("String\\s+kernel\\s*=\\s*\"");
        java.util.List<String> bad = new ArrayList<String>();
        try (Stream<Path> s = Files.walk(Paths.get("src/main/java"))) {
            for (Path f : (Iterable<Path>) s.filter(p -> p.toString().endsWith(".java"))::iterator) {
                String code = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
                if (call.matcher(code).find() || built.matcher(code).find()) bad.add(f.getFileName().toString());
            }
        }
        assertEquals(new ArrayList<String>(), bad);
    }
}
