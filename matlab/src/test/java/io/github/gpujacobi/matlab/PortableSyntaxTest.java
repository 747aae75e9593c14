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

/** The toolbox .m files must run unchanged in MATLAB: no Octave-only syntax in their code. */
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

    static List<Path> mFiles() throws IOException {
        Path root = Paths.get("gpujacobi");
        if (!Files.isDirectory(root)) root = Paths.get("matlab", "gpujacobi");
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".m")).collect(Collectors.toList());
        }
    }

    @Test
    void noOctaveOnlySyntax() throws IOException {
        List<Path> files = mFiles();
        assertTrue(files.size() >= 6, "found the toolbox: " + files);
        List<String> bad = new ArrayList<String>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
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
    void theScannerCatchesOctaveIdioms() {
        String[] samples = {"# comment", "x != y", "i++", "endfunction", "s = \"text\";", "if !ok", "endif"};
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
