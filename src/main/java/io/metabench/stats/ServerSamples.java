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

  /**
   * The states a NameNode of an HA nameservice can be in, as sampled ({@code nn.<id>.state}: the
   * index here): unreachable when its /jmx could not be read; a router of a router nameservice
   * is "router".
   */
  private static final List<String> STATES = Collections.unmodifiableList(java.util.Arrays.asList(
      "unreachable", "unknown", "active", "standby", "observer", "router"));

  /** A state's sampled value: its index in {@link #STATES}; "unknown" for any other. */
  public static double stateCode(String state) {
    int i = STATES.indexOf(state.toLowerCase(java.util.Locale.ROOT));
    return i < 0 ? 1 : i;
  }

  /** The state a sampled value stands for. */
  public static String stateName(double code) {
    int i = Double.isNaN(code) ? 1 : (int) code;
    return i >= 0 && i < STATES.size() ? STATES.get(i) : "unknown";
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
   * phase did nothing, or sampling had stopped). The view has two slices: the samples around the
   * phase (for its timeline), and the refreshes that fall inside it, the only ones its figures
   * are taken from ({@link ServerPhaseView}).
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
      boolean refresh = i > 0 && samples.get(i).get(CALLS) != samples.get(i - 1).get(CALLS);
      if (refresh && t >= end && to < 0 && samples.get(i - 1).epochMillis >= end) {
        to = i;
      }
    }
    if (to < 0 && samples.get(samples.size() - 1).epochMillis >= end) {
      to = samples.size() - 1;
    }
    if (from < 0 || to < 0 || to <= from) {
      return null;
    }
    int[] refreshes = refreshesInside(samples, CALLS, start, end);
    List<Sample> inside = refreshes == null ? Collections.<Sample>emptyList()
        : samples.subList(refreshes[0], refreshes[1] + 1);
    return ServerPhaseView.of(samples.subList(from, to + 1), inside, refreshPeriodSeconds(),
        phase, NameserviceView.of(samples.subList(from, to + 1), inside,
        samples.subList(from, samples.size()), start, end));
  }

  /**
   * The first and last of {@code counter}'s refreshes inside a phase from {@code startMillis} to
   * {@code endMillis}, as indices into {@code samples}; null with fewer than two. A refresh is
   * seen as the counter moving between two samples, so it happened after the earlier one was
   * taken and no later than the later one: the first whose earlier sample is at or after the
   * start, and the last whose later sample is at or before the end, bound the calls made wholly
   * inside the phase.
   */
  static int[] refreshesInside(List<Sample> samples, String counter, long startMillis,
      long endMillis) {
    int first = -1;
    int last = -1;
    for (int i = 1; i < samples.size(); i++) {
      boolean refresh = samples.get(i).get(counter) != samples.get(i - 1).get(counter);
      if (refresh && samples.get(i - 1).epochMillis >= startMillis
          && samples.get(i).epochMillis <= endMillis) {
        first = first < 0 ? i : first;
        last = i;
      }
    }
    return last > first && first >= 0 ? new int[] {first, last} : null;
  }

  /** The median time between the server's refreshes, in seconds; NaN with fewer than two. */
  double refreshPeriodSeconds() {
    return refreshPeriodSeconds(samples, CALLS);
  }

  /**
   * The median time between the moves of {@code counter} (its server's refreshes), in seconds;
   * NaN with fewer than two moves. A counter that stands still at some refreshes (a server with
   * no calls in a period) makes it a multiple of the true period: longer, never shorter.
   */
  static double refreshPeriodSeconds(List<Sample> samples, String counter) {
    List<Long> gaps = new ArrayList<>();
    long last = -1;
    for (int i = 1; i < samples.size(); i++) {
      double now = samples.get(i).get(counter);
      if (!Double.isNaN(now) && now != samples.get(i - 1).get(counter)) {
        if (last >= 0) {
          gaps.add(samples.get(i).epochMillis - last);
        }
        last = samples.get(i).epochMillis;
      }
    }
    if (gaps.isEmpty()) {
      return Double.NaN;
    }
    Collections.sort(gaps);
    return gaps.get(gaps.size() / 2) / 1000.0;
  }

  /**
   * The counters whose refreshes bracket a phase: each NameNode's own ({@code nn.<id>.calls},
   * with HA and behind a router), else the server's ({@code rpc.calls}).
   */
  public static List<String> callCounters(Map<String, Double> reading) {
    List<String> counters = new ArrayList<>();
    for (String key : reading.keySet()) {
      if (key.startsWith("nn.") && key.endsWith(".state")) {
        counters.add(key.substring(0, key.length() - ".state".length()) + ".calls");
      }
    }
    if (counters.isEmpty() && reading.containsKey(CALLS)) {
      counters.add(CALLS);
    }
    return counters;
  }

  /**
   * The period after which every server read has surely refreshed its figures, in seconds: the
   * longest of {@code counters}' own periods ({@link #refreshPeriodSeconds(List, String)}), as
   * the servers of one nameservice share their metrics configuration; NaN when none was
   * measured.
   */
  public static double longestRefreshPeriodSeconds(List<Sample> samples, List<String> counters) {
    double longest = Double.NaN;
    for (String c : counters) {
      double p = refreshPeriodSeconds(samples, c);
      longest = Double.isNaN(longest) || p > longest ? p : longest;
    }
    return longest;
  }

  /**
   * The slack past one refresh period after which a reading must follow a refresh made after a
   * given moment: one sampling interval, one for the period's measure (its moves are seen to a
   * sampling interval).
   */
  static final long SLACK_MILLIS = 2_000;

  /**
   * The first sample whose value of {@code counter} holds every call its server handled up to
   * {@code endMillis}; -1 when none does. Only samples in which the server was read count (the
   * counter present, and its NameNode's {@code state} not unreachable: an unread server's figures
   * are carried from an earlier reading). It is the later sample of the first refresh seen after
   * the end (the counter moved between two readings, the earlier taken at or after the end), or
   * else the first reading taken at least one refresh period ({@code periodSeconds}, NaN: not
   * known) and {@link #SLACK_MILLIS} after the end: a refresh came in between, and the counter
   * did not move at it.
   */
  public static int completeAfter(List<Sample> samples, String counter, long endMillis,
      double periodSeconds) {
    long implied = Double.isNaN(periodSeconds) ? Long.MAX_VALUE
        : endMillis + Math.round(periodSeconds * 1000) + SLACK_MILLIS;
    Sample before = null;
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      if (!wasRead(s, counter)) {
        continue;
      }
      boolean refreshed = before != null && before.epochMillis >= endMillis
          && before.get(counter) != s.get(counter);
      if (refreshed || s.epochMillis >= implied) {
        return i;
      }
      before = s;
    }
    return -1;
  }

  /**
   * The samples in which the server whose counter {@code counter} is was read: the counter
   * present, and its NameNode's {@code state} (for {@code nn.<id>.calls}) not unreachable, as an
   * unread NameNode's figures are carried from its last reading.
   */
  static List<Sample> readings(List<Sample> samples, String counter) {
    List<Sample> read = new ArrayList<>();
    for (Sample s : samples) {
      if (wasRead(s, counter)) {
        read.add(s);
      }
    }
    return read;
  }

  /** Whether the server whose counter {@code counter} is was read in {@code s}. */
  public static boolean wasRead(Sample s, String counter) {
    String state = counter.startsWith("nn.") && counter.endsWith(".calls")
        ? counter.substring(0, counter.length() - ".calls".length()) + ".state" : null;
    return !Double.isNaN(s.get(counter))
        && (state == null || !"unreachable".equals(stateName(s.get(state))));
  }
}
