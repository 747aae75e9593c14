package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** The backends found through ServiceLoader, created once; failures are kept as reasons. */
public final class Backends {
    private static volatile Backends instance;

    private final List<Backend> available;
    private final List<BackendInfo> missing;

    private Backends(List<Backend> available, List<BackendInfo> missing) {
        this.available = Collections.unmodifiableList(available);
        this.missing = Collections.unmodifiableList(missing);
    }

    public static Backends get() {
        Backends b = instance;
        if (b == null) {
            synchronized (Backends.class) {
                if (instance == null) instance = load();
                b = instance;
            }
        }
        return b;
    }

    private static Backends load() {
        List<Backend> ok = new ArrayList<Backend>();
        List<BackendInfo> bad = new ArrayList<BackendInfo>();
        ClassLoader cl = Backends.class.getClassLoader();
        try {
            for (BackendProvider p : ServiceLoader.load(BackendProvider.class, cl)) {
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
        } catch (ServiceConfigurationError e) {
            bad.add(BackendInfo.missing("?", "service configuration error: " + e.getMessage()));
        }
        return new Backends(ok, bad);
    }

    public List<Backend> available() { return available; }

    /** Backends whose provider exists but could not start, with the reason. */
    public List<BackendInfo> missing() { return missing; }

    public Backend cpu() {
        for (Backend b : available) if (!b.isGpu()) return b;
        throw new JacobiException(ErrorKind.INTERNAL, "the CPU backend is missing from the class path");
    }

    /** The first GPU backend, or null. */
    public Backend gpu() {
        for (Backend b : available) if (b.isGpu()) return b;
        return null;
    }

    /** Why there is no GPU backend, for error messages. */
    public String whyNoGpu() {
        if (missing.isEmpty()) return "no GPU backend is on the class path (the all-in-one jar includes it)";
        StringBuilder sb = new StringBuilder();
        for (BackendInfo m : missing) {
            if (sb.length() > 0) sb.append("; ");
            sb.append(m.name()).append(": ").append(m.summary());
        }
        return sb.toString();
    }

    public List<BackendInfo> infos() {
        List<BackendInfo> all = new ArrayList<BackendInfo>();
        for (Backend b : available) all.add(b.info());
        all.addAll(missing);
        return all;
    }
}
