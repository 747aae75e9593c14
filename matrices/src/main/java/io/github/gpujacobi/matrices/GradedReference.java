package io.github.gpujacobi.matrices;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A graded input and its high-precision reference values, cached as a test resource (graded/NAME.txt) so that no test
 * computes a reference: the first line "eig|svd m n complex", the matrix column-major as hex doubles (interleaved
 * re/im when complex), then the values (eigenvalues ascending, singular values descending) to 25 digits, computed
 * once with mpmath at 60 digits (shared by the conformance suite and verify); lines starting with '#' say how.
 */
public final class GradedReference {
    public final String kind;
    public final int m, n;
    public final boolean complex;
    public final double[] a;
    public final double[] values;

    private GradedReference(String kind, int m, int n, boolean complex, double[] a, double[] values) {
        this.kind = kind;
        this.m = m;
        this.n = n;
        this.complex = complex;
        this.a = a;
        this.values = values;
    }

    /** The cached cases: graded symmetric indefinite, graded indefinite Hermitian, row- and column-graded SVD. */
    public static final String[] NAMES = {"graded-indefinite-20", "graded-indefinite-60", "graded-hermitian-indefinite-30",
            "row-graded-40x25", "row-graded-25x40", "row-graded-30x30",
            "column-graded-40x25", "column-graded-25x40", "column-graded-30x30"};

    public static GradedReference load(String name) {
        try (InputStream in = GradedReference.class.getResourceAsStream("graded/" + name + ".txt")) {
            if (in == null) throw new IllegalStateException("test resource graded/" + name + ".txt is missing");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            String[] head = r.readLine().trim().split(" ");
            int m = Integer.parseInt(head[1]), n = Integer.parseInt(head[2]);
            boolean complex = head[3].equals("1");
            List<Double> nums = new ArrayList<Double>();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                line = line.trim();
                if (!line.isEmpty() && !line.startsWith("#")) nums.add(Double.parseDouble(line));
            }
            int len = m * n * (complex ? 2 : 1);
            double[] a = new double[len], v = new double[nums.size() - len];
            for (int i = 0; i < len; i++) a[i] = nums.get(i);
            for (int i = 0; i < v.length; i++) v[i] = nums.get(len + i);
            int want = head[0].equals("eig") ? n : Math.min(m, n);
            if (v.length != want) throw new IllegalStateException("graded/" + name + ".txt: " + v.length + " values, want " + want);
            return new GradedReference(head[0], m, n, complex, a, v);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
