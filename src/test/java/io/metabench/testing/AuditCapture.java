package io.metabench.testing;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Captures what an in-process NameNode's audit logger ({@code FSNamesystem.audit}) writes, as the
 * lines of an hdfs-audit.log: log4j's ISO8601 time, level, logger, then the NameNode's message,
 * the layout Hadoop's own log4j.properties gives the audit log. The NameNode's audit logger must
 * be synchronous ({@code dfs.namenode.audit.log.async=false}, Hadoop's default), so every call is
 * logged before the client's call returns and nothing is lost or reordered.
 *
 * <p>Thread-safe. Closing detaches it and restores the logger's level and additivity.
 */
public final class AuditCapture implements Closeable {
  /** The NameNode's audit logger: {@code FSNamesystem.class.getName() + ".audit"}. */
  public static final String LOGGER =
      "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  private final Logger logger = Logger.getLogger(LOGGER);
  private final Level levelBefore = logger.getLevel();
  private final boolean additiveBefore = logger.getAdditivity();
  private final List<String> lines = new ArrayList<>();
  private final AppenderSkeleton appender = new AppenderSkeleton() {
    @Override
    protected void append(LoggingEvent event) {
      String line = layout.format(event);
      synchronized (lines) {
        lines.add(line.endsWith("\n") ? line.substring(0, line.length() - 1) : line);
      }
    }

    @Override
    public void close() {
    }

    @Override
    public boolean requiresLayout() {
      return true;
    }
  };

  private AuditCapture() {
    appender.setLayout(new PatternLayout("%d{ISO8601} %p %c{2}: %m%n"));
    appender.setName("metabench-audit-capture");
    logger.setLevel(Level.INFO);
    // Captured, not also printed: the test's stderr keeps only what is wrong.
    logger.setAdditivity(false);
    logger.addAppender(appender);
  }

  /** Starts capturing. */
  public static AuditCapture start() {
    return new AuditCapture();
  }

  /** The lines captured so far, in the order the NameNode logged them. */
  public List<String> lines() {
    synchronized (lines) {
      return new ArrayList<>(lines);
    }
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
    logger.setLevel(levelBefore);
    logger.setAdditivity(additiveBefore);
  }
}
