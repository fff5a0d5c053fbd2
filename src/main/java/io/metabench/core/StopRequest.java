package io.metabench.core;

/**
 * A request to stop early (Ctrl-C, SIGTERM), shared by the runner, its workers and a study: a
 * worker finishes the operation in flight and takes no new item, the runner runs no further
 * phase, a study no further run, and what completed is reported as partial.
 *
 * <p>Thread-safe: one volatile read per item on the workers' path.
 */
public final class StopRequest {
  /** Never requested: for runs that cannot be interrupted (tests, embedding). */
  public static final StopRequest NEVER = new StopRequest();

  private final StopRequest parent;
  private volatile String reason;
  private volatile boolean bySignal;

  public StopRequest() {
    this(null);
  }

  /** A request that is also made whenever {@code parent}'s is (a run's, inside a process's). */
  public StopRequest(StopRequest parent) {
    this.parent = parent;
  }

  /** Requests the stop because of a signal; the first reason given is kept. */
  public void request(String why) {
    request(why, true);
  }

  /**
   * Requests the stop; {@code signal} tells a signal from the run's own decision (-failFast).
   *
   * @throws IllegalStateException on {@link #NEVER}, which is shared: a run that may stop itself
   *     makes a request of its own ({@code new StopRequest(parent)})
   */
  public void request(String why, boolean signal) {
    if (this == NEVER) {
      throw new IllegalStateException("StopRequest.NEVER cannot be requested (" + why + ")");
    }
    synchronized (this) {
      if (reason == null) {
        bySignal = signal;
        reason = why;
      }
    }
  }

  public boolean isRequested() {
    return reason != null || (parent != null && parent.isRequested());
  }

  /** Why the stop was requested; null when it was not. */
  public String reason() {
    String own = reason;
    return own != null || parent == null ? own : parent.reason();
  }

  /** Whether a signal (rather than the run itself) asked for the stop. */
  public boolean bySignal() {
    return reason != null ? bySignal : parent != null && parent.bySignal();
  }
}
