package org.marsonspark.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoubanDataTest {
  private static final int MOVIES = 2000;
  private static final long RATINGS = 60_000;

  @TempDir
  Path tmp;

  @Test
  void sameSeedSameBytesWhateverTheThreadsDifferentSeedDifferentData() throws IOException {
    Path a = tmp.resolve("a");
    Path b = tmp.resolve("b");
    Path c = tmp.resolve("c");
    DoubanData.generate(a, 500, 30_000, 5, 1, 4096);
    DoubanData.generate(b, 500, 30_000, 5, 3, 4096);
    DoubanData.generate(c, 500, 30_000, 6, 3, 4096);
    for (String f : List.of(DoubanData.MOVIES_CSV, DoubanData.RATINGS_CSV)) {
      assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f);
      assertFalse(Arrays.equals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(c.resolve(f))), f);
    }
    assertTrue(DoubanData.isGenerated(a, 500, 30_000, 5));
    assertFalse(DoubanData.isGenerated(a, 500, 30_001, 5));
    assertFalse(DoubanData.isGenerated(a, 500, 30_000, 6));
  }

  @Test
  void moviesAreValidCsvWithQuotingMissingValuesAndSkew() throws IOException {
    DoubanData.generate(tmp, MOVIES, 0, 42, 2);
    List<String> lines = Files.readAllLines(tmp.resolve(DoubanData.MOVIES_CSV), StandardCharsets.UTF_8);
    assertEquals("id,title,year,tags,regions,score", lines.get(0));
    assertEquals(MOVIES + 1, lines.size());
    int commas = 0;
    int quotes = 0;
    int chinese = 0;
    int noTags = 0;
    int noRegions = 0;
    int noScore = 0;
    Map<String, Integer> tagCounts = new HashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      List<String> f = parse(lines.get(i));
      assertEquals(6, f.size(), lines.get(i));
      assertEquals(i, Integer.parseInt(f.get(0)));
      String title = f.get(1);
      assertFalse(title.isEmpty());
      if (title.contains(",")) {
        commas++;
        assertTrue(lines.get(i).contains(",\"" + title.replace("\"", "\"\"") + "\","), lines.get(i));
      }
      quotes += title.contains("\"") ? 1 : 0;
      chinese += title.codePoints().anyMatch(cp -> cp >= 0x4E00 && cp <= 0x9FFF) ? 1 : 0;
      int year = Integer.parseInt(f.get(2));
      assertTrue(year >= 1930 && year <= 2024, "year " + year);
      if (f.get(3).isEmpty()) {
        noTags++;
      } else {
        String[] tags = f.get(3).split("/");
        assertEquals(tags.length, Arrays.stream(tags).distinct().count(), "distinct tags " + f.get(3));
        for (String t : tags) {
          tagCounts.merge(t, 1, Integer::sum);
        }
      }
      noRegions += f.get(4).isEmpty() ? 1 : 0;
      if (f.get(5).isEmpty()) {
        noScore++;
      } else {
        double score = Double.parseDouble(f.get(5));
        assertTrue(score >= 2 && score <= 9.8, "score " + score);
        assertTrue(f.get(5).matches("\\d\\.\\d"), f.get(5));
      }
    }
    assertTrue(commas > 50, "titles with commas: " + commas);
    assertTrue(quotes > 0, "titles with quotes: " + quotes);
    assertTrue(chinese > 100, "Chinese titles: " + chinese);
    assertTrue(noTags > 40 && noTags < 200, "missing tags: " + noTags);
    assertTrue(noRegions > 10 && noRegions < 100, "missing regions: " + noRegions);
    assertTrue(noScore > 80 && noScore < 300, "missing scores: " + noScore);
    List<Integer> counts = new ArrayList<>(tagCounts.values());
    counts.sort((x, y) -> y - x);
    assertTrue(counts.size() > 60, "distinct tags: " + counts.size());
    assertTrue(counts.get(0) > 5 * counts.get(29), "Zipf-like tags: " + counts);
  }

  @Test
  void ratingsAreInRangeAndSkewed() throws IOException {
    DoubanData.generate(tmp, MOVIES, RATINGS, 42, 2, 10_000);
    Map<Integer, Integer> startYear = new HashMap<>();
    List<String> movies = Files.readAllLines(tmp.resolve(DoubanData.MOVIES_CSV), StandardCharsets.UTF_8);
    for (int i = 1; i < movies.size(); i++) {
      List<String> f = parse(movies.get(i));
      startYear.put(Integer.parseInt(f.get(0)), Integer.parseInt(f.get(2)));
    }
    long douban = LocalDate.of(2005, 3, 6).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
    long end = LocalDate.of(2025, 1, 1).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
    List<String> lines = Files.readAllLines(tmp.resolve(DoubanData.RATINGS_CSV), StandardCharsets.US_ASCII);
    assertEquals("user,movie,rating,timestamp", lines.get(0));
    assertEquals(RATINGS + 1, lines.size());
    int[] perMovie = new int[MOVIES + 1];
    long[] perRating = new long[6];
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      assertEquals(4, f.length, lines.get(i));
      assertTrue(Long.parseLong(f[0]) >= 1);
      int movie = Integer.parseInt(f[1]);
      assertTrue(movie >= 1 && movie <= MOVIES, lines.get(i));
      int rating = Integer.parseInt(f[2]);
      assertTrue(rating >= 1 && rating <= 5, lines.get(i));
      long ts = Long.parseLong(f[3]);
      long release = LocalDate.of(startYear.get(movie), 1, 1).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
      assertTrue(ts >= Math.max(douban, release) && ts < end, lines.get(i));
      perMovie[movie]++;
      perRating[rating]++;
    }
    int[] sorted = Arrays.stream(perMovie, 1, MOVIES + 1).sorted().toArray();
    int top = sorted[sorted.length - 1];
    int median = sorted[sorted.length / 2];
    assertTrue(top > 50 * Math.max(1, median), "Zipf-like popularity: top " + top + ", median " + median);
    for (int r = 1; r <= 5; r++) {
      assertTrue(perRating[r] > RATINGS / 100, "rating " + r + ": " + perRating[r]);
    }
  }

  @Test
  void countsParse() {
    assertEquals(20_000_000L, DoubanData.parseCount("20M"));
    assertEquals(20_000_000L, DoubanData.parseCount("2e7"));
    assertEquals(20_000_000L, DoubanData.parseCount("20_000_000"));
    assertEquals(500_000L, DoubanData.parseCount("500k"));
    assertThrows(IllegalArgumentException.class, () -> DoubanData.parseCount("1.5"));
  }

  /** RFC 4180 fields of one line (no line breaks inside fields). */
  static List<String> parse(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          sb.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          sb.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        out.add(sb.toString());
        sb.setLength(0);
      } else {
        sb.append(ch);
      }
    }
    out.add(sb.toString());
    return out;
  }
}
