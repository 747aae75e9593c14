package io.github.gpujacobi.mat;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;

/** Conversions between MFL matrices and page arrays (both column-major). */
public final class MatArrays {
    private MatArrays() {}

    /** single stays single; double, integer and logical become double. */
    static PageArray toPageArray(Matrix m, boolean floating) {
        int[] d = m.getDimensions();
        int rows = d[0], cols = d.length > 1 ? d[1] : 1, pages = d.length > 2 ? d[2] : 1;
        int n = m.getNumElements();
        if (floating && m.getType() == MatlabType.Single) {
            float[] f = new float[n];
            for (int i = 0; i < n; i++) f[i] = m.getFloat(i);
            return PageArray.wrap(f, rows, cols, pages);
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = m.getDouble(i);
        return PageArray.wrap(x, rows, cols, pages);
    }

    /** Complex data interleaved: single stays single; double and integer become double. */
    static ComplexPageArray toComplexPageArray(Matrix m) {
        int[] d = m.getDimensions();
        int rows = d[0], cols = d.length > 1 ? d[1] : 1, pages = d.length > 2 ? d[2] : 1;
        int n = m.getNumElements();
        if (m.getType() == MatlabType.Single) {
            float[] z = new float[2 * n];
            for (int i = 0; i < n; i++) {
                z[2 * i] = m.getFloat(i);
                z[2 * i + 1] = m.getImaginaryFloat(i);
            }
            return ComplexPageArray.wrap(z, rows, cols, pages);
        }
        double[] z = new double[2 * n];
        for (int i = 0; i < n; i++) {
            z[2 * i] = m.getDouble(i);
            z[2 * i + 1] = m.getImaginaryDouble(i);
        }
        return ComplexPageArray.wrap(z, rows, cols, pages);
    }

    /** A complex MATLAB matrix from its real and imaginary parts (same shape and class). */
    public static Matrix toMatrix(PageArray re, PageArray im) {
        int[] dims = re.pages() == 1 ? new int[]{re.rows(), re.cols()} : new int[]{re.rows(), re.cols(), re.pages()};
        boolean single = re.precision() == Precision.SINGLE;
        Matrix m = Mat5.newComplex(dims, single ? MatlabType.Single : MatlabType.Double);
        for (int i = 0; i < re.length(); i++) {
            if (single) {
                m.setFloat(i, re.floatData()[i]);
                m.setImaginaryFloat(i, im.floatData()[i]);
            } else {
                m.setDouble(i, re.doubleData()[i]);
                m.setImaginaryDouble(i, im.doubleData()[i]);
            }
        }
        return m;
    }

    /** A MATLAB matrix of the array's class; 1-page arrays are written 2-D. */
    public static Matrix toMatrix(PageArray a) {
        int[] dims = a.pages() == 1 ? new int[]{a.rows(), a.cols()} : new int[]{a.rows(), a.cols(), a.pages()};
        boolean single = a.precision() == Precision.SINGLE;
        Matrix m = Mat5.newMatrix(dims, single ? MatlabType.Single : MatlabType.Double);
        int n = a.length();
        if (single) {
            float[] f = a.floatData();
            for (int i = 0; i < n; i++) m.setFloat(i, f[i]);
        } else {
            double[] x = a.doubleData();
            for (int i = 0; i < n; i++) m.setDouble(i, x[i]);
        }
        return m;
    }
}
