package io.github.gpujacobi.release;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the shipped jars hold: no test framework or test classes, no PDF/vector libraries (the plots are PNG),
 * every dependency's licence and notice kept (not the first one's alone), and native access enabled in the
 * manifest so that Java 22+ prints no restricted-method warning.
 */
class ReleaseJarsTest {
    private static final String[] JARS = {"gpujacobi.jar", "gpujacobi-toolbox.jar"};

    private static List<String> names(JarFile jar) {
        List<String> names = new ArrayList<>();
        jar.stream().forEach(e -> names.add(e.getName()));
        return names;
    }

    private static String text(JarFile jar, String name) throws IOException {
        ZipEntry e = jar.getEntry(name);
        assertTrue(e != null, jar.getName() + " has no " + name);
        return new String(jar.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void noTestFrameworkNoTestClassesNoPdfLibraries() throws IOException {
        String[] forbidden = {"org/junit/", "org/opentest4j/", "org/apiguardian/", "junit/",
                "org/apache/pdfbox/", "org/apache/fontbox/", "de/rototor/", "de/erichseifert/", "com/madgag/",
                "org/apache/commons/logging/", "org/knowm/xchart/VectorGraphicsEncoder", "org/knowm/xchart/PdfboxGraphicsEncoder",
                "org/knowm/xchart/GifEncoder", "io/github/gpujacobi/testing/", "META-INF/LICENSE-univocity"};
        for (String jarName : JARS) {
            try (JarFile jar = new JarFile(Release.dist(jarName).toFile())) {
                for (String name : names(jar)) {
                    for (String f : forbidden) assertTrue(!name.startsWith(f), name + " should not be in " + jarName);
                    if (name.startsWith("io/github/gpujacobi/"))
                        assertTrue(!name.matches(".*(Test|Tests)(\\$.*)?\\.class"), "test class " + name + " in " + jarName);
                }
            }
        }
        try (JarFile jar = new JarFile(Release.dist("gpujacobi.jar").toFile())) {
            assertTrue(jar.getEntry("org/knowm/xchart/BitmapEncoder.class") != null, "XChart's PNG encoder is needed by bench --plot");
        }
    }

    @Test
    void manifestsEnableNativeAccess() throws IOException {
        for (String jarName : JARS) {
            try (JarFile jar = new JarFile(Release.dist(jarName).toFile())) {
                assertEquals("ALL-UNNAMED", jar.getManifest().getMainAttributes().getValue("Enable-Native-Access"), jarName);
            }
        }
    }

    @Test
    void licencesAndNoticesAreMergedNotOverwritten() throws IOException {
        String own = Files.readString(Release.root().resolve("LICENSE")).trim();
        for (String jarName : JARS) {
            try (JarFile jar = new JarFile(Release.dist(jarName).toFile())) {
                String licence = text(jar, "META-INF/LICENSE");
                assertTrue(licence.startsWith(own), jarName + ": META-INF/LICENSE does not start with the project's licence");
                assertTrue(licence.contains("Java Native Access"), jarName + ": JNA's licence text is missing");
                assertTrue(jar.getEntry("META-INF/AL2.0") != null && jar.getEntry("META-INF/LGPL2.1") != null,
                        jarName + ": the licences JNA's text refers to");
            }
        }
        try (JarFile jar = new JarFile(Release.dist("gpujacobi.jar").toFile())) {
            String notice = text(jar, "META-INF/NOTICE");
            assertTrue(notice.contains("Apache Commons CSV"), "commons-csv's NOTICE is not in the merged META-INF/NOTICE:\n" + notice);
            assertTrue(jar.getEntry("META-INF/NOTICE.txt") == null, "the NOTICE.txt files are merged into META-INF/NOTICE");
        }
    }
}
