package io.metabench.path;

import io.metabench.core.InvalidInputException;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What one map's prefill has done, as recorded in the marker directory: the shape's identity
 * ({@link PrefillShape#identity()}: a tree's files, depth, fan-out and sizes; a profile's digest,
 * scale, seed and sizes), its units, and the units completed so far. A run with the same shape
 * resumes from it (completed units are skipped); a run with another shape is refused; cleanup
 * removes the shape it describes. {@code seq} orders the checkpoints (see
 * {@link BaseDirMarker#writePrefill}). A record without {@code kind} is a tree's, as every record
 * before profiles were.
 *
 * <p>Immutable and thread-safe.
 */
public final class PrefillState {
  /** The identity key that names a shape drawn from a profile; a tree has none. */
  public static final String KIND = "kind";
  /** {@link #KIND}'s value for a namespace drawn from a profile. */
  public static final String PROFILE = "profile";
  private static final String[] OWN_KEYS = {"units", "options", "completed.leaves", "complete",
      "seq", "end"};

  private final Map<String, String> identity;
  private final long units;
  private final String options;
  private final LeafRanges completed;
  private final long seq;

  private PrefillState(Map<String, String> identity, long units, String options,
      LeafRanges completed, long seq) {
    this.identity = Collections.unmodifiableMap(new TreeMap<>(identity));
    this.units = units;
    this.options = options;
    this.completed = completed;
    this.seq = seq;
  }

  /** The state of a prefill of {@code shape} with nothing done yet. */
  public static PrefillState started(PrefillShape shape) {
    return new PrefillState(shape.identity(), shape.units(), shape.asOptions(), LeafRanges.NONE,
        0);
  }

  /** Whether the shape is a namespace drawn from a profile (not a tree). */
  public boolean isProfile() {
    return PROFILE.equals(identity.get(KIND));
  }

  /** The shape's identity, as {@link PrefillShape#identity()} gave it. */
  public Map<String, String> identity() {
    return identity;
  }

  /**
   * The tree this state describes, under {@code root} ({@code <baseDir>/prefill/map_<m>}); only
   * when it is not {@link #isProfile() a profile's}.
   */
  public PrefillTree tree(org.apache.hadoop.fs.Path root) {
    return new PrefillTree(root, Long.parseLong(identity.get("files")),
        Integer.parseInt(identity.get("depth")), Integer.parseInt(identity.get("fan.out")),
        PrefillSizes.parse(identity.get("sizes")));
  }

  public LeafRanges completed() {
    return completed;
  }

  public long seq() {
    return seq;
  }

  /** Whether every unit of the shape is complete. */
  public boolean complete() {
    return completed.coversAll(units);
  }

  /** This state with {@code done} completed and the next sequence number. */
  public PrefillState withCompleted(LeafRanges done) {
    return new PrefillState(identity, units, options, done, seq + 1);
  }

  /** Whether {@code shape} is the one this state records. */
  public boolean sameShape(PrefillShape shape) {
    return identity.equals(new TreeMap<>(shape.identity()));
  }

  /** The options that make this shape. */
  public String asOptions() {
    return options;
  }

  /**
   * Refuses a prefill of {@code shape} where this state records another shape.
   *
   * @throws InvalidInputException naming the recorded shape and the fix
   */
  public void requireShape(PrefillShape shape, String where) {
    if (!sameShape(shape)) {
      throw new InvalidInputException("prefill: " + where + " already holds a prefill made with "
          + asOptions() + "; give those same values to resume or reuse it (it was given "
          + shape.asOptions() + "), remove it with -cleanup, or choose a new -baseDir");
    }
  }

  /** Serialises into properties; {@code end} marks a file written to its end. */
  public Properties toProperties() {
    Properties p = new Properties();
    identity.forEach(p::setProperty);
    p.setProperty("units", Long.toString(units));
    p.setProperty("options", options);
    p.setProperty("completed.leaves", completed.toString());
    p.setProperty("complete", Boolean.toString(complete()));
    p.setProperty("seq", Long.toString(seq));
    p.setProperty("end", "true");
    return p;
  }

  /**
   * Reads what {@link #toProperties} wrote (or a tree's record of an earlier MetaBench, which had
   * no units nor options).
   *
   * @throws IllegalArgumentException when the properties are not a whole state MetaBench wrote
   */
  public static PrefillState fromProperties(Properties p) {
    if (!"true".equals(p.getProperty("end"))) {
      throw new IllegalArgumentException("it was not written to its end");
    }
    Map<String, String> identity = new TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      identity.put(k, p.getProperty(k));
    }
    for (String k : OWN_KEYS) {
      identity.remove(k);
    }
    PrefillSizes.parse(identity.get("sizes")); // refuses what MetaBench would not have written
    long units;
    String options;
    if (PROFILE.equals(identity.get(KIND))) {
      units = Long.parseLong(p.getProperty("units"));
      options = p.getProperty("options", "");
    } else {
      int depth = Integer.parseInt(identity.get("depth"));
      int fanOut = Integer.parseInt(identity.get("fan.out"));
      units = PrefillTree.leafCount(depth, fanOut);
      options = PrefillTree.asOptions(Long.parseLong(identity.get("files")), depth, fanOut,
          identity.get("sizes"));
    }
    return new PrefillState(identity, units, options,
        LeafRanges.parse(p.getProperty("completed.leaves", "")),
        Long.parseLong(p.getProperty("seq")));
  }

  @Override
  public String toString() {
    return asOptions() + ", completed units " + completed + " (seq " + seq + ")";
  }
}
