package io.github.gpujacobi.cuda.jna;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.CodeSource;

/**
 * Loads the CUDA libraries through whichever JNA the JVM found first. MATLAB puts its own JNA
 * (4.x in older releases, 5.x in newer ones) ahead of ours on the class path, so only API that JNA
 * 4.5 and 5.x share is used: {@code Native.loadLibrary(String, Class)}, called through a method
 * handle because its erased return type differs between the two (Object in 4.x, Library in 5.x),
 * and the version is read at run time rather than inlined at compile time. A method handle resolves
 * that one method only: reflection (Class.getMethod) resolves every public signature of Native,
 * which names java.awt.Window, and so fails on a runtime without java.desktop (a jlink'd server JRE).
 */
public final class JnaLibraries {
    /** The oldest JNA whose API the CUDA backend's library bindings use. */
    static final int[] OLDEST = {4, 5};

    private JnaLibraries() {}

    /** The JNA version found on the class path ("4.5.2"), or "none". */
    public static String version() {
        try {
            // VERSION lives in the interface com.sun.jna.Version, package-private before JNA 5; reading
            // it there does not run Native's static initialiser (which loads the native dispatcher)
            java.lang.reflect.Field f = Class.forName("com.sun.jna.Version", false, JnaLibraries.class.getClassLoader())
                    .getField("VERSION");
            f.setAccessible(true);
            return String.valueOf(f.get(null));
        } catch (ClassNotFoundException e) {
            return "none";
        } catch (ReflectiveOperationException | LinkageError | SecurityException e) {
            return "unknown";
        }
    }

    /** Where the JNA in use was loaded from (a jar path), for messages. */
    static String location() {
        try {
            CodeSource cs = Class.forName("com.sun.jna.Native", false, JnaLibraries.class.getClassLoader()).getProtectionDomain().getCodeSource();
            return cs == null || cs.getLocation() == null ? "the class path" : cs.getLocation().toString();
        } catch (ClassNotFoundException | SecurityException e) {
            return "the class path";
        }
    }

    /** True for a version string at least {@link #OLDEST} ("4.5.2", "5.14.0"). */
    static boolean supported(String version) {
        String[] parts = version.split("[.-]");
        for (int i = 0; i < OLDEST.length; i++) {
            int v;
            try {
                v = i < parts.length ? Integer.parseInt(parts[i]) : 0;
            } catch (NumberFormatException e) {
                return false;
            }
            if (v != OLDEST[i]) return v > OLDEST[i];
        }
        return true;
    }

    /** Throws NO_GPU, saying which JNA came first and why it cannot serve, when it is too old. */
    public static void requireSupported() {
        String v = version();
        if (!supported(v)) {
            throw new JacobiException(ErrorKind.NO_GPU, "JNA " + v + " from " + location() + " comes first on the Java "
                    + "class path and is older than " + OLDEST[0] + "." + OLDEST[1] + ", which the CUDA backend needs; "
                    + "the CPU backend runs instead (put gpujacobi's jar on the static class path, javaclasspath.txt, "
                    + "ahead of MATLAB's, or use a newer MATLAB)");
        }
    }

    /** The native library {@code name} bound to {@code api}; a JacobiException (GPU_FAILURE) when it cannot be. */
    public static <T> T load(String name, Class<T> api) {
        requireSupported();
        MethodHandle load;
        try {
            load = loadLibraryHandle();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new JacobiException(ErrorKind.GPU_FAILURE, "JNA " + version() + " from " + location()
                    + " cannot load libraries (" + e + ")", e);
        }
        try {
            return api.cast(load.invoke(name, api));
        } catch (Throwable c) { // what JNA throws: UnsatisfiedLinkError, or an error of its own
            if (c instanceof VirtualMachineError) throw (VirtualMachineError) c;
            throw new JacobiException(ErrorKind.GPU_FAILURE, "lib" + name + " did not load through JNA " + version()
                    + ": " + firstLine(String.valueOf(c.getMessage())), c);
        }
    }

    /** Native.loadLibrary(String, Class): returning Library (JNA 5.x), else Object (4.x). */
    private static MethodHandle loadLibraryHandle() throws ReflectiveOperationException {
        ClassLoader cl = JnaLibraries.class.getClassLoader();
        Class<?> nativeClass = Class.forName("com.sun.jna.Native", false, cl);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        try {
            Class<?> library = Class.forName("com.sun.jna.Library", false, cl);
            return lookup.findStatic(nativeClass, "loadLibrary", MethodType.methodType(library, String.class, Class.class));
        } catch (NoSuchMethodException e) {
            return lookup.findStatic(nativeClass, "loadLibrary", MethodType.methodType(Object.class, String.class, Class.class));
        }
    }

    /** The first line, at most 200 characters (JNA's messages can list the whole class path). */
    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        return line.length() <= 200 ? line : line.substring(0, 200) + "...";
    }
}
