package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.types.MatlabType;

import java.util.Arrays;

/** What the header of one variable says, before its data is read. */
public final class MatVariable {
    private final String name;
    /** its position among the file's variables: MFL cannot find a name that is not ASCII */
    private final int index;
    private final MatlabType type;
    private final int[] dims;
    private final boolean complex;
    private final boolean logical;

    MatVariable(String name, int index, MatlabType type, int[] dims, boolean complex, boolean logical) {
        this.name = name;
        this.index = index;
        this.type = type;
        this.dims = dims.clone();
        this.complex = complex;
        this.logical = logical;
    }

    public String name() { return name; }

    int index() { return index; }

    public int[] dims() { return dims.clone(); }

    /** MATLAB's class name: double, single, int32, logical, struct, cell, char, sparse ... */
    public String matlabClass() {
        if (logical) return "logical";
        switch (type) {
            case Structure: return "struct";
            case Object: return "object";
            case Character: return "char";
            case Sparse: return "sparse";
            case Cell: return "cell";
            case Function: return "function handle";
            case Opaque: return "opaque object";
            default: return type.toString().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A numeric or logical dense array (integer and logical ones are converted to double). */
    public boolean isNumeric() {
        switch (type) {
            case Double: case Single: case Int8: case UInt8: case Int16: case UInt16:
            case Int32: case UInt32: case Int64: case UInt64:
                return true;
            default:
                return false;
        }
    }

    public boolean isFloatingPoint() { return !logical && (type == MatlabType.Double || type == MatlabType.Single); }

    public boolean isComplex() { return complex; }

    /** Null when the variable can be decomposed, else the reason it is skipped. */
    public String skipReason() {
        if (!isNumeric()) return "is " + (matlabClass().matches("[aeiou].*") ? "an " : "a ") + matlabClass()
                + ", not a numeric array";
        if (dims.length > 3) return "has " + dims.length + " dimensions; only 2-D matrices and 3-D page arrays are supported";
        for (int d : dims) if (d == 0) return "is empty (" + describe() + "); there is nothing to decompose";
        return null;
    }

    /**
     * Null for a matrix (or page array of them), else why it is not decomposed: a vector (1 x n or n x 1, pages of
     * them) beside the matrices of a file is data, not a matrix to decompose (it was counted as failed: exit 1).
     */
    public String vectorReason() {
        int r = dims.length > 0 ? dims[0] : 1, c = dims.length > 1 ? dims[1] : 1;
        if ((r == 1) == (c == 1)) return null;
        return "is a vector (" + describe() + "), not a matrix; vectors are not decomposed";
    }

    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < dims.length; i++) sb.append(i == 0 ? "" : "x").append(dims[i]);
        return sb + " " + (complex ? "complex " : "") + matlabClass();
    }

    @Override
    public String toString() { return name + " (" + describe() + ")" + Arrays.toString(dims); }
}
