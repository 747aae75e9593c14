package io.github.gpujacobi.cuda.peers;

/** One input's device work in a cuSOLVER row, real or complex, and the timing protocol they share. */
interface DeviceJob {
    /** Host input to the device (allocating on the first call). */
    void upload();

    /** Every page once, restoring the input each solver call overwrites first; waits for the device. */
    void runAll();

    /** The results to the host (what --with-transfers adds to the timed region). */
    void downloadAll();

    /**
     * After the first upload: one untimed run, then {@code repeats} timed ones, the host transfers
     * inside them only with --with-transfers. Returns the times in milliseconds.
     */
    static double[] time(DeviceJob job, int repeats, boolean withTransfers) {
        job.runAll();
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            if (withTransfers) job.upload();
            job.runAll();
            if (withTransfers) job.downloadAll();
            ms[r] = (System.nanoTime() - t0) * 1e-6;
        }
        return ms;
    }
}
