package io.metabench.testing;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.ServerSocket;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * The main class of the child JVM {@link AlluxioServer} starts: Alluxio's own
 * {@code LocalAlluxioCluster} (one master, one worker, each with its RPC and web servers) on
 * 127.0.0.1, with Alluxio's class path (resolved by Maven as the antrun plugin's dependencies, so
 * Alluxio's netty 4.1.87, grpc 1.54 and metrics-core 4.1 never meet Hadoop 3.4's). It uses
 * Alluxio only by reflection: it is compiled with the tests, which do not depend on Alluxio.
 *
 * <p>Lifecycle: prints {@code PID n}, {@code ALLUXIO_MASTER alluxio://localhost:PORT/} and one {@code SETTING
 * key=value} line for each client setting the cluster needs once serving, then runs until its
 * standard input ends (the parent closed it or died) or {@code seconds} pass, stops the cluster
 * (which deletes its working directory, under {@code java.io.tmpdir}) and exits.
 */
public final class AlluxioServerMain {
  /** Client settings the test cluster chooses and a client must share. */
  private static final String[] CLIENT_KEYS = {"alluxio.security.authentication.type",
      "alluxio.security.authorization.permission.enabled"};

  private AlluxioServerMain() {
  }

  /** Arguments: the time limit in seconds. */
  public static void main(String[] args) throws Exception {
    long seconds = Long.parseLong(args[0]);
    ChildServer.printPid();
    Class<?> clusterClass = Class.forName("alluxio.master.LocalAlluxioCluster");
    Object cluster = clusterClass.getConstructor(int.class, boolean.class).newInstance(1, false);
    clusterClass.getMethod("initConfiguration", String.class).invoke(cluster, "metabench");
    Class<?> keyClass = Class.forName("alluxio.conf.PropertyKey");
    Class<?> confClass = Class.forName("alluxio.conf.Configuration");
    Method set = confClass.getMethod("set", keyClass, Object.class);
    Method name = keyClass.getMethod("getName");
    Set<Integer> taken = new HashSet<>();
    // The test defaults bind the machine's address and fixed ports: loopback and free ports
    // instead, so nothing is reachable from outside and two builds on one host do not collide.
    for (Object key : (Collection<?>) keyClass.getMethod("defaultKeys").invoke(null)) {
      String n = (String) name.invoke(key);
      if (n.endsWith(".bind.host")) {
        set.invoke(null, key, "127.0.0.1");
      } else if (n.endsWith(".hostname") && !n.startsWith("alluxio.user.")) {
        set.invoke(null, key, "localhost");
      } else if (n.endsWith(".port") && n.startsWith("alluxio.")) {
        set.invoke(null, key, freePort(taken));
      }
    }
    // A writer reserves a whole block (128 MB by default) on the worker before its first byte:
    // the test default of 100 MB fails every concurrent create with data. The tier is a
    // directory under java.io.tmpdir; only what is written takes space.
    for (String k : new String[] {"alluxio.worker.ramdisk.size",
        "alluxio.worker.tieredstore.level0.dirs.quota"}) {
      set.invoke(null, keyClass.getMethod("fromString", String.class).invoke(null, k), "8GB");
    }
    clusterClass.getMethod("start").invoke(cluster);
    System.out.println("ALLUXIO_MASTER " + clusterClass.getMethod("getMasterURI").invoke(cluster)
        + "/");
    Method getString = confClass.getMethod("getString", keyClass);
    Method fromString = keyClass.getMethod("fromString", String.class);
    for (String k : CLIENT_KEYS) {
      System.out.println("SETTING " + k + "=" + getString.invoke(null, fromString.invoke(null, k)));
    }
    ChildServer.serveUntilEndOfInput(seconds);
    try {
      clusterClass.getMethod("stop").invoke(cluster);
    } finally {
      // Alluxio leaves non-daemon threads: the JVM would outlive its cluster.
      System.exit(0);
    }
  }

  private static int freePort(Set<Integer> taken) throws IOException {
    while (true) {
      try (ServerSocket s = new ServerSocket(0)) {
        if (taken.add(s.getLocalPort())) {
          return s.getLocalPort();
        }
      }
    }
  }
}
