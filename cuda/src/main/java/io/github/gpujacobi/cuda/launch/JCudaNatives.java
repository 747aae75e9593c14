package io.github.gpujacobi.cuda.launch;

import io.github.gpujacobi.api.ErrorKind;
import io.github.gpujacobi.api.JacobiException;
import jcuda.JCudaVersion;
import jcuda.LibUtils;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Set;

/**
 * Loads JCuda's driver library safely. JCuda itself copies {@code libJCudaDriver-<v>-<os>-<arch>.so}
 * to {@code java.io.tmpdir} (world-writable {@code /tmp}) under that fixed name and loads whatever
 * file is already there, so a library planted by another user would run in this JVM.
 * Instead the bundled copy is extracted into a private folder ({@code $XDG_CACHE_HOME} or
 * {@code ~/.cache}, then {@code gpujacobi/natives/<jcuda version>}, mode 0700 and owned by the
 * user; else a fresh 0700 temporary folder), its SHA-256 checked against the bundled bytes
 * (re-extracted when it differs) and loaded with {@link System#load}. JCuda's own loader then runs
 * with {@code java.io.tmpdir} pointing at that folder, where it finds the same, already loaded file.
 */
public final class JCudaNatives {
    private JCudaNatives() {}

    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");
    private static final String TEMPORARY = "gpujacobi-natives-";
    private static Path loaded, extracted;

    /** The library JCuda's {@code JCudaDriver} class needs, e.g. {@code libJCudaDriver-12.6.0-linux-x86_64.so}. */
    static String fileName() {
        return LibUtils.createLibraryFileName(LibUtils.createPlatformLibraryName("JCudaDriver-" + JCudaVersion.get()));
    }

    /** Where the library was loaded from (null before {@link #load()} succeeded). */
    static synchronized Path loadedFrom() { return loaded; }

    /** The verified private copy (set before loading it, so also when the load failed). */
    static synchronized Path extractedTo() { return extracted; }

    /**
     * Extracts, verifies and loads the driver library, then initialises {@code JCudaDriver}; once per
     * JVM. Throws {@link JacobiException} (NO_GPU) when it cannot, JCuda untouched.
     */
    public static synchronized void load() {
        if (loaded != null) return;
        String name = fileName();
        byte[] bundled = resource("/lib/" + name);
        Path lib;
        try {
            Path folder = privateFolder();
            lib = extract(folder, name, bundled);
            if (folder.getFileName().toString().startsWith(TEMPORARY)) lib.toFile().deleteOnExit(); // before its folder
            extracted = lib;
        } catch (IOException e) {
            throw new JacobiException(ErrorKind.NO_GPU, "cannot extract the JCuda driver library " + name
                    + " into a private folder: " + e, e);
        }
        Path shadow = shadowing(name, bundled);
        if (shadow != null) {
            throw new JacobiException(ErrorKind.NO_GPU, "the CUDA driver library is not loaded: JCuda would also load "
                    + shadow + ", found on the library path (java.library.path, from LD_LIBRARY_PATH; an empty element "
                    + "there means the current folder), which is not the verified bundled copy; remove it or that "
                    + "element of LD_LIBRARY_PATH");
        }
        try {
            System.load(lib.toString());
        } catch (UnsatisfiedLinkError e) {
            throw new JacobiException(ErrorKind.NO_GPU, "the CUDA driver library did not load (no NVIDIA driver?): "
                    + firstLine(e.getMessage()), e);
        }
        initialiseJCuda(lib.getParent());
        loaded = lib;
    }

    /**
     * Runs JCudaDriver's static initialiser with java.io.tmpdir at our folder: its LibUtils first
     * tries System.loadLibrary (the system library path), then loads tmpdir/name, which is the file
     * loaded above (a no-op for the JVM). The property is restored at once.
     */
    private static void initialiseJCuda(Path folder) {
        String tmp = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", folder.toString());
        try {
            Class.forName("jcuda.driver.JCudaDriver", true, JCudaNatives.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new JacobiException(ErrorKind.NO_GPU, "JCuda is missing from the class path", e);
        } finally {
            if (tmp == null) System.clearProperty("java.io.tmpdir");
            else System.setProperty("java.io.tmpdir", tmp);
        }
    }

    /**
     * A library of JCuda's name on the JVM's library path that JCuda's initialiser would load next to the verified
     * copy: its LibUtils calls System.loadLibrary first, which searches sun.boot.library.path, then java.library.path
     * (an empty element of LD_LIBRARY_PATH is the working folder there), and a different file of the same name is
     * loaded again, running its code. Null when there is none, or only a copy of the bundled bytes that nobody else
     * may change.
     */
    static Path shadowing(String name, byte[] bundled) {
        for (String property : new String[]{"sun.boot.library.path", "java.library.path"}) {
            String value = System.getProperty(property);
            if (value == null) continue;
            for (String entry : value.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator), -1)) {
                Path candidate = Paths.get(entry.isEmpty() ? "." : entry).resolve(name).toAbsolutePath().normalize();
                if (!Files.exists(candidate)) continue;
                try {
                    if (closedToOthers(candidate) && Arrays.equals(sha256(bundled), sha256(Files.readAllBytes(candidate)))) {
                        continue; // the same code, and it cannot be swapped
                    }
                } catch (IOException | RuntimeException e) {
                    // unreadable: treated as foreign
                }
                return candidate;
            }
        }
        return null;
    }

    /** ~/.cache/gpujacobi/natives/<version> when it is (or can be made) private, else a fresh private temporary folder. */
    static Path privateFolder() throws IOException {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && Paths.get(xdg).isAbsolute() ? Paths.get(xdg)
                : Paths.get(System.getProperty("user.home"), ".cache");
        Path dir = base.resolve("gpujacobi").resolve("natives").resolve(JCudaVersion.get());
        if (!posix()) {
            Files.createDirectories(dir); // Windows: the user's profile is private; the checksum still guards the file
            return dir;
        }
        try {
            createPrivate(base.resolve("gpujacobi"));
            createPrivate(base.resolve("gpujacobi").resolve("natives"));
            createPrivate(dir);
            if (!othersMayWrite(base) && makePrivate(base.resolve("gpujacobi")) && makePrivate(dir)) return dir.toRealPath();
        } catch (IOException e) {
            // read-only or foreign home: the temporary folder below
        }
        Path tmp = Files.createTempDirectory(TEMPORARY, PosixFilePermissions.asFileAttribute(PRIVATE));
        tmp.toFile().deleteOnExit();
        return tmp.toRealPath();
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    private static void createPrivate(Path dir) throws IOException {
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        Files.createDirectories(dir.getParent());
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
        } catch (java.nio.file.FileAlreadyExistsException e) {
            return; // another process made it: isPrivate decides
        }
        Files.setPosixFilePermissions(dir, PRIVATE); // the umask may have removed bits; never added any
    }

    /**
     * Our own folder with looser permissions (an old umask, a copy) is closed to 0700; what it holds
     * is checked by its SHA-256 anyway. False when it is not ours, or a link.
     */
    private static boolean makePrivate(Path dir) throws IOException {
        if (isPrivate(dir)) return true;
        PosixFileAttributes a = Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
        if (!a.isDirectory() || a.isSymbolicLink() || !a.owner().equals(currentUser())) return false;
        Files.setPosixFilePermissions(dir, PRIVATE);
        return isPrivate(dir);
    }

    /** A real folder (no link), owned by this user, that nobody else may write to or list. */
    static boolean isPrivate(Path dir) throws IOException {
        PosixFileAttributes a = Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
        if (!a.isDirectory() || a.isSymbolicLink()) return false;
        if (!a.owner().equals(currentUser())) return false;
        for (PosixFilePermission p : a.permissions()) if (!PRIVATE.contains(p)) return false;
        return true;
    }

    /** Whether group or others may write to a folder (then they could swap what is inside). */
    private static boolean othersMayWrite(Path dir) throws IOException {
        Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir);
        return p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE);
    }

    /** The owner of a file this process creates (works without a passwd entry, unlike user.name). */
    private static UserPrincipal currentUser() throws IOException {
        Path probe = Files.createTempFile("gpujacobi-owner-", ".tmp");
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /** dir/name holding exactly the bundled bytes: kept when its SHA-256 matches, else written anew. */
    static Path extract(Path dir, String name, byte[] bundled) throws IOException {
        Path target = dir.resolve(name);
        byte[] want = sha256(bundled);
        if (ownedAndClosed(target) && Arrays.equals(want, sha256(Files.readAllBytes(target)))) return target;
        Path part = Files.createTempFile(dir, name, ".part");
        try {
            try (OutputStream out = Files.newOutputStream(part)) {
                out.write(bundled);
            }
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
        if (!Arrays.equals(want, sha256(Files.readAllBytes(target)))) {
            throw new IOException(target + " does not hold the bundled library after writing it");
        }
        return target;
    }

    /** A regular file (no link) in a folder, both writable only by this user or root (a system install). */
    private static boolean closedToOthers(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return false;
        if (!posix()) return true;
        for (Path p : new Path[]{file, file.getParent()}) {
            PosixFileAttributes a = Files.getFileAttributeView(p, PosixFileAttributeView.class).readAttributes();
            boolean owner = a.owner().equals(currentUser()) || a.owner().getName().equals("root");
            if (!owner || a.permissions().contains(PosixFilePermission.GROUP_WRITE)
                    || a.permissions().contains(PosixFilePermission.OTHERS_WRITE)) {
                return false;
            }
        }
        return true;
    }

    /** A regular file (no link) that only this user may write: nobody can change it after the check. */
    private static boolean ownedAndClosed(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return false;
        if (!posix()) return true;
        PosixFileAttributes a = Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
        Set<PosixFilePermission> p = a.permissions();
        return a.owner().equals(currentUser()) && !p.contains(PosixFilePermission.GROUP_WRITE)
                && !p.contains(PosixFilePermission.OTHERS_WRITE);
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every Java platform has SHA-256
        }
    }

    private static byte[] resource(String path) {
        try (InputStream in = JCudaNatives.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new JacobiException(ErrorKind.NO_GPU, "JCuda's native library " + path
                        + " is not in the jar (this platform: " + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch") + ")");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            for (int r; (r = in.read(buf)) > 0; ) out.write(buf, 0, r);
            return out.toByteArray();
        } catch (IOException e) {
            throw new JacobiException(ErrorKind.NO_GPU, "cannot read " + path + " from the jar: " + e, e);
        }
    }

    private static String firstLine(String msg) {
        String s = String.valueOf(msg);
        int nl = s.indexOf('\n');
        return nl > 0 ? s.substring(0, nl) : s;
    }
}
