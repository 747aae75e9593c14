package io.github.gpujacobi.bench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Time against n per implementation, one log-log panel per operation and class, as PNG. */
public final class BenchPlot {
    private BenchPlot() {}

    /** Rows read back from a CSV the bench command wrote (for re-plotting without re-running). */
    public static List<BenchRow> readCsv(String path) throws IOException {
        List<BenchRow> rows = new ArrayList<BenchRow>();
        List<String> lines;
        try {
            lines = java.nio.file.Files.readAllLines(java.nio.file.Paths.get(path), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException(path + " is not a bench CSV (not UTF-8 text)");
        }
        if (lines.isEmpty() || !lines.get(0).equals(BenchRow.header()))
            throw new IOException(path + " is not a bench CSV (header " + BenchRow.header() + ")");
        for (String line : lines.subList(1, lines.size())) {
            if (line.trim().isEmpty()) continue;
            int q = line.indexOf('"');
            String[] f = (q < 0 ? line : line.substring(0, q)).split(",", -1);
            if (f.length < 9) throw new IOException(path + ": malformed row: " + line);
            String note = q < 0 ? "" : line.substring(q + 1, Math.max(q + 1, line.lastIndexOf('"')));
            try {
                BenchRow r = new BenchRow(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), f[4],
                        f[4].startsWith("gpujacobi"), num(f[5]), num(f[7]), num(f[8]), note);
                r.ratio = num(f[6]);
                rows.add(r);
            } catch (NumberFormatException e) {
                throw new IOException(path + ": malformed row: " + line);
            }
        }
        return rows;
    }

    private static double num(String s) { return s.isEmpty() ? Double.NaN : Double.parseDouble(s); }

    public static void write(List<BenchRow> rows, String path) throws IOException {
        Map<String, List<BenchRow>> panels = new LinkedHashMap<String, List<BenchRow>>();
        for (BenchRow r : rows) {
            if (Double.isNaN(r.ms)) continue;
            String key = r.op + " " + r.dtype + (r.pages > 1 ? " (" + r.pages + " pages)" : "");
            if (!panels.containsKey(key)) panels.put(key, new ArrayList<BenchRow>());
            panels.get(key).add(r);
        }
        List<XYChart> charts = new ArrayList<XYChart>();
        for (Map.Entry<String, List<BenchRow>> e : panels.entrySet()) {
            XYChart c = new XYChartBuilder().width(640).height(420).title(e.getKey()).xAxisTitle("n")
                    .yAxisTitle("ms (median)").build();
            c.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true)
                    .setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(6);
            Map<String, List<BenchRow>> series = new LinkedHashMap<String, List<BenchRow>>();
            for (BenchRow r : e.getValue()) {
                if (!series.containsKey(r.impl)) series.put(r.impl, new ArrayList<BenchRow>());
                series.get(r.impl).add(r);
            }
            for (Map.Entry<String, List<BenchRow>> s : series.entrySet()) {
                double[] x = new double[s.getValue().size()], y = new double[x.length];
                for (int i = 0; i < x.length; i++) {
                    x[i] = s.getValue().get(i).n;
                    y[i] = s.getValue().get(i).ms;
                }
                c.addSeries(s.getKey(), x, y);
            }
            charts.add(c);
        }
        if (charts.isEmpty()) return;
        // XChart's grid must be filled exactly: 2 columns for an even count, 3 for a multiple of 3, else 1.
        int cols = charts.size() % 2 == 0 ? 2 : charts.size() % 3 == 0 ? 3 : 1;
        int rowsN = (charts.size() + cols - 1) / cols;
        BitmapEncoder.saveBitmap(charts, rowsN, cols, path, BitmapEncoder.BitmapFormat.PNG);
    }
}
