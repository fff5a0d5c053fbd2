package io.metabench.fs;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.spi.Filter;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Writes what the embedded HDFS's NameNode audits while a measured phase runs to a file, in the
 * form a NameNode's hdfs-audit.log has (Hadoop's log4j.properties layout: ISO8601 time, level,
 * logger, message), so that a run on the embedded HDFS can be replayed elsewhere
 * ({@code -recordAuditLog}): the recorded workload is the benchmark's, not the client warm-up's,
 * the prefill's or the checks' and markers' around it. Nothing goes to the console: the audit
 * logger stops passing its lines on to the root logger while it records. The NameNode logs
 * synchronously by default, so every call is written before it returns, and a call is in the
 * file exactly when it ran between {@link #measuring measuring(true)} and
 * {@code measuring(false)}.
 *
 * <p>Lifecycle: attached before the NameNode starts, detached (and the file closed) by
 * {@link #close}. Thread-safe (log4j appenders are; the window is a volatile flag).
 */
final class AuditRecorder implements Closeable {
  /** The NameNode's audit logger: {@code FSNamesystem.class.getName() + ".audit"}. */
  static final String LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  private final Logger logger = Logger.getLogger(LOGGER);
  private final Level levelBefore = logger.getLevel();
  private final boolean additivityBefore = logger.getAdditivity();
  private final FileAppender appender;
  private volatile boolean measuring;

  private AuditRecorder(File file) throws IOException {
    appender = new FileAppender(new PatternLayout("%d{ISO8601} %p %c{2}: %m%n"),
        file.getPath(), false);
    appender.setName("metabench-record-audit-log");
    appender.addFilter(new Filter() {
      @Override
      public int decide(LoggingEvent event) {
        return measuring ? NEUTRAL : DENY;
      }
    });
    logger.setLevel(Level.INFO);
    logger.setAdditivity(false);
    logger.addAppender(appender);
  }

  /** Whether a measured phase's operations are running: only their calls are recorded. */
  void measuring(boolean on) {
    measuring = on;
  }

  /** Starts writing the audit log to {@code file} (made anew). */
  static AuditRecorder to(File file) throws IOException {
    return new AuditRecorder(file);
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
    logger.setLevel(levelBefore);
    logger.setAdditivity(additivityBefore);
    appender.close();
  }
}
