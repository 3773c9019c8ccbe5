package org.marsonspark.learn.modelselection;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One line per finished candidate of a search: its number, parameters, mean test score and time.
 * A fit reports its fold when it ends; the candidate's line is written when its last fold is in.
 * Spawned fits that run in the driver's JVM (local mode) report as they end, through this
 * JVM's registry of running searches; fits in other JVMs are reported when their results reach
 * the driver ({@link #arrived}).
 */
final class SearchProgress implements AutoCloseable {
  private static final Map<String, SearchProgress> RUNNING = new ConcurrentHashMap<>();

  private final String key = java.util.UUID.randomUUID().toString();
  private final String who;
  private final List<Map<String, Object>> candidates;
  private final int folds;
  private final Consumer<String> out;
  private final boolean[][] seen;
  private final int[] done;
  private final double[] sums;
  private final double[] seconds;
  private final long start = System.nanoTime();
  /** Writes the lines: a thread started here, on the driver, so a call's output capture never takes them. */
  private final java.util.concurrent.ThreadPoolExecutor writer;

  private SearchProgress(String who, List<Map<String, Object>> candidates, int folds, Consumer<String> out) {
    this.who = who;
    this.candidates = candidates;
    this.folds = folds;
    this.out = out;
    this.seen = new boolean[candidates.size()][folds];
    this.done = new int[candidates.size()];
    this.sums = new double[candidates.size()];
    this.seconds = new double[candidates.size()];
    this.writer = out == null ? null : new java.util.concurrent.ThreadPoolExecutor(1, 1, 0,
        java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
          Thread t = new Thread(r, "mars-search-progress");
          t.setDaemon(true);
          return t;
        });
    if (writer != null) {
      writer.prestartAllCoreThreads();
    }
  }

  private void write(String line) {
    writer.execute(() -> out.accept(line));
  }

  /** Starts reporting a search (null {@code out}: silent), with sklearn's opening line. */
  static SearchProgress start(String who, List<Map<String, Object>> candidates, int folds, Consumer<String> out) {
    SearchProgress p = new SearchProgress(who, candidates, folds, out);
    if (out != null) {
      p.write("[" + who + "] Fitting " + folds + " folds for each of " + candidates.size() + " candidates, totalling "
          + (long) folds * candidates.size() + " fits");
      RUNNING.put(p.key, p);
    }
    return p;
  }

  String key() {
    return key;
  }

  /** A fold ended in this JVM: reported to its search if that search runs here. */
  static void foldEnded(String key, FoldScores s) {
    SearchProgress p = key == null ? null : RUNNING.get(key);
    if (p != null) {
      p.arrived(s);
    }
  }

  /** A fold's result is known (again: ignored); the candidate's line is written once all its folds are. */
  synchronized void arrived(FoldScores s) {
    int c = s.candidate();
    if (out == null || seen[c][s.fold()]) {
      return;
    }
    seen[c][s.fold()] = true;
    done[c]++;
    sums[c] += s.test()[0];
    seconds[c] += s.fitTime() + s.scoreTime();
    if (done[c] == folds) {
      write(String.format("[%s] candidate %d/%d %s: mean test score %.5g (%d fold%s, fits %.2f s, %.1f s since "
          + "the start)", who, c + 1, candidates.size(), candidates.get(c), sums[c] / folds, folds,
          folds == 1 ? "" : "s", seconds[c], (System.nanoTime() - start) / 1e9));
    }
  }

  /** Results that reached the driver: the folds not heard of yet are reported now. */
  void arrived(List<FoldScores> all) {
    all.forEach(this::arrived);
  }

  /** Stops reporting; the lines written so far are out when this returns. */
  @Override
  public void close() {
    RUNNING.remove(key);
    if (writer != null) {
      writer.shutdown();
      try {
        writer.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
