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
