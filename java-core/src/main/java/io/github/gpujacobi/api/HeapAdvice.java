package io.github.gpujacobi.api;

/** How to give the JVM more memory, for messages about a full heap. */
public final class HeapAdvice {
    private HeapAdvice() {}

    public static final String TEXT = "Raise the Java heap: MATLAB: Preferences > General > Java Heap Memory; "
            + "Octave: put a line such as -Xmx8g in a file java.opts in Octave's start folder; "
            + "command line: java -Xmx8g -jar gpujacobi.jar ...";

    /** Bytes of heap still obtainable (max - used). */
    public static long freeHeapBytes() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /** Throws OUT_OF_MEMORY with a precise figure when {@code bytes} will not fit in the heap. */
    public static void require(long bytes, String what) {
        long free = freeHeapBytes();
        if (bytes > free) {
            System.gc();
            free = freeHeapBytes();
        }
        if (bytes > free) {
            throw new JacobiException(ErrorKind.OUT_OF_MEMORY, String.format(java.util.Locale.ROOT,
                    "%s needs about %d MB of Java heap but only %d MB is free (max %d MB). %s", what, bytes >> 20,
                    free >> 20, Runtime.getRuntime().maxMemory() >> 20, TEXT));
        }
    }
}
