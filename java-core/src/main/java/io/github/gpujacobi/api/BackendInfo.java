package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Describes a backend for {@code info} and {@code gpu_info}: devices found, or why it is missing. */
public final class BackendInfo {
    private final String name;
    private final boolean available;
    private final String summary;
    private final List<Map<String, String>> devices;

    public BackendInfo(String name, boolean available, String summary, List<Map<String, String>> devices) {
        this.name = name;
        this.available = available;
        this.summary = summary;
        List<Map<String, String>> copy = new ArrayList<Map<String, String>>();
        for (Map<String, String> d : devices) copy.add(Collections.unmodifiableMap(new LinkedHashMap<String, String>(d)));
        this.devices = Collections.unmodifiableList(copy);
    }

    public static BackendInfo missing(String name, String reason) {
        return new BackendInfo(name, false, reason, Collections.<Map<String, String>>emptyList());
    }

    public String name() { return name; }

    public boolean available() { return available; }

    /** One line: "2 threads" or, when unavailable, the reason. */
    public String summary() { return summary; }

    /** One map per device: name, memory, compute capability, driver, ... */
    public List<Map<String, String>> devices() { return devices; }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(name).append(available ? ": " : ": unavailable: ").append(summary);
        for (Map<String, String> d : devices) sb.append("\n  ").append(d);
        return sb.toString();
    }
}
