package io.metabench.server;

import io.metabench.config.ConfigKeys;
import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The web ports a NameNode or a Router-based Federation router serves its pages on by default,
 * tried in turn when the configuration names none: a client's defaults are its own line's, and a
 * user names a router by its RPC address as a NameNode's ({@code hdfs://router-host:8888}).
 * Immutable; thread-safe.
 */
final class DefaultWebPorts {
  /** One default: its {@code /jmx} address and whose default it is, as a note says it. */
  static final class Guess {
    final String jmx;
    final String whose;

    private Guess(String jmx, String whose) {
      this.jmx = jmx;
      this.whose = whose;
    }
  }

  /** Reads a server's {@code /jmx} at a URL; a refused connection is a ConnectException. */
  interface Probe {
    void read(String jmx) throws IOException;
  }

  /** Hadoop 3's NameNode, Hadoop 2's, a router's ({@code dfs.federation.router.http-address}). */
  private static final int[] HTTP = {9870, 50070, 50071};
  /** The same over HTTPS. */
  private static final int[] HTTPS = {9871, 50470, 50072};
  private static final String[] WHOSE = {"the other Hadoop line's", "the other Hadoop line's",
      "a router's"};

  private DefaultWebPorts() {
  }

  /** The default port a client of this build tries first. */
  static int first(boolean https) {
    return (https ? HTTPS : HTTP)[0];
  }

  /**
   * The defaults to try, under {@code base} ({@code http(s)://host:}), after {@code port}
   * refused, in order; empty when {@code port} is none of them (a port the user chose is not
   * second-guessed).
   */
  static List<Guess> after(boolean https, int port, String base) {
    int[] ports = https ? HTTPS : HTTP;
    int at = -1;
    for (int i = 0; i < ports.length; i++) {
      at = ports[i] == port ? i : at;
    }
    if (at < 0) {
      return Collections.emptyList();
    }
    List<Guess> out = new ArrayList<>();
    for (int i = 0; i < ports.length; i++) {
      if (i != at) {
        // The NameNode lines are each other's "other"; a router is a router whichever came first.
        out.add(new Guess(base + ports[i] + "/jmx", WHOSE[i]));
      }
    }
    return out;
  }

  /**
   * The address that answers: {@code jmx}, else the first of {@code others} that does when
   * {@code jmx} refuses connections, said in {@code notes}. When none answers, the message names
   * every address tried and {@code key}, the setting that gives the address.
   */
  static String find(String jmx, List<Guess> others, String key, List<String> notes,
      Probe probe) throws IOException {
    if (others.isEmpty()) {
      return jmx;
    }
    try {
      probe.read(jmx);
      return jmx;
    } catch (ConnectException e) {
      List<String> tried = new ArrayList<>(Collections.singletonList(jmx));
      for (Guess g : others) {
        try {
          probe.read(g.jmx);
          notes.add(g.whose + " default port (" + jmx + " refused)");
          return g.jmx;
        } catch (ConnectException again) {
          tried.add(g.jmx + " (" + g.whose + " default)");
        }
      }
      throw new ConnectException("none of " + String.join(", ", tried) + " answered ("
          + e.getMessage() + "): set " + key + " to the NameNode's or router's web address "
          + "(host:port), or -D " + ConfigKeys.NAMENODE_JMX + "=<its /jmx URL>");
    }
  }
}
