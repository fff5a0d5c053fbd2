package io.metabench.stats;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one map task of a MapReduce run did: its index, where it ran, and its own result for each
 * phase. Serialised (with full histograms) by the task and read back by the driver.
 *
 * <p>Immutable.
 */
public final class MapReport {
  /**
   * 2 added the replay part, 3 the prefill; older reports (without them) are still read.
   */
  private static final int VERSION = 3;

  private final int mapIndex;
  private final String host;
  private final String taskAttempt;
  private final List<PhaseResult> phases;
  private final Map<String, FailureCount> cleanupFailures;
  private final ReplayPart replay;
  private final PrefillResult prefill;

  public MapReport(int mapIndex, String host, String taskAttempt, List<PhaseResult> phases,
      Map<String, FailureCount> cleanupFailures) {
    this(mapIndex, host, taskAttempt, phases, cleanupFailures, null);
  }

  /** The report of a map of a MapReduce replay, with its replay figures. */
  public MapReport(int mapIndex, String host, String taskAttempt, List<PhaseResult> phases,
      Map<String, FailureCount> cleanupFailures, ReplayPart replay) {
    this.replay = replay;
    this.mapIndex = mapIndex;
    this.host = host;
    this.taskAttempt = taskAttempt;
    this.phases = Collections.unmodifiableList(new ArrayList<>(phases));
    this.cleanupFailures = Collections.unmodifiableMap(new TreeMap<>(cleanupFailures));
    this.prefill = null;
  }

  private MapReport(MapReport r, PrefillResult prefill) {
    this.mapIndex = r.mapIndex;
    this.host = r.host;
    this.taskAttempt = r.taskAttempt;
    this.phases = r.phases;
    this.cleanupFailures = r.cleanupFailures;
    this.replay = r.replay;
    this.prefill = prefill;
  }

  /** This report with what the map's prefill did (null: none was asked). */
  public MapReport withPrefill(PrefillResult prefill) {
    return new MapReport(this, prefill);
  }

  /** What the map's prefill did; null when none was asked. */
  public PrefillResult prefill() {
    return prefill;
  }

  public int mapIndex() {
    return mapIndex;
  }

  public String host() {
    return host;
  }

  public String taskAttempt() {
    return taskAttempt;
  }

  public List<PhaseResult> phases() {
    return phases;
  }

  public Map<String, FailureCount> cleanupFailures() {
    return cleanupFailures;
  }

  /** The map's replay figures; null unless it is a map of a replay. */
  public ReplayPart replay() {
    return replay;
  }

  public byte[] toBytes() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(VERSION);
      out.writeInt(mapIndex);
      out.writeUTF(host);
      out.writeUTF(taskAttempt);
      out.writeInt(phases.size());
      for (PhaseResult p : phases) {
        PhaseResultCodec.write(p, out);
      }
      out.writeInt(cleanupFailures.size());
      for (Map.Entry<String, FailureCount> e : cleanupFailures.entrySet()) {
        out.writeUTF(e.getKey());
        out.writeLong(e.getValue().count());
        out.writeUTF(e.getValue().example());
      }
      out.writeBoolean(replay != null);
      if (replay != null) {
        replay.write(out);
      }
      out.writeBoolean(prefill != null);
      if (prefill != null) {
        prefill.write(out);
      }
    }
    return bytes.toByteArray();
  }

  public static MapReport fromBytes(byte[] data, int length) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, length))) {
      int version = in.readInt();
      if (version < 1 || version > VERSION) {
        throw new IOException("unknown map report version " + version);
      }
      int mapIndex = in.readInt();
      String host = in.readUTF();
      String attempt = in.readUTF();
      int n = in.readInt();
      List<PhaseResult> phases = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        phases.add(PhaseResultCodec.read(in));
      }
      int c = in.readInt();
      Map<String, FailureCount> cleanup = new TreeMap<>();
      for (int i = 0; i < c; i++) {
        String cause = in.readUTF();
        cleanup.put(cause, new FailureCount(in.readLong(), in.readUTF()));
      }
      ReplayPart replay = version >= 2 && in.readBoolean() ? ReplayPart.read(in) : null;
      MapReport report = new MapReport(mapIndex, host, attempt, phases, cleanup, replay);
      return version >= 3 && in.readBoolean() ? report.withPrefill(PrefillResult.read(in))
          : report;
    }
  }
}
