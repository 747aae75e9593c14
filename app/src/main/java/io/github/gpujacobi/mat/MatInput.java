package io.github.gpujacobi.mat;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.PageArray;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5File;
import us.hebi.matlab.mat.format.Mat5Reader;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.MatFile;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Source;
import us.hebi.matlab.mat.types.Sources;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One input .mat file (MAT v5/v6/v7 as MATLAB, Octave and scipy write them), read one variable at
 * a time: the catalogue pass skips every variable's data, and each read keeps only the variable
 * asked for, so memory holds one matrix, not the whole file. The file is opened read-only.
 */
public final class MatInput {
    private final Path path;
    private final List<MatVariable> variables;
    /** the scanned element of each variable (null where the scan did not reach it) */
    private final List<MatElements.Element> elements;
    private final String checksum;

    private MatInput(Path path, List<MatVariable> variables, List<MatElements.Element> elements, String checksum) {
        this.path = path;
        this.variables = variables;
        this.elements = elements;
        this.checksum = checksum;
    }

    public static MatInput open(Path path) throws MatFileException {
        return open(path, false);
    }

    /** {@link #open(Path)}; {@code checksum}: the file's {@link InputChecksum} too, computed in the same pass. */
    public static MatInput open(Path path, boolean checksum) throws MatFileException {
        if (!Files.isRegularFile(path)) throw new MatFileException(path + ": no such file");
        if (!Files.isReadable(path)) throw new MatFileException(path + ": not readable: permission denied");
        checkHeader(path);
        InputChecksum sum = checksum ? new InputChecksum() : null;
        final List<MatElements.Element> scanned = MatElements.scan(path, sum); // before MFL allocates by declared sizes
        final List<MatVariable> found = new ArrayList<MatVariable>();
        final List<MatElements.Element> elements = new ArrayList<MatElements.Element>();
        read(path, new Mat5Reader.EntryFilter() {
            public boolean isAccepted(Mat5Reader.EntryHeader h) {
                // MFL sees the same elements in the same order; its name is the scan's read as ASCII
                int i = found.size();
                MatElements.Element e = i < scanned.size() && asAscii(scanned.get(i).nameBytes).equals(h.getName())
                        ? scanned.get(i) : null;
                found.add(new MatVariable(e != null ? e.name : h.getName(), i, h.getType(), h.getDimensions(),
                        h.isComplex(), h.isLogical()));
                elements.add(e);
                return false;
            }
        });
        return new MatInput(path, Collections.unmodifiableList(found), elements, sum == null ? null : sum.value());
    }

    public Path path() { return path; }

    /** The SHA-256 of the file's bytes as read when it was opened (hex), or null when not asked for. */
    public String checksum() { return checksum; }

    public List<MatVariable> variables() { return variables; }

    /** The variable's data as double (or single when stored single) page array; a complex variable is skipped. */
    public PageArray read(final MatVariable v) throws MatFileException, SkippedVariable {
        if (v.isComplex()) throw new SkippedVariable("is complex, and a real array is needed here");
        return read(v, new Conversion<PageArray>() {
            public PageArray of(Matrix m) { return MatArrays.toPageArray(m, v.isFloatingPoint()); }
        });
    }

    /** A complex variable's data as a double (or single when stored single) complex page array. */
    public ComplexPageArray readComplex(MatVariable v) throws MatFileException, SkippedVariable {
        return read(v, new Conversion<ComplexPageArray>() {
            public ComplexPageArray of(Matrix m) { return MatArrays.toComplexPageArray(m); }
        });
    }

    /** Converts the matrix while the file's buffers are still open. */
    private interface Conversion<T> {
        T of(Matrix m);
    }

    private <T> T read(final MatVariable v, Conversion<T> conversion) throws MatFileException, SkippedVariable {
        String reason = v.skipReason();
        if (reason != null) throw new SkippedVariable(reason);
        MatElements.Element e = elements.get(v.index());
        if (e != null) {
            MatElements.verifyInflation(path, e);
            if (e.problem != null) {
                throw new JacobiException(ErrorKind.IO, path + ": " + v.name() + " cannot be read: "
                        + e.problem + "; nothing was allocated for it");
            }
        }
        Mat5File f = read(path, new Mat5Reader.EntryFilter() {
            private int index;

            public boolean isAccepted(Mat5Reader.EntryHeader h) { return index++ == v.index(); } // names may not be ASCII
        });
        try {
            Array a = null;
            for (MatFile.Entry entry : f.getEntries()) a = entry.getValue();
            if (!(a instanceof Matrix)) throw new SkippedVariable("is not a numeric array");
            return conversion.of((Matrix) a);
        } finally {
            closeQuietly(f);
        }
    }

    static Mat5File read(Path path, Mat5Reader.EntryFilter filter) throws MatFileException {
        Source src = null;
        try {
            src = Sources.openFile(path.toFile());
            return Mat5.newReader(src).setEntryFilter(filter).readMat();
        } catch (EOFException e) {
            throw new MatFileException(path + ": truncated (the file ends in the middle of a variable)", e);
        } catch (IOException | RuntimeException e) {
            throw new MatFileException(path + ": not a readable MAT file: " + IoErrors.plain(e), e);
        } finally {
            if (src != null) {
                try { src.close(); } catch (IOException ignored) { /* read-only */ }
            }
        }
    }

    /** Tells v7.3 (HDF5), v4 and non-MAT files apart before MFL sees them. */
    private static void checkHeader(Path path) throws MatFileException {
        byte[] head = new byte[128];
        int got = 0;
        try (InputStream in = Files.newInputStream(path)) {
            while (got < head.length) {
                int r = in.read(head, got, head.length - got);
                if (r < 0) break;
                got += r;
            }
        } catch (IOException e) {
            throw new MatFileException(path + ": cannot read: " + IoErrors.describe(e), e);
        }
        String text = new String(head, 0, Math.min(got, 116), StandardCharsets.ISO_8859_1);
        if (text.startsWith("MATLAB 7.3 MAT-file") || (got >= 8 && head[0] == (byte) 0x89 && head[1] == 'H')) {
            throw new MatFileException(path + ": is a MATLAB v7.3 (HDF5) file, which is not supported; "
                    + "save it with save(..., '-v7') in MATLAB (or -v7 in Octave)");
        }
        if (got < 128) {
            throw new MatFileException(path + ": too short to be a MAT v5/v6/v7 file (" + got + " bytes, less than its "
                    + "128-byte header; MATLAB v4 and text files are not supported; save with -v7)");
        }
        if (!text.startsWith("MATLAB 5.0 MAT-file")) {
            int version = ((head[125] & 0xff) << 8) | (head[124] & 0xff);
            boolean mat5 = (head[126] == 'I' && head[127] == 'M') || (head[126] == 'M' && head[127] == 'I');
            if (!mat5 || (version != 0x0100 && version != 0x0001)) {
                throw new MatFileException(path + ": not a MAT v5/v6/v7 file (no MAT-file header; MATLAB v4 and "
                        + "v7.3 files are not supported; save with -v7)");
            }
        }
    }

    /** A name's bytes as MFL reads them: US-ASCII up to the first NUL, trailing blanks removed. */
    private static String asAscii(byte[] name) {
        int n = 0;
        while (n < name.length && name[n] != 0) n++;
        while (n > 0 && name[n - 1] == ' ') n--;
        return new String(name, 0, n, StandardCharsets.US_ASCII);
    }

    static void closeQuietly(MatFile f) {
        try { f.close(); } catch (IOException ignored) { /* buffers only */ }
    }
}
