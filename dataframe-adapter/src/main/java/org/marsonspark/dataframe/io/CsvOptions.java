package org.marsonspark.dataframe.io;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Options of {@code Md.readCsv}, pandas's names in camel case; immutable, changed with
 * {@code withX}: {@code CsvOptions.defaults().withSep(';').withUsecols("a", "c")}.
 *
 * @param sep field separator (one ASCII character, ',')
 * @param quoteChar quote character ('"'); a doubled quote inside quotes is one quote
 * @param header whether the first line holds the column names (pandas header=0; false: header=None)
 * @param names column names to use (replacing the header's when there is one)
 * @param usecols columns to keep, by name (file order is kept, as pandas does)
 * @param dtype dtypes by column name (pandas names: int64, float64, bool, str/object, category, datetime64[ns])
 * @param naValues extra strings read as NA
 * @param keepDefaultNa whether pandas's default NA strings ('', 'NA', 'NaN', 'null', 'n/a', ...) count too
 * @param parseDates columns parsed as datetime64[ns]
 * @param chunkBytes bytes of the file per chunk (64 MiB)
 * @param sampleBytes bytes at the start of the file read on the driver to infer dtypes (256 KiB)
 * @param encoding the file's character set ("utf-8"): UTF-8 or any single-byte ASCII-compatible set
 *     java.nio knows ("latin-1", "cp1252", "iso-8859-15", ...)
 * @param encodingErrors what bytes the encoding cannot decode give: "strict" (an error naming the
 *     byte), "replace" (U+FFFD) or "ignore" (dropped), as Python's codecs
 * @param onBadLines a record with more fields than the header: "error" (naming its line), "warn"
 *     (dropped, logged) or "skip" (dropped); a record with fewer fields gets NA in the missing ones
 */
public record CsvOptions(char sep, char quoteChar, boolean header, List<String> names, List<String> usecols,
    Map<String, String> dtype, Set<String> naValues, boolean keepDefaultNa, List<String> parseDates, long chunkBytes,
    long sampleBytes, String encoding, String encodingErrors, String onBadLines) implements Serializable {

  /** pandas's default NA strings. */
  public static final Set<String> DEFAULT_NA = Set.of("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN",
      "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "n/a", "nan", "null");

  public CsvOptions {
    if (sep > 127 || sep == '\n' || sep == '\r' || sep == quoteChar) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: sep must be one ASCII character other than a "
          + "newline or the quote character, got '" + sep + "'");
    }
    if (chunkBytes <= 0) {
      throw new MarsException(ErrorClass.BAD_CHUNK_SIZE, "readCsv: chunkBytes must be positive, got " + chunkBytes);
    }
    if (sampleBytes <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: sampleBytes must be positive, got " + sampleBytes);
    }
    CsvText.charset(encoding); // refuses what it cannot read
    if (!List.of("strict", "replace", "ignore").contains(encodingErrors)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: encodingErrors must be 'strict', 'replace' or "
          + "'ignore', got '" + encodingErrors + "'");
    }
    if (!List.of("error", "warn", "skip").contains(onBadLines)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: onBadLines must be 'error', 'warn' or 'skip', "
          + "got '" + onBadLines + "'");
    }
    names = names == null ? null : List.copyOf(names);
    usecols = usecols == null ? null : List.copyOf(usecols);
    dtype = dtype == null ? Map.of() : new LinkedHashMap<>(dtype);
    naValues = naValues == null ? Set.of() : new LinkedHashSet<>(naValues);
    parseDates = parseDates == null ? List.of() : List.copyOf(parseDates);
  }

  public static CsvOptions defaults() {
    return new CsvOptions(',', '"', true, null, null, null, null, true, null, 64L << 20, 256L << 10, "utf-8", "strict",
        "error");
  }

  public CsvOptions withSep(char c) {
    return new CsvOptions(c, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withQuoteChar(char c) {
    return new CsvOptions(sep, c, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates, chunkBytes,
        sampleBytes, encoding, encodingErrors, onBadLines);
  }

  /** pandas header=0 (true) or header=None (false). */
  public CsvOptions withHeader(boolean h) {
    return new CsvOptions(sep, quoteChar, h, names, usecols, dtype, naValues, keepDefaultNa, parseDates, chunkBytes,
        sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withNames(String... n) {
    return new CsvOptions(sep, quoteChar, header, List.of(n), usecols, dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withUsecols(String... cols) {
    return new CsvOptions(sep, quoteChar, header, names, List.of(cols), dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withDtype(Map<String, String> d) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, d, naValues, keepDefaultNa, parseDates, chunkBytes,
        sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withDtype(String column, String dt) {
    Map<String, String> d = new LinkedHashMap<>(dtype);
    d.put(column, dt);
    return withDtype(d);
  }

  public CsvOptions withNaValues(String... values) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, Set.of(values), keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withKeepDefaultNa(boolean keep) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keep, parseDates, chunkBytes,
        sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withParseDates(String... cols) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, List.of(cols),
        chunkBytes, sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withChunkBytes(long bytes) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates, bytes,
        sampleBytes, encoding, encodingErrors, onBadLines);
  }

  public CsvOptions withSampleBytes(long bytes) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, bytes, encoding, encodingErrors, onBadLines);
  }

  /** pandas's {@code encoding}. */
  public CsvOptions withEncoding(String e) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, e, encodingErrors, onBadLines);
  }

  /** pandas's {@code encoding_errors}: "strict", "replace" or "ignore". */
  public CsvOptions withEncodingErrors(String e) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, encoding, e, onBadLines);
  }

  /** pandas's {@code on_bad_lines}: "error", "warn" or "skip". */
  public CsvOptions withOnBadLines(String b) {
    return new CsvOptions(sep, quoteChar, header, names, usecols, dtype, naValues, keepDefaultNa, parseDates,
        chunkBytes, sampleBytes, encoding, encodingErrors, b);
  }

  /** The strings read as NA. */
  public Set<String> allNaValues() {
    Set<String> all = new LinkedHashSet<>(naValues);
    if (keepDefaultNa) {
      all.addAll(DEFAULT_NA);
    }
    return all;
  }

  List<String> namesOrNull() {
    return names == null ? null : new ArrayList<>(names);
  }
}
