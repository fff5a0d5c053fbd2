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
 * figure of the view is; else around the phase (from the last sample before it to that
 * NameNode's first refresh after it), which may hold some of the calls made just before or after
 * it: {@link #around} says whether any NameNode was counted so. Immutable.
 */
public final class NameserviceView {
  static final NameserviceView NONE = new NameserviceView(Collections.<NameNode>emptyList(),
      Collections.<Failover>emptyList(), false);

  /** One NameNode in the phase. Immutable. */
  public static final class NameNode {
    private final String id;
    private final long calls;
    private final String stateAtStart;
    private final String stateAtEnd;

    NameNode(String id, long calls, String stateAtStart, String stateAtEnd) {
      this.id = id;
      this.calls = calls;
      this.stateAtStart = stateAtStart;
      this.stateAtEnd = stateAtEnd;
    }

    public String id() {
      return id;
    }

    /** Calls its client RPC port handled, from any client. */
    public long calls() {
      return calls;
    }

    public String stateAtStart() {
      return stateAtStart;
    }

    public String stateAtEnd() {
      return stateAtEnd;
    }

    /** {@code nn2 active 60189}, or {@code nn1 active→standby 1200} when its state changed. */
    public String describe() {
      return id + " " + (stateAtStart.equals(stateAtEnd) ? stateAtEnd
          : stateAtStart + "→" + stateAtEnd) + " " + calls;
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
   * phase, each NameNode's calls run from the window's first sample to that NameNode's own first
   * refresh after the end (NameNodes refresh at their own times), else the last sample.
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
      int[] own = ServerSamples.refreshesInside(onward, calls, startMillis, endMillis);
      double a = own == null ? window.get(0).get(calls) : onward.get(own[0]).get(calls);
      double b = own == null ? refreshedAfter(onward, calls, endMillis)
          : onward.get(own[1]).get(calls);
      around |= own == null;
      nameNodes.add(new NameNode(id, Double.isNaN(b) ? 0 : Math.round(b - (Double.isNaN(a) ? 0
          : a)), ServerSamples.stateName(window.get(0).get(state)),
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
    nameNodes.sort((x, y) -> Long.compare(y.calls, x.calls));
    failovers.sort((x, y) -> Double.compare(x.toSeconds, y.toSeconds));
    return new NameserviceView(nameNodes, failovers, around);
  }

  /** {@code counter} at its first refresh after {@code endMillis}; else at the last sample. */
  private static double refreshedAfter(List<ServerSamples.Sample> onward, String counter,
      long endMillis) {
    for (int i = 1; i < onward.size(); i++) {
      double before = onward.get(i - 1).get(counter);
      double now = onward.get(i).get(counter);
      if (onward.get(i - 1).epochMillis() >= endMillis && now != before) {
        return now;
      }
    }
    return onward.get(onward.size() - 1).get(counter);
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
    for (Failover f : failovers) {
      b.append("; ").append(f.describe());
    }
    return b.toString();
  }
}
