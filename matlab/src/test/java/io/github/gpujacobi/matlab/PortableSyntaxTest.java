package io.github.gpujacobi.matlab;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The toolbox .m files and the examples must run unchanged in MATLAB: no Octave-only syntax in
 * their code, and Octave-only print options only behind an OCTAVE_VERSION test.
 */
class PortableSyntaxTest {
    private static final Pattern[] OCTAVE_ONLY = {
            Pattern.compile("^\\s*#"),                        // # comments
            Pattern.compile("\\bend(function|if|for|while|switch|try_catch|_try_catch|_unwind_protect)\\b"),
            Pattern.compile("!="), Pattern.compile("\\+\\+|--(?!-)|\\+=|-=|\\*=|/="),
            Pattern.compile("(^|[^\\w.'\\])}])\"|\"\\s*[;,)]"),   // double-quoted strings
            Pattern.compile("(^|[\\s(,=&|])!(?!=)"),           // ! as not
            Pattern.compile("\\b(printf|puts|fputs|disp\\s*\\(\\s*\")\\b"),
            Pattern.compile("\\bunwind_protect\\b"),
    };

    /** gnuplot's cairo terminals and -S sizes exist only in Octave's print. */
    private static final Pattern OCTAVE_PRINT = Pattern.compile("\\bprint\\s*\\(.*('-d\\w*cairo'|'-S\\d)");

    static List<Path> mFiles() throws IOException {
        Path repo = Files.isDirectory(Paths.get("gpujacobi")) ? Paths.get("..") : Paths.get(".");
        List<Path> files = new ArrayList<Path>();
        for (Path root : new Path[]{repo.resolve("matlab").resolve("gpujacobi"), repo.resolve("examples").resolve("octave")}) {
            try (Stream<Path> s = Files.walk(root)) {
                files.addAll(s.filter(p -> p.toString().endsWith(".m")).collect(Collectors.toList()));
            }
        }
        return files;
    }

    @Test
    void noOctaveOnlySyntax() throws IOException {
        List<Path> files = mFiles();
        assertTrue(files.size() >= 10, "found the toolbox and the examples: " + files);
        assertTrue(files.stream().anyMatch(f -> f.toString().contains("examples")), "examples scanned: " + files);
        List<String> bad = new ArrayList<String>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            boolean branchesOnOctave = lines.stream().anyMatch(l -> l.contains("OCTAVE_VERSION"));
            for (int i = 0; i < lines.size(); i++) {
                if (!branchesOnOctave && OCTAVE_PRINT.matcher(lines.get(i)).find())
                    bad.add(f + ":" + (i + 1) + ": " + lines.get(i).trim() + "   [Octave-only print option]");
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.trim().startsWith("%")) continue; // comments, help and Octave's %! tests
                String code = stripStrings(line);
                for (Pattern p : OCTAVE_ONLY) {
                    if (p.matcher(code).find()) bad.add(f + ":" + (i + 1) + ": " + line.trim() + "   [" + p + "]");
                }
            }
        }
        assertTrue(bad.isEmpty(), "Octave-only syntax:\n" + String.join("\n", bad));
    }

    /** Removes single-quoted strings and trailing % comments, keeping transposes. */
    static String stripStrings(String line) {
        StringBuilder out = new StringBuilder();
        boolean inStr = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (inStr) {
                if (c == '\'') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '\'') i++;
                    else inStr = false;
                }
                continue;
            }
            if (c == '%') break;
            if (c == '\'') {
                char prev = out.length() == 0 ? ' ' : out.charAt(out.length() - 1);
                boolean transpose = Character.isLetterOrDigit(prev) || prev == ')' || prev == ']' || prev == '}'
                        || prev == '.' || prev == '\'' || prev == '_';
                if (!transpose) { inStr = true; continue; }
            }
            out.append(c);
        }
        return out.toString();
    }

    @Test
    void theScannerCatchesOctaveOnlyPrintOptions() {
        assertTrue(OCTAVE_PRINT.matcher("print(f, 'a.png', '-dpngcairo', '-S1100,380');").find());
        assertTrue(OCTAVE_PRINT.matcher("print(f, 'a.png', '-S640,480');").find());
        assertTrue(!OCTAVE_PRINT.matcher("print(f, 'a.png', '-dpng', '-r100');").find());
    }

    @Test
    void theScannerCatchesOctaveIdioms() {
        String[] samples = {"# comment", "x != y", "i++", "endfunction", "s = \"text\";", "if !ok", "endif",
                "printf('%d', 1);"};
        for (String s : samples) {
            boolean hit = false;
            for (Pattern p : OCTAVE_ONLY) hit |= p.matcher(stripStrings(s)).find();
            assertTrue(hit, s);
        }
        for (String s : new String[]{"x = A' * B';", "s = 'a # b != c';", "x = ~ok;", "y = a ~= b;"}) {
            boolean hit = false;
            for (Pattern p : OCTAVE_ONLY) hit |= p.matcher(stripStrings(s)).find();
            assertTrue(!hit, s);
        }
    }
}
