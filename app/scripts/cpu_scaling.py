"""Helper of cpu-scaling.sh.

lapack NS REPEAT T: times scipy.linalg.eigh / svd / inv on the bench's kind of inputs (seeded Gaussian,
  symmetric part for eig, diagonally shifted for inv), median of REPEAT after a warm-up; CSV to stdout.
  The BLAS thread count comes from the environment (cpu-scaling.sh sets it to T).
table DIR THREADS: the Markdown table from the bench CSVs (gpujacobi-t*.csv, ejml.csv) and lapack-t*.csv.
Uses only the standard library for the table, so it runs where scipy is missing.
"""
import csv
import glob
import os
import statistics
import sys
import time


def lapack(ns, repeat, threads):
    import numpy as np
    try:  # scipy where it is installed; numpy.linalg (LAPACK syevd, gesdd, gesv) where only numpy is (the GPU machine)
        import scipy
        import scipy.linalg as la
        eigh, svd, inv = la.eigh, la.svd, la.inv
        names = ("scipy.linalg.eigh (LAPACK syevr)", "scipy.linalg.svd (LAPACK gesdd)",
                 "scipy.linalg.inv (LAPACK getrf+getri)")
        lib = "scipy %s" % scipy.__version__
    except ImportError:
        eigh, svd, inv = np.linalg.eigh, np.linalg.svd, np.linalg.inv
        names = ("numpy.linalg.eigh (LAPACK syevd)", "numpy.linalg.svd (LAPACK gesdd)", "numpy.linalg.inv (LAPACK gesv)")
        lib = "numpy %s" % np.__version__
    out = csv.writer(sys.stdout)
    out.writerow(["op", "n", "threads", "impl", "ms"])
    for n in [int(x) for x in ns.split(",")]:
        r = np.random.default_rng(n)
        a = r.standard_normal((n, n))
        cases = [("eig", names[0], lambda: eigh((a + a.T) / 2)),
                 ("svd", names[1], lambda: svd(a)),
                 ("inv", names[2], lambda: inv(a + n * np.eye(n)))]
        for op, name, f in cases:
            f()
            ts = []
            for _ in range(repeat):
                t = time.perf_counter()
                f()
                ts.append((time.perf_counter() - t) * 1e3)
            out.writerow([op, n, threads, "%s, %s" % (name, lib), "%.3f" % statistics.median(ts)])


def rows(path):
    with open(path) as f:
        return [r for r in csv.DictReader(f)]


def table(d, threads):
    threads = [int(t) for t in threads.split()]
    ejml = {(r["op"], int(r["n"])): float(r["ms"]) for r in rows(os.path.join(d, "ejml.csv"))} \
        if os.path.exists(os.path.join(d, "ejml.csv")) else {}
    ours, lap = {}, {}
    for t in threads:
        p = os.path.join(d, "gpujacobi-t%d.csv" % t)
        if os.path.exists(p):
            for r in rows(p):
                ours[(r["op"], int(r["n"]), t)] = (r["impl"], float(r["ms"]), r.get("note", ""))
        p = os.path.join(d, "lapack-t%d.csv" % t)
        if os.path.exists(p) and os.path.getsize(p) > 0:
            for r in rows(p):
                lap[(r["op"], int(r["n"]), t)] = (r["impl"], float(r["ms"]))
    if not lap:
        print("\nLAPACK rows: none (python3 with numpy not found on this machine)")
    print("\n| op | n | threads | gpujacobi | ms | speed-up vs 1 thread | EJML 1 thread (ms) | / EJML | LAPACK ms | / LAPACK | note |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (op, n) in sorted({(k[0], k[1]) for k in ours}, key=lambda k: (["eig", "svd", "inv"].index(k[0]), k[1])):
        one = ours.get((op, n, threads[0]))
        for t in threads:
            if (op, n, t) not in ours:
                continue
            impl, ms, note = ours[(op, n, t)]
            e = ejml.get((op, n))
            l = lap.get((op, n, t))
            print("| %s | %d | %d | %s | %.0f | %s | %s | %s | %s | %s | %s |" % (
                op, n, t, impl, ms, "%.2fx" % (one[1] / ms) if one else "-",
                "%.0f" % e if e else "-", "%.2fx" % (ms / e) if e else "-",
                "%.1f" % l[1] if l else "-", "%.2fx" % (ms / l[1]) if l else "-", note))
    names = sorted({v[0] for v in lap.values()})
    if names:
        print("\nLAPACK: " + "; ".join(names))


if __name__ == "__main__":
    if sys.argv[1] == "lapack":
        lapack(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        table(sys.argv[2], sys.argv[3])
