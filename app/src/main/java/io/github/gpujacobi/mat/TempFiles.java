package io.github.gpujacobi.mat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The batch's temporary files: short names of their own ({@code .gpujacobi-<pid>-<random>.part} in the result's
 * folder, so any legal result name works), each held under an exclusive lock by the process writing it. A temporary
 * file is stale only when nobody holds its lock (its process is gone): only those are removed, so two runs on one
 * output folder never delete each other's work. The files of this process are removed when it is interrupted.
 */
public final class TempFiles {
    private static final Pattern NAME = Pattern.compile("\\.gpujacobi-[0-9]+-[0-9a-f]{8}\\.part");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long PID = pid();
    /** this process's open temporary files by name (names are unique: the folder need not be spelt alike) */
    private static final Map<String, Path> LIVE = new ConcurrentHashMap<String, Path>();
    private static volatile boolean hooked;

    private TempFiles() {}

    /** A fresh short temporary name, unique to this process (for file systems that cannot hold locks too). */
    public static String newName() {
        return String.format(Locale.ROOT, ".gpujacobi-%d-%08x.part", PID, RANDOM.nextInt());
    }

    /** Whether a file name is one of the batch's temporary files. */
    public static boolean isTempName(String name) {
        return NAME.matcher(name).matches();
    }

    /** An open, locked temporary file in {@code dir}: written through {@link #channel()}, then released. */
    public static final class Held {
        private final Path path;
        private final FileChannel channel; // holds the lock until released

        private Held(Path path, FileChannel channel) {
            this.path = path;
            this.channel = channel;
        }

        public Path path() { return path; }

        public FileChannel channel() { return channel; }

        /** Closes the file (its lock goes with it) and deletes it unless it was renamed away. */
        public void release() {
            try { Files.deleteIfExists(path); } catch (IOException ignored) { /* best effort */ }
            LIVE.remove(path.getFileName().toString());
            try { channel.close(); } catch (IOException ignored) { /* releases the lock */ }
        }
    }

    /** Creates and locks a new temporary file in {@code dir}. */
    public static Held create(Path dir) throws IOException {
        hook();
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(newName());
            FileChannel ch;
            try {
                ch = FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ);
            } catch (FileAlreadyExistsException e) {
                if (attempt < 20) continue;
                throw e;
            }
            LIVE.put(p.getFileName().toString(), p);
            FileLock lock;
            try {
                lock = tryLock(ch);
            } catch (IOException e) {
                // a file system without locks: the name is still unique, and no clean-up can prove it stale either
                return new Held(p, ch);
            }
            // another run's clean-up may have taken the lock and deleted the file between its creation and our lock
            if (lock != null && Files.exists(p)) return new Held(p, ch);
            LIVE.remove(p.getFileName().toString());
            ch.close(); // that clean-up removes it: another name
            if (attempt >= 20) throw new IOException("cannot create a temporary file in " + dir + ": it keeps being removed");
        }
    }

    /**
     * Removes the temporary files in {@code dir} that no process holds: left by a run that was killed. A file whose lock
     * cannot be tried (a file system without locks, another user's file) is kept: it is not known to be stale.
     * Returns the names removed.
     */
    public static List<String> removeStale(Path dir) {
        List<String> removed = new ArrayList<String>();
        if (!Files.isDirectory(dir)) return removed;
        List<Path> candidates = new ArrayList<Path>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) if (isTempName(p.getFileName().toString())) candidates.add(p);
        } catch (IOException e) {
            return removed;
        }
        for (Path p : candidates) {
            // never open this process's own files: closing any channel on a file drops all of this process's locks on it
            if (LIVE.containsKey(p.getFileName().toString())) continue;
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                FileLock lock = tryLock(ch);
                if (lock == null) continue;
                Files.delete(p);
                removed.add(p.getFileName().toString());
            } catch (NoSuchFileException e) {
                // removed meanwhile by its owner
            } catch (IOException | RuntimeException e) {
                // not provably stale: kept
            }
        }
        return removed;
    }

    /** The lock, or null when another process (or this one) holds it. */
    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /** Deletes this process's open temporary files (it is being stopped); returns those gone. */
    public static List<Path> removeOwn() {
        List<Path> removed = new ArrayList<Path>();
        for (Path p : LIVE.values()) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // exiting: best effort
            }
            if (!Files.exists(p)) removed.add(p); // by this call or by another hook
        }
        return removed;
    }

    /** SIGINT and SIGTERM remove this process's partial files: a killed run leaves no half-written file behind. */
    private static synchronized void hook() {
        if (hooked) return;
        hooked = true;
        try {
            Runtime.getRuntime().addShutdownHook(new Thread("gpujacobi temporary files") {
                public void run() { removeOwn(); }
            });
        } catch (IllegalStateException e) {
            // already shutting down
        }
    }

    /** This process's id where the JVM tells it ("pid@host"), else 0: in names, to tell a reader whose file it is. */
    private static long pid() {
        String n = ManagementFactory.getRuntimeMXBean().getName();
        int at = n.indexOf('@');
        try {
            return Long.parseLong(at > 0 ? n.substring(0, at) : n);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
