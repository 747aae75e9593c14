package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.launch.CudaDevice;
import io.github.gpujacobi.cuda.launch.JCudaNatives;
import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.BackendProvider;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.cuda.jna.JnaLibraries;

/**
 * Offers the CUDA backend when JCuda's native library loads, a GPU of compute capability 8.0+ exists
 * and the JNA found first on the class path (MATLAB's own, in MATLAB) is one the library bindings
 * can use ({@link JnaLibraries}).
 */
public final class CudaBackendProvider implements BackendProvider {
    public String name() { return "cuda"; }

    public boolean gpu() { return true; }

    public Backend create() {
        try {
            JnaLibraries.requireSupported();
            JCudaNatives.load(); // before any JCuda class initialises: never JCuda's own /tmp extraction
            return new CudaBackend(CudaDevice.open());
        } catch (JacobiException e) {
            throw e;
        } catch (LinkageError e) {
            String msg = String.valueOf(e.getMessage());
            int nl = msg.indexOf('\n');
            throw new JacobiException(ErrorKind.NO_GPU, "the CUDA driver library did not load (no NVIDIA driver?): "
                    + (nl > 0 ? msg.substring(0, nl) : msg));
        } catch (RuntimeException e) {
            throw new JacobiException(ErrorKind.NO_GPU, "CUDA initialisation failed: " + e);
        }
    }
}
