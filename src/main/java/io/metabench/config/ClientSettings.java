package io.metabench.config;

import java.net.URL;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.ConfigRedactor;
import org.apache.hadoop.conf.Configuration;

/**
 * The Hadoop client settings of a run that differ from Hadoop's defaults (whatever set them:
 * {@code -D}, {@code -conf}, {@code -confDir}, a site file on the class path, the embedded
 * HDFS), with every value that may be a credential redacted: what a result records so it can be
 * compared later. Stateless.
 */
public final class ClientSettings {
  /** What a redacted value reads. */
  public static final String REDACTED = "<redacted>";

  /** Hadoop's default resources, where present on the class path. */
  private static final String[] DEFAULTS = {"core-default.xml", "hdfs-default.xml",
      "mapred-default.xml", "yarn-default.xml", "hdfs-rbf-default.xml"};

  /**
   * Key names that may hold a credential, beyond Hadoop's own list
   * ({@code hadoop.security.sensitive-config-keys}): anything naming a secret, password,
   * credential, access, account, private, encryption or session key, or ending in "token"
   * (but not {@code dfs.block.access.token.enable}, a setting that shapes results).
   */
  private static final Pattern SENSITIVE = Pattern.compile(
      "(?i)(.*(secret|passw|credential|access[._-]?key|account[._-]?key|private[._-]?key"
          + "|encryption[._-]?key|session[._-]?key).*|.*token)");

  /**
   * Keys that name where credentials come from (a provider class, a keystore path), not a
   * credential: they shape a run and stay visible.
   */
  private static final Pattern NAMES_A_PROVIDER = Pattern.compile(
      "(?i).*credentials?\\.provider(s|\\.path)?");

  /** A password in a URL's user information ({@code mysql://user:PASSWORD@host/db}). */
  private static final Pattern URL_PASSWORD = Pattern.compile("(://[^/@:\\s]+:)[^/@\\s]+@");

  private ClientSettings() {
  }

  /**
   * Every key of {@code conf} whose value differs from Hadoop's defaults (or that has no
   * default), MetaBench's own ({@code metabench.*}, recorded as parameters) left out, sorted by
   * key, credentials redacted.
   */
  public static Map<String, String> differingFromDefaults(Configuration conf) {
    Configuration defaults = new Configuration(false);
    ClassLoader loader = Configuration.class.getClassLoader();
    for (String r : DEFAULTS) {
      URL url = loader == null ? null : loader.getResource(r);
      if (url != null) {
        defaults.addResource(url);
      }
    }
    Map<String, String> out = new TreeMap<>();
    ConfigRedactor hadoops = new ConfigRedactor(conf);
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      if (key.startsWith("metabench.")) {
        continue;
      }
      String value = conf.get(key);
      if (value != null && !value.equals(defaults.get(key))) {
        out.put(key, redact(hadoops, key, value));
      }
    }
    return out;
  }

  /** {@code value} as a result may show it: redacted when {@code key} may name a credential. */
  static String redact(ConfigRedactor hadoops, String key, String value) {
    if (!NAMES_A_PROVIDER.matcher(key).matches() && SENSITIVE.matcher(key).matches()
        || !value.equals(hadoops.redact(key, value))) {
      return REDACTED;
    }
    return URL_PASSWORD.matcher(value).replaceAll("$1" + REDACTED + "@");
  }

  /** A JVM argument as a result may show it: a {@code -Dkey=value} of a credential redacted. */
  public static String redactJvmArgument(String arg) {
    if (arg.startsWith("-D") && arg.contains("=")) {
      String key = arg.substring(2, arg.indexOf('='));
      if (SENSITIVE.matcher(key).matches()) {
        return "-D" + key + "=" + REDACTED;
      }
    }
    return URL_PASSWORD.matcher(arg).replaceAll("$1" + REDACTED + "@");
  }
}
