package io.github.gpujacobi.spark;

import io.github.gpujacobi.cli.BatchFiles;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One Spark task: stage the input file to a task-local folder, convert it with the toolbox's batch
 * converter on the task's GPU (or the CPU), upload the result under a temporary name beside its
 * target and rename it into place. Files on the local file system (file:, also shared mounts) are
 * converted in place: the core's own result file is written under a temporary name and renamed. Whatever goes wrong becomes the file's record, never a task failure.
 */
final class FileTask implements Function<FileWork, FileTask.Done> {
    /** A file's outcome and where its task ran ({@link TaskGpu#where()}), for the driver's summary. */
    record Done(BatchFiles.Outcome outcome, String where) implements java.io.Serializable {
    }

    private static final long serialVersionUID = 1L;
    private final List<String> batchArgs;
    private final Broadcast<HadoopFiles> hadoop;
    private final boolean gpusScheduled;
    private final boolean stageLocalFiles;

    /** @param stageLocalFiles copy file: inputs and results through the task's folder too (tests) */
    FileTask(List<String> batchArgs, Broadcast<HadoopFiles> hadoop, boolean gpusScheduled, boolean stageLocalFiles) {
        this.batchArgs = List.copyOf(batchArgs);
        this.hadoop = hadoop;
        this.gpusScheduled = gpusScheduled;
        this.stageLocalFiles = stageLocalFiles;
    }

    private static boolean isLocal(Path p) {
        return "file".equals(p.toUri().getScheme());
    }

    @Override
    public Done call(FileWork w) {
        return new Done(convert(w), TaskGpu.where());
    }

    private BatchFiles.Outcome convert(FileWork w) {
        java.nio.file.Path stage = null;
        HadoopFiles files = hadoop.value();
        try {
            BatchFiles converter = TaskGpu.place(BatchFiles.parse(batchArgs), gpusScheduled);
            Path in = new Path(w.input());
            Path out = new Path(w.output());
            if (!stageLocalFiles && isLocal(in) && isLocal(out)) {
                // local or mounted files: the core reads in place and writes temp-then-rename itself; the record names
                // the input by its local path, as the local batch does
                return converter.convert(java.nio.file.Paths.get(in.toUri()), java.nio.file.Paths.get(out.toUri()))
                        .renamed(w.inputName(), w.outputName());
            }
            stage = Files.createTempDirectory("gpujacobi-task");
            // the staged copy keeps the input's file name: the result records it and messages show it
            java.nio.file.Path localIn = Files.createDirectory(stage.resolve("in")).resolve(in.getName());
            java.nio.file.Path localOut = Files.createDirectory(stage.resolve("out")).resolve(out.getName());
            try (InputStream s = files.of(in).open(in)) {
                Files.copy(s, localIn);
            }
            // an existing target comes along, so that the converter can keep it (the same input and options) or refuse
            // to replace it (not a gpujacobi result)
            FileSystem outFs = files.of(out);
            FileStatus found = RemoteCommit.status(outFs, out);
            if (found != null) {
                try (InputStream s = outFs.open(out)) {
                    Files.copy(s, localOut);
                }
            }
            java.util.Map<String, String> source = io.github.gpujacobi.mat.ResultRecord.source(
                    isLocal(in) ? java.nio.file.Paths.get(in.toUri()).toRealPath().toString() : in.toString(), w.bytes(), w.modified());
            BatchFiles.Outcome o = converter.convert(localIn, localOut, source)
                    .renamed(w.inputName(), w.outputName());
            if (o.wroteResult()) {
                String refused = RemoteCommit.upload(outFs, localOut, out, found);
                if (refused != null) return BatchFiles.Outcome.fileFailed(w.inputName(), w.outputName(), refused);
            }
            return o;
        } catch (Exception | LinkageError | OutOfMemoryError e) {
            return BatchFiles.Outcome.fileFailed(w.inputName(), w.outputName(), w.inputName() + ": " + e);
        } finally {
            if (stage != null) deleteTree(stage);
        }
    }

    private static void deleteTree(java.nio.file.Path dir) {
        try (Stream<java.nio.file.Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort: the folder is in the executor's temporary space
        }
    }
}
