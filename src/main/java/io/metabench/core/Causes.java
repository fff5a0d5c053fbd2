package io.metabench.core;

import org.apache.hadoop.ipc.RemoteException;

/**
 * The cause a failed operation is counted under, the same for every phase kind: the exception's
 * simple class name, for a server-side exception the server's class. Stateless.
 */
public final class Causes {
  private Causes() {
  }

  /** The cause of {@code e}: its simple class name; for a RemoteException, the server's class. */
  public static String of(Exception e) {
    if (e instanceof RemoteException) {
      String className = ((RemoteException) e).getClassName();
      return className.substring(className.lastIndexOf('.') + 1);
    }
    return e.getClass().getSimpleName();
  }
}
