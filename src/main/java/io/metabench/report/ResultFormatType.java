package io.metabench.report;

import java.util.TimeZone;

/** The formats a run is written in: a table for people, NNBench's block, and JSON. */
public enum ResultFormatType {
  TEXT, NNBENCH, JSON;

  /** A writer for this format using the machine's time zone and the current time. */
  public ResultFormat create() {
    switch (this) {
      case TEXT:
        return new TextFormat();
      case NNBENCH:
        return new NNBenchFormat(TimeZone.getDefault(), System.currentTimeMillis());
      case JSON:
        return new JsonFormat();
      default:
        throw new AssertionError(this);
    }
  }
}
