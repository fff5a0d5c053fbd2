package io.metabench.config;

import org.apache.hadoop.conf.Configuration;

/**
 * Tells a value the user chose (a site file, -conf, -D, -fs, code) from one that only Hadoop's
 * built-in *-default.xml files supply, so MetaBench can choose its own default for a Hadoop key
 * without overriding the user. Stateless.
 */
public final class UserSettings {
  private UserSettings() {
  }

  /** Whether {@code key} has a value from anywhere but a *-default.xml file. */
  public static boolean isSetByUser(Configuration conf, String key) {
    if (conf.get(key) == null) {
      return false;
    }
    String[] sources = conf.getPropertySources(key);
    if (sources == null) {
      return true;
    }
    for (String source : sources) {
      if (!source.endsWith("-default.xml")) {
        return true;
      }
    }
    return false;
  }

  /** Sets {@code key} to {@code value} unless the user set it. */
  public static void setUnlessUserSet(Configuration conf, String key, String value) {
    if (!isSetByUser(conf, key)) {
      conf.set(key, value);
    }
  }
}
