package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * An HA nameservice's NameNodes in one phase (docs/fs/hdfs.md): the calls each served, the state
 * each was in when the phase began and ended, and every failover seen in the phase's window (a
 * NameNode that was not active in one reading and was in the next). From the per-NameNode
 * figures of the server's samples ({@code nn.<id>.state}, {@code nn.<id>.calls}); empty for a
 * single NameNode.
 *
 * <p>Each NameNode's calls are counted between its own first and last refreshes inside the phase
 * when it made two there (NameNodes refresh their figures at their own times), as every other
 * figure of the view is; else around the phase (from the last sample before it to the first
 * reading of that NameNode that holds all its calls up to the phase's end), which may hold some
 * of the calls made just before or after it: {@link #around} says whether any NameNode was
 * counted so. A NameNode whose calls no reading brackets (not read before the phase, unreachable
 * after it, or no refresh of its figures seen or implied after it) is not counted, with the
 * reason, never 0. Immutable.
 */
public final class NameserviceView {
  static final NameserviceView NONE = new NameserviceView(Collections.<NameNode>emptyList(),
      Collections.<Failover>emptyList(), false);

  /** One NameNode in the phase. Immutable. */
  public static final class NameNode {
    private final String id;
    private final long calls;
    private final String notCounted;
    private final String stateAtStart;
    private final String stateAtEnd;

    NameNode(String id, long calls, String notCounted, String stateAtStart, String stateAtEnd) {
      this.id = id;
      this.calls = calls;
      this.notCounted = notCounted;
      this.stateAtStart = stateAtStart;
      this.stateAtEnd = stateAtEnd;
    }

    public String id() {
      return id;
    }

    /**
     * Calls its client RPC port handled, from any client; meaningless when {@link #counted} is
     * false.
     */
    public long calls() {
      return calls;
    }

    /** Whether the view saw the readings its calls are counted between. */
    public boolean counted() {
      return notCounted.isEmpty();
    }

    /**
     * Why its calls are not counted ({@code nn2 did not refresh its figures after the phase
     * (every 10 s); the reading ended 3 s after it}); empty when they are.
     */
    public String notCounted() {
      return notCounted;
    }

    public String stateAtStart() {
      return stateAtStart;
    }

    public String stateAtEnd() {
      return stateAtEnd;
    }

    /**
     * {@code nn2 active 60189}, {@code nn1 active→standby 1200} when its state changed, {@code
     * nn2 active not counted} when the view did not see its calls.
     */
    public String describe() {
      return id + " " + (stateAtStart.equals(stateAtEnd) ? stateAtEnd
          : stateAtStart + "→" + stateAtEnd) + " " + (counted() ? Long.toString(calls)
          : "not counted");
    }
  }

  /** A NameNode that became active between two readings. Immutable. */
  public static final class Failover {
    private final String active;
    private final double fromSeconds;
    private final double toSeconds;

    Failover(String active, double fromSeconds, double toSeconds) {
      this.active = active;
      this.fromSeconds = fromSeconds;
      this.toSeconds = toSeconds;
    }

    /** The NameNode that became active. */
    public String active() {
      return active;
    }

    /** The reading before it, in seconds from the phase's first operation (may be negative). */
    public double fromSeconds() {
      return fromSeconds;
    }

    /** The first reading that saw it active, in seconds from the phase's first operation. */
    public double toSeconds() {
      return toSeconds;
    }

    /** {@code a failover: nn1 became active between 4.0 s and 5.0 s into the phase}. */
    public String describe() {
      return String.format(Locale.ROOT, "a failover: %s became active between %.1f s and %.1f s "
          + "into the phase", active, fromSeconds, toSeconds);
    }
  }

  private final List<NameNode> nameNodes;
  private final List<Failover> failovers;
  private final boolean around;

  private NameserviceView(List<NameNode> nameNodes, List<Failover> failovers, boolean around) {
    this.nameNodes = Collections.unmodifiableList(nameNodes);
    this.failovers = Collections.unmodifiableList(failovers);
    this.around = around;
  }

  /**
   * From the samples {@code window} around a phase from {@code startMillis} to {@code endMillis},
   * the refreshes {@code inside} it, and the samples from the window's first to the last taken
   * ({@code onward}). States are those of the last readings at or before the phase's start and
   * end; a failover counts when the reading before it was taken before the end. Counted around the
   * phase, each NameNode's calls run from the window's first sample to the first reading that
   * holds all its calls up to the phase's end ({@link ServerSamples#completeAfter}, with the
   * longest of the NameNodes' refresh periods): without one, or without a reading before the
   * phase, they are not counted, and say why.
   */
  static NameserviceView of(List<ServerSamples.Sample> window, List<ServerSamples.Sample> inside,
      List<ServerSamples.Sample> onward, long startMillis, long endMillis) {
    if (window.isEmpty()) {
      return NONE;
    }
    TreeSet<String> ids = new TreeSet<>();
    for (ServerSamples.Sample s : window) {
      for (String key : s.values().keySet()) {
        if (key.startsWith("nn.") && key.endsWith(".state")) {
          ids.add(key.substring("nn.".length(), key.length() - ".state".length()));
        }
      }
    }
    if (ids.isEmpty()) {
      return NONE;
    }
    List<String> counters = new ArrayList<>();
    for (String id : ids) {
      counters.add("nn." + id + ".calls");
    }
    double period = ServerSamples.longestRefreshPeriodSeconds(onward, counters);
    boolean around = false;
    int last = 0;
    while (last + 1 < window.size() && window.get(last + 1).epochMillis() <= endMillis) {
      last++;
    }
    List<NameNode> nameNodes = new ArrayList<>();
    List<Failover> failovers = new ArrayList<>();
    for (String id : ids) {
      String state = "nn." + id + ".state";
      String calls = "nn." + id + ".calls";
      // Each NameNode refreshes its figures at its own times: its calls are counted between its
      // own first and last refreshes inside the phase, else around the phase.
      List<ServerSamples.Sample> read = ServerSamples.readings(onward, calls);
      int[] own = ServerSamples.refreshesInside(read, calls, startMillis, endMillis);
      around |= own == null;
      long counted = 0;
      String why = "";
      if (own != null) {
        counted = Math.round(read.get(own[1]).get(calls) - read.get(own[0]).get(calls));
      } else {
        double a = window.get(0).get(calls);
        int b = ServerSamples.completeAfter(onward, calls, endMillis, period);
        why = Double.isNaN(a) ? id + " was not read before the phase"
            : b < 0 ? notRefreshed(id, read, onward, endMillis, period) : "";
        counted = why.isEmpty() ? Math.round(onward.get(b).get(calls) - a) : 0;
      }
      nameNodes.add(new NameNode(id, counted, why,
          ServerSamples.stateName(window.get(0).get(state)),
          ServerSamples.stateName(window.get(last).get(state))));
      for (int i = 1; i < window.size() && window.get(i - 1).epochMillis() < endMillis; i++) {
        boolean was = "active".equals(ServerSamples.stateName(window.get(i - 1).get(state)));
        boolean is = "active".equals(ServerSamples.stateName(window.get(i).get(state)));
        if (is && !was) {
          failovers.add(new Failover(id, (window.get(i - 1).epochMillis() - startMillis) / 1000.0,
              (window.get(i).epochMillis() - startMillis) / 1000.0));
        }
      }
    }
    // Counted first, most calls first.
    nameNodes.sort((x, y) -> x.counted() != y.counted() ? (x.counted() ? -1 : 1)
        : Long.compare(y.calls, x.calls));
    failovers.sort((x, y) -> Double.compare(x.toSeconds, y.toSeconds));
    return new NameserviceView(nameNodes, failovers, around);
  }

  /**
   * Why no reading after the phase holds NameNode {@code id}'s calls: it could not be read after
   * the phase, or it did not refresh its figures in the readings that followed.
   */
  private static String notRefreshed(String id, List<ServerSamples.Sample> read,
      List<ServerSamples.Sample> onward, long endMillis, double period) {
    ServerSamples.Sample lastSample = onward.get(onward.size() - 1);
    if (read.isEmpty() || read.get(read.size() - 1).epochMillis() < endMillis) {
      return id + " could not be read after the phase";
    }
    return String.format(Locale.ROOT, "%s did not refresh its figures after the phase (%s); the "
        + "reading ended %.0f s after it", id, Double.isNaN(period)
        ? "its refresh period was not measured" : String.format(Locale.ROOT, "every %.0f s",
        period), Math.max(0, lastSample.epochMillis() - endMillis) / 1000.0);
  }

  /** Every NameNode of the nameservice, most calls first; empty without HA. */
  public List<NameNode> nameNodes() {
    return nameNodes;
  }

  /** The failovers seen in the phase's window, earliest first. */
  public List<Failover> failovers() {
    return failovers;
  }

  /** Whether any NameNode's calls were counted around the phase, not inside it. */
  public boolean around() {
    return around;
  }

  /**
   * One line, or empty without HA: {@code calls served: nn2 active 60189, nn1 standby 0; a
   * failover: ...}.
   */
  public String describe() {
    if (nameNodes.isEmpty()) {
      return "";
    }
    List<String> each = new ArrayList<>();
    for (NameNode n : nameNodes) {
      each.add(n.describe());
    }
    StringBuilder b = new StringBuilder("calls served").append(around
        ? " (around the phase: it held fewer than two refreshes)" : "").append(": ")
        .append(String.join(", ", each));
    for (NameNode n : nameNodes) {
      if (!n.counted()) {
        b.append("; not counted: ").append(n.notCounted());
      }
    }
    for (Failover f : failovers) {
      b.append("; ").append(f.describe());
    }
    return b.toString();
  }
}
