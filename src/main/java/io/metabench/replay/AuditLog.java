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
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * An audit log read for replay, streamed: reading it counts what it holds (commands to replay,
 * and everything else, never dropped silently: audit lines whose command has no MetaBench
 * operation, lines with {@code allowed=false}, audit-looking lines that cannot be read, and other
 * lines) while a visitor sees each command to replay; {@link #forEachEntry} reads it again from
 * its source. Nothing is kept per line, so a log of tens of millions of lines is read in bounded
 * memory; the commands are numbered 0, 1, ... in log order, the same number in every pass and
 * every map.
 *
 * <p>Immutable once read; {@link #forEachEntry} may be called from any thread.
 */
public final class AuditLog {
  /** Opens the log's text anew, for each pass. */
  public interface Opener {
    Reader open() throws IOException;
  }

  /** Sees each command to replay, in log order. */
  public interface Visitor {
    /**
     * @param index the command's number among the commands to replay, from 0 in log order
     */
    void accept(long index, Entry entry) throws IOException;
  }

  /** A command to replay: the audit line and the command it is replayed as. */
  public static final class Entry {
    private final AuditEvent event;
    private final AuditCommand command;

    Entry(AuditEvent event, AuditCommand command) {
      this.event = event;
      this.command = command;
    }

    public AuditEvent event() {
      return event;
    }

    public AuditCommand command() {
      return command;
    }
  }

  /** What the NameNode never logs, and what would lead outside the replay subtree. */
  private static final java.util.regex.Pattern DOT_PARTS =
      java.util.regex.Pattern.compile("(^|/)\\.{1,2}(/|$)");

  private final String source;
  private final Opener opener;
  private final long entries;
  private final long lines;
  private final long auditLines;
  private final long otherLines;
  private final long malformedLines;
  private final String firstProblem;
  private final Map<String, Long> unsupported;
  private final Map<String, Long> denied;
  private final Set<OpType> operations;
  private final long firstMillis;
  private final long lastMillis;

  private AuditLog(String source, Opener opener, Scan scan) {
    this.source = source;
    this.opener = opener;
    this.entries = scan.entries;
    this.lines = scan.lines;
    this.auditLines = scan.audit;
    this.otherLines = scan.other;
    this.malformedLines = scan.malformed;
    this.firstProblem = scan.firstProblem;
    this.unsupported = Collections.unmodifiableMap(scan.unsupported);
    this.denied = Collections.unmodifiableMap(scan.denied);
    this.operations = Collections.unmodifiableSet(scan.operations);
    this.firstMillis = scan.entries == 0 ? 0 : scan.firstMillis;
    this.lastMillis = scan.entries == 0 ? 0 : scan.lastMillis;
  }

  /**
   * Reads a log file (a {@code .gz} file is decompressed), showing each command to
   * {@code visitor}.
   *
   * @throws InvalidInputException when it holds no audit line
   * @throws IOException when it cannot be read
   */
  public static AuditLog read(File file, Visitor visitor) throws IOException {
    AuditLog log = read(() -> reader(new FileInputStream(file), file.getPath()), file.getPath(),
        visitor);
    if (log.auditLines == 0) {
      throw new InvalidInputException("-auditLog " + file.getPath() + " holds no HDFS audit "
          + "lines (allowed=... ugi=... ip=... cmd=... src=...): give the NameNode's audit "
          + "log, as its FSNamesystem.audit logger writes it");
    }
    return log;
  }

  /** Reads a log file without looking at its commands (they are read again when replayed). */
  public static AuditLog read(File file) throws IOException {
    return read(file, (k, e) -> { });
  }

  /** Reads a log held in memory (tests, short examples), named {@code source}. */
  public static AuditLog ofText(String text, String source) throws IOException {
    return read(() -> new java.io.StringReader(text), source, (k, e) -> { });
  }

  /** Reads the log {@code opener} opens, named {@code source} in reports. */
  public static AuditLog read(Opener opener, String source, Visitor visitor) throws IOException {
    Scan scan = new Scan();
    try (Reader r = opener.open()) {
      scan.run(r, visitor);
    }
    return new AuditLog(source, opener, scan);
  }

  /** UTF-8 text of {@code in}, decompressed when {@code name} ends in {@code .gz}. */
  public static Reader reader(InputStream in, String name) throws IOException {
    try {
      InputStream raw = name.endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
      return new InputStreamReader(raw, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** Reads the log again from its source, showing each command to replay to {@code visitor}. */
  public void forEachEntry(Visitor visitor) throws IOException {
    try (Reader r = opener.open()) {
      new Scan().run(r, visitor);
    }
  }

  /** One pass over the text: the counts, and each command to replay shown to a visitor. */
  private static final class Scan {
    long entries;
    long lines;
    long audit;
    long other;
    long malformed;
    String firstProblem = "";
    final Map<String, Long> unsupported = new TreeMap<>();
    final Map<String, Long> denied = new TreeMap<>();
    final Set<OpType> operations = EnumSet.noneOf(OpType.class);
    long firstMillis = Long.MAX_VALUE;
    long lastMillis = Long.MIN_VALUE;

    void run(Reader reader, Visitor visitor) throws IOException {
      BufferedReader r = new BufferedReader(reader, 1 << 16);
      for (String line; (line = r.readLine()) != null;) {
        lines++;
        AuditLogParser.Outcome o = AuditLogParser.parse(line, lines);
        switch (o.kind()) {
          case OTHER:
            other++;
            break;
          case MALFORMED:
            malformed(o.problem());
            break;
          default:
            AuditEvent e = o.event();
            if (leavesTheSubtree(e)) {
              audit++;
              malformed("a path with . or .. parts, which the NameNode never logs and which "
                  + "would lead outside the replay subtree");
              break;
            }
            audit++;
            AuditCommand c = AuditCommand.of(e.cmd());
            if (!e.allowed()) {
              denied.merge(e.cmd(), 1L, Long::sum);
            } else if (c == null || e.src() == null || !e.src().startsWith("/")) {
              unsupported.merge(e.cmd(), 1L, Long::sum);
            } else if (c == AuditCommand.DELETE && e.src().equals("/")) {
              // It would remove the replay subtree itself.
              unsupported.merge("delete /", 1L, Long::sum);
            } else {
              operations.add(c.op());
              firstMillis = Math.min(firstMillis, e.epochMillis());
              lastMillis = Math.max(lastMillis, e.epochMillis());
              visitor.accept(entries++, new Entry(e, c));
            }
            break;
        }
      }
    }

    private void malformed(String problem) {
      malformed++;
      if (firstProblem.isEmpty()) {
        firstProblem = "line " + lines + ": " + problem;
      }
    }

    private static boolean leavesTheSubtree(AuditEvent e) {
      return e.src() != null && DOT_PARTS.matcher(e.src()).find()
          || e.dst() != null && DOT_PARTS.matcher(e.dst()).find();
    }
  }

  /** The file the log was read from. */
  public String source() {
    return source;
  }

  /** How many commands the log holds to replay. */
  public long size() {
    return entries;
  }

  /** The operations the replayed commands are counted as, in {@link OpType} order. */
  public Set<OpType> operations() {
    return operations;
  }

  /** Every line of the file. */
  public long lines() {
    return lines;
  }

  /** Lines read as audit lines: replayed, not replayed, denied, or unreadable paths. */
  public long auditLines() {
    return auditLines;
  }

  /** Lines that are not audit lines (other loggers, stack traces, blank lines). */
  public long otherLines() {
    return otherLines;
  }

  /** Audit-looking lines that could not be read, or whose paths could not be replayed. */
  public long malformedLines() {
    return malformedLines;
  }

  /** The first malformed line's number and problem; empty when none. */
  public String firstProblem() {
    return firstProblem;
  }

  /**
   * Allowed commands not replayed, by audit command: those without a MetaBench operation (and
   * any with no absolute src), and a delete of {@code /} (as {@code "delete /"}).
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
    return firstMillis;
  }

  /** Time from the first to the last command to replay, in milliseconds, as recorded. */
  public long spanMillis() {
    return lastMillis - firstMillis;
  }
}
