package io.metabench.runner;

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

  private volatile String reason;

  /** Requests the stop; the first reason given is kept. */
  public void request(String why) {
    synchronized (this) {
      if (reason == null) {
        reason = why;
      }
    }
  }

  public boolean isRequested() {
    return reason != null;
  }

  /** Why the stop was requested; null when it was not. */
  public String reason() {
    return reason;
  }
}
