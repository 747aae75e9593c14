package io.github.gpujacobi.cli;

import io.github.gpujacobi.mat.InputChecksum;
import io.github.gpujacobi.mat.MatFileException;
import io.github.gpujacobi.mat.MatInput;
import io.github.gpujacobi.mat.ResultRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;

/**
 * What the batch does with a result path that may already hold a file, the same for the local batch and for each
 * Spark task ({@link BatchFiles#convert}): a file that is not a gpujacobi result is never overwritten (the Spark job
 * replaced a user's x_eig.mat that was older than x.mat), nor is a symbolic link (nor its target); a damaged result
 * only with --force. A result is kept only when it records the same options and the same input: the same path, size
 * and SHA-256 of its bytes (dates alone kept a same-named file's result; size and date alone kept the result of a
 * different file with the same ones). A result without a checksum is computed again.
 */
final class ResultReuse {
    enum Action {
        COMPUTE, UP_TO_DATE, REFUSE,
        /** the recorded path, size and options match: up to date if the input's checksum is the recorded one */
        CHECK
    }

    final Action action;
    /** REFUSE: why. */
    final String why;
    /** UP_TO_DATE, CHECK: what the kept result did not do, by variable. */
    final Map<String, String> keptNotDone;
    /** UP_TO_DATE, CHECK: how many variables the kept result records as not converged. */
    final int keptNotConverged;
    /** CHECK: the recorded checksum. */
    private final String checksum;
    /** CHECK: REFUSE with this reason when the checksum differs (a link); null: COMPUTE. */
    private final String whyIfChanged;
    /** COMPUTE: the damaged result at the path may be replaced (--force). */
    final boolean replaceDamaged;

    private ResultReuse(Action action, String why, Map<String, String> keptNotDone, int keptNotConverged, String checksum,
                        String whyIfChanged, boolean replaceDamaged) {
        this.action = action;
        this.why = why;
        this.keptNotDone = keptNotDone;
        this.keptNotConverged = keptNotConverged;
        this.checksum = checksum;
        this.whyIfChanged = whyIfChanged;
        this.replaceDamaged = replaceDamaged;
    }

    private static ResultReuse compute(boolean replaceDamaged) {
        return new ResultReuse(Action.COMPUTE, null, Collections.<String, String>emptyMap(), 0, null, null, replaceDamaged);
    }

    private static ResultReuse refuse(String why) {
        return new ResultReuse(Action.REFUSE, why, null, 0, null, null, false);
    }

    /** The decision before the input is read: COMPUTE, REFUSE or CHECK. */
    static ResultReuse of(Path target, Map<String, String> options, Map<String, String> source, boolean force) {
        if (Files.isSymbolicLink(target)) {
            // written through, the link would change a file elsewhere; replaced, the link would be lost: refused both
            String why = target + " is a symbolic link" + linkTarget(target) + ": results are never written through a "
                    + "link or over it; remove the link, or give -o the folder it points into";
            ResultRecord linked = ResultRecord.of(target);
            ResultReuse keep = linked.kind() == ResultRecord.Kind.RESULT ? check(linked, options, source, force, why) : null;
            return keep != null ? keep : refuse(why);
        }
        ResultRecord existing = ResultRecord.of(target);
        switch (existing.kind()) {
            case FOREIGN:
                return refuse(target + " exists and is not a gpujacobi result (" + existing.why() + "): not overwritten, "
                        + "even with --force; " + (existing.unreadable() ? "if it is a damaged result of an earlier run, "
                        + "delete it (rm '" + target + "') and run again, else " : "") + "move it away or choose another -o");
            case DAMAGED:
                return force ? compute(true) : refuse(target + " is a damaged gpujacobi result (" + existing.why()
                        + "): not replaced; --force replaces it");
            case RESULT:
                ResultReuse keep = check(existing, options, source, force, null);
                return keep != null ? keep : compute(false);
            default:
                return compute(false);
        }
    }

    /** CHECK when the result records these options, this path and size, and a checksum; else null. */
    private static ResultReuse check(ResultRecord r, Map<String, String> options, Map<String, String> source,
                                     boolean force, String whyIfChanged) {
        Map<String, String> was = r.source();
        String sum = was.get(InputChecksum.FIELD);
        if (force || sum == null || !r.options().equals(options)) return null;
        if (!same(was, source, "path") || !same(was, source, "bytes")) return null;
        return new ResultReuse(Action.CHECK, null, r.notDone(), r.notConverged().size(), sum, whyIfChanged, false);
    }

    private static boolean same(Map<String, String> a, Map<String, String> b, String key) {
        return a.get(key) != null && a.get(key).equals(b.get(key));
    }

    /** The decision once the input's checksum is known (a CHECK becomes UP_TO_DATE, COMPUTE or REFUSE). */
    ResultReuse given(String inputChecksum) {
        if (action != Action.CHECK) return this;
        if (checksum.equals(inputChecksum)) {
            return new ResultReuse(Action.UP_TO_DATE, null, keptNotDone, keptNotConverged, null, null, false);
        }
        return whyIfChanged != null ? refuse(whyIfChanged) : compute(false);
    }

    /**
     * Decides what to do with one job: sets its fileError (refused, unreadable input), or upToDate, keptNotDone and
     * keptNotConverged, or replaceDamaged; returns the input opened (its checksum recorded in the job's source) when it
     * is to be computed, else null. The input is read once: its checksum is computed in the pass that lists its variables.
     */
    static MatInput open(BatchFileJob j, Map<String, String> options, boolean force) {
        ResultReuse reuse = of(j.output, options, j.source, force);
        if (reuse.action == Action.REFUSE) {
            j.fileError = reuse.why;
            return null;
        }
        MatInput in;
        try {
            in = MatInput.open(j.input, true);
        } catch (MatFileException e) {
            j.fileError = e.getMessage();
            return null;
        }
        j.source.put(InputChecksum.FIELD, in.checksum());
        reuse = reuse.given(in.checksum());
        if (reuse.action == Action.REFUSE) {
            j.fileError = reuse.why;
            return null;
        }
        if (reuse.action == Action.UP_TO_DATE) {
            j.upToDate = true;
            j.keptNotDone = reuse.keptNotDone;
            j.keptNotConverged = reuse.keptNotConverged;
            return null;
        }
        j.replaceDamaged = reuse.replaceDamaged;
        return in;
    }

    private static String linkTarget(Path link) {
        try {
            return " (to " + Files.readSymbolicLink(link) + ")";
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }
}
