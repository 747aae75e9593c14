package io.github.gpujacobi.mat;

import us.hebi.matlab.mat.types.AbstractSink;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * MFL's streaming-file sink over a channel the caller opened and keeps: the temporary file's lock lives on that
 * channel, and closing any other handle on the file would drop it, so the writer must not open the file itself.
 * Closing the sink flushes it; the channel stays open.
 */
final class ChannelSink extends AbstractSink {
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

    ChannelSink(FileChannel channel) {
        super(4096);
        this.channel = channel;
    }

    @Override
    public long position() throws IOException {
        return channel.position() + buffer.position();
    }

    @Override
    public void position(long position) throws IOException {
        flush();
        channel.position(position);
    }

    @Override
    public void writeBytes(byte[] bytes, int off, int len) throws IOException {
        while (len > 0) {
            int n = Math.min(len, buffer.remaining());
            buffer.put(bytes, off, n);
            off += n;
            len -= n;
            if (!buffer.hasRemaining()) flush();
        }
    }

    @Override
    public void writeByteBuffer(ByteBuffer src) throws IOException {
        flush();
        while (src.hasRemaining()) channel.write(src);
    }

    void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) channel.write(buffer);
        buffer.clear();
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
