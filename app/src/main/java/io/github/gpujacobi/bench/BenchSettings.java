package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.SolverOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The bench options that the real and the complex runner ({@link BenchRunner}, {@link ComplexBenchRunner}) both take. */
public abstract class BenchSettings {
    public List<String> ops = new ArrayList<String>();
    public List<Integer> sizes = new ArrayList<Integer>();
    /** The precisions of this runner's inputs (real or complex, as the runner is). */
    public List<Precision> dtypes = new ArrayList<Precision>();
    public int pages = 1;
    public int repeats = 3;
    public boolean withTransfers;
    public Pattern implFilter;
    /** Largest order at which the (slow, single-threaded) CPU rows still run. */
    public int cpuMaxN = 1024;
    /** Rows of the svd inputs (--rows; 0: square); eig and inv stay square. */
    public int svdRows;
    public SolverOptions base = SolverOptions.defaults();
    /** eig inputs made (Hermitian) positive definite, the Cholesky paths' input, instead of indefinite. */
    public boolean spd;

    BenchSettings() {}

    /** Whether --impl lets the row of this name run. */
    boolean selected(String name) { return implFilter == null || implFilter.matcher(name).find(); }

    /** Takes every option of o except its dtypes (one runner's real options for the complex runner, say). */
    public void sameOptionsAs(BenchSettings o) {
        ops.addAll(o.ops);
        sizes.addAll(o.sizes);
        pages = o.pages;
        repeats = o.repeats;
        withTransfers = o.withTransfers;
        implFilter = o.implFilter;
        cpuMaxN = o.cpuMaxN;
        svdRows = o.svdRows;
        base = o.base;
        spd = o.spd;
    }
}
