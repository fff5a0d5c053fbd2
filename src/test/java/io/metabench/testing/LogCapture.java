package io.metabench.testing;

import java.io.StringWriter;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

/**
 * What MetaBench logs while it is open, as the console would show it (one message a line), for
 * tests of warnings and notes that go to the log rather than to stdout. Close it to stop.
 */
public final class LogCapture implements AutoCloseable {
  private final StringWriter logged = new StringWriter();
  private final WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), logged);
  private final Logger logger;
  private final Level level;

  /** Captures what the {@code io.metabench} loggers write, from INFO up. */
  public LogCapture() {
    this("io.metabench");
  }

  /**
   * Captures what the loggers under {@code name} write, from INFO up (the suite's log4j
   * configuration shows only warnings: the level is lowered while this is open).
   */
  public LogCapture(String name) {
    logger = Logger.getLogger(name);
    level = logger.getLevel();
    logger.setLevel(Level.INFO);
    logger.addAppender(appender);
  }

  /** Everything logged so far. */
  public String text() {
    return logged.toString();
  }

  @Override
  public void close() {
    logger.removeAppender(appender);
    logger.setLevel(level);
  }
}
