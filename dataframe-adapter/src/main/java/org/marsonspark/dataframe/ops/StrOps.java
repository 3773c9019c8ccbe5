package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalSeries;

/**
 * The chunk ops of {@code Series.str}: one element-wise op ({@link StrMap}) running a string
 * function ({@link StrFn}) over every value of a series chunk, with pandas's NA rules — NA and
 * values that are not strings give NA (lists too, except for {@code len} and {@code get}, which
 * pandas applies to lists as well) — and the result dtype decided before running: object,
 * float64 (counts, NaN for NA) or bool (only when an {@code na} fill value is given).
 * Strings are read as Python reads them: lengths, positions and slices count code points.
 */
public final class StrOps {
  private StrOps() {}

  /** One value in, one value out; null is NA. */
  public interface StrFn extends Serializable {
    Object apply(Object value);
  }

  /** Runs {@code fn} over a series chunk; {@code na} (when not null) replaces NA results (pandas's {@code na=}). */
  public record StrMap(String opName, StrFn fn, DfType out, Object na) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      Column c = s.values();
      int n = c.size();
      Object[] r = new Object[n];
      for (int i = 0; i < n; i++) {
        Object v = c.isNA(i) ? null : fn.apply(c.get(i));
        r[i] = v == null ? na : v;
      }
      return s.withValues(column(r, out));
    }

    @Override
    public String name() {
      return "str." + opName;
    }
  }

  /** Values as a column of a dtype decided before running: object, float64 (from numbers; null is NaN) or bool. */
  static Column column(Object[] r, DfType out) {
    switch (out) {
      case FLOAT64 -> {
        double[] d = new double[r.length];
        for (int i = 0; i < r.length; i++) {
          d[i] = r[i] == null ? Double.NaN : ((Number) r[i]).doubleValue();
        }
        return Column.ofDoubles(d);
      }
      case BOOL -> {
        boolean[] b = new boolean[r.length];
        for (int i = 0; i < r.length; i++) {
          b[i] = (Boolean) r[i];
        }
        return Column.ofBools(b);
      }
      default -> {
        return Column.ofObjects(r);
      }
    }
  }

  // ---- code points ----------------------------------------------------------------------------

  static int[] cps(String s) {
    return s.codePoints().toArray();
  }

  static String str(int[] cps, int from, int to) {
    return new String(cps, from, Math.max(0, to - from));
  }

  /** Python's {@code str.isspace} for one code point. */
  static boolean isPySpace(int cp) {
    return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85 || (cp >= 0x1c && cp <= 0x1f);
  }

  /** Python's slice {@code [start:stop:step]} over a length: the positions taken. */
  static int[] slicePositions(int len, Integer start, Integer stop, int step) {
    int lo;
    int hi;
    if (step > 0) {
      lo = start == null ? 0 : clamp(start, len, 0, len);
      hi = stop == null ? len : clamp(stop, len, 0, len);
    } else {
      lo = start == null ? len - 1 : clamp(start, len, -1, len - 1);
      hi = stop == null ? -1 : clamp(stop, len, -1, len - 1);
    }
    List<Integer> at = new ArrayList<>();
    for (int i = lo; step > 0 ? i < hi : i > hi; i += step) {
      at.add(i);
    }
    return at.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int clamp(int i, int len, int min, int max) {
    int v = i < 0 ? i + len : i;
    return Math.max(min, Math.min(max, v));
  }

  // ---- the functions ------------------------------------------------------------------------------

  public record Lower() implements StrFn {
    @Override
    public Object apply(Object v) {
      return v instanceof String s ? s.toLowerCase(Locale.ROOT) : null;
    }
  }

  public record Upper() implements StrFn {
    @Override
    public Object apply(Object v) {
      return v instanceof String s ? s.toUpperCase(Locale.ROOT) : null;
    }
  }

  /** {@code len}: code points of a string, elements of a list; float64 (NaN for NA, as pandas gives). */
  public record Len() implements StrFn {
    @Override
    public Object apply(Object v) {
      if (v instanceof String s) {
        return (double) s.codePointCount(0, s.length());
      }
      return v instanceof List<?> l ? (Object) (double) l.size() : null;
    }
  }

  /** {@code strip}, {@code lstrip}, {@code rstrip}: whitespace (Python's) or the characters given. */
  public record Strip(String chars, boolean left, boolean right) implements StrFn {
    @Override
    public Object apply(Object v) {
      if (!(v instanceof String s)) {
        return null;
      }
      int[] c = cps(s);
      int[] set = chars == null ? null : cps(chars);
      int from = 0;
      int to = c.length;
      while (left && from < to && strips(c[from], set)) {
        from++;
      }
      while (right && to > from && strips(c[to - 1], set)) {
        to--;
      }
      return str(c, from, to);
    }

    private static boolean strips(int cp, int[] set) {
      if (set == null) {
        return isPySpace(cp);
      }
      for (int x : set) {
        if (x == cp) {
          return true;
        }
      }
      return false;
    }
  }

  /** A compiled pattern: a regex, or a literal when {@code regex} is false; case-insensitive when asked. */
  static Pattern pattern(String pat, boolean regex, boolean caseSensitive) {
    int flags = caseSensitive ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    return Pattern.compile(regex ? pat : Pattern.quote(pat), flags);
  }

  /** Checks a regex before anything runs. */
  public static void checkRegex(String op, String pat) {
    try {
      Pattern.compile(pat);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "str." + op + ": invalid regular expression '" + pat + "': "
          + e.getDescription());
    }
  }

  /** {@code contains}: re.search (or a substring test when regex is false). */
  public record Contains(String pat, boolean regex, boolean caseSensitive) implements StrFn {
    @Override
    public Object apply(Object v) {
      if (!(v instanceof String s)) {
        return null;
      }
      if (!regex && caseSensitive) {
        return s.contains(pat);
      }
      return pattern(pat, regex, caseSensitive).matcher(s).find();
    }
  }

  public record StartsWith(String prefix) implements StrFn {
    @Override
    public Object apply(Object v) {
      return v instanceof String s ? (Object) s.startsWith(prefix) : null;
    }
  }

  public record EndsWith(String suffix) implements StrFn {
    @Override
    public Object apply(Object v) {
      return v instanceof String s ? (Object) s.endsWith(suffix) : null;
    }
  }

  /** {@code replace(pat, repl, n, case, regex)}: {@code n} replacements at most (-1: all). */
  public record Replace(String pat, String repl, int n, boolean caseSensitive, boolean regex) implements StrFn {
    @Override
    public Object apply(Object v) {
      if (!(v instanceof String s)) {
        return null;
      }
      if (!regex && caseSensitive && n < 0) {
        return s.replace(pat, repl);
      }
      Matcher m = pattern(pat, regex, caseSensitive).matcher(s);
      String javaRepl = regex ? javaReplacement(repl) : Matcher.quoteReplacement(repl);
      StringBuilder sb = new StringBuilder();
      int done = 0;
      while ((n < 0 || done < n) && m.find()) {
        m.appendReplacement(sb, javaRepl);
        done++;
      }
      m.appendTail(sb);
      return sb.toString();
    }
  }

  /**
   * Python's replacement template ({@code \1}, {@code \g<1>}, {@code \g<name>}, {@code \\}) as
   * Java's ({@code $1}, {@code ${name}}); a {@code $} is literal, as in Python.
   */
  public static String javaReplacement(String py) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < py.length(); i++) {
      char ch = py.charAt(i);
      if (ch == '$') {
        sb.append("\\$");
      } else if (ch == '\\' && i + 1 < py.length()) {
        char nx = py.charAt(i + 1);
        if (Character.isDigit(nx)) {
          int j = i + 1;
          while (j < py.length() && j < i + 3 && Character.isDigit(py.charAt(j))) {
            j++;
          }
          sb.append('$').append(py, i + 1, j);
          i = j - 1;
        } else if (nx == 'g' && i + 2 < py.length() && py.charAt(i + 2) == '<') {
          int close = py.indexOf('>', i + 3);
          String g = py.substring(i + 3, close);
          sb.append(g.chars().allMatch(Character::isDigit) ? "$" + g : "${" + g + "}");
          i = close;
        } else if (nx == '\\') {
          sb.append("\\\\");
          i++;
        } else if (nx == 'n' || nx == 't') {
          sb.append(nx == 'n' ? '\n' : '\t');
          i++;
        } else {
          sb.append("\\\\");
        }
      } else {
        sb.append(ch);
      }
    }
    return sb.toString();
  }

  /** {@code slice(start, stop, step)} with Python's slice rules (over code points). */
  public record Slice(Integer start, Integer stop, int step) implements StrFn {
    @Override
    public Object apply(Object v) {
      if (!(v instanceof String s)) {
        return null;
      }
      int[] c = cps(s);
      int[] at = slicePositions(c.length, start, stop, step);
      int[] out = new int[at.length];
      for (int i = 0; i < at.length; i++) {
        out[i] = c[at[i]];
      }
      return new String(out, 0, out.length);
    }
  }

  /** {@code get(i)}: the i-th character of a string or element of a list (negative from the end); NA when out of range. */
  public record Get(int i) implements StrFn {
    @Override
    public Object apply(Object v) {
      if (v instanceof String s) {
        int[] c = cps(s);
        int at = i < 0 ? i + c.length : i;
        return at < 0 || at >= c.length ? null : new String(c, at, 1);
      }
      if (v instanceof List<?> l) {
        int at = i < 0 ? i + l.size() : i;
        return at < 0 || at >= l.size() ? null : l.get(at);
      }
      return null;
    }
  }

  /**
   * {@code split(pat, n)}: Python's {@code str.split} (whitespace runs when {@code pat} is null,
   * a literal separator otherwise) or {@code re.split} (captured groups included) with at most
   * {@code n} splits (-1: all). The pieces are an {@code ArrayList<String>}.
   */
  public record Split(String pat, int n, boolean regex) implements StrFn {
    @Override
    public Object apply(Object v) {
      return v instanceof String s ? split(s) : null;
    }

    public ArrayList<String> split(String s) {
      ArrayList<String> out = new ArrayList<>();
      if (pat == null) {
        int[] c = cps(s);
        int i = 0;
        int splits = 0;
        while (true) {
          while (i < c.length && isPySpace(c[i])) {
            i++;
          }
          if (i >= c.length) {
            break;
          }
          if (n >= 0 && splits == n) {
            // the rest, trailing whitespace included (Python's maxsplit)
            out.add(str(c, i, c.length));
            break;
          }
          int j = i;
          while (j < c.length && !isPySpace(c[j])) {
            j++;
          }
          out.add(str(c, i, j));
          splits++;
          i = j;
        }
        return out;
      }
      if (!regex) {
        int from = 0;
        int splits = 0;
        while (n < 0 || splits < n) {
          int at = s.indexOf(pat, from);
          if (at < 0) {
            break;
          }
          out.add(s.substring(from, at));
          from = at + pat.length();
          splits++;
        }
        out.add(s.substring(from));
        return out;
      }
      Matcher m = Pattern.compile(pat).matcher(s);
      int from = 0;
      int splits = 0;
      while ((n < 0 || splits < n) && m.find()) {
        if (m.end() == 0 && m.start() == 0 && s.isEmpty()) {
          break;
        }
        out.add(s.substring(from, m.start()));
        for (int g = 1; g <= m.groupCount(); g++) {
          out.add(m.group(g));
        }
        from = m.end();
        splits++;
      }
      out.add(s.substring(from));
      return out;
    }
  }

  /** Pieces of each value as a row of {@code width} object columns (None past the last piece, NA rows all NA). */
  public record SplitExpandChunk(Split split, int width) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      int rows = s.size();
      Object[][] cols = new Object[width][rows];
      for (int i = 0; i < rows; i++) {
        Object v = s.values().isNA(i) ? null : s.get(i);
        if (v instanceof String str) {
          List<String> p = split.split(str);
          for (int j = 0; j < p.size(); j++) {
            cols[j][i] = p.get(j);
          }
        }
      }
      String[] names = new String[width];
      Column[] c = new Column[width];
      for (int j = 0; j < width; j++) {
        names[j] = Integer.toString(j);
        c[j] = Column.ofObjects(cols[j]);
      }
      return new org.marsonspark.dataframe.local.LocalFrame(s.index(), names, c);
    }

    @Override
    public String name() {
      return "str.split";
    }
  }
}
