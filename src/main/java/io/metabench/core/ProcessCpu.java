package io.metabench.core;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/**
 * This JVM's CPU time: the platform {@code OperatingSystem} bean's {@code ProcessCpuTime}, read by
 * name so that no vendor class is linked. Stateless and thread-safe.
 */
public final class ProcessCpu {
  private ProcessCpu() {
  }

  /** The process's CPU time so far over all its threads, in nanoseconds; -1 where not known. */
  public static long nanos() {
    try {
      Object v = ManagementFactory.getPlatformMBeanServer().getAttribute(
          new ObjectName(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME), "ProcessCpuTime");
      return v instanceof Number ? ((Number) v).longValue() : -1;
    } catch (Exception | LinkageError e) {
      // A JVM without the attribute: the load says unknown, never 0.
      return -1;
    }
  }
}
