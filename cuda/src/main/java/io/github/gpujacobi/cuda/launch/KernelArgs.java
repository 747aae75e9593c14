package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.Precision;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * A kernel's parameter array from typed Java values, for the typed launch wrappers (one method per kernel, named
 * parameters): the positional Pointer.to arrays are built here once instead of at every launch site.
 */
public final class KernelArgs {
    private KernelArgs() {}

    /**
     * Each value as the kernel takes it: a device pointer (null: nullptr), int, long, double or float by value, a
     * boolean as int 0/1, a {@link Pointer} that already points at the value as it is.
     */
    public static Pointer of(Object... values) {
        Pointer[] p = new Pointer[values.length];
        for (int i = 0; i < values.length; i++) p[i] = one(values[i]);
        return Pointer.to(p);
    }

    /** v as a kernel parameter of precision p's real type (float or double), for {@link #of}. */
    public static Object real(double v, Precision p) {
        return p == Precision.DOUBLE ? (Object) v : (Object) (float) v;
    }

    private static Pointer one(Object v) {
        if (v == null) return Pointer.to(new long[]{0});
        if (v instanceof CUdeviceptr) return Pointer.to((CUdeviceptr) v);
        if (v instanceof Integer) return Pointer.to(new int[]{(Integer) v});
        if (v instanceof Boolean) return Pointer.to(new int[]{(Boolean) v ? 1 : 0});
        if (v instanceof Long) return Pointer.to(new long[]{(Long) v});
        if (v instanceof Double) return Pointer.to(new double[]{(Double) v});
        if (v instanceof Float) return Pointer.to(new float[]{(Float) v});
        if (v instanceof Pointer) return (Pointer) v;
        throw new IllegalArgumentException("no kernel argument of type " + v.getClass().getName());
    }
}
