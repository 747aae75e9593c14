package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;

import java.util.Locale;

/**
 * batch --precision single on double data: a variable beyond single's range would turn into Inf
 * (reported as if the file held Inf) or, when a whole page lies below single's smallest normal
 * number, into zeros or a few-bit subnormals that decompose "successfully" into a wrong answer.
 * Such a variable fails with the reason instead.
 */
final class SingleRange {
    private SingleRange() {}

    /**
     * @param data double entries (interleaved re/im for complex), page after page
     * @param pageLength entries per page in data
     * @return null, or a note on the entries (of pages that keep normal ones) that fall below single's smallest
     *         normal number and so lose digits or become 0 in single; they were flushed without a word
     */
    static String check(String where, double[] data, int pageLength) {
        if (data == null || pageLength == 0) return null;
        int pages = data.length / pageLength;
        long tiny = 0;
        for (int k = 0; k < pages; k++) {
            double max = 0;
            for (int i = k * pageLength; i < (k + 1) * pageLength; i++) max = Math.max(max, Math.abs(data[i]));
            String page = pages > 1 ? " (page " + (k + 1) + ")" : "";
            if (Float.isInfinite((float) max)) {
                throw new JacobiException(ErrorKind.BAD_SCALING, String.format(Locale.ROOT,
                        "%s%s has an entry of magnitude %.3g, beyond single's range (%.3g): --precision single would "
                                + "make it Inf; use --precision keep or double", where, page, max, (double) Float.MAX_VALUE));
            }
            if (max > 0 && max < Float.MIN_NORMAL) {
                throw new JacobiException(ErrorKind.BAD_SCALING, String.format(Locale.ROOT,
                        "%s%s has entries of magnitude at most %.3g, below single's smallest normal number (%.3g): "
                                + "--precision single would flush them; use --precision keep or double", where, page, max,
                        (double) Float.MIN_NORMAL));
            }
            for (int i = k * pageLength; i < (k + 1) * pageLength; i++) {
                double x = Math.abs(data[i]);
                if (x > 0 && x < Float.MIN_NORMAL) tiny++;
            }
        }
        if (tiny == 0) return null;
        return String.format(Locale.ROOT, "--precision single: %d %s of magnitude below %.3g (single's smallest normal "
                        + "number) %s subnormal or 0 in single, losing digits", tiny, tiny == 1 ? "entry" : "entries",
                (double) Float.MIN_NORMAL, tiny == 1 ? "becomes" : "become");
    }
}
