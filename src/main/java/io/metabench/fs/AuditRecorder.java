package io.metabench.fs;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;

/**
 * Writes what the embedded HDFS's NameNode audits to a file, in the form a NameNode's
 * hdfs-audit.log has (Hadoop's log4j.properties layout: ISO8601 time, level, logger, message),
 * so that a run on the embedded HDFS can be replayed elsewhere ({@code -recordAuditLog}). The
 * NameNode logs synchronously by default, so every call is written before it returns.
 *
 * <p>Lifecycle: attached before the NameNode starts, detached (and the file closed) by
 * {@link #close}. Thread-safe (log4j appenders are).
 */
final class AuditRecorder implements Closeable {
  /** The NameNode's audit logger: {@code FSNamesystem.class.getName() + ".audit"}. */
  static final String LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  private final Logger logger = Logger.getLogger(LOGGER);
  private final Level levelBefore = logger.getLevel();
  private final FileAppender appender;

  private AuditRecorder(File file) throws IOException {
    appender = new FileAppender(new PatternLayout("%d{ISO8601} %p %c{2}: %m%n"),
        file.getPath(), false);
    appender.setName("metabench-record-audit-log");
    logger.setLevel(Level.INFO);
    logger.addAppender(appender);
  }

  /** Starts writing the audit log to {@code file} (made anew). */
  static AuditRecorder to(File file) throws IOException {
    return new AuditRecorder(file);
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
    logger.setLevel(levelBefore);
    appender.close();
  }
}
