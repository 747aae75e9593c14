package io.github.gpujacobi.api;

/** How to give the JVM more memory, for messages about a full heap. */
public final class HeapAdvice {
    private HeapAdvice() {}

    /**
     * Octave (checked with 7.3, HeapAdviceOctaveTest) reads java.opts only from its Java folder,
     * OCTAVE_JAVA_DIR when set, which must then also hold octave.jar; one in the start folder is ignored.
     */
    public static final String TEXT = "Raise the Java heap: MATLAB: Preferences > General > Java Heap Memory; "
            + "Octave: start it with the environment variable OCTAVE_JAVA_DIR naming a folder that holds a file "
            + "java.opts with a line such as -Xmx8g and a link to (or copy of) octave.jar from "
            + "fullfile(OCTAVE_HOME, 'share', 'octave', version, 'm', 'java') (a java.opts in the start folder is ignored); "
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
