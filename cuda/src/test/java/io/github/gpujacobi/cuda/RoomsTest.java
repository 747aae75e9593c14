package io.github.gpujacobi.cuda;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cuda module's rooms (docs/architecture.md) import only downwards: the package graph of the main sources, read
 * as text (imports, and fully qualified names in code), has no cycle and no edge the table below does not allow.
 */
class RoomsTest {
    private static final Path MAIN = Paths.get("src/main/java");
    private static final String ROOT = "io.github.gpujacobi.cuda";

    /** Each room and the rooms it may use; docs/architecture.md lists the same table. */
    static final Map<String, Set<String>> ALLOWED = new LinkedHashMap<String, Set<String>>();

    static {
        allow("", "complex", "blocked", "batched", "inverse", "pointwise", "polish", "launch", "jna");
        allow("complex", "blocked", "batched", "inverse", "pointwise", "launch");
        allow("blocked", "pointwise", "polish", "launch");
        allow("batched", "polish", "launch");
        allow("inverse", "launch");
        allow("pointwise", "polish", "launch");
        allow("polish", "launch");
        allow("launch", "jna");
        allow("peers", "jna");
        allow("jna");
    }

    private static void allow(String room, String... uses) {
        ALLOWED.put(room, new TreeSet<String>(Arrays.asList(uses)));
    }

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("\\b" + Pattern.quote(ROOT) + "((?:\\.[a-z]\\w*)*)\\.[A-Z]");

    /** The room of a package: the part after io.github.gpujacobi.cuda ("" for the top package). */
    static String room(String pkg) {
        return pkg.equals(ROOT) ? "" : pkg.substring(ROOT.length() + 1);
    }

    /** Comments and string literals blanked, so a name in prose or a message is no dependency. */
    static String code(String source) {
        String s = source.replaceAll("(?s)/\\*.*?\\*/", " ");
        s = s.replaceAll("//[^\\n]*", " ");
        return s.replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
    }

    /** Room to the rooms its sources use, from import statements and fully qualified names. */
    static Map<String, Set<String>> graph(Map<String, String> sources) {
        Map<String, Set<String>> g = new TreeMap<String, Set<String>>();
        for (String source : sources.values()) {
            Matcher p = PACKAGE.matcher(source);
            if (!p.find() || !p.group(1).startsWith(ROOT)) continue;
            String from = room(p.group(1));
            Set<String> to = g.computeIfAbsent(from, k -> new TreeSet<String>());
            String code = code(source);
            Matcher i = IMPORT.matcher(code);
            while (i.find()) {
                String target = i.group(1);
                if (!target.startsWith(ROOT + ".")) continue;
                String pkg = target.substring(0, target.lastIndexOf('.'));
                // a static import names a member: its class's package is one level up when the last part is a class
                String last = pkg.substring(pkg.lastIndexOf('.') + 1);
                if (!last.isEmpty() && Character.isUpperCase(last.charAt(0))) pkg = pkg.substring(0, pkg.lastIndexOf('.'));
                add(to, from, room(pkg));
            }
            Matcher q = QUALIFIED.matcher(code.replaceAll("(?m)^(?:package|import)\\s[^;]*;", ""));
            while (q.find()) add(to, from, q.group(1).isEmpty() ? "" : q.group(1).substring(1));
        }
        return g;
    }

    private static void add(Set<String> to, String from, String target) {
        if (!target.equals(from)) to.add(target);
    }

    /** A cycle of the graph as its rooms in order (first repeated last), or an empty list. */
    static List<String> cycle(Map<String, Set<String>> g) {
        Map<String, Integer> state = new HashMap<String, Integer>();
        for (String start : g.keySet()) {
            List<String> path = new ArrayList<String>();
            if (visit(g, start, state, path)) return path;
        }
        return new ArrayList<String>();
    }

    /** Depth-first: state 1 on the current path, 2 done; on a back edge path holds the cycle. */
    private static boolean visit(Map<String, Set<String>> g, String node, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) return false;
        if (s != null && s == 1) {
            List<String> loop = new ArrayList<String>(path.subList(path.indexOf(node), path.size()));
            loop.add(node);
            path.clear();
            path.addAll(loop);
            return true;
        }
        state.put(node, 1);
        path.add(node);
        for (String next : g.getOrDefault(node, new TreeSet<String>())) {
            if (visit(g, next, state, path)) return true;
        }
        path.remove(path.size() - 1);
        state.put(node, 2);
        return false;
    }

    private static Map<String, String> mainSources() throws IOException {
        Map<String, String> sources = new TreeMap<String, String>();
        try (Stream<Path> s = Files.walk(MAIN)) {
            for (Path f : (Iterable<Path>) s.filter(p -> p.toString().endsWith(".java"))::iterator) {
                sources.put(MAIN.relativize(f).toString(), new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
            }
        }
        return sources;
    }

    @Test
    void theRoomsImportOnlyDownwards() throws IOException {
        Map<String, Set<String>> g = graph(mainSources());
        assertTrue(g.keySet().containsAll(Arrays.asList("", "launch", "blocked", "batched", "jna")), g.toString());
        assertEquals(new ArrayList<String>(), cycle(g), "an import cycle between the cuda rooms");
        List<String> bad = new ArrayList<String>();
        for (Map.Entry<String, Set<String>> e : g.entrySet()) {
            Set<String> allowed = ALLOWED.get(e.getKey());
            if (allowed == null) {
                bad.add("room '" + e.getKey() + "' is not in the table (RoomsTest.ALLOWED, docs/architecture.md)");
                continue;
            }
            for (String to : e.getValue()) {
                if (!allowed.contains(to)) bad.add("'" + e.getKey() + "' uses '" + to + "'");
            }
        }
        assertEquals(new ArrayList<String>(), bad, "edges the rooms table does not allow");
    }

    @Test
    void theTableItselfHasNoCycle() {
        assertEquals(new ArrayList<String>(), cycle(ALLOWED));
    }

    /** The reader sees a cycle made of imports and of a fully qualified name alike, and not one in a comment. */
    @Test
    void cyclesThroughImportsAndQualifiedNamesAreFound() {
        Map<String, String> sources = new HashMap<String, String>();
        sources.put("a", "package " + ROOT + ".launch;\nimport " + ROOT + ".blocked.X;\nclass A {}");
        sources.put("b", "package " + ROOT + ".blocked;\n// " + ROOT + ".complex.Y in prose\nclass B { "
                + ROOT + ".launch.A a; String s = \"" + ROOT + ".inverse.Z\"; }");
        Map<String, Set<String>> g = graph(sources);
        assertEquals(new TreeSet<String>(Arrays.asList("launch")), g.get("blocked"), "comments and strings are no edges");
        List<String> c = cycle(g);
        assertFalse(c.isEmpty(), g.toString());
        assertEquals(c.get(0), c.get(c.size() - 1));
        assertTrue(c.containsAll(Arrays.asList("launch", "blocked")), c.toString());
    }
}
