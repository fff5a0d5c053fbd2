package io.metabench.replay;

/**
 * One line of an HDFS NameNode audit log, as {@code FSNamesystem}'s default audit logger writes it
 * (Hadoop 3.4): the log4j prefix's time, then tab-separated {@code allowed= ugi= ip= cmd= src=
 * dst= perm= proto=} (and optionally {@code callerContext=}, {@code trackingId=}). {@code src} and
 * {@code dst} are unescaped (the NameNode writes them Java-escaped); "null" fields are null.
 *
 * <p>Immutable.
 */
public final class AuditEvent {
  private final long lineNumber;
  private final long epochMillis;
  private final boolean allowed;
  private final String ugi;
  private final String ip;
  private final String cmd;
  private final String src;
  private final String dst;
  private final String perm;

  public AuditEvent(long lineNumber, long epochMillis, boolean allowed, String ugi, String ip,
      String cmd, String src, String dst, String perm) {
    this.lineNumber = lineNumber;
    this.epochMillis = epochMillis;
    this.allowed = allowed;
    this.ugi = ugi;
    this.ip = ip;
    this.cmd = cmd;
    this.src = src;
    this.dst = dst;
    this.perm = perm;
  }

  /** The line's number in the file, from 1. */
  public long lineNumber() {
    return lineNumber;
  }

  /**
   * The log4j prefix's time in milliseconds, read as if it were UTC: the prefix has no zone, and
   * only differences between lines are used, which UTC keeps free of daylight-saving jumps.
   */
  public long epochMillis() {
    return epochMillis;
  }

  /** Whether the NameNode allowed the call ({@code allowed=false}: a permission denial). */
  public boolean allowed() {
    return allowed;
  }

  /** The caller, e.g. {@code alice (auth:SIMPLE)}. */
  public String ugi() {
    return ugi;
  }

  /** The client address as logged, e.g. {@code /10.0.0.7}. */
  public String ip() {
    return ip;
  }

  /** The command, e.g. {@code create}, {@code rename (options=[NONE])}, {@code getfileinfo}. */
  public String cmd() {
    return cmd;
  }

  /** The source path, absolute; null when the line says {@code src=null}. */
  public String src() {
    return src;
  }

  /** The destination path (rename, concat, symlinks); null when the line says {@code dst=null}. */
  public String dst() {
    return dst;
  }

  /** The resulting {@code owner:group:mode} (e.g. {@code alice:supergroup:rw-r--r--}), or null. */
  public String perm() {
    return perm;
  }

  @Override
  public String toString() {
    return "line " + lineNumber + ": cmd=" + cmd + " src=" + src + (dst == null ? "" : " dst="
        + dst);
  }
}
