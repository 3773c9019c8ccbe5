package org.marsonspark.notebooks.jupyter;

import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.marsonspark.notebooks.display.RichDisplay;
import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.MimeType;

/**
 * Renders the objects of one class through a MIME bundle (normally {@link RichDisplay}'s): with no MIME type asked, the
 * whole bundle (the front end picks HTML, a text export the plain text); with one, that entry,
 * or the plain text where the object has no such form.
 */
final class BundleRenderer implements DisplayRenderer {
  /** What tables and text render as. */
  static final Set<String> TABLES = Set.of(RichDisplay.HTML, RichDisplay.TEXT);
  /** What plots render as. */
  static final Set<String> IMAGES = Set.of(RichDisplay.PNG, RichDisplay.TEXT);
  private final Class<?> type;
  private final Function<Object, Map<String, String>> bundles;
  private final Set<String> mimes;

  BundleRenderer(Class<?> type, Function<Object, Map<String, String>> bundles, Set<String> mimes) {
    this.type = type;
    this.bundles = bundles;
    this.mimes = mimes;
  }

  BundleRenderer(Class<?> type, Function<Object, Map<String, String>> bundles) {
    this(type, bundles, TABLES);
  }

  BundleRenderer(Class<?> type) {
    this(type, RichDisplay::bundle);
  }

  @Override
  public Class<?> rendererClass() {
    return type;
  }

  @Override
  public boolean canRender(String mime) {
    return mime == null || mimes.contains(longType(mime));
  }

  @Override
  public DisplayData render(String mime, Object o) {
    Map<String, String> bundle = bundles.apply(o);
    if (bundle == null) {
      return DisplayData.fromText(String.valueOf(o));
    }
    if (mime != null) {
      String wanted = longType(mime);
      return DisplayData.withType(bundle.containsKey(wanted) ? wanted : RichDisplay.TEXT,
          bundle.getOrDefault(wanted, bundle.get(RichDisplay.TEXT)));
    }
    DisplayData dd = DisplayData.fromText(bundle.get(RichDisplay.TEXT));
    bundle.forEach(dd::putData);
    return dd;
  }

  private static String longType(String mime) {
    try {
      return MimeType.from(mime, null).longType();
    } catch (IllegalArgumentException e) {
      return mime;
    }
  }
}
