package org.marsonspark.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Temporary little-endian files of a workload's data, for the Python contenders ({@code np.fromfile}). */
final class DataFiles {
  private DataFiles() {}

  /** float64 values, {@code <f8}. */
  static Path write(String prefix, double[] data) {
    ByteBuffer buf = ByteBuffer.allocate(data.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    buf.asDoubleBuffer().put(data);
    return write(prefix + ".f64", buf);
  }

  /** float32 values, {@code <f4}. */
  static Path write(String prefix, float[] data) {
    ByteBuffer buf = ByteBuffer.allocate(data.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    buf.asFloatBuffer().put(data);
    return write(prefix + ".f32", buf);
  }

  private static Path write(String name, ByteBuffer buf) {
    try {
      Path file = Files.createTempFile(name.substring(0, name.lastIndexOf('.')), name.substring(name.lastIndexOf('.')));
      file.toFile().deleteOnExit();
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
        ch.write(buf);
      }
      return file;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
