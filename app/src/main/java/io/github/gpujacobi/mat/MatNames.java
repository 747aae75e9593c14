package io.github.gpujacobi.mat;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Variable names as a MAT v5 file stores them: bytes, UTF-8 since MATLAB R2019b (ASCII before). MFL reads and
 * writes them as US-ASCII, which turns every other character into '?' or U+FFFD, so names are decoded and encoded
 * here instead.
 */
public final class MatNames {
    private MatNames() {}

    /** The longest name MFL writes, in bytes (it cuts longer ones). */
    public static final int MAX_BYTES = 63;

    /** UTF-8; bytes that are not UTF-8 (an older writer's Latin-1, say) as ISO-8859-1, so no two names merge. */
    static String decode(byte[] name) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(name)).toString();
        } catch (CharacterCodingException e) {
            return new String(name, StandardCharsets.ISO_8859_1);
        }
    }

    static byte[] encode(String name) { return name.getBytes(StandardCharsets.UTF_8); }

    /** Bytes the name takes in a file. */
    public static int byteLength(String name) { return encode(name).length; }

    static boolean isAscii(String name) {
        for (int i = 0; i < name.length(); i++) if (name.charAt(i) >= 0x80) return false;
        return true;
    }

    /** "2.3 GB (2312000000 bytes)". */
    static String size(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB (%d bytes)", bytes / 1e9, bytes);
    }
}
