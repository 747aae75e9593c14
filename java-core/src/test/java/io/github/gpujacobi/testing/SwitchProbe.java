package io.github.gpujacobi.testing;

/**
 * Prints the values java-core's two load-time switches took in this JVM (gpujacobi.cpu.svdQr, gpujacobi.gpu.complexAuto):
 * {@code UserSwitchesTest} starts it in a JVM of its own with each property set, since the classes read them once.
 */
public final class SwitchProbe {
    private SwitchProbe() {}

    public static void main(String[] args) throws Exception {
        System.out.println(field("io.github.gpujacobi.cpu.CpuBackend", "SVD_QR") + " "
                + field("io.github.gpujacobi.api.ComplexDispatch", "GPU_COMPLEX_AUTO"));
    }

    private static Object field(String cls, String name) throws Exception {
        java.lang.reflect.Field f = Class.forName(cls).getDeclaredField(name);
        f.setAccessible(true);
        return f.get(null);
    }
}
