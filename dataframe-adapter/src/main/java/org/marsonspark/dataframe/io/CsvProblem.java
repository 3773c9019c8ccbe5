package org.marsonspark.dataframe.io;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Bad content found while tokenizing, at a byte of the file. A chunk records the first one it
 * meets instead of failing: a chunk that guessed its first record wrong (its start fell inside a
 * quoted line break) may meet problems that are not in the file. The driver raises it, with its
 * line, once the chunk is known to have read real records.
 */
final class CsvProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  enum Kind { UNTERMINATED_QUOTE, TOO_MANY_FIELDS, UNDECODABLE, VALUE }

  final Kind kind;
  final long at;
  final String detail;
  final String fix;

  CsvProblem(Kind kind, long at, String detail, String fix) {
    super(kind + " at byte " + at + ": " + detail, null, false, false);
    this.kind = kind;
    this.at = at;
    this.detail = detail;
    this.fix = fix;
  }

  static CsvProblem unterminatedQuote(long at) {
    return new CsvProblem(Kind.UNTERMINATED_QUOTE, at, "", "");
  }

  static CsvProblem tooManyFields(long at, int expected, int saw) {
    return new CsvProblem(Kind.TOO_MANY_FIELDS, at, "expected " + expected + " fields", ", saw " + saw);
  }

  static CsvProblem undecodable(CsvText.Undecodable u) {
    return new CsvProblem(Kind.UNDECODABLE, u.at, u.getMessage(), "");
  }

  /** The error to raise: {@code line} is the 1-based line of the file holding byte {@link #at}. */
  MarsException toMarsException(String path, long line) {
    String where = "line " + line + " (byte " + at + ") of " + path;
    String msg = switch (kind) {
      case UNTERMINATED_QUOTE -> "readCsv: the quoted field opened at " + where + " is never closed: it runs to the "
          + "end of the file (pandas: EOF inside string); close the quote, or pass a quoteChar the file does not use";
      case TOO_MANY_FIELDS -> "readCsv: Error tokenizing data: " + detail + " in " + where + fix
          + "; pass onBadLines(\"skip\") or onBadLines(\"warn\") to drop such lines";
      case UNDECODABLE -> "readCsv: " + detail + " at " + where + "; pass the file's encoding (withEncoding, e.g. "
          + "\"latin-1\") or withEncodingErrors(\"replace\") / (\"ignore\")";
      case VALUE -> "readCsv: " + detail + " in the record at " + where + "; " + fix;
    };
    return new MarsException(ErrorClass.INVALID_ARGUMENT, msg);
  }
}
