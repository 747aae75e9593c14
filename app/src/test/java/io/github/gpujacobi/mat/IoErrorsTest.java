package io.github.gpujacobi.mat;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** NIO puts only the path in its messages; the batch's errors must also say why. */
class IoErrorsTest {
    @Test
    void pathAndReasonAreBothGiven() {
        assertEquals("/out: permission denied", IoErrors.describe(new AccessDeniedException("/out")));
        assertEquals("/a -> /b: a folder that is not empty is in the way", IoErrors.describe(new DirectoryNotEmptyException("/a") {
            @Override public String getOtherFile() { return "/b"; }
        }));
        assertEquals("/x: Read-only file system", IoErrors.describe(new FileSystemException("/x", null, "Read-only file system")));
        assertEquals("disk full", IoErrors.describe(new IOException("disk full")));
        assertEquals("/out: permission denied (Operation not permitted)",
                IoErrors.describe(new AccessDeniedException("/out", null, "Operation not permitted")));
    }
}
