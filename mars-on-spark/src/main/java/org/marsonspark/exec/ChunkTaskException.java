package org.marsonspark.exec;

/**
 * Raised on an executor when a chunk operation fails; it names the operation and chunk and
 * keeps the original exception as its cause, so the driver can report both.
 */
public final class ChunkTaskException extends RuntimeException {
  public ChunkTaskException(String message, Throwable cause) {
    super(message, cause);
  }
}
