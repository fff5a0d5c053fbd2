package io.metabench.config;

/**
 * The sections {@code -help} lists the options in, in this order. Every {@link Option} belongs to
 * exactly one.
 */
public enum Group {
  GENERAL("General"),
  PHASES("Phases and operations"),
  FILES("Files and directories"),
  PACING("Pacing"),
  STUDY("Studies and comparisons"),
  MAPREDUCE("Several processes and MapReduce"),
  OUTPUT("Output files"),
  PREFILL("Prefill (docs/prefill.md)"),
  REPLAY("Replay (metabench replay; docs/replay.md)"),
  KERBEROS("Kerberos"),
  COMPAT("NNBench, NNBenchWithoutMR and Curvine");

  private final String title;

  Group(String title) {
    this.title = title;
  }

  /** The heading {@code -help} prints above the group's options. */
  public String title() {
    return title;
  }
}
