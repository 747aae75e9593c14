package io.github.gpujacobi.cli;

/** A group of verify's checks: they report to the run's tally, and some run only on a GPU. */
abstract class VerifyGroup {
    private final VerifyTally tally;
    /** The device is a GPU: the checks of its own routes run too. */
    final boolean gpu;

    VerifyGroup(VerifyTally tally, boolean gpu) {
        this.tally = tally;
        this.gpu = gpu;
    }

    final void check(String what, boolean ok, String detail) { tally.check(what, ok, detail); }
}
