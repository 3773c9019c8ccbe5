package org.marsonspark.examples;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A seeded generator of Douban-like movie data for the DataFrame demo and benchmark:
 *
 * <ul>
 *   <li>{@code movies.csv}: {@code id,title,year,tags,regions,score} — ids 1..movies; titles from
 *       word lists (some Chinese, some with commas or double quotes, quoted as RFC 4180 says);
 *       years 1930–2024, more recent years more frequent; tags and regions as '/'-separated
 *       strings drawn with Zipf-like popularity (regions also depend on the era); the 10-point
 *       score with one decimal. Missing values: about 5 % empty tags, 2 % empty regions, 8 %
 *       empty scores (all among the less popular movies).
 *   <li>{@code ratings.csv}: {@code user,movie,rating,timestamp} — the movie drawn with Zipf
 *       popularity (exponent 1) over a random permutation of the ids; ratings from 1.0 to 10.0 with
 *       one decimal (W5 of WORKLOADS.md), drawn per movie from a normal distribution around its
 *       latent quality (on the 10-point scale) with a per-movie spread, rounded to 0.1 and clipped
 *       to 1.0..10.0 (so 1.0 and 10.0 collect the tails); users power-law active; timestamps (epoch
 *       seconds) between a movie's release (not before Douban's 2005) and the end of 2024.
 * </ul>
 *
 * <p>The output depends only on (movies, ratings, seed): ratings are made in blocks of 2^20 rows,
 * each with its own generator derived from the seed and the block number, so any number of
 * threads writes the same bytes. A {@code douban.properties} written last records the parameters
 * (a directory without it is incomplete).
 *
 * <p>Usage: {@code DoubanData [dir] [ratings] [movies] [seed]} (defaults {@code data/douban},
 * 2e7, 70000, 42); movie ids are 1..movies.; sizes accept {@code 2e7}, {@code 20M}, {@code 500k}, {@code 20_000_000}.
 */
public final class DoubanData {
  public static final int DEFAULT_MOVIES = 70_000;
  public static final long DEFAULT_RATINGS = 20_000_000L;
  public static final long DEFAULT_SEED = 42;
  /** Bump when the output for the same parameters changes, so stale data is regenerated. */
  public static final int VERSION = 2; // 2: ratings 1.0-10.0 with one decimal
  public static final String MOVIES_CSV = "movies.csv";
  public static final String RATINGS_CSV = "ratings.csv";
  public static final String PROPERTIES = "douban.properties";

  static final int BLOCK_ROWS = 1 << 20;
  static final int FIRST_YEAR = 1930;
  static final int LAST_YEAR = 2024;

  private static final String[] TAGS = {
    "Drama", "Comedy", "Romance", "Action", "Thriller", "Crime", "Animation", "Documentary", "Fantasy",
    "Science Fiction", "Mystery", "Horror", "Adventure", "Family", "Youth", "War", "History", "Biography",
    "Music", "Classic", "Cult", "Suspense", "Martial Arts", "Wuxia", "Costume", "Musical", "Short",
    "Based on a Novel", "Coming of Age", "Healing", "Dark", "Absurd", "Road Movie", "Noir", "Sports",
    "Western", "Disaster", "Superhero", "Time Travel", "Zombie", "Heist", "Satire", "Tearjerker",
    "Food", "Detective", "Espionage", "Political", "Courtroom", "Medical", "Mockumentary", "Silent",
    "Experimental", "Biopic", "Teen", "Slice of Life", "Urban", "Rural", "Revenge", "Friendship",
    "LGBT", "Feminism", "Dystopia", "Space", "Robots", "Monster", "Ghost", "Epic", "Psychological",
    "Stop Motion", "Independent", "Remake", "Sequel", "Anthology", "Nature", "Dance", "Christmas",
    "Vampire", "Pirates", "Samurai", "Cyberpunk"
  };

  private static final String[] REGIONS = {
    "USA", "Japan", "Mainland China", "Hong Kong", "UK", "France", "South Korea", "Taiwan", "Germany",
    "Italy", "India", "Canada", "Spain", "Russia", "Australia", "Thailand", "Sweden", "Denmark", "Iran",
    "Brazil", "Mexico", "Argentina", "Poland", "Belgium", "Netherlands", "Ireland", "Czech Republic",
    "Turkey", "Norway", "Finland", "Hungary", "Austria", "Switzerland", "New Zealand", "Israel",
    "Greece", "Portugal", "Philippines", "Vietnam", "Egypt"
  };

  private static final String[] ADJECTIVES = {
    "Silent", "Last", "Lost", "Red", "Hidden", "Golden", "Broken", "Eternal", "Wild", "Quiet", "Blue",
    "Distant", "Secret", "Burning", "Frozen", "Little", "Endless", "Midnight", "Paper", "Crimson",
    "Invisible", "Sweet", "Bitter", "Long", "Restless", "Forgotten", "Northern", "Crazy", "Brave",
    "Lonely", "Falling", "Dancing", "Iron", "Glass", "Summer", "Winter"
  };

  private static final String[] NOUNS = {
    "River", "City", "Night", "Garden", "Mountain", "Train", "Letter", "Dream", "Island", "Kingdom",
    "Detective", "Road", "Mirror", "Storm", "Bridge", "Harbor", "Song", "Sword", "Moon", "Tiger",
    "Window", "Station", "Shadow", "Promise", "Summer", "Stranger", "Ghost", "Heart", "Voyage",
    "Orchard", "Lantern", "Empire", "Circus", "Winter", "Family", "Painter", "Soldier", "Sea"
  };

  private static final String[] CHINESE = {
    "霸王", "别姬", "活着", "花样", "年华", "大话", "西游", "无间", "道", "让子弹", "飞", "阳光", "灿烂",
    "的日子", "春光", "乍泄", "重庆", "森林", "一代", "宗师", "卧虎", "藏龙", "天堂", "电影院", "海上",
    "钢琴师", "千与", "千寻", "东邪", "西毒", "少年", "江湖", "秋天", "童话", "饮食", "男女"
  };

  private DoubanData() {}

  /** What was written. */
  public record Summary(Path dir, int movies, long ratings, long seed, long moviesBytes, long ratingsBytes,
      double seconds) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%,d movies (%.1f MB) and %,d ratings (%.1f MB), seed %d, in %s: %.2f s",
          movies, moviesBytes / 1e6, ratings, ratingsBytes / 1e6, seed, dir, seconds);
    }
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args.length > 0 ? args[0] : "data/douban");
    long ratings = args.length > 1 ? parseCount(args[1]) : DEFAULT_RATINGS;
    int movies = args.length > 2 ? Math.toIntExact(parseCount(args[2])) : DEFAULT_MOVIES;
    long seed = args.length > 3 ? Long.parseLong(args[3]) : DEFAULT_SEED;
    System.out.println(generate(dir, movies, ratings, seed, Runtime.getRuntime().availableProcessors()));
  }

  /** {@code 20000000}, {@code 20_000_000}, {@code 2e7}, {@code 20M}, {@code 500k}. */
  public static long parseCount(String s) {
    String t = s.trim().replace("_", "").replace(",", "");
    double scale = 1;
    char last = Character.toLowerCase(t.charAt(t.length() - 1));
    if (last == 'k' || last == 'm' || last == 'g') {
      scale = last == 'k' ? 1e3 : last == 'm' ? 1e6 : 1e9;
      t = t.substring(0, t.length() - 1);
    }
    double v = Double.parseDouble(t) * scale;
    if (v < 0 || v != Math.rint(v)) {
      throw new IllegalArgumentException("not a count: " + s);
    }
    return (long) v;
  }

  /**
   * True when {@code dir} holds complete data made by this generator's version for exactly these
   * parameters.
   */
  public static boolean isGenerated(Path dir, int movies, long ratings, long seed) {
    Path p = dir.resolve(PROPERTIES);
    if (!Files.isRegularFile(p) || !Files.isRegularFile(dir.resolve(MOVIES_CSV))
        || !Files.isRegularFile(dir.resolve(RATINGS_CSV))) {
      return false;
    }
    Properties props = new Properties();
    try (var in = Files.newInputStream(p)) {
      props.load(in);
    } catch (IOException e) {
      return false;
    }
    return String.valueOf(movies).equals(props.getProperty("movies"))
        && String.valueOf(ratings).equals(props.getProperty("ratings"))
        && String.valueOf(seed).equals(props.getProperty("seed"))
        && String.valueOf(VERSION).equals(props.getProperty("version"));
  }

  /** Writes movies.csv, ratings.csv and douban.properties into {@code dir} (created if needed). */
  public static Summary generate(Path dir, int movies, long ratings, long seed, int threads) throws IOException {
    return generate(dir, movies, ratings, seed, threads, BLOCK_ROWS);
  }

  /** As above with another block size (the output depends on it; tests use small blocks). */
  static Summary generate(Path dir, int movies, long ratings, long seed, int threads, int blockRows)
      throws IOException {
    if (movies < 1 || ratings < 0 || threads < 1 || blockRows < 1) {
      throw new IllegalArgumentException("movies >= 1, ratings >= 0, threads >= 1");
    }
    long t0 = System.nanoTime();
    Files.createDirectories(dir);
    Files.deleteIfExists(dir.resolve(PROPERTIES));
    Catalogue cat = new Catalogue(movies, seed);
    Path moviesCsv = dir.resolve(MOVIES_CSV);
    Files.writeString(moviesCsv, cat.csv(), StandardCharsets.UTF_8);
    Path ratingsCsv = dir.resolve(RATINGS_CSV);
    writeRatings(ratingsCsv, cat, ratings, seed, threads, blockRows);
    Properties props = new Properties();
    props.setProperty("movies", String.valueOf(movies));
    props.setProperty("ratings", String.valueOf(ratings));
    props.setProperty("seed", String.valueOf(seed));
    props.setProperty("version", String.valueOf(VERSION));
    try (OutputStream out = Files.newOutputStream(dir.resolve(PROPERTIES))) {
      props.store(out, "DoubanData (examples module): complete when this file exists");
    }
    return new Summary(dir, movies, ratings, seed, Files.size(moviesCsv), Files.size(ratingsCsv),
        (System.nanoTime() - t0) / 1e9);
  }

  // ---------------------------------------------------------------------------------------------
  // movies

  /** The movies and everything the ratings need to know about them. */
  static final class Catalogue {
    final int n;
    final int[] year; // by id - 1
    final String[] title;
    final String[] tags; // "" when missing
    final String[] regions; // "" when missing
    final int[] scoreTenths; // -1 when missing
    /** Mean and standard deviation of each movie's ratings (before rounding and clipping), 10-point scale. */
    final double[] ratingMean;
    final double[] ratingSd;
    final long[] tsStart;
    final long[] tsSpan;
    /** Alias table over popularity ranks, and rank -> movie id. */
    final double[] aliasProb;
    final int[] alias;
    final int[] idOfRank;

    Catalogue(int n, long seed) {
      this.n = n;
      SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L);
      idOfRank = new int[n];
      for (int i = 0; i < n; i++) {
        idOfRank[i] = i + 1;
      }
      for (int i = n - 1; i > 0; i--) {
        int j = r.nextInt(i + 1);
        int t = idOfRank[i];
        idOfRank[i] = idOfRank[j];
        idOfRank[j] = t;
      }
      int[] rankOfId = new int[n + 1];
      for (int rank = 0; rank < n; rank++) {
        rankOfId[idOfRank[rank]] = rank;
      }
      double[] weights = new double[n];
      for (int rank = 0; rank < n; rank++) {
        weights[rank] = 1.0 / (rank + 1);
      }
      aliasProb = new double[n];
      alias = new int[n];
      buildAlias(weights, aliasProb, alias);

      double[] yearCdf = cdf(FIRST_YEAR, LAST_YEAR, y -> Math.exp((y - FIRST_YEAR) / 28.0));
      double[] tagCdf = zipfCdf(TAGS.length, 1.1);
      year = new int[n];
      title = new String[n];
      tags = new String[n];
      regions = new String[n];
      scoreTenths = new int[n];
      ratingMean = new double[n];
      ratingSd = new double[n];
      tsStart = new long[n];
      tsSpan = new long[n];
      long douban = LocalDate.of(2005, 3, 6).atStartOfDay().toEpochSecond(ZoneOffset.UTC);
      long end = LocalDate.of(LAST_YEAR + 1, 1, 1).atStartOfDay().toEpochSecond(ZoneOffset.UTC) - 1;
      for (int i = 0; i < n; i++) {
        double tail = rankOfId[i + 1] / (double) n; // 0 = most popular, 1 = least
        int y = FIRST_YEAR + draw(yearCdf, r.nextDouble());
        year[i] = y;
        title[i] = title(r);
        tags[i] = tags(r, tagCdf);
        regions[i] = regions(r, y);
        double quality = 3.2 + 0.65 * r.nextGaussian() + 0.35 * (0.5 - tail);
        quality = Math.max(1.3, Math.min(4.8, quality));
        boolean noScore = tail > 0.6 && r.nextDouble() < 0.2;
        double score = 2 * quality + 0.4 * r.nextGaussian();
        scoreTenths[i] = noScore ? -1 : (int) Math.round(10 * Math.max(2.0, Math.min(9.8, score)));
        ratingMean[i] = 2 * quality;
        ratingSd[i] = 1.0 + 0.8 * r.nextDouble();
        long start = Math.max(douban, LocalDate.of(y, 1, 1).atStartOfDay().toEpochSecond(ZoneOffset.UTC));
        tsStart[i] = start;
        tsSpan[i] = end - start;
      }
    }

    private static String title(SplittableRandom r) {
      double u = r.nextDouble();
      String t;
      if (u < 0.10) {
        int parts = 2 + r.nextInt(2);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < parts; k++) {
          sb.append(pick(r, CHINESE));
        }
        t = sb.toString();
      } else if (u < 0.16) { // a comma: the field must be quoted
        t = pick(r, ADJECTIVES) + " " + pick(r, NOUNS) + ", " + pick(r, ADJECTIVES) + " " + pick(r, NOUNS);
      } else if (u < 0.165) { // double quotes inside: quoted, and the quotes doubled
        t = "The \"" + pick(r, ADJECTIVES) + "\" " + pick(r, NOUNS);
      } else if (u < 0.40) {
        t = "The " + pick(r, ADJECTIVES) + " " + pick(r, NOUNS);
      } else if (u < 0.60) {
        t = pick(r, NOUNS) + " of the " + pick(r, NOUNS);
      } else if (u < 0.72) {
        t = pick(r, NOUNS) + ": " + pick(r, ADJECTIVES) + " " + pick(r, NOUNS);
      } else {
        t = pick(r, ADJECTIVES) + " " + pick(r, NOUNS);
      }
      if (r.nextDouble() < 0.04) {
        t = t + " " + (2 + r.nextInt(3));
      }
      return t;
    }

    private static String tags(SplittableRandom r, double[] tagCdf) {
      double u = r.nextDouble();
      int k = u < 0.05 ? 0 : u < 0.20 ? 1 : u < 0.45 ? 2 : u < 0.70 ? 3 : u < 0.88 ? 4 : 5;
      return distinct(r, k, tagCdf, TAGS);
    }

    private static String regions(SplittableRandom r, int year) {
      double u = r.nextDouble();
      int k = u < 0.02 ? 0 : u < 0.72 ? 1 : u < 0.92 ? 2 : 3;
      double[] w = new double[REGIONS.length];
      for (int i = 0; i < w.length; i++) {
        w[i] = Math.pow(i + 1, -1.3);
      }
      // eras: Hong Kong's golden age, Mainland China and South Korea after 2000
      w[3] *= year >= 1975 && year < 2000 ? 3.0 : 0.6;
      w[2] *= year < 1990 ? 0.3 : year >= 2005 ? 2.5 : 1.0;
      w[6] *= year >= 2000 ? 2.0 : 0.5;
      w[1] *= year >= 1950 && year < 1970 ? 1.8 : 1.0;
      double total = 0;
      for (int i = 0; i < w.length; i++) {
        total += w[i];
        w[i] = total;
      }
      for (int i = 0; i < w.length; i++) {
        w[i] /= total;
      }
      return distinct(r, k, w, REGIONS);
    }

    private static String distinct(SplittableRandom r, int k, double[] cdf, String[] names) {
      if (k == 0) {
        return "";
      }
      int[] chosen = new int[k];
      int have = 0;
      while (have < k) {
        int c = draw(cdf, r.nextDouble());
        boolean dup = false;
        for (int j = 0; j < have; j++) {
          dup |= chosen[j] == c;
        }
        if (!dup) {
          chosen[have++] = c;
        }
      }
      StringBuilder sb = new StringBuilder(names[chosen[0]]);
      for (int j = 1; j < k; j++) {
        sb.append('/').append(names[chosen[j]]);
      }
      return sb.toString();
    }

    String csv() {
      StringBuilder sb = new StringBuilder(n * 64);
      sb.append("id,title,year,tags,regions,score\n");
      for (int i = 0; i < n; i++) {
        sb.append(i + 1).append(',');
        appendField(sb, title[i]);
        sb.append(',').append(year[i]).append(',');
        appendField(sb, tags[i]);
        sb.append(',');
        appendField(sb, regions[i]);
        sb.append(',');
        if (scoreTenths[i] >= 0) {
          sb.append(scoreTenths[i] / 10).append('.').append(scoreTenths[i] % 10);
        }
        sb.append('\n');
      }
      return sb.toString();
    }
  }

  /** RFC 4180: quote a field holding a comma, a quote or a line break; double the quotes. */
  static void appendField(StringBuilder sb, String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      sb.append(s);
      return;
    }
    sb.append('"').append(s.replace("\"", "\"\"")).append('"');
  }

  private static String pick(SplittableRandom r, String[] words) {
    return words[r.nextInt(words.length)];
  }

  private static double[] cdf(int from, int to, java.util.function.IntToDoubleFunction weight) {
    double[] c = new double[to - from + 1];
    double total = 0;
    for (int v = from; v <= to; v++) {
      total += weight.applyAsDouble(v);
      c[v - from] = total;
    }
    for (int i = 0; i < c.length; i++) {
      c[i] /= total;
    }
    return c;
  }

  private static double[] zipfCdf(int n, double s) {
    return cdf(1, n, k -> Math.pow(k, -s));
  }

  /** The first index whose cumulative probability exceeds u. */
  private static int draw(double[] cdf, double u) {
    int lo = 0;
    int hi = cdf.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cdf[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** Vose's alias method: O(1) draws from a discrete distribution. */
  static void buildAlias(double[] weights, double[] prob, int[] alias) {
    int n = weights.length;
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    double[] scaled = new double[n];
    int[] small = new int[n];
    int[] large = new int[n];
    int ns = 0;
    int nl = 0;
    for (int i = 0; i < n; i++) {
      scaled[i] = weights[i] * n / total;
      if (scaled[i] < 1) {
        small[ns++] = i;
      } else {
        large[nl++] = i;
      }
    }
    while (ns > 0 && nl > 0) {
      int s = small[--ns];
      int l = large[--nl];
      prob[s] = scaled[s];
      alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      if (scaled[l] < 1) {
        small[ns++] = l;
      } else {
        large[nl++] = l;
      }
    }
    while (nl > 0) {
      int l = large[--nl];
      prob[l] = 1;
      alias[l] = l;
    }
    while (ns > 0) {
      int s = small[--ns];
      prob[s] = 1;
      alias[s] = s;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // ratings

  private static void writeRatings(Path file, Catalogue cat, long rows, long seed, int threads, int blockRows)
      throws IOException {
    long users = Math.max(100, rows / 30);
    long blocks = (rows + blockRows - 1) / blockRows;
    ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
      Thread t = new Thread(task, "douban-data");
      t.setDaemon(true);
      return t;
    });
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write("user,movie,rating,timestamp\n".getBytes(StandardCharsets.US_ASCII));
      Deque<Future<Block>> inFlight = new ArrayDeque<>();
      long next = 0;
      while (next < blocks || !inFlight.isEmpty()) {
        while (next < blocks && inFlight.size() < 2 * threads) {
          long b = next++;
          long first = b * blockRows;
          int count = (int) Math.min(blockRows, rows - first);
          inFlight.add(pool.submit(() -> ratingsBlock(cat, users, seed, b, count)));
        }
        Block block = inFlight.removeFirst().get();
        out.write(block.bytes, 0, block.length);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof UncheckedIOException u ? u.getCause() : new IOException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private record Block(byte[] bytes, int length) {}

  /** One block of rows, from its own generator: the same bytes whichever thread makes it. */
  static Block ratingsBlock(Catalogue cat, long users, long seed, long block, int count) {
    SplittableRandom r = new SplittableRandom(mix(seed, block));
    // user <= 10 digits, movie <= 10, rating <= 4 ("10.0"), timestamp <= 19, 3 commas, 1 newline
    byte[] buf = new byte[count * 47];
    int pos = 0;
    int n = cat.n;
    for (int i = 0; i < count; i++) {
      double uu = r.nextDouble();
      long user = 1 + (long) (users * uu * Math.sqrt(uu));
      double um = r.nextDouble() * n;
      int slot = (int) um;
      int rank = um - slot < cat.aliasProb[slot] ? slot : cat.alias[slot];
      int m = cat.idOfRank[rank] - 1;
      long tenths = Math.round(10 * (cat.ratingMean[m] + cat.ratingSd[m] * r.nextGaussian()));
      int rating = (int) Math.max(10, Math.min(100, tenths)); // 1.0 .. 10.0 in tenths
      long ts = cat.tsStart[m] + (long) (r.nextDouble() * cat.tsSpan[m]);
      pos = putLong(buf, pos, user);
      buf[pos++] = ',';
      pos = putLong(buf, pos, m + 1);
      buf[pos++] = ',';
      pos = putLong(buf, pos, rating / 10);
      buf[pos++] = '.';
      buf[pos++] = (byte) ('0' + rating % 10);
      buf[pos++] = ',';
      pos = putLong(buf, pos, ts);
      buf[pos++] = '\n';
    }
    return new Block(buf, pos);
  }

  private static long mix(long seed, long block) {
    long z = seed * 0x9E3779B97F4A7C15L + (block + 1) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static int putLong(byte[] buf, int pos, long v) {
    int digits = 1;
    for (long t = v; t >= 10; t /= 10) {
      digits++;
    }
    int end = pos + digits;
    for (int p = end - 1; p >= pos; p--) {
      buf[p] = (byte) ('0' + (v % 10));
      v /= 10;
    }
    return end;
  }
}
