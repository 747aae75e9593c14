package io.github.gpujacobi.cuda;

import io.github.gpujacobi.cuda.launch.Tuning;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;

import java.util.Locale;

/**
 * Whether a page array is worth splitting over several GPUs: only when its work, pages x m n min(m, n), reaches the
 * operation's threshold in the {@link Tuning} row ({@link Tuning#splitEigFrom} and its siblings). Below it the split's
 * fixed costs (a host thread and a context switch per GPU, the pages copied apart and back together) exceed what a
 * second GPU saves, so more GPUs would be slower than one; the pages then stay on the first listed GPU and the report
 * says why. Tests set one threshold for every operation ({@link #override}: 0 splits every page array).
 */
final class PageSplitRule {
    private PageSplitRule() {}

    /** One threshold for every operation instead of the row's (tests: 0 splits every page array); null: the row's. */
    static volatile Double override;

    /** pages x m n min(m, n): the flop count's shape for every page operation (exact for none, proportional for all). */
    static double work(PageArray a) {
        return (double) a.pages() * a.rows() * a.cols() * Math.min(a.rows(), a.cols());
    }

    /** The work from which op's pages split: {@link #override} when set, else the row's. */
    static double threshold(Tuning t, Operation op) {
        Double set = override;
        if (set != null) return set;
        switch (op) {
            case EIG: return t.splitEigFrom;
            case SVD: return t.splitSvdFrom;
            default: return t.splitInvFrom;
        }
    }

    /** Whether a's pages go over several GPUs. */
    static boolean pays(Tuning t, Operation op, PageArray a) {
        return work(a) >= threshold(t, op);
    }

    /** The report's note when the pages stayed on one of gpus GPUs. */
    static String keptNote(Tuning t, Operation op, PageArray a, int gpus) {
        return String.format(Locale.ROOT, "pages on one GPU, not split over %d: their work (pages x m n min(m, n) = %.3g) is "
                + "below the %s split threshold %.3g (docs/tuning.md)", gpus, work(a), op.label(), threshold(t, op));
    }
}
