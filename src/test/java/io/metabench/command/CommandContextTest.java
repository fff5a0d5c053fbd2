package io.metabench.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.core.StopRequest;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class CommandContextTest {
  /**
   * A command that is not the JVM's first (a test, a caller embedding MetaBench) counts its time
   * from its own start, not the JVM's: a run in a JVM up for 20 minutes took seconds, not 1,297 s.
   */
  @Test
  void aLaterCommandInTheSameJvmCountsFromItsOwnStart() {
    new CommandContext(System.out, System.err, StopRequest.NEVER);
    long before = ManagementFactory.getRuntimeMXBean().getUptime();
    CommandContext later = new CommandContext(System.out, System.err, StopRequest.NEVER);
    double took = later.secondsSoFar();
    long after = ManagementFactory.getRuntimeMXBean().getUptime();
    assertThat(before).isPositive();
    assertThat(took).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo((after - before) / 1000.0);
  }
}
