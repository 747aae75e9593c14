package io.github.gpujacobi.spark;

import io.github.gpujacobi.mat.TempFiles;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;

/**
 * A staged result uploaded next to its target under a short temporary name of its own ({@link TempFiles#newName}: any
 * legal result name works, and two jobs on one output never share one) and renamed into place; the file the task
 * found at the target (checked by the converter: a gpujacobi result, or a damaged one with --force) is replaced only
 * if it did not change since, and a file that took a free target's name meanwhile is never replaced.
 */
final class RemoteCommit {
    private RemoteCommit() {}

    /** The target's status before it was staged, or null when there was none. */
    static FileStatus status(FileSystem fs, Path p) throws IOException {
        try {
            return fs.getFileStatus(p);
        } catch (FileNotFoundException e) {
            return null;
        }
    }

    /** Uploads and renames; null when done, else why the target was left alone (the result is discarded). */
    static String upload(FileSystem fs, java.nio.file.Path local, Path target, FileStatus found) throws IOException {
        Path temp = new Path(target.getParent(), TempFiles.newName());
        try {
            try (OutputStream os = fs.create(temp, false)) {
                Files.copy(local, os);
            }
            FileStatus now = status(fs, target);
            if (found == null ? now != null : now == null || now.getLen() != found.getLen()
                    || now.getModificationTime() != found.getModificationTime()) {
                return "cannot finish " + target + ": another file took this name while the job computed: not overwritten; "
                        + "the computed result was discarded (move that file away and run again)";
            }
            // HDFS does not rename over an existing file: the result checked before is replaced in two steps
            if (!fs.rename(temp, target) && !(found != null && fs.delete(target, false) && fs.rename(temp, target))) {
                throw new IOException("cannot rename " + temp + " to " + target);
            }
            return null;
        } finally {
            fs.delete(temp, false);
        }
    }
}
