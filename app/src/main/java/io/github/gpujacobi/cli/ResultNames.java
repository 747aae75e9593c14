package io.github.gpujacobi.cli;

import io.github.gpujacobi.mat.MatNames;
import io.github.gpujacobi.mat.MatVariable;
import io.github.gpujacobi.mat.ResultRecord;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variable names of one result file. MATLAB truncates names to 63 characters (namelengthmax), so
 * X_V and X_D of a 62-character X would both load as the same name and one output would be lost; a
 * crafted file may also hold one name twice. Such a variable fails with its reason instead.
 */
final class ResultNames {
    /** MATLAB's namelengthmax. */
    static final int MAX_LENGTH = 63;

    private final Map<String, Integer> inputCounts = new HashMap<String, Integer>();
    private final Set<String> written = new HashSet<String>();

    ResultNames(List<MatVariable> inputs) {
        for (MatVariable v : inputs) {
            Integer c = inputCounts.get(v.name());
            inputCounts.put(v.name(), c == null ? 1 : c + 1);
        }
        written.add(ResultRecord.NAME);
    }

    /** Why variable {@code name} of the input cannot be converted, or null. */
    String problem(String name) {
        if (name.isEmpty()) return "a variable has an empty name (a damaged or crafted file); it is not converted";
        Integer c = inputCounts.get(name);
        if (c != null && c > 1) {
            return name + " appears " + c + " times in the file (a damaged or crafted file); which one is meant is "
                    + "ambiguous, so none is converted";
        }
        return null;
    }

    /** Reserves the output names of one variable; the reason when one is too long or already taken, else null. */
    String claim(String variable, List<String> outputs) {
        for (String o : outputs) {
            if (o.length() > MAX_LENGTH) {
                return variable + ": its result " + o + " would have " + o.length() + " characters, over MATLAB's limit of "
                        + MAX_LENGTH + " (namelengthmax), where the results' names would collide; rename the variable to at most "
                        + (MAX_LENGTH - (o.length() - variable.length())) + " characters";
            }
            int bytes = MatNames.byteLength(o);
            if (bytes > MatNames.MAX_BYTES) {
                return variable + ": its result " + o + " would take " + bytes + " bytes in UTF-8, over the "
                        + MatNames.MAX_BYTES + " a name may have in a MAT file; rename the variable";
            }
            if (written.contains(o)) {
                return variable + ": its result " + o + " is already taken by another output of this file; nothing written for it";
            }
        }
        written.addAll(outputs);
        return null;
    }
}
