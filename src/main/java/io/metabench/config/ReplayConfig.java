package io.metabench.config;

import static io.metabench.config.ConfigKeys.*;

import io.metabench.core.InvalidInputException;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * What the {@code replay} command is asked to do on top of a {@link BenchConfig}: which audit log,
 * at what speed, and whether to create the files the log finds already there. Validated when
 * built; the checks need only the command line and the local file system, so bad input is
 * refused before any target is touched.
 *
 * <p>Immutable.
 */
public final class ReplayConfig {
  /** The hint every bad -replaySpeed message ends with. */
  static final String SPEED_HINT = "give 1 for the recorded pace, 2 for twice as fast, 0.5 for "
      + "half as fast, or 0 for as fast as possible";

  private final File auditLog;
  private final double speed;
  private final boolean precreate;
  private final boolean probesAreMisses;
  private final File namespace;

  private ReplayConfig(File auditLog, double speed, boolean precreate, boolean probesAreMisses,
      File namespace) {
    this.auditLog = auditLog;
    this.speed = speed;
    this.precreate = precreate;
    this.probesAreMisses = probesAreMisses;
    this.namespace = namespace;
  }

  /**
   * Reads and checks the replay keys: the log must be a readable file, the speed a number of 0
   * or more.
   *
   * @throws InvalidInputException naming the option and the fix
   */
  public static ReplayConfig fromConfiguration(Configuration conf) {
    String log = Option.AUDIT_LOG.readText(conf);
    if (log.isEmpty()) {
      throw new InvalidInputException("replay needs -auditLog FILE: the HDFS NameNode audit log "
          + "(hdfs-audit.log) to replay");
    }
    File f = new File(log);
    String fix = ": give the NameNode's audit log file (hdfs-audit.log)";
    if (!f.exists()) {
      throw new InvalidInputException("-auditLog " + log + " does not exist" + fix);
    }
    if (!f.isFile()) {
      throw new InvalidInputException("-auditLog " + log + " is not a file" + fix);
    }
    if (!f.canRead()) {
      throw new InvalidInputException("-auditLog " + log + " is not readable by this user" + fix);
    }
    double speed = (Double) Option.REPLAY_SPEED.read(conf);
    boolean precreate = Option.REPLAY_PRECREATE.readBool(conf);
    String listing = Option.REPLAY_NAMESPACE.readText(conf);
    File ns = listing.isEmpty() ? null : new File(listing);
    if (ns != null && (!ns.isFile() || !ns.canRead())) {
      throw new InvalidInputException("-replayNamespace " + listing + " is not a readable file: "
          + "give the output of `hdfs oiv -p Delimited` or `hdfs dfs -ls -R`");
    }
    return new ReplayConfig(f, speed, precreate, misses(conf), ns);
  }

  private static boolean misses(Configuration conf) {
    return "miss".equals(Option.REPLAY_PROBES.read(conf));
  }

  /**
   * Parses a -replayProbes value.
   *
   * @throws InvalidInputException when it is neither exist nor miss
   */
  public static String probes(String raw) {
    String v = raw.trim();
    if (v.isEmpty() || v.equals("exist") || v.equals("miss")) {
      return v.isEmpty() ? "exist" : v;
    }
    throw new InvalidInputException("-replayProbes '" + raw + "' is not exist or miss: give "
        + "exist to precreate what the log only probes, or miss to replay those probes as "
        + "misses");
  }

  /**
   * The replay keys as a map task of a MapReduce replay reads them: the driver has checked them,
   * and the log it names is the driver's copy on the target file system, not a local file.
   */
  public static ReplayConfig ofTask(Configuration conf) {
    // The listing stays with the driver: it sends the maps what it learnt from it.
    return new ReplayConfig(new File(conf.getTrimmed(REPLAY_AUDIT_LOG, "")),
        (Double) Option.REPLAY_SPEED.read(conf), Option.REPLAY_PRECREATE.readBool(conf),
        misses(conf), null);
  }

  /**
   * Parses a -replaySpeed value.
   *
   * @throws InvalidInputException when it is not a finite number of 0 or more
   */
  public static double speed(String raw) {
    double v;
    try {
      v = Double.parseDouble(raw.trim());
    } catch (NumberFormatException e) {
      throw new InvalidInputException("-replaySpeed '" + raw + "' is not a number; "
          + SPEED_HINT);
    }
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new InvalidInputException("-replaySpeed '" + raw + "' is not a number; "
          + SPEED_HINT);
    }
    if (v < 0) {
      throw new InvalidInputException("-replaySpeed " + raw.trim() + " is negative; "
          + SPEED_HINT);
    }
    return v;
  }

  public File auditLog() {
    return auditLog;
  }

  /** The speed factor; 0 means as fast as possible. */
  public double speed() {
    return speed;
  }

  /** Whether the paths the log finds already there are created before the replay. */
  public boolean precreate() {
    return precreate;
  }

  /** Whether a probe the log never settles is replayed as a miss (else precreated). */
  public boolean probesAreMisses() {
    return probesAreMisses;
  }

  /** The namespace listing given with -replayNamespace, or null. */
  public File namespace() {
    return namespace;
  }

  /** The replay's parameters by their command-line names, for result files. */
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("auditLog", auditLog.getPath());
    p.put("replaySpeed", speed);
    p.put("replayPrecreate", precreate);
    p.put("replayProbes", probesAreMisses ? "miss" : "exist");
    p.put("replayNamespace", namespace == null ? "" : namespace.getPath());
    return p;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "replay of %s at speed %s%s", auditLog, speed,
        precreate ? "" : " without precreation");
  }
}
