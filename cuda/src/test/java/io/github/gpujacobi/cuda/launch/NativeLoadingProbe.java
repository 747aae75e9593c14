package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.BackendInfo;
import io.github.gpujacobi.api.Jacobi;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.SolverOptions;

/** Run in a fresh JVM by {@link NativeLoadingSafetyTest}: one way of (not) loading the CUDA backend. */
public final class NativeLoadingProbe {
    public static void main(String[] args) throws java.io.IOException {
        switch (args[0]) {
            case "system-load": // the control: the planted library does run when loaded
                System.load(args[1]);
                break;
            case "backends": // what info, the toolbox's gpu_info and Device 'auto'/'gpu' do
                for (BackendInfo b : Jacobi.backends()) System.out.println("backend " + b.name() + ": " + b.summary());
                System.out.println("extracted=" + JCudaNatives.extractedTo());
                System.out.println("loaded=" + JCudaNatives.loadedFrom());
                if (JCudaNatives.extractedTo() != null) { // while it exists (a temporary copy goes on exit)
                    System.out.println("sha256=" + NativeLoadingSafetyTest.hex(JCudaNatives.sha256(
                            java.nio.file.Files.readAllBytes(JCudaNatives.extractedTo()))));
                }
                break;
            case "load": // the driver library alone (no CUDA call: a stand-in libcuda.so.1 has no functions)
                try {
                    JCudaNatives.load();
                    System.out.println("loaded=" + JCudaNatives.loadedFrom());
                } catch (io.github.gpujacobi.api.JacobiException e) {
                    System.out.println("refused=" + e.getMessage());
                }
                break;
            case "cpu": // Device 'cpu': nothing CUDA-related may load
                PageArray a = PageArray.wrap(new double[]{4, 1, 2, 3}, 2, 2);
                Jacobi.svd(a, SolverOptions.defaults().withDevice("cpu"));
                Jacobi.eig(PageArray.wrap(new double[]{2, 1, 1, 2}, 2, 2), SolverOptions.defaults().withDevice("cpu"));
                System.out.println("extracted=" + JCudaNatives.extractedTo());
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
