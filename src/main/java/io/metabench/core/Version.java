package io.metabench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** MetaBench's own version and build commit, as Maven stamped them into the jar. */
public final class Version {
  private static final Properties PROPERTIES = load();
  private static final String VERSION = PROPERTIES.getProperty("version", "unknown");

  private Version() {
  }

  public static String get() {
    return VERSION;
  }

  /**
   * The commit the jar was built from (abbreviated, {@code -dirty} when the work tree had
   * uncommitted changes), or {@code unknown} when it was built outside a git clone.
   */
  public static String commit() {
    String id = PROPERTIES.getProperty("commit", "");
    if (id.isEmpty() || id.startsWith("${")) {
      return "unknown";
    }
    return "true".equals(PROPERTIES.getProperty("dirty")) ? id + "-dirty" : id;
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("/io/metabench/version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // An unreadable resource leaves the version unknown; nothing depends on it but reports.
    }
    return p;
  }
}
