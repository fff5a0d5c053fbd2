package io.metabench.stats;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a replay of an audit log adds to its {@link RunResult}: what the log held and what of it
 * was replayed, what was created beforehand, how the replay's pace compared with the recorded
 * one. Per operation figures (latency from due time, service time, how late commands started)
 * are in the run's phases, as for any scheduled phase. Formulas are in docs/replay.md.
 *
 * <p>Immutable.
 */
public final class ReplaySummary {
  private final String auditLog;
  private final long lines;
  private final long auditLines;
  private final long otherLines;
  private final long malformedLines;
  private final long replayed;
  private final Map<String, Long> unsupported;
  private final Map<String, Long> denied;
  private final boolean precreate;
  private final long precreated;
  private final long precreateFailed;
  private final double speed;
  private final long logSpanMillis;
  private final long replaySpanNanos;
  private final ReplayPart part;
  private final Inference inference;

  /**
   * What the replay learnt of its log before it ran (docs/replay.md#precreation): the paths that
   * were there before it, the probes it could not settle, and the listing it read.
   *
   * <p>Immutable.
   */
  public static final class Inference {
    private final long dirs;
    private final long files;
    private final long ambiguousProbes;
    private final boolean probesAreMisses;
    private final String listing;
    private final NamespaceCheck namespace;
    private final String mapping;

    /**
     * @param listing what was read of the -replayNamespace listing, or null without one
     */
    public Inference(long dirs, long files, long ambiguousProbes, boolean probesAreMisses,
        String listing) {
      this(dirs, files, ambiguousProbes, probesAreMisses, listing, null, null);
    }

    private Inference(long dirs, long files, long ambiguousProbes, boolean probesAreMisses,
        String listing, NamespaceCheck namespace, String mapping) {
      this.dirs = dirs;
      this.files = files;
      this.ambiguousProbes = ambiguousProbes;
      this.probesAreMisses = probesAreMisses;
      this.listing = listing;
      this.namespace = namespace;
      this.mapping = mapping;
    }

    /**
     * This inference of a replay on a namespace of a profile's shape (docs/replay.md): the
     * namespace made and checked, and where the log's paths went in it, in a line.
     */
    public Inference onNamespace(NamespaceCheck made, String mappingLine) {
      return new Inference(dirs, files, ambiguousProbes, probesAreMisses, listing, made,
          mappingLine);
    }

    /** The namespace the replay ran on, read back and checked; null when it ran on none. */
    public NamespaceCheck namespace() {
      return namespace;
    }

    /** Where the log's paths went in the namespace, in a line; null when it ran on none. */
    public String mapping() {
      return mapping;
    }

    /** Directories found there before the log. */
    public long dirs() {
      return dirs;
    }

    /** Files found there before the log. */
    public long files() {
      return files;
    }

    /** Paths the log only probed (getfileinfo, contentSummary) and never settled. */
    public long ambiguousProbes() {
      return ambiguousProbes;
    }

    /** Whether those probes were replayed as misses (else their paths were precreated). */
    public boolean probesAreMisses() {
      return probesAreMisses;
    }

    /** What was read of the listing, or null when none was given. */
    public String listing() {
      return listing;
    }
  }

  public ReplaySummary(String auditLog, long lines, long auditLines, long otherLines,
      long malformedLines, Map<String, Long> unsupported, Map<String, Long> denied,
      boolean precreate, long precreated, long precreateFailed, double speed,
      long logSpanMillis, ReplayPart part) {
    this.auditLog = auditLog;
    this.lines = lines;
    this.auditLines = auditLines;
    this.otherLines = otherLines;
    this.malformedLines = malformedLines;
    this.replayed = part.executed();
    this.unsupported = Collections.unmodifiableMap(new TreeMap<>(unsupported));
    this.denied = Collections.unmodifiableMap(new TreeMap<>(denied));
    this.precreate = precreate;
    this.precreated = precreated;
    this.precreateFailed = precreateFailed;
    this.speed = speed;
    this.logSpanMillis = logSpanMillis;
    this.replaySpanNanos = part.spanNanos();
    this.part = part;
    this.inference = null;
  }

  private ReplaySummary(ReplaySummary s, Inference inference) {
    this.auditLog = s.auditLog;
    this.lines = s.lines;
    this.auditLines = s.auditLines;
    this.otherLines = s.otherLines;
    this.malformedLines = s.malformedLines;
    this.replayed = s.replayed;
    this.unsupported = s.unsupported;
    this.denied = s.denied;
    this.precreate = s.precreate;
    this.precreated = s.precreated;
    this.precreateFailed = s.precreateFailed;
    this.speed = s.speed;
    this.logSpanMillis = s.logSpanMillis;
    this.replaySpanNanos = s.replaySpanNanos;
    this.part = s.part;
    this.inference = inference;
  }

  /** This summary with what the replay learnt of its log before it ran. */
  public ReplaySummary withInference(Inference inference) {
    return new ReplaySummary(this, inference);
  }

  /** What the replay learnt of its log before it ran; null in a map's share. */
  public Inference inference() {
    return inference;
  }

  /**
   * The summary of one map's share of a MapReduce replay, as its result carries it to the
   * driver: only the part is known there; the driver summarises the whole log.
   */
  public static ReplaySummary ofPart(ReplayPart part) {
    return new ReplaySummary("", 0, 0, 0, 0, Collections.<String, Long>emptyMap(),
        Collections.<String, Long>emptyMap(), false, 0, 0, 0, 0, part);
  }

  /** What this process (or the maps together) replayed: commands and span. */
  public ReplayPart part() {
    return part;
  }

  /** The audit log file. */
  public String auditLog() {
    return auditLog;
  }

  /** Every line of the file. */
  public long lines() {
    return lines;
  }

  /** Audit lines read: replayed + not replayed + denied. */
  public long auditLines() {
    return auditLines;
  }

  /** Lines that are not audit lines. */
  public long otherLines() {
    return otherLines;
  }

  /** Audit-looking lines that could not be read. */
  public long malformedLines() {
    return malformedLines;
  }

  /** Commands handed to the replay threads (each then succeeded or failed, or a stop cut it). */
  public long replayed() {
    return replayed;
  }

  /** Allowed commands not replayed, by audit command (no MetaBench operation). */
  public Map<String, Long> unsupported() {
    return unsupported;
  }

  /** Commands not replayed because the NameNode refused them (allowed=false), by command. */
  public Map<String, Long> denied() {
    return denied;
  }

  /** Sum of {@link #unsupported()} and {@link #denied()}. */
  public long notReplayed() {
    long n = 0;
    for (long v : unsupported.values()) {
      n += v;
    }
    for (long v : denied.values()) {
      n += v;
    }
    return n;
  }

  /** Whether precreation was asked for (-replayPrecreate). */
  public boolean precreate() {
    return precreate;
  }

  /** Paths created before the replay because the log found them there. */
  public long precreated() {
    return precreated;
  }

  /** Paths that should have been precreated but could not be. */
  public long precreateFailed() {
    return precreateFailed;
  }

  /** -replaySpeed; 0 for as fast as possible. */
  public double speed() {
    return speed;
  }

  /** t_last − t_0 of the replayed commands, as recorded, in milliseconds. */
  public long logSpanMillis() {
    return logSpanMillis;
  }

  /** From the first command's start (its due time, when paced) to the last one's end, in ns. */
  public long replaySpanNanos() {
    return replaySpanNanos;
  }

  /** logSpan ÷ replaySpan: how much faster than recorded the replay went; 0 if undefined. */
  public double achievedSpeed() {
    return replaySpanNanos <= 0 || logSpanMillis <= 0 ? 0.0
        : logSpanMillis * 1e6 / replaySpanNanos;
  }
}
