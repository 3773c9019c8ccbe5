package org.marsonspark.dataframe;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.ops.Chunkwise;
import org.marsonspark.dataframe.ops.SplitExpand;
import org.marsonspark.dataframe.ops.StrOps;

/**
 * pandas's {@code Series.str} accessor ({@link Series#str()}), for object (string) and category
 * series. Every method is element-wise, tiled chunk by chunk, and keeps the series's name and
 * labels. NA stays NA, as do values that are not strings. Result dtypes are decided before
 * anything runs, so where pandas's dtype depends on whether NA is present, the NA-capable one is
 * given: {@code len} is float64; {@code contains}, {@code startswith}, {@code endswith} are object
 * (True / False / NA) unless an {@code na} value is passed, which makes them bool. Regular
 * expressions are Java's ({@link java.util.regex.Pattern}), which agree with Python's {@code re}
 * for the common syntax; replacement templates take Python's {@code \1} and {@code \g<name>}.
 */
public final class StringMethods {
  private final Series s;

  StringMethods(Series s) {
    if (s.dtype() != DfType.OBJECT && s.dtype() != DfType.CATEGORY) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "Can only use .str accessor with string values "
          + "(object or category dtype), not " + s.dtype() + (s.name() == null ? "" : " (series '" + s.name() + "')")
          + "; cast with astype(\"str\") first");
    }
    this.s = s;
  }

  private Series map(String op, StrOps.StrFn fn, DfType out, Object na) {
    SeriesData d = s.data();
    return Series.ofOutput(Chunkwise.series(List.of(d), new StrOps.StrMap(op, fn, out, na), true,
        new SeriesData(-1, d.name(), out, d.index(), 0)));
  }

  public Series lower() {
    return map("lower", new StrOps.Lower(), DfType.OBJECT, null);
  }

  public Series upper() {
    return map("upper", new StrOps.Upper(), DfType.OBJECT, null);
  }

  /** Lengths in code points (elements for lists); float64 with NaN for NA. */
  public Series len() {
    return map("len", new StrOps.Len(), DfType.FLOAT64, null);
  }

  /** Python's {@code str.strip()}: leading and trailing whitespace. */
  public Series strip() {
    return strip(null);
  }

  /** Leading and trailing characters of {@code chars} (null: whitespace). */
  public Series strip(String chars) {
    return map("strip", new StrOps.Strip(chars, true, true), DfType.OBJECT, null);
  }

  public Series lstrip() {
    return lstrip(null);
  }

  public Series lstrip(String chars) {
    return map("lstrip", new StrOps.Strip(chars, true, false), DfType.OBJECT, null);
  }

  public Series rstrip() {
    return rstrip(null);
  }

  public Series rstrip(String chars) {
    return map("rstrip", new StrOps.Strip(chars, false, true), DfType.OBJECT, null);
  }

  /** {@code contains(pat)}: a regular expression search, case-sensitive; object with NA kept. */
  public Series contains(String pat) {
    return contains(pat, true, true, null);
  }

  /**
   * {@code contains(pat, case, na, regex)}: {@code na} null keeps NA (object result, as pandas
   * gives when NA is present); a Boolean fills NA and gives bool.
   */
  public Series contains(String pat, boolean regex, boolean caseSensitive, Boolean na) {
    requirePattern("contains", pat, regex);
    return map("contains", new StrOps.Contains(pat, regex, caseSensitive), na == null ? DfType.OBJECT : DfType.BOOL, na);
  }

  public Series startswith(String prefix) {
    return startswith(prefix, null);
  }

  /** {@code startswith(pat, na)}: a literal prefix; {@code na} as in {@link #contains(String, boolean, boolean, Boolean)}. */
  public Series startswith(String prefix, Boolean na) {
    requireArg("startswith", "pat", prefix);
    return map("startswith", new StrOps.StartsWith(prefix), na == null ? DfType.OBJECT : DfType.BOOL, na);
  }

  public Series endswith(String suffix) {
    return endswith(suffix, null);
  }

  public Series endswith(String suffix, Boolean na) {
    requireArg("endswith", "pat", suffix);
    return map("endswith", new StrOps.EndsWith(suffix), na == null ? DfType.OBJECT : DfType.BOOL, na);
  }

  /** {@code replace(pat, repl, regex=...)}: every occurrence. */
  public Series replace(String pat, String repl, boolean regex) {
    return replace(pat, repl, -1, true, regex);
  }

  /** {@code replace(pat, repl, n, case, regex)}: at most {@code n} occurrences (-1: all). */
  public Series replace(String pat, String repl, int n, boolean caseSensitive, boolean regex) {
    requirePattern("replace", pat, regex);
    requireArg("replace", "repl", repl);
    if (regex) {
      try {
        java.util.regex.Pattern.compile(pat).matcher("").replaceAll(StrOps.javaReplacement(repl));
      } catch (RuntimeException e) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "str.replace: invalid replacement '" + repl + "' for "
            + "pattern '" + pat + "': " + e.getMessage());
      }
    }
    return map("replace", new StrOps.Replace(pat, repl, n == 0 ? -1 : n, caseSensitive, regex), DfType.OBJECT, null);
  }

  /** {@code slice(start, stop, step)} with Python's slice rules (null bounds take their defaults). */
  public Series slice(Integer start, Integer stop, Integer step) {
    int st = step == null ? 1 : step;
    if (st == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "str.slice: slice step cannot be zero");
    }
    return map("slice", new StrOps.Slice(start, stop, st), DfType.OBJECT, null);
  }

  public Series slice(Integer start, Integer stop) {
    return slice(start, stop, null);
  }

  /** {@code get(i)}: the i-th character (or list element); NA when out of range. */
  public Series get(int i) {
    return map("get", new StrOps.Get(i), DfType.OBJECT, null);
  }

  /** {@code split()}: on whitespace, into lists. */
  public Series split() {
    return split(null, -1);
  }

  /** {@code split(pat, n)}: lists of pieces (an object series); pandas 1.5's rule: a regex when longer than one character. */
  public Series split(String pat, int n) {
    return (Series) split(pat, n, false, pat != null && pat.length() > 1);
  }

  /**
   * {@code split(pat, n, expand, regex)}: {@code expand} false gives an object series of lists
   * ({@code ArrayList<String>}); true gives a {@link DataFrame} with columns "0" .. "k-1", k
   * being the most pieces of any value, found by a pre-pass when the frame is tiled (its
   * columns are known once it has run). {@code pat} null splits on whitespace; {@code n} is
   * the most splits (-1 or 0: all).
   */
  public Executable split(String pat, int n, boolean expand, boolean regex) {
    if (pat != null && pat.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "str.split: empty separator");
    }
    if (pat != null && regex) {
      StrOps.checkRegex("split", pat);
    }
    if (pat == null && regex) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "str.split: regex=true needs a pattern (pat is null)");
    }
    StrOps.Split fn = new StrOps.Split(pat, n <= 0 ? -1 : n, regex);
    if (expand) {
      return DataFrame.ofOutput(SplitExpand.of(s.data(), fn));
    }
    return map("split", fn, DfType.OBJECT, null);
  }

  /** {@code split(pat, n, expand=True)} as a DataFrame (pandas 1.5's regex rule). */
  public DataFrame splitExpand(String pat, int n) {
    return (DataFrame) split(pat, n, true, pat != null && pat.length() > 1);
  }

  private static void requireArg(String op, String param, Object v) {
    if (v == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "str." + op + ": parameter '" + param + "' must not be null");
    }
  }

  private static void requirePattern(String op, String pat, boolean regex) {
    requireArg(op, "pat", pat);
    if (regex) {
      StrOps.checkRegex(op, pat);
    }
  }
}
