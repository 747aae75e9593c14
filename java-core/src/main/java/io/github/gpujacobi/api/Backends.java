package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The backends found through ServiceLoader, each created once; failures are kept as reasons. CPU
 * backends are created at once; GPU providers ({@link BackendProvider#gpu()}) only on the first call
 * that needs them ({@link #gpu()}, {@link #available()}, {@link #infos()}), so a CPU-only run never
 * loads a native GPU library.
 */
public final class Backends {
    private static volatile Backends instance;

    private final List<Backend> cpus = new ArrayList<Backend>();
    private final List<BackendProvider> gpuProviders = new ArrayList<BackendProvider>();
    private final List<BackendInfo> cpuMissing = new ArrayList<BackendInfo>();
    private volatile Loaded all;

    /** Every backend once the GPU providers have been tried. */
    private static final class Loaded {
        final List<Backend> available;
        final List<BackendInfo> missing;

        Loaded(List<Backend> available, List<BackendInfo> missing) {
            this.available = Collections.unmodifiableList(available);
            this.missing = Collections.unmodifiableList(missing);
        }
    }

    private Backends() {
        ClassLoader cl = Backends.class.getClassLoader();
        try {
            for (BackendProvider p : ServiceLoader.load(BackendProvider.class, cl)) {
                if (p.gpu()) gpuProviders.add(p);
                else create(p, cpus, cpuMissing);
            }
        } catch (ServiceConfigurationError e) {
            cpuMissing.add(BackendInfo.missing("?", "service configuration error: " + e.getMessage()));
        }
    }

    public static Backends get() {
        Backends b = instance;
        if (b == null) {
            synchronized (Backends.class) {
                if (instance == null) instance = new Backends();
                b = instance;
            }
        }
        return b;
    }

    private static void create(BackendProvider p, List<Backend> ok, List<BackendInfo> bad) {
        try {
            ok.add(p.create());
        } catch (JacobiException e) {
            bad.add(BackendInfo.missing(p.name(), e.getMessage()));
        } catch (RuntimeException e) {
            bad.add(BackendInfo.missing(p.name(), e.toString()));
        } catch (LinkageError e) {
            bad.add(BackendInfo.missing(p.name(), "native library did not load: " + e.getMessage()));
        }
    }

    private Loaded loaded() {
        Loaded l = all;
        if (l == null) {
            synchronized (this) {
                if (all == null) {
                    List<Backend> ok = new ArrayList<Backend>(cpus);
                    List<BackendInfo> bad = new ArrayList<BackendInfo>(cpuMissing);
                    for (BackendProvider p : gpuProviders) create(p, ok, bad);
                    all = new Loaded(ok, bad);
                }
                l = all;
            }
        }
        return l;
    }

    /** Every backend that started, GPU ones included (tries the GPU providers). */
    public List<Backend> available() { return loaded().available; }

    /** Backends whose provider exists but could not start, with the reason (tries the GPU providers). */
    public List<BackendInfo> missing() { return loaded().missing; }

    /** The CPU backend; starts no GPU backend. */
    public Backend cpu() {
        for (Backend b : cpus) if (!b.isGpu()) return b;
        throw new JacobiException(ErrorKind.INTERNAL, "the CPU backend is missing from the class path");
    }

    /** The first GPU backend, or null. */
    public Backend gpu() {
        for (Backend b : available()) if (b.isGpu()) return b;
        return null;
    }

    /** Why there is no GPU backend, for error messages. */
    public String whyNoGpu() {
        List<BackendInfo> missing = missing();
        if (missing.isEmpty()) return "no GPU backend is on the class path (the all-in-one jar includes it)";
        StringBuilder sb = new StringBuilder();
        for (BackendInfo m : missing) {
            if (sb.length() > 0) sb.append("; ");
            sb.append(m.name()).append(": ").append(m.summary());
        }
        return sb.toString();
    }

    public List<BackendInfo> infos() {
        List<BackendInfo> list = new ArrayList<BackendInfo>();
        for (Backend b : available()) list.add(b.info());
        list.addAll(missing());
        return list;
    }
}
