package io.github.gpujacobi.mat;

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
