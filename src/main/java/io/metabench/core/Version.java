package io.metabench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** MetaBench's own version, as Maven stamped it into the jar. */
public final class Version {
  private static final String VERSION = load();

  private Version() {
  }

  public static String get() {
    return VERSION;
  }

  private static String load() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("/io/metabench/version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // An unreadable resource leaves the version unknown; nothing depends on it but reports.
    }
    return p.getProperty("version", "unknown");
  }
}
