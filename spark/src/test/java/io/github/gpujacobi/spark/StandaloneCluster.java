package io.github.gpujacobi.spark;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone cluster from the test class path, no Spark distribution: a master and workers
 * as child JVMs bound to 127.0.0.1 on free ports. Each worker declares one "GPU" through a discovery
 * script printing the address it is given, so Spark's GPU scheduling runs without a GPU. Executors
 * start from SPARK_HOME/jars (an empty folder) plus spark.executor.extraClassPath, the test class path.
 * {@link #close()} ends every JVM it started, executors included, also from a shutdown hook.
 */
final class StandaloneCluster implements AutoCloseable {
    private final Path dir;
    private final List<Process> processes = new ArrayList<>();
    private final Thread hook = new Thread(this::stopAll, "stop standalone cluster");
    /** Short-lived JVMs on a small CI machine: quick start and few GC threads over peak speed. */
    private static final String QUICK_START = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";
    final int port;
    final int uiPort;
    private int workers;

    private StandaloneCluster(Path dir) throws IOException {
        this.dir = dir;
        this.port = freePort();
        this.uiPort = freePort();
        Runtime.getRuntime().addShutdownHook(hook);
    }

    String url() {
        return "spark://127.0.0.1:" + port;
    }

    /** A master and one worker per GPU address (1 core each); returns when all workers are registered. */
    static StandaloneCluster start(Path dir, String... gpuAddresses) throws Exception {
        StandaloneCluster c = new StandaloneCluster(dir);
        try {
            Path home = Files.createDirectories(dir.resolve("spark-home"));
            Files.createDirectories(home.resolve("jars"));
            Files.createDirectories(home.resolve("conf"));
            c.launch("master", List.of(), "org.apache.spark.deploy.master.Master",
                    "--host", "127.0.0.1", "--port", String.valueOf(c.port), "--webui-port", String.valueOf(c.uiPort));
            for (int w = 0; w < gpuAddresses.length; w++) {
                Path script = dir.resolve("gpus-" + w + ".sh");
                Files.writeString(script, "#!/bin/sh\necho '{\"name\":\"gpu\",\"addresses\":[\"" + gpuAddresses[w] + "\"]}'\n");
                if (!script.toFile().setExecutable(true)) throw new IOException("cannot make " + script + " executable");
                c.launch("worker-" + w, List.of("-Dspark.worker.resource.gpu.amount=1",
                                "-Dspark.worker.resource.gpu.discoveryScript=" + script),
                        "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--port", "0", "--webui-port", "0",
                        "--cores", "1", "--memory", "640m", "--work-dir", Files.createDirectories(dir.resolve("work-" + w)).toString(),
                        c.url());
            }
            c.workers = gpuAddresses.length;
            c.awaitWorkers(c.workers, 120);
            return c;
        } catch (Exception | Error e) {
            c.close();
            throw e;
        }
    }

    /**
     * The driver's settings for this cluster: the class path executors need, the GPU amounts, and a start
     * once every worker's executor is registered (so that each takes tasks).
     */
    Map<String, String> driverSettings() {
        return Map.ofEntries(
                Map.entry("spark.driver.host", "127.0.0.1"),
                Map.entry("spark.driver.bindAddress", "127.0.0.1"),
                Map.entry("spark.ui.enabled", "false"),
                Map.entry("spark.executor.memory", "512m"),
                Map.entry("spark.executor.cores", "1"),
                Map.entry("spark.executor.extraClassPath", System.getProperty("java.class.path")),
                Map.entry("spark.executor.extraJavaOptions", QUICK_START + " " + log4j()),
                Map.entry("spark.executor.resource.gpu.amount", "1"),
                Map.entry(TaskGpu.TASK_GPU_AMOUNT, "1"),
                Map.entry("spark.cores.max", String.valueOf(workers)),
                Map.entry("spark.scheduler.minRegisteredResourcesRatio", "1.0"));
    }

    private static String log4j() {
        java.net.URL u = StandaloneCluster.class.getResource("/log4j2-test.properties");
        return u == null ? "" : "-Dlog4j2.configurationFile=" + u;
    }

    private void launch(String name, List<String> props, String main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx256m");
        cmd.addAll(List.of(QUICK_START.split(" ")));
        cmd.add("@" + Paths.get("spark-jvm.options").toAbsolutePath());
        String log = log4j();
        if (!log.isEmpty()) cmd.add(log);
        cmd.addAll(props);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("SPARK_HOME", dir.resolve("spark-home").toString());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().remove("SPARK_CONF_DIR");
        processes.add(pb.start());
    }

    /** Polls the master's JSON page until it lists n alive workers; fails with the daemons' logs. */
    private void awaitWorkers(int n, int seconds) throws Exception {
        Pattern alive = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            for (Process p : processes) {
                if (!p.isAlive()) throw new IllegalStateException("a cluster JVM exited (" + p.exitValue() + ")\n" + logs());
            }
            try {
                HttpURLConnection h = (HttpURLConnection) URI.create("http://127.0.0.1:" + uiPort + "/json/").toURL().openConnection();
                h.setConnectTimeout(2000);
                h.setReadTimeout(2000);
                try (InputStream in = h.getInputStream()) {
                    Matcher m = alive.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                    if (m.find() && Integer.parseInt(m.group(1)) >= n) return;
                }
            } catch (IOException notYet) {
                // the master's UI is not up yet
            }
            Thread.sleep(300);
        }
        throw new IllegalStateException("the standalone master did not list " + n + " workers in " + seconds + " s\n" + logs());
    }

    /** The last lines of every daemon's log and of the executors' stderr, for failure messages. */
    String logs() {
        StringBuilder sb = new StringBuilder();
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".log") || p.getFileName().toString().equals("stderr")).toList()) {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                sb.append("--- ").append(dir.relativize(f)).append('\n');
                lines.removeIf(l -> l.startsWith("Spark Executor Command:")); // the whole class path
                for (String l : lines.subList(Math.max(0, lines.size() - 25), lines.size())) sb.append(l).append('\n');
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            sb.append("(logs unreadable: ").append(e.getMessage()).append(")\n");
        }
        return sb.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Workers first (they end their executors), then the master; whatever does not stop in 10 s is killed. */
    private synchronized void stopAll() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process p = processes.get(i);
            List<ProcessHandle> children = p.descendants().toList();
            p.destroy();
            children.forEach(ProcessHandle::destroy);
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
            children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
        processes.clear();
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
    }
}
