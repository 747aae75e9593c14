package io.github.gpujacobi.spark;

import java.io.Serializable;

/**
 * One task's work: convert the input file to the result file, both by URI on any Hadoop file system;
 * {@code inputName} and {@code outputName} are how the summary shows them; {@code bytes} and {@code modified} (ms) are
 * the input's size and modification time as listed, which identify it in the result's record.
 */
record FileWork(String input, String output, String inputName, String outputName, long bytes, long modified)
        implements Serializable {
}
