package org.marsonspark.dataframe.io;

/** What a reader's failure says, for the message of the MarsException that replaces it. */
final class IoErrors {
  private IoErrors() {}

  /**
   * The first line of the innermost message in {@code t}'s causes (Spark and Arrow wrap the
   * reason in layers of their own), with the exception's class when it has no message.
   */
  static String cause(Throwable t) {
    String said = null;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String m = c.getMessage();
      if (m != null && !m.isBlank()) {
        said = m;
      } else if (said == null) {
        said = c.getClass().getSimpleName();
      }
    }
    int nl = said.indexOf('\n');
    return nl < 0 ? said : said.substring(0, nl);
  }
}
