package org.marsonspark.dataframe.io;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Turns the bytes of a CSV field into a String in the file's encoding, with Python's error
 * handlers ({@code strict}, {@code replace}, {@code ignore}). The tokenizer splits records on
 * ASCII bytes, so only encodings in which an ASCII byte always stands for itself are accepted:
 * UTF-8 and the single-byte ASCII-compatible sets. Fields are decoded whole (a record is always
 * in one buffer), so a multi-byte character never splits.
 *
 * <p>UTF-8 takes the JDK's fast decoder; only a field in which that finds bytes it cannot decode
 * (it gives U+FFFD for them) goes through {@link #utf8}, which applies the handler as Python does
 * (one U+FFFD per maximal invalid subsequence, surrogates and overlong forms invalid).
 */
final class CsvText {
  /** Bytes the encoding cannot decode, under {@code strict}: where (in the file) and why. */
  static final class Undecodable extends RuntimeException {
    final long at;

    Undecodable(long at, String why) {
      super(why, null, false, false);
      this.at = at;
    }
  }

  private final Charset charset;
  private final String encoding;
  private final boolean utf8;
  private final boolean latin1;
  private final String errors;
  private CharsetDecoder decoder; // single-byte sets other than Latin-1, made on first use

  CsvText(String encoding, String errors) {
    this.charset = charset(encoding);
    this.encoding = encoding;
    this.utf8 = charset.equals(StandardCharsets.UTF_8);
    this.latin1 = charset.equals(StandardCharsets.ISO_8859_1);
    this.errors = errors;
  }

  /** Whether some bytes could fail to decode (under strict, in another set than Latin-1). */
  boolean mayFail() {
    return errors.equals("strict") && !latin1;
  }

  boolean isUtf8() {
    return utf8;
  }

  /**
   * The charset of a pandas / Python encoding name ("utf-8", "utf8", "latin-1", "cp1252", ...);
   * refuses one in which an ASCII byte could be part of another character.
   */
  static Charset charset(String encoding) {
    String e = encoding == null ? "" : encoding.toLowerCase(Locale.ROOT).replace('_', '-');
    Charset cs;
    switch (e) {
      case "utf-8", "utf8", "u8", "utf-8-sig", "utf8-sig" -> cs = StandardCharsets.UTF_8;
      case "latin-1", "latin1", "l1", "iso-8859-1", "iso8859-1", "8859", "cp819" -> cs = StandardCharsets.ISO_8859_1;
      case "ascii", "us-ascii", "646" -> cs = StandardCharsets.US_ASCII;
      default -> {
        try {
          cs = Charset.forName(e);
        } catch (IllegalArgumentException x) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: unknown encoding '" + encoding
              + "'; pass a name Java knows, such as utf-8, latin-1 or cp1252");
        }
      }
    }
    if (!cs.equals(StandardCharsets.UTF_8) && !singleByteAsciiCompatible(cs)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "readCsv: encoding '" + encoding + "' ("
          + cs.name() + ") is not supported: only UTF-8 and single-byte encodings that keep ASCII as it is "
          + "(latin-1, cp1252, iso-8859-15, ...) can be split into chunks on their bytes; convert the file to UTF-8");
    }
    return cs;
  }

  private static boolean singleByteAsciiCompatible(Charset cs) {
    if (!cs.canEncode() || cs.newEncoder().maxBytesPerChar() != 1.0f) {
      return false;
    }
    byte[] ascii = new byte[128];
    for (int i = 0; i < 128; i++) {
      ascii[i] = (byte) i;
    }
    return new String(ascii, cs).equals(new String(ascii, StandardCharsets.ISO_8859_1));
  }

  /** The field in bytes {@code [off, off + len)} of {@code b}; {@code at} is the file offset of {@code b[off]}. */
  String decode(byte[] b, int off, int len, long at) {
    if (latin1) {
      return new String(b, off, len, StandardCharsets.ISO_8859_1);
    }
    if (utf8) {
      String s = new String(b, off, len, StandardCharsets.UTF_8);
      return s.indexOf('\uFFFD') < 0 ? s : utf8(b, off, len, at);
    }
    return singleByte(b, off, len, at);
  }

  private String singleByte(byte[] b, int off, int len, long at) {
    if (decoder == null) {
      CodingErrorAction action = switch (errors) {
        case "replace" -> CodingErrorAction.REPLACE;
        case "ignore" -> CodingErrorAction.IGNORE;
        default -> CodingErrorAction.REPORT;
      };
      decoder = charset.newDecoder().onMalformedInput(action).onUnmappableCharacter(action);
    }
    ByteBuffer in = ByteBuffer.wrap(b, off, len);
    CharBuffer out = CharBuffer.allocate(len);
    decoder.reset();
    CoderResult r = decoder.decode(in, out, true);
    if (r.isError()) {
      int bad = b[in.position()] & 0xff;
      throw new Undecodable(at + in.position() - off, "'" + encoding + "' codec can't decode byte 0x"
          + Integer.toHexString(bad) + ": character maps to <undefined>");
    }
    decoder.flush(out);
    return out.flip().toString();
  }

  /** UTF-8 with Python's handling of invalid bytes. */
  private String utf8(byte[] b, int off, int len, long at) {
    StringBuilder sb = new StringBuilder(len);
    int i = off;
    int end = off + len;
    while (i < end) {
      int n = validSequence(b, i, end);
      if (n > 0) {
        sb.append(new String(b, i, n, StandardCharsets.UTF_8));
        i += n;
        continue;
      }
      int bad = -n; // the maximal invalid subpart
      switch (errors) {
        case "replace" -> sb.append('\uFFFD');
        case "ignore" -> { }
        default -> throw new Undecodable(at + i - off, "'utf-8' codec can't decode byte 0x"
            + Integer.toHexString(b[i] & 0xff) + ": "
            + (leadLength(b[i]) == 0 ? "invalid start byte" : "invalid continuation byte"));
      }
      i += bad;
    }
    return sb.toString();
  }

  private static int leadLength(byte lead) {
    int c = lead & 0xff;
    return c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  }

  /**
   * The length of the valid UTF-8 sequence at {@code i}, or minus the length of the maximal
   * subpart of one that is invalid (at least 1): the Unicode standard's practice, which Python follows.
   */
  static int validSequence(byte[] b, int i, int end) {
    int c = b[i] & 0xff;
    int need = leadLength(b[i]);
    if (need == 1) {
      return 1;
    }
    if (need == 0) {
      return -1;
    }
    for (int k = 1; k < need; k++) {
      if (i + k >= end) {
        return -k;
      }
      int d = b[i + k] & 0xff;
      int lo = 0x80;
      int hi = 0xbf;
      if (k == 1) {
        lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
      }
      if (d < lo || d > hi) {
        return -k;
      }
    }
    return need;
  }
}
