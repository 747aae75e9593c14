package io.github.gpujacobi;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering, checked on the sources (comments stripped): api imports nothing internal; core
 * only api; the backends cpu and cuda never each other (what both need lives in core); the bridge
 * only the library; the test matrices nothing. The modules enforce the rest (the library cannot
 * see the application).
 */
class ImportRulesTest {
    private static final Pattern REF = Pattern.compile("io\\.github\\.gpujacobi\\.([a-z]+)\\.");
    private static final Pattern COMMENTS = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);

    /** package -> the project packages it may use besides itself. */
    private static Set<String> allowed(String pkg) {
        switch (pkg) {
            case "api": return set();
            case "core": return set("api");
            case "cpu": return set("api", "core");
            case "bridge": return set("api", "core");
            case "matrices": return set();
            case "cuda": return set("api", "core");
            case "cuda/peers": return set("api", "core", "cuda", "bench"); // the cuSOLVER benchmark peers
            default: return null; // front ends (cli, bench, mat, matlab, octave) may use any
        }
    }

    private static Set<String> set(String... s) { return new HashSet<String>(Arrays.asList(s)); }

    static List<Path> mainSources() throws IOException {
        Path root = Paths.get("").toAbsolutePath();
        if (!Files.isDirectory(root.resolve("java-core"))) root = root.getParent();
        List<Path> out = new ArrayList<Path>();
        for (String module : new String[]{"java-core", "matrices", "app", "cuda", "cuda-peers", "matlab", "octave"}) {
            Path src = root.resolve(module).resolve("src/main/java/io/github/gpujacobi");
            if (!Files.isDirectory(src)) continue;
            try (Stream<Path> s = Files.walk(src)) {
                out.addAll(s.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList()));
            }
        }
        return out;
    }

    private static String topPackage(Path file) {
        String s = file.toString().replace('\\', '/');
        String rest = s.substring(s.lastIndexOf("io/github/gpujacobi/") + "io/github/gpujacobi/".length());
        if (rest.startsWith("cuda/peers/")) return "cuda/peers";
        return rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : "";
    }

    @Test
    void packagesUseOnlyTheLayersBelowThem() throws IOException {
        List<Path> files = mainSources();
        assertTrue(files.size() > 50, "found the sources: " + files.size());
        List<String> violations = new ArrayList<String>();
        for (Path f : files) {
            String pkg = topPackage(f);
            Set<String> ok = allowed(pkg);
            if (ok == null) continue;
            String code;
            try {
                code = COMMENTS.matcher(new String(Files.readAllBytes(f), StandardCharsets.UTF_8)).replaceAll("");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Matcher m = REF.matcher(code);
            while (m.find()) {
                String used = m.group(1);
                if (!used.equals(pkg) && !ok.contains(used)) violations.add(f.getFileName() + " (" + pkg + ") uses " + used);
            }
        }
        assertEquals(new ArrayList<String>(), violations);
    }
}
