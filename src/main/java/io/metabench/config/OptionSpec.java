package io.metabench.config;

/**
 * One {@link Option} constant's declaration, built fluently ({@code cli(...).key(...).def(...)});
 * used only while the constants are made. Not thread-safe; never escapes {@link Option}'s
 * constructor.
 */
final class OptionSpec {
  String[] names = {};
  String argName;
  String key;
  Object defaultValue;
  String help;
  Group group;
  String replayRefusal;
  boolean replayOnly;
  String mapsRefusal;
  boolean run;
  String param;

  OptionSpec key(String k) {
    this.key = k;
    return this;
  }

  OptionSpec def(Object d) {
    this.defaultValue = d;
    return this;
  }

  OptionSpec help(String h) {
    this.help = h;
    return this;
  }

  OptionSpec group(Group g) {
    this.group = g;
    return this;
  }

  OptionSpec notForReplay(String reason) {
    this.replayRefusal = reason;
    return this;
  }

  OptionSpec replayOnly() {
    this.replayOnly = true;
    return this;
  }

  OptionSpec notWithMaps(String refusal) {
    this.mapsRefusal = refusal;
    return this;
  }

  /** Held by {@link BenchConfig}, shown in the JSON parameters as {@code p} (null: not). */
  OptionSpec run(String p) {
    this.run = true;
    this.param = p;
    return this;
  }

  /** An option with command-line {@code names} (the primary first) taking {@code argName}. */
  static OptionSpec cli(String argName, String... names) {
    OptionSpec s = new OptionSpec();
    s.argName = argName;
    s.names = names;
    return s;
  }

  /** A setting with a key only (set with -D or in a file), no command-line name. */
  static OptionSpec setting(String key) {
    return new OptionSpec().key(key);
  }

  /** Shared refusal reasons of the replay command. */
  static final class Reasons {
    static final String NO_ITEMS = "the audit log names the paths";
    static final String NO_SIZES = "the audit log records no sizes: replayed creates are empty "
        + "files with the file system's defaults";
  }
}
