package io.github.gpujacobi.lapack;

import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Pointer;

import java.util.function.LongFunction;

/**
 * Native copies of the Java arrays a call passes, in buffers kept between calls. Passing the arrays themselves makes
 * JNI copy each one into fresh memory and back on every call, which cost a dgemm of order 1024 as much again as the
 * product; one explicit copy into a warm buffer costs a fiftieth of it. Used only on {@link NativeThread}, whose one
 * thread makes every call; a buffer above {@link #KEEP_BYTES} is freed after its call.
 */
final class NativeArrays {
    private NativeArrays() {}

    /** Buffers at most this large stay for the next call. */
    static final long KEEP_BYTES = 64L << 20;

    private static final int SLOTS = 6;
    private static final DoublePointer[] DOUBLES = new DoublePointer[SLOTS];
    private static final FloatPointer[] FLOATS = new FloatPointer[SLOTS];
    private static final IntPointer[] INTS = new IntPointer[SLOTS];

    /** Slot's buffer of at least len doubles, contents undefined. */
    static DoublePointer doubles(int slot, long len) {
        return slot(DOUBLES, slot, len, DoublePointer::new);
    }

    /** Slot's buffer holding the first len entries of a. */
    static DoublePointer in(int slot, double[] a, int len) {
        return doubles(slot, len).put(a, 0, len);
    }

    static FloatPointer floats(int slot, long len) {
        return slot(FLOATS, slot, len, FloatPointer::new);
    }

    static FloatPointer in(int slot, float[] a, int len) {
        return floats(slot, len).put(a, 0, len);
    }

    static IntPointer ints(int slot, long len) {
        return slot(INTS, slot, len, IntPointer::new);
    }

    static IntPointer in(int slot, int[] a, int len) {
        return ints(slot, len).put(a, 0, len);
    }

    /** slots[slot], replaced by a new buffer of len elements (at least one) when it is missing or smaller. */
    private static <P extends Pointer> P slot(P[] slots, int slot, long len, LongFunction<P> make) {
        P p = slots[slot];
        if (p == null || p.capacity() < len) {
            if (p != null) p.close();
            p = slots[slot] = make.apply(Math.max(1, len));
        }
        return p;
    }

    /** After a call: the large buffers go (a big call does not hold its memory), the small ones stay warm. */
    static void trim() {
        for (int s = 0; s < SLOTS; s++) {
            DOUBLES[s] = drop(DOUBLES[s], 8);
            FLOATS[s] = drop(FLOATS[s], 4);
            INTS[s] = drop(INTS[s], 4);
        }
    }

    private static <P extends Pointer> P drop(P p, int bytes) {
        if (p == null || p.capacity() * bytes <= KEEP_BYTES) return p;
        p.close();
        return null;
    }
}
