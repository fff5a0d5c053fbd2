package io.metabench.config;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The option table's names: every command-line name and alias of every {@link Option}, which
 * option each names, and a configuration said back as options.
 *
 * <p>Stateless; its lookup is built once and thread-safe.
 */
public final class OptionNames {
  private OptionNames() {
  }

  /**
   * The {@code metabench.*} settings of {@code conf} that an option stands for, as that option on
   * a command line ({@code -threads 1 -numberOfFiles 1000 -cleanup}), in the table's order; keys
   * of no option are left out.
   */
  public static String asOptions(Configuration conf) {
    StringBuilder b = new StringBuilder();
    java.util.Set<String> said = new java.util.HashSet<>();
    for (Option o : Option.values()) {
      String v = o.key() == null || o.names().isEmpty() ? null : conf.getTrimmed(o.key());
      // A key two options write (-blocksPerFile's) is said once, by the first, its own option.
      if (v == null || o.action() == CliAction.WORKLOAD || o == Option.DRY_RUN
          || !said.add(o.key())) {
        continue;
      }
      b.append(b.length() == 0 ? "" : " ").append(o.label());
      if (!(o.action() == CliAction.FLAG && v.equals("true"))) {
        b.append(' ').append(v.contains(" ") || v.isEmpty() ? "'" + v + "'" : v);
      }
    }
    return b.toString();
  }

  /** Every command-line name and alias of every option. */
  public static java.util.Set<String> all() {
    return Collections.unmodifiableSet(ByName.MAP.keySet());
  }

  /** The option a command-line name (or alias) names; null for none. */
  public static Option forName(String name) {
    return ByName.MAP.get(name);
  }

  /** Built after the constants, which an enum's own static fields cannot be. */
  private static final class ByName {
    static final Map<String, Option> MAP = new HashMap<>();

    static {
      for (Option o : Option.values()) {
        for (String n : o.names()) {
          if (MAP.put(n, o) != null) {
            throw new IllegalStateException("two options named -" + n);
          }
        }
      }
    }
  }
}
