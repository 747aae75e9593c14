package io.github.gpujacobi.api;

import java.io.InputStream;
import java.util.Properties;

/** The toolbox version, written into the jar by the build. */
final class Version {
    private Version() {}

    static String get() {
        try (InputStream in = Version.class.getResourceAsStream("/io/github/gpujacobi/version.properties")) {
            if (in == null) return "unknown";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
