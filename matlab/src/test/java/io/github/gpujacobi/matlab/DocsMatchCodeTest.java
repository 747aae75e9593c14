package io.github.gpujacobi.matlab;

import io.github.gpujacobi.api.SolverOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user-facing texts state what the code does: one default 'Method' ('auto', the Java default) in the
 * function reference of docs/matlab.md, each function's help and Contents.m; every toolbox function in that
 * function reference; help texts without dates, project history or internal seed names (CHANGELOG.md has
 * the history). The quick start's output is checked against Octave by octave/check-readme.sh.
 */
class DocsMatchCodeTest {
    private static final String[] OPS = {"gpu_eig", "gpu_svd", "gpu_inversion"};

    private static Path repo() {
        Path here = Paths.get("").toAbsolutePath();
        return Files.isDirectory(here.resolve("matlab")) ? here : here.getParent();
    }

    private static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
    }

    /** The help text: the comment lines after the function line, joined, without the '%' marks. */
    private static String help(Path m) throws IOException {
        StringBuilder b = new StringBuilder();
        boolean started = false;
        for (String line : Files.readAllLines(m, StandardCharsets.UTF_8)) {
            String t = line.trim();
            if (t.startsWith("%") && !t.startsWith("%!")) {
                b.append(t.replaceFirst("^%+", "").trim()).append(' ');
                started = true;
            } else if (started || !t.startsWith("function")) {
                break;
            }
        }
        return b.toString();
    }

    private static String functionReference() throws IOException {
        String doc = read(repo().resolve("docs/matlab.md"));
        int from = doc.indexOf("## Function reference");
        int to = doc.indexOf("\n## ", from + 1);
        assertTrue(from >= 0 && to > from, "docs/matlab.md has no Function reference section");
        return doc.substring(from, to).replaceAll("\\s+", " ");
    }

    private static List<Path> toolboxFiles() throws IOException {
        List<Path> files = new ArrayList<Path>();
        try (Stream<Path> s = Files.walk(repo().resolve("matlab").resolve("gpujacobi"))) {
            s.filter(p -> p.toString().endsWith(".m")).sorted().forEach(files::add);
        }
        return files;
    }

    @Test
    void everyTextStatesTheCodesDefaultMethod() throws IOException {
        String def = SolverOptions.defaults().method();
        assertEquals("auto", def, "the texts below say 'auto'; change them with the default");
        Pattern otherDefault = Pattern.compile("'(?!" + def + "')[a-z]+'[^'(]{0,12}\\bdefault\\b");
        for (String op : OPS) {
            String text = help(repo().resolve("matlab/gpujacobi/" + op + ".m"));
            int at = text.indexOf("'Method'");
            assertTrue(at >= 0, op + " help names no 'Method'");
            int end = text.length();
            for (String next : new String[]{"'Tol'", "'MaxSweeps'", "'Threads'", "Errors:"}) {
                int k = text.indexOf(next, at);
                if (k > at) end = Math.min(end, k);
            }
            String method = text.substring(at, end);
            assertTrue(Pattern.compile("'" + def + "'[^']{0,20}\\bdefault\\b").matcher(method).find(),
                    op + " help: the 'Method' default is not stated as '" + def + "': " + method);
            assertTrue(!otherDefault.matcher(method).find(), op + " help calls another method the default: " + method);
        }
        String ref = functionReference();
        for (String op : new String[]{"eig", "svd", "inv"})
            assertTrue(ref.contains(op + ": `'" + def + "'` default"), "docs/matlab.md function reference: " + op + "'s default is not '" + def + "'");
        Matcher m = Pattern.compile("`'(?!" + def + "')[a-z]+'` default").matcher(ref);
        assertTrue(!m.find(), "docs/matlab.md function reference names another default method: " + (m.hitEnd() ? "" : m.group()));
        String contents = read(repo().resolve("matlab/gpujacobi/Contents.m"));
        assertTrue(!contents.contains("real symmetric"), "Contents.m: gpu_eig takes Hermitian input too");
        assertTrue(contents.contains("Method '" + def + "' by default"), "Contents.m does not state gpu_eig's default");
    }

    @Test
    void functionReferenceListsEveryFunction() throws IOException {
        String ref = functionReference();
        for (Path m : toolboxFiles()) {
            String name = m.getFileName().toString().replace(".m", "");
            if (m.getParent().getFileName().toString().equals("private") || name.equals("Contents")) continue;
            assertTrue(ref.contains("`" + name + "(") || ref.contains(" = " + name + "("),
                    "docs/matlab.md function reference does not list " + name);
        }
    }

    @Test
    void helpTextsHoldNoDatesHistoryOrSeedNames() throws IOException {
        Pattern bad = Pattern.compile("(?i)\\bseed \\d{3}|\\bseed's\\b|\\b20\\d\\d-\\d\\d-\\d\\d\\b|builds before|\\bused to (be|return)|\\bchanged \\d");
        for (Path m : toolboxFiles()) {
            List<String> lines = Files.readAllLines(m, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (!line.trim().startsWith("%")) continue;
                if (line.startsWith("% Version ")) continue;   // Contents.m's line for ver: MATLAB's own format
                Matcher hit = bad.matcher(line);
                assertTrue(!hit.find(), repo().relativize(m) + ":" + (i + 1) + ": '" + (hit.find(0) ? hit.group() : "")
                        + "' belongs in CHANGELOG.md or a commit message: " + line.trim());
            }
        }
    }
}
