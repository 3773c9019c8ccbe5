package org.marsonspark.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The documentation site builds: {@code bin/build-site} stages the guides, the executed
 * notebooks (as HTML) and the javadoc, and mkdocs --strict fails on a broken link between pages.
 * Skipped, saying so, where Debian's mkdocs or jupyter-nbconvert is missing ({@code .ci/run}
 * installs both).
 */
class DocsSite_Test {
  private static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

  @Test
  void theSiteBuildsWithEveryLinkResolved() throws IOException, InterruptedException {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkdocs")) && Files.isExecutable(Path.of("/usr/bin/jupyter-nbconvert")),
        "mkdocs or jupyter-nbconvert is missing (apt-get install --no-install-recommends mkdocs jupyter-nbconvert)");
    Path site = MODULE.resolve("target/site");
    Path log = MODULE.resolve("target/build-site.log");
    Process p = new ProcessBuilder(MODULE.getParent().resolve("bin/build-site").toString(), site.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "bin/build-site did not finish in 5 minutes");
    assertEquals(0, p.exitValue(), "bin/build-site failed:\n" + Files.readString(log));
    for (String page : new String[] {"index.html", "user-guide.html", "coverage-pandas.html", "notebooks.html",
        "notebooks/02-douban-dataframes.html", "api/index.html",
        "api/org/marsonspark/dataframe/plot/PlotAccessor.html"}) {
      assertTrue(Files.size(site.resolve(page)) > 1000, page + " is missing or empty");
    }
    // the executed notebooks carry their plots
    assertTrue(Files.readString(site.resolve("notebooks/02-douban-dataframes.html")).contains("data:image/png;base64"),
        "the Douban notebook's page has no image");
  }
}
