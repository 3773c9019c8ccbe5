package org.marsonspark.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.MarsException.ErrorClass;

/** The error catalogue: its factories fill their class's parameters, and docs/errors.md lists every class. */
class ErrorCatalogue_Test {
  private static final Path DOCS = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent()
      .resolve("docs/errors.md");

  @Test
  void everyErrorClassHasARowWithItsKindAndParameters() throws IOException {
    String page = Files.readString(DOCS);
    for (ErrorClass c : ErrorClass.values()) {
      String params = c.parameters().isEmpty() ? "—"
          : c.parameters().stream().map(p -> "`" + p + "`").collect(Collectors.joining(", "));
      String row = "| `" + c + "` | " + c.pythonKind() + " | " + params + " |";
      assertTrue(page.contains(row), "docs/errors.md has no row starting " + row);
    }
  }

  @Test
  void axisNormalizerCountsFromTheEndAndNamesTheBounds() {
    assertEquals(1, Errors.normalizeAxis("sum", -2, 3));
    assertEquals(2, Errors.normalizeAxis("sum", 2, 3));
    MarsException e = MarsAssert.assertError(ErrorClass.AXIS_OUT_OF_BOUNDS,
        Map.of("op", "sum", "param", "axis", "axis", 3, "ndim", 3), () -> Errors.normalizeAxis("sum", 3, 3));
    assertEquals("AxisError", e.pythonKind());
    assertTrue(e.getMessage().contains("use an axis from -3 to 2"), e.getMessage());
    MarsAssert.assertError(ErrorClass.AXIS_OUT_OF_BOUNDS, "a 0-d tensor has no axis",
        () -> Errors.normalizeAxis("swapaxes", "source axis", 0, 0));
  }

  @Test
  void indexNormalizerSaysNumpysWords() {
    assertEquals(4, Errors.normalizeIndex("take", -1, 0, 5));
    MarsException e = MarsAssert.assertError(ErrorClass.INDEX_OUT_OF_BOUNDS,
        Map.of("op", "take", "index", -6L, "axis", 0, "size", 5L), () -> Errors.normalizeIndex("take", -6, 0, 5));
    assertEquals("[INDEX_OUT_OF_BOUNDS] take: index -6 is out of bounds for axis 0 with size 5", e.getMessage());
  }

  @Test
  void columnNotFoundIsPandasKeyError() {
    MarsException e = Errors.columnNotFound("groupby", "z", List.of("a", "b"), "", "");
    assertEquals("[COLUMN_NOT_FOUND] groupby: KeyError: 'z' not in [a, b]", e.getMessage());
    assertEquals(Map.of("op", "groupby", "column", "z", "columns", List.of("a", "b")), e.parameters());
    assertEquals("KeyError", e.pythonKind());
  }

  @Test
  void parametersMustBeTheClassesOwn() {
    assertThrows(IllegalArgumentException.class,
        () -> new MarsException(ErrorClass.COLUMN_NOT_FOUND, Map.of("name", "z"), "bad", null));
    assertEquals(Map.of(), new MarsException(ErrorClass.INVALID_ARGUMENT, "plain").parameters());
  }
}
