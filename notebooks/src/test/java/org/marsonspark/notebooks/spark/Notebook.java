package org.marsonspark.notebooks.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Spark notebook as its cells, read from the two formats Spark users keep notebooks in:
 *
 * <ul>
 *   <li>a Databricks notebook source ({@code .scala}): the first line
 *       {@code // Databricks notebook source}, cells separated by lines
 *       {@code // COMMAND ----------}; a cell whose lines all start with {@code // MAGIC} is a
 *       magic cell, its language the first word after the first {@code // MAGIC} ({@code %md},
 *       {@code %sql}); {@code // DBTITLE} lines are titles;
 *   <li>a Zeppelin note ({@code note.json}): {@code paragraphs[].text}, the first line naming the
 *       interpreter ({@code %spark}, {@code %md}, {@code %sql}, {@code %spark.sql}); a paragraph
 *       without one uses the default interpreter, Spark's Scala.
 * </ul>
 *
 * @param name what failures call the notebook (its file name)
 * @param cells the cells, in order, empty ones left out
 */
public record Notebook(String name, List<Cell> cells) {
  /** The first line of a Databricks notebook source. */
  public static final String DATABRICKS_HEADER = "// Databricks notebook source";
  /** The line between two cells of a Databricks notebook source. */
  public static final String DATABRICKS_SEPARATOR = "// COMMAND ----------";
  private static final String MAGIC = "// MAGIC";

  /** What runs a cell. */
  public enum Language {
    /** Scala code, interpreted. */
    SCALA,
    /** A Spark SQL statement, run with {@code spark.sql}. */
    SQL,
    /** Markdown: not run. */
    MARKDOWN
  }

  /**
   * One cell.
   *
   * @param number the cell's number, from 1, counting every cell of the notebook (markdown too)
   * @param line the line of the file where the cell starts, from 1 (0 for a Zeppelin note)
   * @param language what runs it
   * @param code the code without its interpreter line or {@code // MAGIC} prefixes
   */
  public record Cell(int number, int line, Language language, String code) {
    /** The cell as failures name it: {@code cell 3 (line 17)}. */
    public String describe() {
      return "cell " + number + (line > 0 ? " (line " + line + ")" : "");
    }
  }

  public Notebook {
    cells = List.copyOf(cells);
  }

  /** Reads a Databricks source ({@code *.scala}) or a Zeppelin note ({@code *.json}). */
  public static Notebook read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the notebook " + file, e);
    }
    String name = file.getFileName().toString();
    if (name.endsWith(".json")) {
      Path parent = file.getParent();
      return zeppelin(parent == null ? name : parent.getFileName() + "/" + name, text);
    }
    return databricks(name, text);
  }

  /** Parses a Databricks Scala notebook source. */
  public static Notebook databricks(String name, String source) {
    String[] lines = source.split("\r?\n", -1);
    if (lines.length == 0 || !lines[0].strip().equals(DATABRICKS_HEADER)) {
      throw new IllegalArgumentException(name + ": not a Databricks notebook source (the first line must be '"
          + DATABRICKS_HEADER + "')");
    }
    List<Cell> cells = new ArrayList<>();
    List<String> current = new ArrayList<>();
    int start = 2;
    for (int i = 1; i <= lines.length; i++) {
      boolean end = i == lines.length || lines[i].strip().equals(DATABRICKS_SEPARATOR);
      if (!end) {
        current.add(lines[i]);
        continue;
      }
      addDatabricksCell(name, cells, current, start);
      current.clear();
      start = i + 2;
    }
    return new Notebook(name, cells);
  }

  private static void addDatabricksCell(String name, List<Cell> cells, List<String> lines, int firstLine) {
    List<String> body = new ArrayList<>();
    int line = firstLine;
    for (String l : lines) {
      if (body.isEmpty() && (l.isBlank() || l.startsWith("// DBTITLE"))) {
        line++; // blank lines and the title before the code
        continue;
      }
      body.add(l);
    }
    while (!body.isEmpty() && body.get(body.size() - 1).isBlank()) {
      body.remove(body.size() - 1);
    }
    if (body.isEmpty()) {
      return;
    }
    int number = cells.size() + 1;
    if (body.stream().allMatch(l -> l.startsWith(MAGIC))) {
      List<String> unmagic = body.stream().map(l -> l.substring(MAGIC.length()).replaceFirst("^ ", "")).toList();
      Interpreted it = interpreter(name, number, unmagic);
      cells.add(new Cell(number, line, it.language, it.code));
    } else {
      cells.add(new Cell(number, line, Language.SCALA, String.join("\n", body)));
    }
  }

  /** Parses a Zeppelin note ({@code note.json}). */
  public static Notebook zeppelin(String name, String json) {
    JsonNode note;
    try {
      note = new ObjectMapper().readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException(name + ": not a Zeppelin note (invalid JSON: " + e.getMessage() + ")", e);
    }
    JsonNode paragraphs = note.path("paragraphs");
    if (!paragraphs.isArray()) {
      throw new IllegalArgumentException(name + ": not a Zeppelin note (no 'paragraphs' array)");
    }
    List<Cell> cells = new ArrayList<>();
    for (JsonNode p : paragraphs) {
      String text = p.path("text").asText("");
      if (text.isBlank()) {
        continue;
      }
      int number = cells.size() + 1;
      Interpreted it = interpreter(name, number, List.of(text.split("\r?\n", -1)));
      cells.add(new Cell(number, 0, it.language, it.code));
    }
    return new Notebook(name, cells);
  }

  private record Interpreted(Language language, String code) {}

  /** The language named by a first line {@code %md}, {@code %spark}, {@code %sql} ...; none: Scala. */
  private static Interpreted interpreter(String name, int number, List<String> lines) {
    String first = lines.get(0).strip();
    if (!first.startsWith("%")) {
      return new Interpreted(Language.SCALA, String.join("\n", lines));
    }
    int space = first.indexOf(' ');
    String magic = (space < 0 ? first : first.substring(0, space)).toLowerCase(Locale.ROOT);
    List<String> rest = new ArrayList<>();
    if (space >= 0) {
      rest.add(first.substring(space + 1));
    }
    rest.addAll(lines.subList(1, lines.size()));
    String code = String.join("\n", rest);
    Language language = switch (magic) {
      case "%md", "%markdown" -> Language.MARKDOWN;
      case "%spark", "%spark.spark", "%scala" -> Language.SCALA;
      case "%sql", "%spark.sql" -> Language.SQL;
      default -> throw new IllegalArgumentException(name + ": cell " + number + " is in " + magic
          + ", which this runner does not run (it runs Scala (%spark, %scala), SQL (%sql, %spark.sql) and skips %md)");
    };
    return new Interpreted(language, code);
  }
}
