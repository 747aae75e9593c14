package io.github.gpujacobi.spark;

import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.types.Char;
import us.hebi.matlab.mat.types.Matrix;
import us.hebi.matlab.mat.types.Struct;

import java.io.File;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Helper of spark/gpu-cluster.sh, for a machine without Python or MATLAB:
 * {@code make DIR COUNT N} writes COUNT files of one random symmetric N x N double matrix each;
 * {@code gpus DIR} prints how many results in DIR name each GPU in their record (gpujacobi.gpu).
 */
public final class ClusterFiles {
    private ClusterFiles() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("make")) {
            File dir = new File(args[1]);
            if (!dir.isDirectory() && !dir.mkdirs()) throw new IllegalStateException("cannot create " + dir);
            int count = Integer.parseInt(args[2]), n = Integer.parseInt(args[3]);
            for (int f = 0; f < count; f++) {
                Random rnd = new Random(1000 + f);
                Matrix a = Mat5.newMatrix(n, n);
                for (int j = 0; j < n; j++) {
                    for (int i = 0; i <= j; i++) {
                        double v = rnd.nextGaussian();
                        a.setDouble(i, j, v);
                        a.setDouble(j, i, v);
                    }
                }
                Mat5.writeToFile(Mat5.newMatFile().addArray("A", a), new File(dir, String.format("m%03d.mat", f)));
            }
            System.out.println(count + " files of one " + n + " x " + n + " symmetric double matrix in " + dir);
        } else if (args.length == 2 && args[0].equals("gpus")) {
            Map<String, Integer> by = new TreeMap<>();
            File[] files = new File(args[1]).listFiles((d, name) -> name.endsWith(".mat"));
            if (files == null) throw new IllegalStateException(args[1] + " is not a folder");
            Arrays.sort(files);
            for (File f : files) {
                Struct rec = Mat5.readFromFile(f).getStruct("gpujacobi");
                String gpu = rec.getFieldNames().contains("gpu") ? ((Char) rec.get("gpu")).getString() : "(no gpu field)";
                by.merge(gpu.isEmpty() ? "(CPU)" : gpu, 1, Integer::sum);
            }
            by.forEach((gpu, n) -> System.out.println(n + " result(s): " + gpu));
            System.out.println(by.size() + " distinct");
        } else {
            System.err.println("usage: ClusterFiles make DIR COUNT N | gpus DIR");
            System.exit(2);
        }
    }
}
