package io.github.gpujacobi.mat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The reason behind an I/O failure in words. NIO's exceptions carry only the path as their message
 * ({@code AccessDeniedException: /out}), so "cannot write X: /out" hides why; this names the cause.
 */
public final class IoErrors {
    private IoErrors() {}

    /** "PATH: permission denied", "PATH: a folder that is not empty is in the way", or the OS message. */
    public static String describe(IOException e) {
        if (!(e instanceof FileSystemException)) {
            return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        }
        FileSystemException f = (FileSystemException) e;
        String where = f.getFile() == null ? "" : f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile()) + ": ";
        return where + reason(f);
    }

    /**
     * Why the .mat reader (MFL) failed, in words: its messages carry Java class names
     * ({@code java.lang.IllegalArgumentException: Unknown tag type for id: 99}, {@code java.io.EOFException}).
     */
    public static String plain(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.io.EOFException) return "the file ends in the middle of a variable (truncated)";
            if (t instanceof NegativeArraySizeException || String.valueOf(t.getMessage()).contains("capacity < 0")) {
                return "a variable is larger than the 2 GB the .mat reader supports for one variable";
            }
        }
        String m = String.valueOf(e.getMessage()).replaceAll("(?:[a-z][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)(?::\\s*)?", "").trim();
        java.util.regex.Matcher tag = java.util.regex.Pattern.compile("Unknown tag type for id: (-?\\d+)").matcher(m);
        if (tag.find()) return "it holds an element of unknown type " + tag.group(1) + " (damaged, or not a MAT file)";
        if (m.isEmpty() || m.equals("null")) return "its data cannot be decoded (damaged?)";
        return m;
    }

    private static String reason(FileSystemException f) {
        String os = f.getReason();
        String kind;
        if (f instanceof AccessDeniedException) kind = "permission denied";
        else if (f instanceof NoSuchFileException) kind = "no such file or folder";
        else if (f instanceof FileAlreadyExistsException) kind = "already exists";
        else if (f instanceof DirectoryNotEmptyException) kind = "a folder that is not empty is in the way";
        else if (f instanceof NotDirectoryException) kind = "not a folder";
        else kind = null;
        if (kind == null) return os != null ? os : f.getClass().getSimpleName();
        return os != null && !os.equalsIgnoreCase(kind) ? kind + " (" + os + ")" : kind;
    }
}
