package io.github.gpujacobi.api;

import java.util.Locale;

/** Where a computation may run. {@code AUTO} prefers a GPU where it is faster and falls back to the CPU. */
public enum Device {
    AUTO, CPU, GPU;

    public static Device fromName(String name) {
        if (name != null) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException ignored) {
                // fall through to the user-facing message
            }
        }
        throw new JacobiException(ErrorKind.BAD_OPTION, "unknown device '" + name + "' (use auto, cpu or gpu)");
    }
}
