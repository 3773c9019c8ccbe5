package org.marsonspark.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Bodies of spawned calls for the fault tests. They run in executor JVMs of a cluster on this
 * machine and talk to the test through files in a folder: each run of a body leaves a
 * {@code start-*} file (so the test counts how often calls ran), and a body that wants to be
 * killed writes its pid into a {@code victim-*} file and waits ({@link ExecutorKiller#killVictims}).
 */
final class SpawnedCalls {
  /** How long an ordinary call works. */
  static final long CALL_MILLIS = 100;
  /** How long a victim waits to be killed; a test whose victim outlives it fails (no kill seen). */
  static final long VICTIM_WAIT_MILLIS = 60_000;
  private static final String START_PREFIX = "start-";

  private SpawnedCalls() {}

  /**
   * {@code i * i}, after working {@link #CALL_MILLIS}. The first body to start once more than
   * {@code victimAfter} bodies have started (-1: none) offers itself to be killed; only one
   * body per folder ever does, so its rerun after the kill returns normally.
   */
  static long square(int i, String dir, int victimAfter) throws Exception {
    Path d = Path.of(dir);
    Files.createFile(d.resolve(START_PREFIX + i + "-" + UUID.randomUUID()));
    if (victimAfter >= 0 && starts(d) > victimAfter && claim(d)) {
      offerToBeKilled(d);
    }
    Thread.sleep(CALL_MILLIS);
    return (long) i * i;
  }

  /** Offers itself to be killed every time it runs. */
  static long victim(String dir) throws Exception {
    offerToBeKilled(Path.of(dir));
    return -1;
  }

  /** How many times bodies have started in this folder. */
  static long starts(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith(START_PREFIX)).count();
    }
  }

  private static boolean claim(Path dir) throws IOException {
    try {
      Files.createFile(dir.resolve("claimed"));
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /** Writes this JVM's pid where {@link ExecutorKiller} looks (atomically: it never reads half a file), then waits. */
  private static void offerToBeKilled(Path dir) throws Exception {
    String name = UUID.randomUUID().toString();
    Path tmp = dir.resolve("tmp-" + name);
    Files.writeString(tmp, Long.toString(ProcessHandle.current().pid()), StandardCharsets.UTF_8);
    Files.move(tmp, dir.resolve(ExecutorKiller.VICTIM_PREFIX + name), StandardCopyOption.ATOMIC_MOVE);
    Thread.sleep(VICTIM_WAIT_MILLIS);
  }
}
