package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.HeapAdvice;

/**
 * How to give the command line more heap. The core's messages carry the toolbox's advice (MATLAB preferences,
 * Octave's java.opts), which does not help someone running ./gpujacobi: its launcher reads GPUJACOBI_JAVA_OPTS.
 */
final class HeapHint {
    private HeapHint() {}

    static final String TEXT = "Raise the Java heap: GPUJACOBI_JAVA_OPTS=-Xmx8g ./gpujacobi ... (the launcher passes "
            + "GPUJACOBI_JAVA_OPTS to java), or java -Xmx8g -jar gpujacobi.jar ...";

    /** A core message with its heap advice replaced by the command line's. */
    static String forCommandLine(String message) {
        return message == null ? null : message.replace(HeapAdvice.TEXT, TEXT);
    }
}
