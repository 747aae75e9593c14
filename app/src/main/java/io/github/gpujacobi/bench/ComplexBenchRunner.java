package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Backend;
import io.github.gpujacobi.api.Backends;
import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.Methods;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.Precision;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;

/**
 * {@link BenchRunner} for complex input (--dtype complex64, complex128: numpy's names for single and
 * double complex): every backend that computes complex input and the complex peers (cuSOLVER's
 * zheevd/zheevj/zgesvd/zgesvdj/zgetrf+zgetrs and their C twins) on the same seeded inputs, ratios to
 * the best peer as for real rows; for inv also EJML's complex LU inverse (EJML 0.44 has no complex
 * eigen or singular value decomposition: its complex module has LU, QR and Cholesky only).
 */
public final class ComplexBenchRunner extends BenchSettings {

    /** numpy's name of complex input of precision p. */
    public static String dtypeName(Precision p) { return p == Precision.DOUBLE ? "complex128" : "complex64"; }

    /** The precision of a complex dtype name (complex64, complex128), or null for another name. */
    public static Precision parse(String name) {
        if ("complex128".equals(name)) return Precision.DOUBLE;
        if ("complex64".equals(name)) return Precision.SINGLE;
        return null;
    }

    public List<BenchRow> run(PrintStream progress) {
        List<BenchRow> rows = new ArrayList<BenchRow>();
        for (String op : ops) {
            List<ComplexBenchPeer> peers = peers(op, progress);
            for (Precision p : dtypes) for (int n : sizes) {
                int mm = svdRows > 0 && op.equals("svd") ? svdRows : n;
                ComplexPageArray input = input(spd && op.equals("eig") ? "spd" : op, mm, n, pages, p, 20261123L);
                for (ComplexBenchPeer peer : peers) {
                    if (!selected(peer.name())) continue;
                    rows.add(PeerRow.measure(op, dtypeName(p), n, pages, peer.name(), peer.isGpujacobi(),
                            peer.unsupported(input), cpuMaxN, () -> peer.measure(input, repeats, withTransfers), progress,
                            10, mm != n ? " m=" + mm : "").withRows(mm));
                }
            }
        }
        BenchRunner.ratios(rows);
        return rows;
    }

    private List<ComplexBenchPeer> peers(String op, PrintStream progress) {
        List<ComplexBenchPeer> out = new ArrayList<ComplexBenchPeer>();
        Operation operation = op.equals("eig") ? Operation.EIG : op.equals("svd") ? Operation.SVD : Operation.INV;
        for (Backend b : Backends.get().available()) {
            if (!b.supportsComplex(operation)) continue;
            String m = operation == Operation.EIG ? Methods.PARALLEL : operation == Operation.SVD ? Methods.ONE_SIDED
                    : b.isGpu() ? Methods.GAUSS_JORDAN : Methods.AUTO;
            out.add(new ComplexJacobiPeer(b, operation, m, base));
            // the default eig differs from 'parallel': on the CPU pivoted Cholesky and one-sided Jacobi for definite
            // input, the real route on the embedding for indefinite; on the GPU the real blocked route on the embedding
            // (svd too, from min(m, n) = 2048)
            if (operation == Operation.EIG || (operation == Operation.SVD && b.isGpu())) {
                out.add(new ComplexJacobiPeer(b, operation, Methods.AUTO, base));
            }
        }
        if (operation == Operation.INV) out.add(new EjmlComplexPeer());
        for (ComplexPeerProvider p : ServiceLoader.load(ComplexPeerProvider.class, ComplexBenchRunner.class.getClassLoader())) {
            try {
                List<ComplexBenchPeer> got = p.peers(op);
                if (got.isEmpty() && p.unavailableReason() != null) progress.println("# " + p.unavailableReason());
                out.addAll(got);
            } catch (RuntimeException | LinkageError e) {
                progress.println("# complex peer provider " + p.getClass().getSimpleName() + ": not available: " + e);
            }
        }
        return out;
    }

    /**
     * Seeded complex inputs: standard complex normal entries; the Hermitian part for eig (op "spd": shifted
     * positive definite); for inv the diagonal shifted by 2 sqrt(n) (well conditioned), as {@link BenchInputs}
     * does for real input.
     */
    public static ComplexPageArray input(String op, int n, int pages, Precision p, long seed) {
        return input(op, n, n, pages, p, seed);
    }

    /** As above with m rows: m x n (tall or wide) for svd only; eig and inv inputs are square. */
    public static ComplexPageArray input(String op, int m, int n, int pages, Precision p, long seed) {
        if (m != n && !op.equals("svd")) throw new IllegalArgumentException(op + " inputs are square; got " + m + " x " + n);
        Random r = new Random(seed + 31L * n + pages + (m != n ? 1000003L * m : 0));
        double[] z = new double[2 * m * n * pages];
        for (int i = 0; i < z.length; i++) z[i] = r.nextGaussian() * Math.sqrt(0.5);
        for (int k = 0; k < pages; k++) {
            int off = 2 * k * n * n;
            if (op.equals("eig") || op.equals("spd")) {
                for (int j = 0; j < n; j++) {
                    z[off + 2 * (j + j * n) + 1] = 0;
                    for (int i = j + 1; i < n; i++) {
                        int ij = off + 2 * (i + j * n), ji = off + 2 * (j + i * n);
                        double re = 0.5 * (z[ij] + z[ji]), im = 0.5 * (z[ij + 1] - z[ji + 1]);
                        z[ij] = re;
                        z[ij + 1] = im;
                        z[ji] = re;
                        z[ji + 1] = -im;
                    }
                }
            }
            // inv: well conditioned; spd: Hermitian positive definite (2 sqrt(n) exceeds the Hermitian part's
            // spectral radius, about sqrt(2n) for entries of variance 1)
            if (op.equals("inv") || op.equals("spd")) {
                for (int i = 0; i < n; i++) z[off + 2 * (i + i * n)] += 2 * Math.sqrt(n);
            }
        }
        ComplexPageArray d = ComplexPageArray.wrap(z, m, n, pages);
        return p == Precision.DOUBLE ? d : d.to(Precision.SINGLE);
    }
}
