package io.github.gpujacobi.cpu;

/** The tests' access to the order from which the CPU backend takes its native LAPACK routes. */
public final class NativeRouteOrder {
    private NativeRouteOrder() {}

    /** Every page of order 2 and more through the native routes (the default starts at {@link HyperbolicEig#LAPACK_FROM}). */
    public static void fromEveryOrder() {
        HyperbolicEig.lapackFrom = 2;
    }
}
