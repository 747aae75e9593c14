package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;

/** A peer whose library is missing here: it still gets a row, saying why, so a table shows what was not compared. */
final class UnavailablePeer implements BenchPeer {
    private final String name, op, reason;

    UnavailablePeer(String name, String op, String reason) {
        this.name = name;
        this.op = op;
        this.reason = reason;
    }

    public String name() { return name; }

    public boolean isGpujacobi() { return false; }

    public String op() { return op; }

    public String unsupported(PageArray input) { return reason; }

    public Measurement measure(PageArray input, int repeats, boolean withTransfers) {
        throw new UnsupportedOperationException(reason);
    }
}
