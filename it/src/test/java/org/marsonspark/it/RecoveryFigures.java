package org.marsonspark.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Wall times of each fault scenario, fault-free and with an executor killed, over the rounds run
 * ({@code -Dit.fault.rounds=N}, 1 by default); printed and written as a Markdown table to
 * {@code recovery.md} in the work folder when the tests end (docs/reliability.md quotes them).
 */
final class RecoveryFigures {
  private record Round(long faultFreeMillis, long killedMillis, int lostTasks) {}

  private final Map<String, List<Round>> rounds = new LinkedHashMap<>();
  private final Map<String, List<String>> notes = new LinkedHashMap<>();
  private final double loadAtStart = load();

  synchronized void add(String scenario, long faultFreeNanos, long killedNanos, int lostTasks) {
    rounds.computeIfAbsent(scenario, k -> new ArrayList<>())
        .add(new Round(faultFreeNanos / 1_000_000, killedNanos / 1_000_000, lostTasks));
  }

  /** Something observed in a round of a scenario (how often calls ran, chunks lost). */
  synchronized void note(String scenario, String note) {
    notes.computeIfAbsent(scenario, k -> new ArrayList<>()).add(note);
  }

  private static double load() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  synchronized String table() {
    StringBuilder sb = new StringBuilder();
    sb.append("| scenario | rounds | fault-free ms (min / median) | one executor killed ms (min / median) "
        + "| tasks lost | notes |\n|---|---|---|---|---|---|\n");
    rounds.forEach((scenario, rs) -> {
      List<Long> free = rs.stream().map(Round::faultFreeMillis).sorted().toList();
      List<Long> killed = rs.stream().map(Round::killedMillis).sorted().toList();
      sb.append("| ").append(scenario).append(" | ").append(rs.size())
          .append(" | ").append(free.get(0)).append(" / ").append(median(free))
          .append(" | ").append(killed.get(0)).append(" / ").append(median(killed))
          .append(" | ").append(rs.stream().map(r -> String.valueOf(r.lostTasks())).toList())
          .append(" | ").append(String.join("; ", notes.getOrDefault(scenario, List.of()))).append(" |\n");
    });
    return sb.toString();
  }

  private static long median(List<Long> sorted) {
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** Prints the table and writes it to {@code file}, with the machine's load. */
  synchronized void write(Path file) throws IOException {
    String text = String.format("Recovery times (%d cores; load average %.1f at the start, %.1f at the end)%n%n",
        Runtime.getRuntime().availableProcessors(), loadAtStart, load()) + table();
    System.out.println(text);
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
