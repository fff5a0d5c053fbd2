package io.metabench.replay;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * An audit log read for replay: the commands to replay, in log order, and everything else counted
 * (never dropped silently): audit lines whose command has no MetaBench operation, lines with
 * {@code allowed=false}, audit-looking lines that cannot be read, and other lines.
 *
 * <p>Immutable once read.
 */
public final class AuditLog {
  /** A command to replay: the audit line and the command it is replayed as. */
  public static final class Entry {
    private final AuditEvent event;
    private final ReplayCommand command;

    Entry(AuditEvent event, ReplayCommand command) {
      this.event = event;
      this.command = command;
    }

    public AuditEvent event() {
      return event;
    }

    public ReplayCommand command() {
      return command;
    }
  }

  private final String source;
  private final List<Entry> entries;
  private final long lines;
  private final long auditLines;
  private final long otherLines;
  private final long malformedLines;
  private final String firstProblem;
  private final Map<String, Long> unsupported;
  private final Map<String, Long> denied;

  private AuditLog(String source, List<Entry> entries, long lines, long auditLines,
      long otherLines, long malformedLines, String firstProblem, Map<String, Long> unsupported,
      Map<String, Long> denied) {
    this.source = source;
    this.entries = Collections.unmodifiableList(entries);
    this.lines = lines;
    this.auditLines = auditLines;
    this.otherLines = otherLines;
    this.malformedLines = malformedLines;
    this.firstProblem = firstProblem;
    this.unsupported = Collections.unmodifiableMap(unsupported);
    this.denied = Collections.unmodifiableMap(denied);
  }

  /**
   * Reads a log file (a {@code .gz} file is decompressed).
   *
   * @throws InvalidInputException when it holds no audit line
   * @throws IOException when it cannot be read
   */
  public static AuditLog read(File file) throws IOException {
    AuditLog log;
    try (InputStream in = new FileInputStream(file)) {
      log = read(in, file.getPath());
    }
    if (log.auditLines == 0) {
      throw new InvalidInputException("-auditLog " + file.getPath() + " holds no HDFS audit "
          + "lines (allowed=... ugi=... ip=... cmd=... src=...): give the NameNode's audit "
          + "log, as its FSNamesystem.audit logger writes it");
    }
    return log;
  }

  /**
   * Reads a log from {@code in} (UTF-8), named {@code source}; decompressed when the name ends
   * in {@code .gz}. The caller closes {@code in}.
   */
  public static AuditLog read(InputStream in, String source) throws IOException {
    InputStream raw = source.endsWith(".gz") ? new GZIPInputStream(in) : in;
    return read(new InputStreamReader(raw, StandardCharsets.UTF_8), source);
  }

  /** Reads a log from {@code reader}, named {@code source} in reports. */
  public static AuditLog read(Reader reader, String source) throws IOException {
    List<Entry> entries = new ArrayList<>();
    Map<String, Long> unsupported = new TreeMap<>();
    Map<String, Long> denied = new TreeMap<>();
    long lines = 0;
    long audit = 0;
    long other = 0;
    long malformed = 0;
    String firstProblem = "";
    BufferedReader r = new BufferedReader(reader);
    for (String line; (line = r.readLine()) != null;) {
      lines++;
      AuditLogParser.Outcome o = AuditLogParser.parse(line, lines);
      switch (o.kind()) {
        case OTHER:
          other++;
          break;
        case MALFORMED:
          malformed++;
          if (firstProblem.isEmpty()) {
            firstProblem = "line " + lines + ": " + o.problem();
          }
          break;
        default:
          audit++;
          AuditEvent e = o.event();
          ReplayCommand c = ReplayCommand.of(e.cmd());
          if (!e.allowed()) {
            denied.merge(e.cmd(), 1L, Long::sum);
          } else if (c == null || e.src() == null || !e.src().startsWith("/")) {
            unsupported.merge(e.cmd(), 1L, Long::sum);
          } else {
            entries.add(new Entry(e, c));
          }
          break;
      }
    }
    return new AuditLog(source, entries, lines, audit, other, malformed, firstProblem,
        unsupported, denied);
  }

  /** The file the log was read from. */
  public String source() {
    return source;
  }

  /** The commands to replay, in log order. */
  public List<Entry> entries() {
    return entries;
  }

  /** The operations the replayed commands are counted as, in {@link OpType} order. */
  public Set<OpType> operations() {
    Set<OpType> ops = EnumSet.noneOf(OpType.class);
    for (Entry e : entries) {
      ops.add(e.command().op());
    }
    return ops;
  }

  /** Every line of the file. */
  public long lines() {
    return lines;
  }

  /** Lines read as audit lines: replayed, not replayed, denied. */
  public long auditLines() {
    return auditLines;
  }

  /** Lines that are not audit lines (other loggers, stack traces, blank lines). */
  public long otherLines() {
    return otherLines;
  }

  /** Audit-looking lines that could not be read. */
  public long malformedLines() {
    return malformedLines;
  }

  /** The first malformed line's number and problem; empty when none. */
  public String firstProblem() {
    return firstProblem;
  }

  /**
   * Allowed commands not replayed, by audit command: those without a MetaBench operation (and
   * any with no absolute src).
   */
  public Map<String, Long> unsupported() {
    return unsupported;
  }

  /** Commands with {@code allowed=false}, by audit command: the NameNode refused them. */
  public Map<String, Long> denied() {
    return denied;
  }

  /** The time of the first command to replay in the log, in log milliseconds; 0 when none. */
  public long firstMillis() {
    long min = Long.MAX_VALUE;
    for (Entry e : entries) {
      min = Math.min(min, e.event().epochMillis());
    }
    return entries.isEmpty() ? 0 : min;
  }

  /** Time from the first to the last command to replay, in milliseconds, as recorded. */
  public long spanMillis() {
    long max = Long.MIN_VALUE;
    for (Entry e : entries) {
      max = Math.max(max, e.event().epochMillis());
    }
    return entries.isEmpty() ? 0 : max - firstMillis();
  }
}
