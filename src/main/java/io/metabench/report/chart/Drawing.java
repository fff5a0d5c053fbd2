package io.metabench.report.chart;

import java.awt.AWTError;
import java.io.IOException;
import java.util.Locale;

/**
 * Where charts meet AWT: makes the JVM headless before AWT loads, and turns AWT's failures into
 * {@link IOException}s a person can act on.
 *
 * <p>Every class of this package that builds or draws a chart calls {@link #init()} from its static
 * initializer. AWT reads {@code java.awt.headless} once, when it first loads (creating a
 * {@code java.awt.Color} is enough), so the property is set here, before any chart object exists;
 * if something else in the JVM loaded AWT earlier, its setting stands.
 */
final class Drawing {
  static {
    // Benchmarks run on servers and in containers: a DISPLAY that happens to be set (ssh -X) must
    // not make report writing depend on an X server. An explicit -Djava.awt.headless wins.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Drawing() {}

  /** Runs the static initializer; calling it is all it does. */
  static void init() {}

  /** Work that touches AWT. */
  interface Work<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code work}, turning what AWT throws when it cannot draw (no fonts, no native
   * libraries, no display) into an IOException with a one-line message naming the cause.
   * OutOfMemoryError and StackOverflowError pass through unchanged.
   */
  static <T> T draw(Work<T> work) throws IOException {
    try {
      return work.run();
    } catch (OutOfMemoryError | StackOverflowError e) {
      throw e;
    } catch (RuntimeException | Error e) {
      throw new IOException(message(e), e);
    }
  }

  /** "charts could not be drawn: cause", with a hint when the cause is a known one. */
  static String message(Throwable e) {
    StringBuilder m = new StringBuilder("charts could not be drawn: ").append(oneLine(e));
    if (fontRelated(e)) {
      m.append("; install a font package such as fonts-dejavu-core (with fontconfig)");
    } else if (displayRelated(e)) {
      m.append("; run with -Djava.awt.headless=true");
    }
    return m.toString();
  }

  private static String oneLine(Throwable e) {
    String msg = e.getMessage();
    String s = msg == null ? e.getClass().getName() : e.getClass().getName() + ": " + msg;
    return s.replaceAll("\\s+", " ").trim();
  }

  /**
   * Whether any throwable in the chain mentions fonts or was thrown from the JDK's font code:
   * without fonts the JDK fails with "No fonts found", a NullPointerException in
   * FontConfiguration, or an UnsatisfiedLinkError naming libfontmanager, depending on the version.
   */
  private static boolean fontRelated(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String msg = t.getMessage();
      if (msg != null && msg.toLowerCase(Locale.ROOT).contains("font")) {
        return true;
      }
      for (StackTraceElement f : t.getStackTrace()) {
        String c = f.getClassName();
        if (c.startsWith("sun.font.") || c.contains("FontConfiguration")
            || c.contains("FontManager") || c.equals("java.awt.Font")) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean displayRelated(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof AWTError) {
        return true;
      }
    }
    return false;
  }
}
