package io.metabench.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;

/**
 * A probe whose description says more (which mount it was reached through).
 *
 * <p>Used by one sampler thread, as the probe it wraps.
 */
final class DescribedProbe implements ServerProbe {
  private final ServerProbe probe;
  private final String more;

  DescribedProbe(ServerProbe probe, String more) {
    this.probe = probe;
    this.more = more;
  }

  @Override
  public String describe() {
    return probe.describe() + "; " + more;
  }

  @Override
  public Map<String, Double> sample() throws IOException {
    return probe.sample();
  }

  @Override
  public JsonNode federationNamenodes() throws IOException {
    return probe.federationNamenodes();
  }
}
