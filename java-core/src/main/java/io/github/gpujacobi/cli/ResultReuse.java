package io.github.gpujacobi.cli;

import io.github.gpujacobi.mat.ResultRecord;

import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;

/**
 * What the batch does with a result path that may already hold a file, the same for the local batch and for each
 * Spark task ({@link BatchFiles#convert}): a file that is not a gpujacobi result is never overwritten (the Spark job
 * replaced a user's x_eig.mat that was older than x.mat); a result is kept only when it records the same options and
 * the same input (path, size, modification time: dates alone kept a same-named file's result).
 */
final class ResultReuse {
    enum Action { COMPUTE, UP_TO_DATE, REFUSE }

    final Action action;
    /** REFUSE: why. */
    final String why;
    /** UP_TO_DATE: what the kept result did not do, by variable. */
    final Map<String, String> keptNotDone;

    private ResultReuse(Action action, String why, Map<String, String> keptNotDone) {
        this.action = action;
        this.why = why;
        this.keptNotDone = keptNotDone;
    }

    static ResultReuse of(Path target, Map<String, String> options, Map<String, String> source, boolean force) {
        ResultRecord existing = ResultRecord.of(target);
        if (existing.kind() == ResultRecord.Kind.FOREIGN) {
            return new ResultReuse(Action.REFUSE, target + " exists and is not a gpujacobi result (" + existing.why()
                    + "): not overwritten, even with --force; move it away or choose another -o", null);
        }
        if (!force && existing.kind() == ResultRecord.Kind.RESULT && existing.options().equals(options)
                && existing.source().equals(source)) {
            return new ResultReuse(Action.UP_TO_DATE, null, existing.notDone());
        }
        return new ResultReuse(Action.COMPUTE, null, Collections.<String, String>emptyMap());
    }
}
