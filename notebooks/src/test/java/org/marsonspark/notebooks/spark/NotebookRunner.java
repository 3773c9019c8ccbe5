package org.marsonspark.notebooks.spark;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;
import scala.tools.nsc.interpreter.Results;
import scala.tools.nsc.interpreter.shell.ReplReporterImpl;

/**
 * Runs a Spark notebook (Databricks source or Zeppelin note, see {@link Notebook}) cell by cell
 * as those products do: a fresh Scala 2.13 interpreter ({@link IMain}, the one Spark's shell and
 * Zeppelin's Spark interpreter use) with {@code spark} (a {@link SparkSession} on
 * {@code local[2]}) and {@code sc} bound and {@code spark.implicits._} imported; markdown cells
 * are skipped, SQL cells go to {@code spark.sql}. The first cell that does not succeed ends the
 * run with a {@link CellFailure} naming the notebook, the cell and the interpreter's output.
 *
 * <p>Each run has its own Spark session, started here and stopped at the end: as in
 * {@code spark-shell}, the interpreter writes the classes it compiles into a directory that
 * Spark serves to the executors ({@code spark.repl.class.outputDir}), so functions written in
 * cells run in tasks; two interpreters would write classes of the same names ({@code $line3...}),
 * so they do not share a Spark.
 *
 * <p>The interpreter's class path is {@link #classPath()}: the JVM's, with the entries of a
 * manifest-only jar (surefire's booter) expanded.
 */
public final class NotebookRunner {
  private final String master;

  /** A runner whose notebooks get {@code local[2]}. */
  public NotebookRunner() {
    this("local[2]");
  }

  public NotebookRunner(String master) {
    this.master = master;
  }

  /** A cell that did not succeed. */
  public static final class CellFailure extends AssertionError {
    private final String notebook;
    private final Notebook.Cell cell;
    private final String output;

    CellFailure(String notebook, Notebook.Cell cell, String result, String output) {
      super("notebook " + notebook + ": " + cell.describe() + " gave " + result + " (the first " + cell.language()
          + " cell that did not succeed; the cells after it did not run)\n--- cell ---\n" + cell.code()
          + "\n--- interpreter output ---\n" + output.strip());
      this.notebook = notebook;
      this.cell = cell;
      this.output = output;
    }

    public String notebook() {
      return notebook;
    }

    public Notebook.Cell cell() {
      return cell;
    }

    /** What the interpreter printed for the cell (compile errors, the exception). */
    public String output() {
      return output;
    }
  }

  /**
   * One cell that ran.
   *
   * @param cell the cell
   * @param seconds compiling and running it
   * @param tasks the Spark tasks that ended while it ran
   */
  public record CellRun(Notebook.Cell cell, double seconds, long tasks) {}

  /**
   * A notebook that ran through.
   *
   * @param notebook the notebook
   * @param cells the cells that ran (markdown cells are not among them)
   * @param seconds the whole run, starting Spark and the interpreter included
   */
  public record Report(Notebook notebook, List<CellRun> cells, double seconds) {
    /** Spark tasks run by all cells. */
    public long tasks() {
      return cells.stream().mapToLong(CellRun::tasks).sum();
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder(String.format("%s: %d cells run in %.1f s, %d Spark tasks%n",
          notebook.name(), cells.size(), seconds, tasks()));
      for (CellRun c : cells) {
        sb.append(String.format("  %-18s %-5s %6.2f s %5d tasks%n", c.cell().describe(), c.cell().language(),
            c.seconds(), c.tasks()));
      }
      return sb.toString();
    }
  }

  /** Reads and runs a notebook file. */
  public Report run(Path file) {
    return run(Notebook.read(file));
  }

  /** Runs every cell in order; throws {@link CellFailure} at the first that does not succeed. */
  public Report run(Notebook notebook) {
    long t0 = System.nanoTime();
    Path classes = tempDir("notebook-repl-");
    SparkSession spark = SparkSession.builder()
        .master(master)
        .appName("notebook " + notebook.name())
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.repl.class.outputDir", classes.toString())
        .getOrCreate();
    AtomicLong tasks = new AtomicLong();
    spark.sparkContext().addSparkListener(new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
        tasks.incrementAndGet();
      }
    });
    ResettableWriter out = new ResettableWriter();
    IMain repl = null;
    try {
      repl = interpreter(classes, out);
      check(notebook, null, repl.bind("spark", SparkSession.class.getName(), spark, noModifiers()), out);
      check(notebook, null, repl.bind("sc", org.apache.spark.SparkContext.class.getName(), spark.sparkContext(),
          noModifiers()), out);
      check(notebook, null, repl.interpret("import spark.implicits._"), out);
      List<CellRun> runs = new ArrayList<>();
      for (Notebook.Cell cell : notebook.cells()) {
        if (cell.language() == Notebook.Language.MARKDOWN) {
          continue;
        }
        long c0 = System.nanoTime();
        long tasksBefore = tasks.get();
        out.reset();
        System.out.println("=== " + notebook.name() + " " + cell.describe() + " (" + cell.language() + ")");
        if (cell.language() == Notebook.Language.SQL) {
          sql(notebook, cell, spark, out);
        } else {
          check(notebook, cell, repl.interpret(cell.code()), out);
        }
        drainListeners(spark);
        runs.add(new CellRun(cell, (System.nanoTime() - c0) / 1e9, tasks.get() - tasksBefore));
      }
      return new Report(notebook, runs, (System.nanoTime() - t0) / 1e9);
    } finally {
      if (repl != null) {
        repl.close();
      }
      spark.stop();
      deleteTree(classes);
    }
  }

  /** A SQL cell: its statement through {@code spark.sql}, the first rows shown as the products show them. */
  private static void sql(Notebook notebook, Notebook.Cell cell, SparkSession spark, ResettableWriter out) {
    try {
      org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> df = spark.sql(cell.code());
      StringBuilder shown = new StringBuilder(String.join(" | ", df.columns())).append('\n');
      for (org.apache.spark.sql.Row row : df.takeAsList(20)) {
        shown.append(row.mkString(" | ")).append('\n');
      }
      out.add(shown.toString());
    } catch (RuntimeException e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      throw new CellFailure(notebook.name(), cell, "an exception", out.text() + trace);
    }
  }

  private static void check(Notebook notebook, Notebook.Cell cell, Results.Result result, ResettableWriter out) {
    if (result != Results.Success$.MODULE$) {
      Notebook.Cell c = cell != null ? cell : new Notebook.Cell(0, 0, Notebook.Language.SCALA, "(the runner's setup)");
      throw new CellFailure(notebook.name(), c, result.toString(), out.text());
    }
  }

  /** Waits for the listener bus, so a cell's last task ends are counted to it. */
  private static void drainListeners(SparkSession spark) {
    try {
      spark.sparkContext().listenerBus().waitUntilEmpty(10_000);
    } catch (java.util.concurrent.TimeoutException e) {
      // counted to the next cell
    }
  }

  private static scala.collection.immutable.List<String> noModifiers() {
    return scala.jdk.javaapi.CollectionConverters.asScala(List.<String>of()).toList();
  }

  private static IMain interpreter(Path classes, Writer out) {
    Settings settings = new Settings();
    List<String> args = List.of("-classpath", String.join(File.pathSeparator, classPath()), "-Yrepl-class-based",
        "-Yrepl-outdir", classes.toString(), "-deprecation");
    scala.Tuple2<Object, scala.collection.immutable.List<String>> parsed =
        settings.processArguments(scala.jdk.javaapi.CollectionConverters.asScala(args).toList(), true);
    if (!(Boolean) parsed._1() || !parsed._2().isEmpty()) {
      throw new IllegalStateException("the interpreter refused its settings " + args + ": " + parsed._2());
    }
    PrintWriter writer = new PrintWriter(out, true);
    // the cells' classes come from this JVM's loader, so the bound spark is the same SparkSession class
    return new IMain(settings, scala.Option.apply(NotebookRunner.class.getClassLoader()), settings,
        new ReplReporterImpl(settings, writer));
  }

  /**
   * The class path the interpreter compiles against: {@code notebooks.classpath} when set, else
   * {@code java.class.path} with every manifest-only jar (surefire's booter jar, whose manifest
   * names the test class path) replaced by the entries of its manifest's {@code Class-Path}.
   */
  public static List<String> classPath() {
    String explicit = System.getProperty("notebooks.classpath");
    String cp = explicit != null ? explicit : System.getProperty("java.class.path");
    Set<String> entries = new LinkedHashSet<>();
    for (String e : cp.split(File.pathSeparator)) {
      if (e.isEmpty()) {
        continue;
      }
      List<String> named = explicit == null && e.endsWith(".jar") ? manifestClassPath(Path.of(e)) : List.of();
      if (named.isEmpty()) {
        entries.add(e);
      } else {
        entries.addAll(named);
      }
    }
    return List.copyOf(entries);
  }

  /** The existing entries a jar's manifest {@code Class-Path} names, if the jar holds nothing else. */
  private static List<String> manifestClassPath(Path jar) {
    try (JarFile jf = new JarFile(jar.toFile())) {
      Manifest m = jf.getManifest();
      String named = m == null ? null : m.getMainAttributes().getValue("Class-Path");
      boolean onlyManifest = jf.stream().allMatch(e -> e.getName().startsWith("META-INF/"));
      if (named == null || named.isBlank() || !onlyManifest) {
        return List.of();
      }
      URI base = jar.toAbsolutePath().getParent().toUri();
      List<String> out = new ArrayList<>();
      for (String token : named.trim().split("\\s+")) {
        Path p = Path.of(base.resolve(token));
        if (Files.exists(p)) {
          out.add(p.toString());
        }
      }
      return out;
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private static Path tempDir(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteTree(Path dir) {
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind
    }
  }

  /** The interpreter's output for the current cell, also echoed to {@code System.out}. */
  private static final class ResettableWriter extends Writer {
    private final StringBuilder text = new StringBuilder();

    @Override
    public synchronized void write(char[] cbuf, int off, int len) {
      text.append(cbuf, off, len);
      System.out.print(new String(cbuf, off, len));
    }

    @Override
    public void flush() {
      System.out.flush();
    }

    @Override
    public void close() {}

    synchronized void add(String s) {
      write(s.toCharArray(), 0, s.length());
    }

    synchronized void reset() {
      text.setLength(0);
    }

    synchronized String text() {
      return text.toString();
    }
  }
}
