package io.github.gpujacobi.spark;

import java.io.Serializable;

/**
 * One task's work: convert the input file to the result file, both by URI on any Hadoop file system;
 * {@code inputName} and {@code outputName} are how the summary shows them.
 */
record FileWork(String input, String output, String inputName, String outputName) implements Serializable {
}
