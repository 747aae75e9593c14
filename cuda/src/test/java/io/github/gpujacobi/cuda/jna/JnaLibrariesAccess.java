package io.github.gpujacobi.cuda.jna;

/** Test access to {@link JnaLibraries}' package-private version check. */
public final class JnaLibrariesAccess {
    private JnaLibrariesAccess() {}

    public static boolean supported(String version) { return JnaLibraries.supported(version); }
}
