package io.github.gpujacobi.cli;

import io.github.gpujacobi.api.ComplexPageArray;
import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import io.github.gpujacobi.api.Operation;
import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.api.Precision;
import io.github.gpujacobi.api.RunReport;
import io.github.gpujacobi.api.SolverOptions;
import io.github.gpujacobi.mat.MatArrays;
import io.github.gpujacobi.mat.MatFileException;
import io.github.gpujacobi.mat.MatInput;
import io.github.gpujacobi.mat.MatVariable;
import io.github.gpujacobi.mat.ResultFile;
import io.github.gpujacobi.mat.ResultRecord;
import io.github.gpujacobi.mat.SkippedVariable;
import io.github.gpujacobi.api.Jacobi;
import us.hebi.matlab.mat.format.Mat5;
import io.github.gpujacobi.mat.RecordArrays;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.Struct;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Decomposes every variable of one input file into one result file; a bad variable does not stop the rest. */
final class BatchFileJob {
    /** What happened to one variable, for the summary. */
    static final class VariableLine {
        final String name;
        final String status; // done, skipped, failed
        final String detail;

        VariableLine(String name, String status, String detail) {
            this.name = name;
            this.status = status;
            this.detail = detail;
        }
    }

    final Path input;
    final Path output;
    final List<VariableLine> lines = new ArrayList<VariableLine>();
    String fileError;
    boolean upToDate;
    /** Up to date: what the kept result did not do (its record's not_done), by variable. */
    java.util.Map<String, String> keptNotDone = java.util.Collections.emptyMap();
    /** Up to date: how many variables the kept result records as not converged. */
    int keptNotConverged;
    /** The input's identity when the run began (ResultRecord.source), recorded with the result. */
    java.util.Map<String, String> source;
    /** A damaged gpujacobi result at output may be replaced (--force). */
    boolean replaceDamaged;
    /** Not decomposed: a gpujacobi result found in an input folder (why). */
    String notAnInput;
    /** integer and logical variables decomposed as double */
    int converted;
    /** variables written whose solver reached its sweep limit before the tolerance (MATLAB would warn) */
    int notConverged;
    final List<String> backends = new ArrayList<String>();
    /** the methods that ran (never "auto") */
    final List<String> methods = new ArrayList<String>();

    BatchFileJob(Path input, Path output) {
        this.input = input;
        this.output = output;
    }

    void run(BatchOptions opt, MatInput in, ProgressBar progress) {
        ResultFile out = null;
        List<Map<String, Array>> perVariable = new ArrayList<Map<String, Array>>();
        try {
            out = ResultFile.create(output, opt.compress, replaceDamaged);
            ResultNames names = new ResultNames(in.variables());
            if (in.variables().isEmpty()) lines.add(new VariableLine("", "skipped", "holds no variables"));
            for (MatVariable v : in.variables()) {
                if (opt.vars != null && !opt.vars.contains(v.name())) continue;
                processVariable(opt, in, v, names, out, perVariable, progress);
            }
            if (opt.vars != null) {
                for (String name : opt.vars) {
                    if (!has(in, name)) lines.add(new VariableLine(name, "skipped", name + " (--vars) is not in this file"));
                }
            }
            // every variable, whatever its name; the empty name of "holds no variables" is no variable
            List<Map<String, Array>> problems = new ArrayList<Map<String, Array>>();
            java.util.Set<String> named = new java.util.HashSet<String>();
            for (VariableLine l : lines) {
                if (!l.status.equals("done") && !(l.name.isEmpty() && in.variables().isEmpty()) && named.add(l.name)) {
                    problems.add(RecordArrays.notDoneRow(l.name, l.status, l.detail));
                }
            }
            Struct info = Mat5.newStruct()
                    .set("operation", Mat5.newString(opt.op.label()))
                    .set("version", Mat5.newString(Jacobi.version()))
                    .set("input", Mat5.newString(input.getFileName().toString()))
                    .set(ResultRecord.SOURCE, RecordArrays.sourceStruct(source != null ? source : ResultRecord.source(input)))
                    .set("backend", Mat5.newString(String.join(",", backends)))
                    .set("gpu", Mat5.newString(RecordGpu.of(backends, opt.solver)))
                    .set("method", Mat5.newString(methods.isEmpty() ? "-" : String.join(",", methods)))
                    .set(ResultRecord.OPTIONS, ResultRecord.optionsStruct(opt.resultOptions()))
                    .set(ResultRecord.VARIABLES, RecordArrays.table(perVariable))
                    .set(ResultRecord.NOT_DONE, RecordArrays.table(problems));
            out.write(ResultRecord.NAME, info);
            out.commit();
        } catch (MatFileException e) {
            fileError = e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            fileError = input + ": internal error while writing " + output + ": " + e + "; no result written";
        } finally {
            if (out != null) out.close();
        }
    }

    private void processVariable(BatchOptions opt, MatInput in, MatVariable v, ResultNames names, ResultFile out,
                                 List<Map<String, Array>> perVariable, ProgressBar progress) throws MatFileException {
        int[] d = v.dims();
        long pages = d.length > 2 ? d[2] : 1;
        String label = v.name().isEmpty() ? "(empty name)" : v.name();
        try {
            String bad = names.problem(v.name());
            if (bad != null) throw new JacobiException(ErrorKind.BAD_OPTION, bad);
            PageArray signs = null;
            if (opt.op == Operation.HSVD) {
                String role = HsvdSigns.signRole(in, v);
                if (role != null) throw new SkippedVariable(role);
                String skip = v.skipReason(); // not a matrix at all: skipped as for the other ops, before its signs are sought
                if (skip != null) throw new SkippedVariable(skip);
                if (v.vectorReason() != null) throw new SkippedVariable(v.vectorReason());
                if (v.isComplex()) throw new SkippedVariable("is complex; the hyperbolic SVD (--op hsvd) takes real matrices only");
                signs = readSigns(in, v);
            } else if (v.skipReason() == null && v.vectorReason() != null) {
                throw new SkippedVariable(v.vectorReason());
            }
            progress.working(input.getFileName() + ":" + v.name() + " (" + v.describe() + ")");
            SolverOptions so = opt.solver.withVariable(v.name()).withCaller(input.toString());
            BatchDecomposer.Outcome r;
            Precision precision;
            String rangeNote = null; // --precision single: entries that lose their value
            if (v.isComplex()) {
                ComplexPageArray a;
                try {
                    a = in.readComplex(v);
                } catch (MatFileException e) {
                    throw unreadable(label, e);
                }
                if (opt.precision == Precision.SINGLE && a.precision() == Precision.DOUBLE) {
                    rangeNote = SingleRange.check(so.where(), a.doubleData(), 2 * a.pageSize());
                }
                if (opt.precision != null && a.precision() != opt.precision) a = a.to(opt.precision);
                precision = a.precision();
                r = BatchDecomposer.runComplex(opt.op, a, so, opt.exactResidual);
            } else {
                PageArray a;
                try {
                    a = in.read(v);
                } catch (MatFileException e) {
                    throw unreadable(label, e);
                }
                if (opt.precision == Precision.SINGLE && a.precision() == Precision.DOUBLE) {
                    rangeNote = SingleRange.check(so.where(), a.doubleData(), a.pageSize());
                }
                if (opt.precision != null && a.precision() != opt.precision) a = a.to(opt.precision);
                precision = a.precision();
                r = BatchDecomposer.run(opt.op, a, signs, so, opt.exactResidual);
            }
            // every output name is checked before any is written: a variable is written whole or not at all
            List<String> outNames = new ArrayList<String>();
            for (String suffix : r.outputs.keySet()) outNames.add(v.name() + "_" + suffix);
            String clash = names.claim(v.name(), outNames);
            if (clash != null) throw new JacobiException(ErrorKind.BAD_OPTION, clash);
            for (java.util.Map.Entry<String, PageArray> e : r.outputs.entrySet()) {
                PageArray im = r.imaginary.get(e.getKey());
                out.write(v.name() + "_" + e.getKey(),
                        im == null ? MatArrays.toMatrix(e.getValue()) : MatArrays.toMatrix(e.getValue(), im));
            }
            RunReport rep = r.report;
            if (!backends.contains(rep.backend())) backends.add(rep.backend());
            if (!methods.contains(rep.method())) methods.add(rep.method());
            List<String> notes = new ArrayList<String>(rep.notes());
            if (rangeNote != null) notes.add(rangeNote);
            Map<String, Array> record = new LinkedHashMap<String, Array>();
            record.put("name", Mat5.newString(v.name()));
            record.put("backend", Mat5.newString(rep.backend()));
            record.put("method", Mat5.newString(rep.method()));
            record.put("sweeps", Mat5.newScalar(rep.sweeps()));
            record.put("converged", RecordArrays.logical(rep.converged()));
            record.put("residual", Mat5.newScalar(r.residual));
            record.put("time", Mat5.newScalar(rep.seconds()));
            record.put("class", Mat5.newString(precision.matlabClass()));
            // what the console said (nearly singular, a fallback, ...), which --quiet hides
            record.put("notes", Mat5.newString(String.join("; ", notes)));
            if (opt.op == Operation.INV) record.put("rcond", Mat5.newScalar(r.rcond));
            perVariable.add(record);
            String note = "";
            if (!v.isFloatingPoint()) {
                converted++;
                note = " (" + v.matlabClass() + " converted to double)";
            } else if (!precision.matlabClass().equals(v.matlabClass())) {
                note = " (computed in " + precision.matlabClass() + ")"; // --precision
            }
            if (!rep.converged() && opt.solver.fixedSweeps() == 0 && rep.sweeps() > 0) {
                note += " NOT converged";
                notConverged++;
            }
            for (String n : notes) note += "; " + n;
            lines.add(new VariableLine(v.name(), "done", String.format(java.util.Locale.ROOT,
                    "%s, residual %.2e, %s%.3f s%s", v.describe(), r.residual,
                    opt.op == Operation.INV ? "" : rep.sweeps() + " sweeps, ", rep.seconds(), note)));
        } catch (SkippedVariable e) {
            lines.add(new VariableLine(v.name(), "skipped", label + " " + e.getMessage()));
        } catch (JacobiException e) {
            String m = e.getMessage() == null ? "" : HeapHint.forCommandLine(e.getMessage());
            // a message that names neither the file nor the variable (an array-size limit, say) gets both
            if (!m.startsWith(input + ": ") && !m.startsWith(label + ": ")) m = label + " (" + v.describe() + "): " + m;
            if (e.kind() == ErrorKind.OUT_OF_MEMORY && opt.op == Operation.SVD && !opt.solver.econ()) {
                m += "; --econ writes the thin U (m x min(m, n)) instead of the full m x m one";
            }
            lines.add(new VariableLine(v.name(), "failed", m));
        } catch (OutOfMemoryError e) {
            lines.add(new VariableLine(v.name(), "failed", label + " (" + v.describe()
                    + ") did not fit in the Java heap; " + HeapHint.TEXT));
        } catch (RuntimeException | StackOverflowError e) {
            // a defect met by one variable costs that variable only; the rest of the file is still written
            lines.add(new VariableLine(v.name(), "failed", input.getFileName() + ": " + label + " (" + v.describe()
                    + "): internal error: " + e + "; nothing written for it (please report)"));
        }
        progress.advance(pages, input.getFileName() + ":" + v.name());
    }

    /** hsvd: X's signs from X_J or J; a missing or unreadable J fails X with a reason. */
    private PageArray readSigns(MatInput in, MatVariable x) {
        MatVariable j = HsvdSigns.signsFor(in, x);
        if (j == null) {
            throw new JacobiException(ErrorKind.BAD_OPTION, x.name() + " needs the signs of J = diag(signs) for the "
                    + "hyperbolic SVD: store them in the file as " + x.name() + "_J (or J for all matrices)");
        }
        PageArray signs;
        try {
            signs = in.read(j);
        } catch (MatFileException e) {
            throw unreadable(x.name() + ": its signs " + j.name(), e);
        } catch (SkippedVariable e) {
            throw new JacobiException(ErrorKind.BAD_OPTION, x.name() + ": its signs " + j.name() + " " + e.getMessage());
        }
        // checked here, where the variables' names are known (the solver's message says "J")
        int n = x.dims().length > 1 ? x.dims()[1] : 1;
        if (signs.rows() * signs.cols() != n) {
            throw new JacobiException(ErrorKind.BAD_SHAPE, x.name() + ": its signs " + j.name() + " must be a vector of "
                    + n + " entries (one per column of " + x.name() + "), but " + j.name() + " is " + signs.describe());
        }
        for (int i = 0; i < signs.length(); i++) {
            double s = signs.get(i);
            if (s != 1.0 && s != -1.0) {
                throw new JacobiException(ErrorKind.BAD_OPTION, x.name() + ": its signs " + j.name()
                        + " must be +1 or -1, but " + j.name() + "(" + (i + 1) + ") = " + number(s));
            }
        }
        return signs;
    }

    /**
     * A variable whose data cannot be read (corrupt compressed data, say) fails alone: each variable is read from the
     * file by itself, so the others are still decomposed and written (the whole file failed, losing the done ones).
     */
    private JacobiException unreadable(String what, MatFileException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        if (m.startsWith(input + ": ")) m = m.substring(input.toString().length() + 2);
        return new JacobiException(ErrorKind.IO, what + " cannot be read: " + m + "; the other variables are written");
    }

    /** 2 rather than 2.0; other values as Java prints them. */
    private static String number(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }

    private static boolean has(MatInput in, String name) {
        for (MatVariable v : in.variables()) if (v.name().equals(name)) return true;
        return false;
    }

    int count(String status) {
        int c = 0;
        for (VariableLine l : lines) if (l.status.equals(status)) c++;
        return c;
    }
}
