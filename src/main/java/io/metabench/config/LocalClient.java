package io.metabench.config;

import io.metabench.core.InvalidInputException;
import java.util.Locale;

/**
 * Which client a run uses on the local file system ({@code file://}, and so on any mount point
 * reached through it: ext4, a GlusterFS or JuiceFS FUSE mount).
 *
 * <p>Immutable and thread-safe.
 */
public enum LocalClient {
  /**
   * MetaBench's POSIX client: Hadoop's raw local file system with permissions, owners and status
   * read and set through java.nio system calls, so no operation forks a process ({@code chmod},
   * {@code ls}) and no {@code .crc} side file is written: a run measures the mount.
   */
  POSIX("POSIX"),
  /**
   * Hadoop's own {@code LocalFileSystem} ({@code fs.file.impl}): checksummed, with a {@code .crc}
   * file beside each file, and, without Hadoop's native library, a forked {@code chmod} per
   * create: what Hadoop's local client costs.
   */
  HADOOP("Hadoop LocalFileSystem");

  private final String label;

  LocalClient(String label) {
    this.label = label;
  }

  /** How the results' header names it. */
  public String label() {
    return label;
  }

  /** The option's value: {@code posix} or {@code hadoop}. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The client named by {@code text} ({@code posix} or {@code hadoop}, any case); empty means
   * {@link #POSIX}.
   *
   * @throws InvalidInputException naming the two values
   */
  public static LocalClient parse(String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      return POSIX;
    }
    for (LocalClient c : values()) {
      if (c.toString().equalsIgnoreCase(t)) {
        return c;
      }
    }
    throw new InvalidInputException("-localClient '" + t + "' is not a local client: give posix "
        + "(no forked processes, no .crc files) or hadoop (Hadoop's LocalFileSystem)");
  }
}
