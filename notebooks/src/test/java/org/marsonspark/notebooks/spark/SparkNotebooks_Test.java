package org.marsonspark.notebooks.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Spark notebooks ({@code databricks/*.scala}, {@code zeppelin/NAME/note.json}) run cell by cell
 * through {@link NotebookRunner}, each on a fresh {@code local[2]} Spark; their cells check their
 * own results against Spark SQL and throw when they differ.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SparkNotebooks_Test {
  private static final Path MODULE = Path.of(System.getProperty("basedir", "."));

  private static void assertRan(NotebookRunner.Report report, int codeCells) {
    System.out.println(report);
    assertEquals(codeCells, report.cells().size(), "code cells run");
    // the analysis ran as Spark jobs: the cells that compute with Mars started tasks
    assertTrue(report.tasks() > 20, "Spark tasks run by the notebook: " + report.tasks());
  }

  @Test
  void databricksDouban() {
    NotebookRunner.Report report = new NotebookRunner().run(MODULE.resolve("databricks/douban.scala"));
    assertRan(report, 13);
  }

  @Test
  void zeppelinDouban() {
    NotebookRunner.Report report = new NotebookRunner().run(MODULE.resolve("zeppelin/douban/note.json"));
    assertRan(report, 13);
  }

  @Test
  void theZeppelinNoteHasTheDatabricksNotebooksCells() {
    Notebook databricks = Notebook.read(MODULE.resolve("databricks/douban.scala"));
    Notebook zeppelin = Notebook.read(MODULE.resolve("zeppelin/douban/note.json"));
    assertEquals(databricks.cells().size(), zeppelin.cells().size(), "cells");
    for (int i = 0; i < databricks.cells().size(); i++) {
      Notebook.Cell d = databricks.cells().get(i);
      Notebook.Cell z = zeppelin.cells().get(i);
      assertEquals(d.language(), z.language(), "the language of cell " + d.number());
      if (d.language() != Notebook.Language.MARKDOWN) {
        assertEquals(d.code(), z.code(), "the code of cell " + d.number());
      }
    }
  }

  /**
   * A lambda that reads a value of another cell captures the interpreter's wrappers (and through
   * them the session's other values): refused where it is handed over, saying what it holds and
   * what to do; with the value copied into a local val it runs in the tasks.
   */
  @Test
  void aLambdaUsingAnotherCellsValueIsRefusedClearlyAndTheLocalValWorks() {
    String[] setup = {
        Notebook.DATABRICKS_HEADER,
        "import org.marsonspark.session.MarsSession",
        "import org.marsonspark.dataframe.Md",
        "import org.marsonspark.dataframe.local.{Column, LocalFrame}",
        "val mars = MarsSession.attach(spark)",
        Notebook.DATABRICKS_SEPARATOR,
        "val width = 10L",
        Notebook.DATABRICKS_SEPARATOR,
        "val years = Md.dataFrame(LocalFrame.of(java.util.Map.of(\"year\", Column.ofLongs(1994L, 2003L, 2019L))), 1L)",
        Notebook.DATABRICKS_SEPARATOR};
    String captured = String.join("\n", String.join("\n", setup),
        "val decades = years.col(\"year\").map(y => y.asInstanceOf[Long] / width * width)");
    NotebookRunner.CellFailure failure = assertThrows(NotebookRunner.CellFailure.class,
        () -> new NotebookRunner().run(Notebook.databricks("captured.scala", captured)));
    assertTrue(failure.output().contains("Series.map: the function cannot be sent to the tasks"), failure.output());
    assertTrue(failure.output().contains("local val"), failure.output());
    String local = String.join("\n", String.join("\n", setup),
        "val decades = { val w = width; years.col(\"year\").map(y => y.asInstanceOf[Long] / w * w) }.execute(mars).fetch()",
        "require(decades.toString.contains(\"1990\") && decades.toString.contains(\"2010\"), decades.toString)");
    assertEquals(4, new NotebookRunner().run(Notebook.databricks("local.scala", local)).cells().size());
  }

  @Test
  void aFailingCellFailsTheRunNamingTheCell() {
    String source = String.join("\n",
        Notebook.DATABRICKS_HEADER,
        "// MAGIC %md",
        "// MAGIC # Broken",
        Notebook.DATABRICKS_SEPARATOR,
        "val n = spark.range(10).count()",
        Notebook.DATABRICKS_SEPARATOR,
        "require(n == 11, s\"expected 11 rows, got $n\")",
        Notebook.DATABRICKS_SEPARATOR,
        "println(\"not reached\")");
    NotebookRunner.CellFailure failure = assertThrows(NotebookRunner.CellFailure.class,
        () -> new NotebookRunner().run(Notebook.databricks("broken.scala", source)));
    assertEquals(3, failure.cell().number());
    assertTrue(failure.getMessage().startsWith("notebook broken.scala: cell 3 (line 7)"), failure.getMessage());
    assertTrue(failure.output().contains("expected 11 rows, got 10"), failure.output());
  }
}
