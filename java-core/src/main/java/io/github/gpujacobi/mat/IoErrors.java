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
