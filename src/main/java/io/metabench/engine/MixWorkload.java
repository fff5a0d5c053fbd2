package io.metabench.engine;

import io.metabench.config.MixSpec;
import io.metabench.op.MetaOp;
import io.metabench.op.OpType;
import java.util.List;
import java.util.Random;

/**
 * One worker's mix: draws each operation by weight from a seeded generator, picks an item it can
 * work on from the worker's working set, and keeps that set true to what the file system holds.
 * create_write draws an absent item; every other operation a present one, under the name it has
 * now; an item whose create, rename or delete failed is in an unknown state and is never drawn
 * again, so the mix never opens what it deleted nor counts its own bookkeeping as the file
 * system's failure. When the drawn operation has no item it can work on (no present item for a
 * read, no absent one for a create), the draw is made again among the operations that have.
 * With {@link #readingElsewhere()} (a mix in the prefill's namespace, {@code -onPrefill}) the
 * read operations read files that are not the worker's (the prefill's): they are always drawable,
 * their items numbered by a counter of their own, and they leave the working set as it is.
 *
 * <p>Not thread-safe: one instance belongs to one worker. Sets are arrays with swap-removal, so a
 * draw is O(1) whatever the set's size (13 bytes per item).
 */
public final class MixWorkload {
  private static final byte ABSENT = 0;
  private static final byte PRESENT = 1;
  private static final byte RENAMED = 2;
  private static final byte UNKNOWN = 3;

  private final List<OpType> ops;
  private final double[] weights;
  private final Random random;
  private final int[] present;
  private final int[] absent;
  private final int[] position;
  private final byte[] state;
  private int presentCount;
  private int absentCount;
  private int drawnOp = -1;
  private int drawnItem;
  private boolean readsElsewhere;
  private long readsDrawn = -1;
  private boolean drawnRead;

  /**
   * A working set of {@code items} items, present (under their first or renamed names) when an
   * earlier create_write made them, else absent.
   */
  MixWorkload(MixSpec spec, int items, boolean filesPresent, boolean filesRenamed, long seed,
      int worker) {
    this(spec, items, filesPresent ? items : 0, filesRenamed, seed, worker);
  }

  /**
   * A working set of {@code items} items of which the first {@code presentItems} are present
   * (under their first or renamed names) and the rest absent.
   */
  public MixWorkload(MixSpec spec, int items, int presentItems, boolean filesRenamed, long seed,
      int worker) {
    this.ops = spec.ops();
    this.weights = new double[ops.size()];
    for (int i = 0; i < weights.length; i++) {
      weights[i] = spec.weight(i);
    }
    // Same seed and shape, same draws: a mix can be rerun exactly against another file system,
    // and split differently over maps (worker = its index over all maps) it draws the same.
    this.random = new Random(seed * 1_000_003L + worker);
    this.present = new int[items];
    this.absent = new int[items];
    this.position = new int[items];
    this.state = new byte[items];
    for (int i = 0; i < items; i++) {
      if (i < presentItems) {
        state[i] = filesRenamed ? RENAMED : PRESENT;
        position[i] = presentCount;
        present[presentCount++] = i;
      } else {
        state[i] = ABSENT;
        position[i] = absentCount;
        absent[absentCount++] = i;
      }
    }
  }

  /**
   * Has the read operations read files that are not the worker's from now on (see the class
   * comment); returns this.
   */
  public MixWorkload readingElsewhere() {
    this.readsElsewhere = true;
    return this;
  }

  /**
   * Draws the next operation and its item.
   *
   * @return false when no operation of the mix has an item it can work on
   */
  boolean draw() {
    double total = 0;
    for (int i = 0; i < weights.length; i++) {
      if (eligible(i)) {
        total += weights[i];
      }
    }
    if (total == 0) {
      return false;
    }
    double r = random.nextDouble() * total;
    int chosen = -1;
    for (int i = 0; i < weights.length; i++) {
      if (eligible(i)) {
        chosen = i;
        r -= weights[i];
        if (r < 0) {
          break;
        }
      }
    }
    drawnOp = chosen;
    drawnRead = readsElsewhere && ops.get(chosen).onlyReads();
    if (drawnRead) {
      readsDrawn++;
    } else {
      drawnItem = creates(chosen) ? absent[random.nextInt(absentCount)]
          : present[random.nextInt(presentCount)];
    }
    return true;
  }

  private boolean creates(int op) {
    return ops.get(op) == OpType.CREATE_WRITE;
  }

  private boolean eligible(int op) {
    return creates(op) ? absentCount > 0
        : presentCount > 0 || readsElsewhere && ops.get(op).onlyReads();
  }

  OpType op() {
    return ops.get(drawnOp);
  }

  MetaOp metaOp() {
    return ops.get(drawnOp).op();
  }

  long item() {
    return drawnRead ? readsDrawn : drawnItem;
  }

  /** Whether the drawn item has its renamed name now. */
  boolean renamed() {
    return !drawnRead && state[drawnItem] == RENAMED;
  }

  /** The drawn operation's index in the mix (its result's slot). */
  int drawnIndex() {
    return drawnOp;
  }

  /** Updates the working set after the drawn operation's outcome. */
  void settle(boolean ok) {
    if (drawnRead) {
      return; // not the worker's file
    }
    OpType op = ops.get(drawnOp);
    int item = drawnItem;
    if (op == OpType.CREATE_WRITE) {
      remove(absent, item, false);
      add(ok ? PRESENT : UNKNOWN, item);
    } else if (op == OpType.RENAME) {
      byte was = state[item];
      remove(present, item, true);
      add(!ok ? UNKNOWN : was == RENAMED ? PRESENT : RENAMED, item);
    } else if (op == OpType.DELETE) {
      remove(present, item, true);
      add(ok ? ABSENT : UNKNOWN, item);
    }
    // Reads and metadata writes leave names as they are, whatever their outcome.
  }

  private void remove(int[] set, int item, boolean fromPresent) {
    int at = position[item];
    int last = fromPresent ? --presentCount : --absentCount;
    int moved = set[last];
    set[at] = moved;
    position[moved] = at;
  }

  private void add(byte newState, int item) {
    state[item] = newState;
    if (newState == PRESENT || newState == RENAMED) {
      position[item] = presentCount;
      present[presentCount++] = item;
    } else if (newState == ABSENT) {
      position[item] = absentCount;
      absent[absentCount++] = item;
    }
  }

  /** Items present now (for tests and the report). */
  int presentCount() {
    return presentCount;
  }
}
