package io.github.gpujacobi.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where the column blocks of one matrix sit when the blocked one-sided Jacobi runs on several
 * devices, after Novakovic's multi-GPU hierarchically blocked Jacobi [11]: the block pairs of each
 * step are the chess tournament's over the blocks ({@link ChessTournament}, the same pairing sequence
 * as the single-device run), pair k of a step goes to device d for k in [firstPair(d), firstPair(d+1))
 * (contiguous, balanced, the same for every step), and on device d pair k occupies the local slots
 * 2 (k - firstPair(d)) (its p block) and 2 (k - firstPair(d)) + 1 (its q block). Between step s and
 * step s+1 (the last step wraps to step 0 of the next sweep) every block moves from its slot to its
 * next one; a move between devices is a peer-to-peer copy, a move on one device is written in place
 * by the update GEMM. Backend-neutral: the GPU driver follows it, the CPU tests simulate it.
 */
public final class DeviceBlockSchedule {
    /** One block's move from its slot after step s to its slot for step s+1. */
    public static final class Move {
        public final int block, fromDevice, fromSlot, toDevice, toSlot;

        Move(int block, int fromDevice, int fromSlot, int toDevice, int toSlot) {
            this.block = block;
            this.fromDevice = fromDevice;
            this.fromSlot = fromSlot;
            this.toDevice = toDevice;
            this.toSlot = toSlot;
        }

        /** Whether it crosses devices (a peer copy). */
        public boolean peer() { return fromDevice != toDevice; }

        @Override
        public String toString() {
            return "block " + block + ": " + fromDevice + "/" + fromSlot + " -> " + toDevice + "/" + toSlot;
        }
    }

    private final ChessTournament ct;
    private final int devices;
    private final int[] firstPair;
    private final int[][] device, slot;
    private final List<List<Move>> moves = new ArrayList<List<Move>>();

    /**
     * @param blocks  column blocks, even (the blocked solver pads with zero blocks)
     * @param devices at most blocks / 2, so that every device holds a pair
     */
    public DeviceBlockSchedule(int blocks, int devices) {
        if (blocks < 2 || (blocks & 1) != 0) throw new IllegalArgumentException("blocks must be even and >= 2, got " + blocks);
        if (devices < 1 || devices > blocks / 2) {
            throw new IllegalArgumentException(devices + " devices for " + blocks + " blocks (at most one per block pair)");
        }
        this.ct = new ChessTournament(blocks);
        this.devices = devices;
        int half = blocks / 2, steps = ct.steps();
        firstPair = PageSplit.bounds(half, devices);
        device = new int[steps][blocks];
        slot = new int[steps][blocks];
        for (int s = 0; s < steps; s++) {
            for (int d = 0; d < devices; d++) {
                for (int k = firstPair[d]; k < firstPair[d + 1]; k++) {
                    int local = 2 * (k - firstPair[d]);
                    device[s][ct.p(s, k)] = d;
                    slot[s][ct.p(s, k)] = local;
                    device[s][ct.q(s, k)] = d;
                    slot[s][ct.q(s, k)] = local + 1;
                }
            }
        }
        for (int s = 0; s < steps; s++) {
            int next = (s + 1) % steps;
            List<Move> list = new ArrayList<Move>();
            for (int x = 0; x < blocks; x++) list.add(new Move(x, device[s][x], slot[s][x], device[next][x], slot[next][x]));
            moves.add(Collections.unmodifiableList(list));
        }
    }

    public ChessTournament tournament() { return ct; }

    public int blocks() { return ct.n(); }

    public int devices() { return devices; }

    /** Steps per sweep. */
    public int steps() { return ct.steps(); }

    /** The first pair index device d takes in every step. */
    public int firstPair(int d) { return firstPair[d]; }

    /** Pairs on device d in every step (its slots: twice that). */
    public int pairs(int d) { return firstPair[d + 1] - firstPair[d]; }

    /** The device holding block x during step s. */
    public int device(int s, int x) { return device[s][x]; }

    /** Block x's local slot on its device during step s. */
    public int slot(int s, int x) { return slot[s][x]; }

    /** Every block's move after step s (to step s+1, or step 0 after the last), ordered by block. */
    public List<Move> moves(int s) { return moves.get(s); }

    /** Peer copies (moves between devices) in one sweep. */
    public int peerCopiesPerSweep() {
        int c = 0;
        for (List<Move> list : moves) for (Move m : list) if (m.peer()) c++;
        return c;
    }
}
