package io.metabench.op;

import io.metabench.core.InvalidInputException;
import io.metabench.core.Suggestions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Every operation MetaBench runs as a phase, with the names it accepts: NNBench's
 * ({@code create_write}) and NNBenchWithoutMR's and Curvine's ({@code createWrite}).
 */
public enum OpType {
  CREATE_WRITE("create_write", Items.FILES, new CreateWriteOp(), "createWrite"),
  OPEN_READ("open_read", Items.FILES, new OpenReadOp(), "openRead"),
  RENAME("rename", Items.FILES, new RenameOp()),
  DELETE("delete", Items.FILES, new DeleteOp()),
  MKDIRS("mkdirs", Items.DIRS, new MkdirsOp(), "mkdir"),
  RMDIR("rmdir", Items.DIRS, new RmdirOp()),
  STAT("stat", Items.FILES, new StatOp(), "getFileStatus"),
  EXISTS("exists", Items.FILES, new ExistsOp()),
  CHMOD("chmod", Items.FILES, new ChmodOp(), "setPermission"),
  SET_TIMES("set_times", Items.FILES, new SetTimesOp(), "setTimes"),
  LIST("list", Items.FILES, new ListOp(), "listStatus", "ls"),
  APPEND("append", Items.FILES, new AppendOp()),
  LS_R("ls_r", new ListRecursiveOp(), "lsr", "ls-R"),
  COUNT("count", ContentSummaryOp.COUNT, "getContentSummary"),
  DU("du", ContentSummaryOp.DU),
  /** A phase drawing its operations from {@code -mix}; its results are per drawn operation. */
  MIX("mix", Items.FILES, null);

  /** What an operation works on; each kind has its own subtree and namespace state. */
  public enum Items {
    FILES, DIRS
  }

  /** What an operation's amount counts (the MB/s column, or entries per second). */
  public enum Unit {
    BYTES, ENTRIES
  }

  /** The phases {@code all} stands for, in order; they leave the tree as they found it. */
  public static final List<OpType> ALL = Collections.unmodifiableList(
      Arrays.asList(CREATE_WRITE, OPEN_READ, RENAME, DELETE, MKDIRS, RMDIR));

  private final String id;
  private final Items items;
  private final MetaOp op;
  private final TreeOp treeOp;
  private final List<String> aliases;

  OpType(String id, Items items, MetaOp op, String... aliases) {
    this.id = id;
    this.items = items;
    this.op = op;
    this.treeOp = null;
    this.aliases = Arrays.asList(aliases);
  }

  /** A traversal of a subtree: runs once per phase, its workers sharing the walk. */
  OpType(String id, TreeOp treeOp, String... aliases) {
    this.id = id;
    this.items = Items.FILES;
    this.op = null;
    this.treeOp = treeOp;
    this.aliases = Arrays.asList(aliases);
  }

  /** The canonical name, as NNBench spells it. */
  public String id() {
    return id;
  }

  public Items items() {
    return items;
  }

  /** The per-item operation; null for a traversal (see {@link #treeOp()}) and for a mix. */
  public MetaOp op() {
    return op;
  }

  /** The traversal step of ls_r, count and du; null for per-item operations. */
  public TreeOp treeOp() {
    return treeOp;
  }

  /** Whether the phase traverses a subtree once rather than working on the workers' items. */
  public boolean traverses() {
    return treeOp != null;
  }

  /**
   * Whether the phase makes, changes or removes the workers' own items (neither only reads them
   * nor traverses): with {@code -onPrefill} such a phase places them in the prefill's
   * directories.
   */
  public boolean changesItems() {
    return !onlyReads() && !traverses();
  }

  /** Whether the operation only reads items (so it may read another worker's or map's). */
  public boolean onlyReads() {
    return this == OPEN_READ || this == STAT || this == EXISTS || this == LIST;
  }

  /** What the amount the operation moves is counted in. */
  public Unit unit() {
    return this == LIST || traverses() ? Unit.ENTRIES : Unit.BYTES;
  }

  /**
   * Whether the operation works on existing files and leaves their names as they are (reads, and
   * metadata writes such as chmod), so the namespace state is the same after it.
   */
  public boolean keepsNames() {
    return onlyReads() || this == CHMOD || this == SET_TIMES || this == APPEND || traverses();
  }

  /** Whether the phase creates items, so their parent directories are made before it starts. */
  public boolean createsItems() {
    return this == CREATE_WRITE || this == MKDIRS;
  }

  /** Whether the phase removes items, so their emptied parent directories are removed after it. */
  public boolean removesItems() {
    return this == DELETE || this == RMDIR;
  }

  /** Finds an operation by any accepted name, case-insensitively. */
  public static OpType byName(String name) {
    String wanted = name.trim();
    for (OpType t : values()) {
      if (t.id.equalsIgnoreCase(wanted)) {
        return t;
      }
      for (String alias : t.aliases) {
        if (alias.equalsIgnoreCase(wanted)) {
          return t;
        }
      }
    }
    List<String> names = new ArrayList<>();
    names.add("all");
    for (OpType t : values()) {
      names.add(t.id);
      names.addAll(t.aliases);
    }
    throw new InvalidInputException("unknown operation '" + name + "'"
        + Suggestions.didYouMean(wanted, names, "") + ": use one of " + validNames()
        + ", a comma-separated list of them, or all");
  }

  /** Parses a comma-separated list of operations; {@code all} expands to {@link #ALL}. */
  public static List<OpType> parseList(String list) {
    List<OpType> ops = new ArrayList<>();
    for (String part : list.split(",")) {
      if (part.trim().isEmpty()) {
        continue;
      }
      if (part.trim().equalsIgnoreCase("all")) {
        ops.addAll(ALL);
      } else {
        ops.add(byName(part));
      }
    }
    if (ops.isEmpty()) {
      throw new InvalidInputException("no operation given: pass -operation with one of "
          + validNames() + " or all");
    }
    return Collections.unmodifiableList(ops);
  }

  /** Every accepted name, canonical ones first, for messages and help. */
  public static String validNames() {
    StringBuilder sb = new StringBuilder();
    for (OpType t : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(t.id);
    }
    sb.append(" (or ");
    boolean first = true;
    for (OpType t : values()) {
      for (String alias : t.aliases) {
        sb.append(first ? "" : ", ").append(alias);
        first = false;
      }
    }
    return sb.append(')').toString();
  }

  /** Joins operations by their canonical names. */
  public static String join(List<OpType> ops) {
    StringBuilder sb = new StringBuilder();
    for (OpType t : ops) {
      sb.append(sb.length() == 0 ? "" : ",").append(t.id);
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return id.toLowerCase(Locale.ROOT);
  }
}
