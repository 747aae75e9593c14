package io.github.gpujacobi.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reference eigenvalues in 40-digit arithmetic: cyclic Jacobi on BigDecimal, run until the
 * off-diagonal part is negligible relative to the diagonal. Independent of the solver under test
 * (different arithmetic, different ordering), but slow (minutes at n = 130): from {@link #CACHED_FROM} the
 * values are read from a test resource named by the SHA-256 of the input's exact bits, computed only when
 * that resource is missing. {@code -Dgpujacobi.test.writeReferences=DIR} writes the missing ones into DIR
 * (java-core/src/test/resources/io/github/gpujacobi/testing/references).
 */
public final class HighPrecisionEigenvalues {
    private HighPrecisionEigenvalues() {}

    private static final MathContext MC = new MathContext(40);

    /** Below this order the computation takes well under a second: no resource. */
    static final int CACHED_FROM = 24;

    private static final String FOLDER = "references/";

    public static double[] of(double[] a, int n) {
        if (n < CACHED_FROM) return compute(a, n);
        String key = key(a, n);
        double[] cached = read(key, n);
        if (cached != null) return cached;
        double[] d = compute(a, n);
        String dir = System.getProperty("gpujacobi.test.writeReferences");
        if (dir != null) write(Paths.get(dir).resolve(key + ".txt"), d);
        return d;
    }

    /** The resource's name: SHA-256 of n and the n x n leading entries' IEEE bits. */
    public static String key(double[] a, int n) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            ByteBuffer b = ByteBuffer.allocate(8 * (n * n + 1));
            b.putLong(n);
            for (int i = 0; i < n * n; i++) b.putLong(Double.doubleToRawLongBits(a[i]));
            StringBuilder hex = new StringBuilder();
            for (byte x : md.digest(b.array())) hex.append(String.format("%02x", x));
            return "eig-" + n + "-" + hex.substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double[] read(String key, int n) {
        try (InputStream in = HighPrecisionEigenvalues.class.getResourceAsStream(FOLDER + key + ".txt")) {
            if (in == null) return null;
            List<Double> v = new ArrayList<Double>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (!line.isBlank()) v.add(Double.parseDouble(line.trim()));
            }
            if (v.size() != n) throw new IllegalStateException("reference " + key + " holds " + v.size() + " values, not " + n);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) d[i] = v.get(i);
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException("reading reference " + key, e);
        }
    }

    private static void write(Path file, double[] d) {
        StringBuilder b = new StringBuilder();
        for (double x : d) b.append(Double.toString(x)).append('\n');
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, b.toString().getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException("writing reference " + file, e);
        }
    }

    public static double[] compute(double[] a, int n) {
        BigDecimal[][] m = new BigDecimal[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m[i][j] = new BigDecimal(a[i + j * n]);
        BigDecimal tiny = new BigDecimal("1e-34");
        for (int sweep = 0; sweep < 30; sweep++) {
            boolean rotated = false;
            for (int p = 0; p < n; p++) for (int q = p + 1; q < n; q++) {
                BigDecimal apq = m[p][q];
                if (apq.signum() == 0) continue;
                BigDecimal app = m[p][p], aqq = m[q][q];
                BigDecimal bound = tiny.multiply(app.multiply(aqq, MC).abs().sqrt(MC), MC);
                if (apq.abs().compareTo(bound) <= 0) continue;
                rotated = true;
                BigDecimal theta = aqq.subtract(app, MC).divide(apq.multiply(BigDecimal.valueOf(2)), MC);
                BigDecimal root = theta.multiply(theta, MC).add(BigDecimal.ONE).sqrt(MC);
                BigDecimal t = BigDecimal.ONE.divide(theta.abs().add(root), MC);
                if (theta.signum() < 0) t = t.negate();
                BigDecimal c = BigDecimal.ONE.divide(t.multiply(t, MC).add(BigDecimal.ONE).sqrt(MC), MC);
                BigDecimal s = t.multiply(c, MC);
                for (int k = 0; k < n; k++) {
                    BigDecimal x = m[k][p], y = m[k][q];
                    m[k][p] = c.multiply(x, MC).subtract(s.multiply(y, MC), MC);
                    m[k][q] = s.multiply(x, MC).add(c.multiply(y, MC), MC);
                }
                for (int k = 0; k < n; k++) {
                    BigDecimal x = m[p][k], y = m[q][k];
                    m[p][k] = c.multiply(x, MC).subtract(s.multiply(y, MC), MC);
                    m[q][k] = s.multiply(x, MC).add(c.multiply(y, MC), MC);
                }
            }
            if (!rotated) break;
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = m[i][i].doubleValue();
        Arrays.sort(d);
        return d;
    }
}
