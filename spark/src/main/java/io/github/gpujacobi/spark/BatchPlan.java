package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The driver's side of the local batch's per-file rules, on Hadoop file systems: INPUT folders
 * expand to their .mat files, each file gets {@code <stem>_<op>.mat} in the OUTPUT folder (or OUTPUT
 * itself for one input), this run's own results are never inputs. Whether a result is up to date, and that a file
 * which is not a gpujacobi result is never replaced, each task decides as the local batch does (BatchFiles.convert):
 * a result newer than its input was kept here even when made from another input or with other options, and a user's
 * older file of a result's name was overwritten.
 */
final class BatchPlan {
    /** Files to convert, one task each. */
    final List<FileWork> todo = new ArrayList<>();
    /** Inputs whose result name another input already has: failed, not converted. */
    final List<BatchFiles.Outcome> collisions = new ArrayList<>();
    /** Inputs that could not be listed. */
    final List<String> problems = new ArrayList<>();
    /** Inputs named as files (not found in a named folder). */
    private final Set<Path> named = new HashSet<>();

    static BatchPlan of(BatchFiles batch, HadoopFiles files) throws IOException {
        BatchPlan plan = new BatchPlan();
        List<FileStatus> inputs = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (String in : batch.inputs()) plan.discover(in, files, inputs, shown);
        Path output = new Path(batch.output());
        FileSystem outFs = files.of(output);
        output = outFs.makeQualified(output);
        FileStatus outStatus = status(outFs, output);
        boolean outputIsFolder = outStatus != null && outStatus.isDirectory();
        boolean single = batch.outputIsFile(outputIsFolder);
        if (!single && outStatus != null && !outputIsFolder) { // mkdirs failed later with Hadoop's FileAlreadyExistsException
            throw new IllegalArgumentException("-o " + batch.output() + " is an existing file, not a folder; give a folder "
                    + "(or, for a single input, a .mat file)");
        }
        if (single && (batch.inputs().size() > 1 || inputs.size() > 1)) {
            throw new IllegalArgumentException("-o " + batch.output() + " is a .mat file, but there are "
                    + inputs.size() + " input files; give a folder");
        }
        Set<Path> targets = new HashSet<>();
        List<Path> outs = new ArrayList<>();
        for (FileStatus f : inputs) {
            Path t = single ? output : new Path(output, batch.resultName(f.getPath().getName()));
            outs.add(t);
            targets.add(t);
        }
        Map<String, String> owner = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            FileStatus f = inputs.get(i);
            if (targets.contains(f.getPath())) {
                // a named input that is a result path: -o names an input (the job silently did nothing and exited 0)
                if (plan.named.contains(f.getPath())) {
                    throw new IllegalArgumentException("-o " + batch.output() + " names the input " + shown.get(i)
                            + " itself; inputs are never overwritten: give another file or a folder");
                }
                continue; // an output folder inside an input folder
            }
            Path t = outs.get(i);
            String inName = shown.get(i);
            String outName = single ? batch.output() : new Path(batch.output(), t.getName()).toString();
            // compared ignoring case, as the local batch does (x.mat and X.MAT are one file on some file systems)
            String first = owner.putIfAbsent(t.toString().toLowerCase(java.util.Locale.ROOT), inName);
            if (first != null) {
                // tasks run at once: two inputs of one name (dir1/x.mat, dir2/x.mat) must not race for x_<op>.mat
                plan.collisions.add(BatchFiles.Outcome.fileFailed(inName, outName, inName + ": its result "
                        + outName + " is also " + first + "'s; convert one of them to another output folder"));
                continue;
            }
            plan.todo.add(new FileWork(f.getPath().toString(), t.toString(), inName, outName, f.getLen(),
                    f.getModificationTime()));
        }
        if (!single) outFs.mkdirs(output);
        return plan;
    }

    /** The files an INPUT names, each with the name the report shows: as typed, or the folder as typed plus the name. */
    private void discover(String typed, HadoopFiles files, List<FileStatus> found, List<String> shown) throws IOException {
        Path in = new Path(typed);
        FileSystem fs = files.of(in);
        FileStatus st = status(fs, fs.makeQualified(in));
        if (st == null) {
            problems.add(typed + ": no such file or folder");
            return;
        }
        if (!st.isDirectory()) {
            found.add(st);
            shown.add(typed);
            named.add(st.getPath());
            return;
        }
        List<FileStatus> mats = new ArrayList<>();
        for (FileStatus s : fs.listStatus(st.getPath(), p -> p.getName().endsWith(".mat"))) { // the local *.mat
            if (s.isFile()) mats.add(s);
        }
        mats.sort(Comparator.comparing(s -> s.getPath().getName()));
        if (mats.isEmpty()) problems.add(typed + ": folder holds no .mat files");
        for (FileStatus s : mats) {
            found.add(s);
            shown.add(new Path(in, s.getPath().getName()).toString());
        }
    }

    private static FileStatus status(FileSystem fs, Path p) throws IOException {
        try {
            return fs.getFileStatus(p);
        } catch (FileNotFoundException e) {
            return null;
        }
    }
}
