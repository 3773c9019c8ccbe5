package org.marsonspark.remote;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** Java serialization of user values: sizing, writing, and reading with the task's class loader. */
final class JavaSerde {
  private JavaSerde() {}

  /** Serializes to nowhere and returns the size; throws what serialization throws. */
  static long size(Object value) throws IOException {
    Counting counting = new Counting();
    try (ObjectOutputStream out = new ObjectOutputStream(counting)) {
      out.writeObject(value);
    }
    return counting.count;
  }

  static byte[] toBytes(Object value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize a " + value.getClass().getName(), e);
    }
    return bytes.toByteArray();
  }

  /**
   * Reads a value, resolving classes with the thread's context class loader: on executors
   * that is the loader that sees the application's jars.
   */
  static Object fromBytes(byte[] bytes) {
    try (ObjectInputStream in = new ContextLoaderInput(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read a serialized value", e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("class of a serialized value not found: " + e.getMessage(), e);
    }
  }

  private static final class Counting extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }

  private static final class ContextLoaderInput extends ObjectInputStream {
    ContextLoaderInput(InputStream in) throws IOException {
      super(in);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      if (loader != null) {
        try {
          return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
          // primitives and classes only the default resolution finds
        }
      }
      return super.resolveClass(desc);
    }
  }
}
