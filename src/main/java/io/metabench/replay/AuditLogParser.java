package io.metabench.replay;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads single lines of an HDFS NameNode audit log. The format is that of Hadoop 3.4's
 * {@code FSNamesystem.FSNamesystemAuditLogger}: after the log4j prefix (by default
 * {@code 2026-11-22 08:45:07,440 INFO FSNamesystem.audit: }), fields
 * {@code allowed=… ugi=… ip=… cmd=… src=… dst=… perm=… proto=…} separated by tabs. A value may
 * hold spaces and {@code =} ({@code ugi=alice (auth:SIMPLE)}, {@code cmd=rename (options=[NONE])},
 * paths), which is why fields are split at tabs; the NameNode escapes {@code src} and {@code dst}
 * with Java escapes (a tab in a path is {@code \t}), which are undone here. A log whose tabs were
 * turned into spaces by some shipper is read by splitting before each known field name instead.
 *
 * <p>Stateless and thread-safe.
 */
public final class AuditLogParser {
  /** yyyy-MM-dd HH:mm:ss,SSS (log4j's ISO8601), also with 'T' and '.'. */
  private static final Pattern TIME = Pattern.compile(
      "^\\s*(\\d{4})-(\\d{2})-(\\d{2})[ T](\\d{2}):(\\d{2}):(\\d{2})[,.](\\d{3})");
  /** For logs without tabs: a run of spaces before a field name. */
  private static final Pattern SPACED_FIELD = Pattern.compile(
      " +(?=(?:ugi|ip|cmd|src|dst|perm|proto|callerContext|trackingId)=)");

  private AuditLogParser() {
  }

  /** What a line turned out to be. */
  public enum Kind {
    /** An audit line, parsed. */
    AUDIT,
    /** Not an audit line (another logger's line, a stack trace, a blank line). */
    OTHER,
    /** Looks like an audit line ({@code allowed=} and {@code cmd=}) but cannot be read. */
    MALFORMED
  }

  /** The outcome for one line: its kind and, for {@link Kind#AUDIT}, the event. */
  public static final class Outcome {
    private final Kind kind;
    private final AuditEvent event;
    private final String problem;

    private Outcome(Kind kind, AuditEvent event, String problem) {
      this.kind = kind;
      this.event = event;
      this.problem = problem;
    }

    public Kind kind() {
      return kind;
    }

    /** The event; null unless {@link Kind#AUDIT}. */
    public AuditEvent event() {
      return event;
    }

    /** Why a {@link Kind#MALFORMED} line could not be read; empty otherwise. */
    public String problem() {
      return problem;
    }
  }

  private static final Outcome OTHER = new Outcome(Kind.OTHER, null, "");

  /** Parses line {@code lineNumber} (from 1) of a log. */
  public static Outcome parse(String line, long lineNumber) {
    int at = line.indexOf("allowed=");
    if (at < 0 || line.indexOf("cmd=", at) < 0) {
      return OTHER;
    }
    String body = line.substring(at);
    String[] fields = body.indexOf('\t') >= 0 ? body.split("\t", -1)
        : SPACED_FIELD.split(body, -1);
    Map<String, String> values = new HashMap<>();
    for (String field : fields) {
      int eq = field.indexOf('=');
      if (eq > 0) {
        values.put(field.substring(0, eq), field.substring(eq + 1));
      }
    }
    String allowed = values.get("allowed");
    String cmd = values.get("cmd");
    if (cmd == null || cmd.isEmpty() || !values.containsKey("src")
        || !("true".equals(allowed) || "false".equals(allowed))) {
      return malformed("no allowed=true|false, cmd= and src= fields");
    }
    Matcher m = TIME.matcher(line.substring(0, at));
    if (!m.find()) {
      return malformed("no yyyy-MM-dd HH:mm:ss,SSS time before allowed=");
    }
    long millis;
    try {
      millis = LocalDateTime.of(num(m, 1), num(m, 2), num(m, 3), num(m, 4), num(m, 5), num(m, 6),
          num(m, 7) * 1_000_000).toInstant(ZoneOffset.UTC).toEpochMilli();
    } catch (java.time.DateTimeException e) {
      return malformed("bad time: " + e.getMessage());
    }
    String src;
    String dst;
    try {
      src = unescape(nullable(values.get("src")));
      dst = unescape(nullable(values.get("dst")));
    } catch (IllegalArgumentException e) {
      return malformed(e.getMessage());
    }
    return new Outcome(Kind.AUDIT, new AuditEvent(lineNumber, millis, "true".equals(allowed),
        nullable(values.get("ugi")), nullable(values.get("ip")), cmd, src, dst,
        nullable(values.get("perm"))), "");
  }

  private static Outcome malformed(String problem) {
    return new Outcome(Kind.MALFORMED, null, problem);
  }

  private static int num(Matcher m, int group) {
    return Integer.parseInt(m.group(group));
  }

  private static String nullable(String v) {
    return v == null || v.equals("null") ? null : v;
  }

  /**
   * Undoes {@code StringEscapeUtils.escapeJava}, which the NameNode applies to src and dst:
   * {@code \\ \" \' \t \n \r \b \f \/} and {@code \\uXXXX}.
   *
   * @throws IllegalArgumentException for a broken escape
   */
  static String unescape(String s) {
    if (s == null || s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (++i >= s.length()) {
        throw new IllegalArgumentException("a path ends in a lone backslash: " + s);
      }
      char e = s.charAt(i);
      switch (e) {
        case 't': out.append('\t'); break;
        case 'n': out.append('\n'); break;
        case 'r': out.append('\r'); break;
        case 'b': out.append('\b'); break;
        case 'f': out.append('\f'); break;
        case '\\': case '"': case '\'': case '/': out.append(e); break;
        case 'u':
          try {
            out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          } catch (NumberFormatException | StringIndexOutOfBoundsException x) {
            throw new IllegalArgumentException("a path has a bad \\u escape: " + s);
          }
          i += 4;
          break;
        default:
          throw new IllegalArgumentException("a path has an unknown escape \\" + e + ": " + s);
      }
    }
    return out.toString();
  }
}
