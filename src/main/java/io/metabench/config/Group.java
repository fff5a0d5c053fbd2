package io.metabench.config;

import java.util.Locale;

/**
 * The sections {@code -help} lists the options in, in this order. Every {@link Option} belongs to
 * exactly one; {@code -help NAME} shows one section ({@link #topic}), {@code -help} the first
 * with a list of the others, {@code -help all} every one.
 */
public enum Group {
  BASICS("The options most runs need"),
  PHASES("Phases and paths"),
  PACING("Concurrency, pacing and studies"),
  CAPACITY("Capacity under a latency bound"),
  OUTPUT("Output and messages"),
  FS("File system and security"),
  MAPREDUCE("MapReduce and several processes"),
  WORKLOADS("Workloads, prefill and replay"),
  COMPAT("NNBench, NNBenchWithoutMR and Curvine");

  private final String title;

  Group(String title) {
    this.title = title;
  }

  /** The heading {@code -help} prints above the group's options. */
  public String title() {
    return title;
  }

  /** The word that asks for this group: {@code -help pacing}. */
  public String topic() {
    return name().toLowerCase(Locale.ROOT);
  }
}
