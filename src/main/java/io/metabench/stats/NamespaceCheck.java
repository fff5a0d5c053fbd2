package io.metabench.stats;

import io.metabench.namespace.Fidelity;
import java.util.List;

/**
 * One map's namespace drawn from a profile, read back by a listing after its prefill and
 * compared with the profile (docs/namespaces.md#fidelity): what the result shows, and what makes
 * a run exit 1 when the namespace is outside the bounds.
 *
 * <p>Immutable.
 */
public final class NamespaceCheck {
  private final int map;
  private final String profile;
  private final double scale;
  private final Fidelity fidelity;
  private final long listNanos;

  /**
   * @param profile how the profile is named: {@code yahoo (sha256 0123456789ab)}
   * @param listNanos how long the listing that read the namespace back took
   */
  public NamespaceCheck(int map, String profile, double scale, Fidelity fidelity,
      long listNanos) {
    this.map = map;
    this.profile = profile;
    this.scale = scale;
    this.fidelity = fidelity;
    this.listNanos = listNanos;
  }

  public int map() {
    return map;
  }

  public String profile() {
    return profile;
  }

  public double scale() {
    return scale;
  }

  public Fidelity fidelity() {
    return fidelity;
  }

  public long listNanos() {
    return listNanos;
  }

  /** What keeps the namespace from the bounds; empty when it is within them. */
  public List<String> failures() {
    return fidelity.failures();
  }
}
