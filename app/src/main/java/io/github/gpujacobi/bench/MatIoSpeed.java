package io.github.gpujacobi.bench;

import io.github.gpujacobi.api.PageArray;
import io.github.gpujacobi.mat.MatArrays;
import io.github.gpujacobi.mat.MatInput;
import io.github.gpujacobi.mat.MatVariable;
import io.github.gpujacobi.mat.ResultFile;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Times the batch converter's .mat I/O on one file: reading every variable the way {@code batch}
 * does (catalogue, then one variable at a time) and writing them back compressed or not.
 * Driven by app/scripts/mat-io-speed.sh, which times scipy on the same files.
 * usage: MatIoSpeed read FILE | MatIoSpeed copy FILE OUT.mat compressed|uncompressed
 */
public final class MatIoSpeed {
    private MatIoSpeed() {}

    public static void main(String[] args) throws Exception {
        Path in = Paths.get(args[1]);
        for (int round = 0; round < 2; round++) {   // first round: fresh JVM (what one batch run pays); second: warm JIT
            long t0 = System.nanoTime();
            MatInput file = MatInput.open(in);
            List<PageArray> arrays = new ArrayList<PageArray>();
            List<String> names = new ArrayList<String>();
            for (MatVariable v : file.variables()) {
                arrays.add(file.read(v));
                names.add(v.name());
            }
            double read = (System.nanoTime() - t0) * 1e-9;
            if (args[0].equals("read")) {
                report(round, "read", read);
                continue;
            }
            long t1 = System.nanoTime();
            ResultFile out = ResultFile.create(Paths.get(args[2]), args[3].equals("compressed"));
            for (int i = 0; i < arrays.size(); i++) out.write(names.get(i), MatArrays.toMatrix(arrays.get(i)));
            out.commit();
            report(round, "write " + args[3], (System.nanoTime() - t1) * 1e-9);
        }
    }

    private static void report(int round, String what, double seconds) {
        System.out.printf(Locale.ROOT, "java %s %.3f s (%s)%n", what, seconds, round == 0 ? "cold JVM" : "warm");
    }
}
