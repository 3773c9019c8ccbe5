package org.marsonspark.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The dependency rule of a module, as a test: no file in its lower packages (operators, chunk
 * data, kernels) imports a user object. Files that broke the rule when the guard came are listed
 * by name until they are moved under it: a test asserts that no other file imports a facade and
 * that every listed file still does (take it off the list otherwise), so the list only shrinks.
 */
public final class LayeringGuard {
  private LayeringGuard() {}

  /** An import a lower package may not have ({@code prefix}: a class, or a package ending in '.'), and what to use. */
  public record Rule(String prefix, String instead) {}

  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);

  /**
   * What {@link #scan} found: how many lower-package files it read, and its problems — imports
   * against the rule in files not on the list, and listed files that follow the rule now.
   */
  public record Report(int scanned, List<String> problems) {
    /** The message a failed assertion of {@link #problems} gives: what each problem means and what to do. */
    public String explain() {
      return "imports against the dependency rule (operators, chunk data and kernels take and return data objects, "
          + "the facade wraps their output; a lower layer imports no higher one), and listed files that follow "
          + "the rule now (take them off the guard's list):\n  " + String.join("\n  ", problems);
    }
  }

  /**
   * @param src the module's main source folder of one root package
   * @param lower the first-level packages below the facades ({@code ops}, {@code kernel}, …)
   * @param rules the imports they may not have
   * @param notYet files (relative to {@code src}) that still break the rule, to be moved under it
   */
  public static Report scan(Path src, List<String> lower, List<Rule> rules, Set<String> notYet) {
    Map<String, List<String>> broken = new TreeMap<>();
    int scanned = 0;
    try (Stream<Path> files = Files.walk(src)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        String rel = src.relativize(f).toString().replace('\\', '/');
        if (!lower.contains(rel.split("/")[0])) {
          continue;
        }
        scanned++;
        Matcher m = IMPORT.matcher(Files.readString(f));
        while (m.find()) {
          String imported = m.group(1);
          for (Rule r : rules) {
            if (imported.equals(r.prefix()) || imported.startsWith(r.prefix().endsWith(".") ? r.prefix()
                : r.prefix() + ".")) {
              broken.computeIfAbsent(rel, k -> new ArrayList<>()).add(imported + " — use " + r.instead());
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> problems = new ArrayList<>();
    broken.forEach((file, what) -> {
      if (!notYet.contains(file)) {
        what.forEach(w -> problems.add(file + " imports " + w));
      }
    });
    notYet.stream().filter(f -> !broken.containsKey(f)).sorted().forEach(f -> problems.add(f + " is listed but "
        + "follows the rule"));
    return new Report(scanned, problems);
  }
}
