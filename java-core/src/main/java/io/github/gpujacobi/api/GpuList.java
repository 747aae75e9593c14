package io.github.gpujacobi.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The 'Gpus' option: GPU indices as the CUDA driver numbers them ("0,1"; CUDA_VISIBLE_DEVICES has
 * already renumbered them), or "all" for every visible GPU. Whether an index exists is the GPU
 * backend's check: only it knows how many GPUs the driver sees.
 */
public final class GpuList {
    /** More logical devices than this is a typo, not a machine. */
    public static final int MAX = 64;

    private GpuList() {}

    /** "0,1" or "0 1" or "[0 1]" into indices; "all" or an empty string: null (the default). */
    public static int[] parse(String caller, String text) {
        if (text == null) return null;
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("[") && t.endsWith("]")) t = t.substring(1, t.length() - 1).trim();
        if (t.isEmpty() || t.equals("all")) return null;
        List<Integer> list = new ArrayList<Integer>();
        for (String part : t.split("[,\\s]+")) {
            if (part.isEmpty()) continue;
            try {
                list.add(Integer.parseInt(part));
            } catch (NumberFormatException e) {
                throw bad(caller, "Gpus must list GPU indices such as 0,1 (or 'all'), got '" + text.trim() + "'");
            }
        }
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) out[i] = list.get(i);
        return check(caller, out);
    }

    /** Non-negative indices, at most {@link #MAX}; returns a copy. */
    public static int[] check(String caller, int[] list) {
        if (list.length > MAX) throw bad(caller, "Gpus lists " + list.length + " devices; at most " + MAX);
        for (int g : list) {
            if (g < 0) throw bad(caller, "Gpus must list GPU indices 0, 1, ..., got " + g);
        }
        return list.clone();
    }

    public static String format(int[] list) {
        if (list == null) return "all";
        StringBuilder sb = new StringBuilder();
        for (int g : list) sb.append(sb.length() > 0 ? "," : "").append(g);
        return sb.toString();
    }

    private static JacobiException bad(String caller, String msg) {
        return new JacobiException(ErrorKind.BAD_OPTION, caller + ": " + msg);
    }
}
