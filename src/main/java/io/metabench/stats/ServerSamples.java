package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a server reported about itself while a run went on: one sample of its metrics a second
 * (for HDFS, the NameNode's {@code /jmx}: RPC queue and processing times, call queue length,
 * per-method calls and times, JVM pauses), each with the wall-clock time it was read. A phase's
 * figures are this series sliced by the phase's window ({@link #during}), so one sampler serves
 * every phase of a run, in one process or as a {@code -maps} job's driver.
 *
 * <p>Values are as the server reports them: counters cumulative, averages over the server's own
 * last metrics interval (so they refresh once per that interval, 10 s by default on a NameNode),
 * times in milliseconds. Immutable.
 */
public final class ServerSamples {
  /** None sampled: the target is not a server MetaBench reads, or sampling was turned off. */
  public static final ServerSamples NONE = new ServerSamples("", "", Collections.emptyList());

  /** One reading of the server's metrics. Immutable. */
  public static final class Sample {
    private final long epochMillis;
    private final Map<String, Double> values;

    public Sample(long epochMillis, Map<String, Double> values) {
      this.epochMillis = epochMillis;
      this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public long epochMillis() {
      return epochMillis;
    }

    /** By name (see docs/metrics.md, "The NameNode's view"); times in milliseconds. */
    public Map<String, Double> values() {
      return values;
    }

    double get(String name) {
      Double v = values.get(name);
      return v == null ? Double.NaN : v;
    }
  }

  /** The counter whose rise shows that the server refreshed its figures. */
  private static final String CALLS = "rpc.calls";

  private final String source;
  private final String problem;
  private final List<Sample> samples;

  public ServerSamples(String source, String problem, List<Sample> samples) {
    this.source = source;
    this.problem = problem;
    this.samples = Collections.unmodifiableList(new ArrayList<>(samples));
  }

  /** What was sampled, e.g. {@code NameNode http://nn:9870/jmx, RPC port 8020}; empty: none. */
  public String source() {
    return source;
  }

  /** Why sampling stopped or never began (one line), empty when it went on to the end. */
  public String problem() {
    return problem;
  }

  public List<Sample> samples() {
    return samples;
  }

  /** Whether there is anything to report: a source, with samples or a problem. */
  public boolean present() {
    return !source.isEmpty();
  }

  /**
   * The server's figures for {@code phase}'s window, or null when no samples bracket it (the
   * phase did nothing, or sampling had stopped).
   */
  public ServerPhaseView during(PhaseResult phase) {
    if (phase.attempted() == 0 || samples.size() < 2) {
      return null;
    }
    long start = phase.firstStartEpochNanos() / 1_000_000L;
    long end = phase.lastEndEpochNanos() / 1_000_000L;
    int from = -1;
    int to = -1;
    for (int i = 0; i < samples.size(); i++) {
      long t = samples.get(i).epochMillis;
      if (t <= start) {
        from = i;
      }
      // The server refreshes its figures only every few seconds: the window ends at the first
      // refresh seen after the phase ended (the calls counter moved between two samples both
      // taken after the end), so the phase's last calls are in it.
      if (t >= end && to < 0 && i > 0 && samples.get(i - 1).epochMillis >= end
          && samples.get(i).get(CALLS) != samples.get(i - 1).get(CALLS)) {
        to = i;
      }
    }
    boolean refreshed = to >= 0;
    if (to < 0 && samples.get(samples.size() - 1).epochMillis >= end) {
      to = samples.size() - 1;
    }
    if (from < 0 || to < 0 || to <= from) {
      return null;
    }
    return ServerPhaseView.of(samples.subList(from, to + 1), phase, refreshed);
  }
}
