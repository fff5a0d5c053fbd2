package io.metabench.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;

/**
 * A server MetaBench reads the metrics of while it measures (the NameNode today; an Alluxio
 * master or another metadata service later): one reading a second, by the names
 * {@link io.metabench.stats.ServerSamples} documents.
 *
 * <p>Used by one sampler thread.
 */
public interface ServerProbe {
  /** What is read, for the result: server, address, port, units. */
  String describe();

  /** One reading; counters cumulative, times in milliseconds. */
  Map<String, Double> sample() throws IOException;

  /**
   * For a Router-based Federation router with a State Store: the NameNodes it lists behind it
   * ({@code FederationState}'s {@code Namenodes}, by key); null for any other server. Called
   * after the first {@link #sample}, which tells a router from a NameNode.
   */
  default JsonNode federationNamenodes() throws IOException {
    return null;
  }
}
