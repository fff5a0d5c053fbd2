package io.metabench.testing;

import io.prometheus.jmx.JmxCollector;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;

/**
 * Prometheus's JMX exporter (its collector library, io.prometheus.jmx) in this JVM on loopback,
 * with its default naming ({@code Hadoop_NameNode_RpcQueueTimeAvgTime{name="RpcActivityForPort…"}}):
 * what a NameNode without Hadoop's {@code /prom} gives Prometheus through the exporter's agent.
 * It serves the RPC beans of the NameNodes a test started in this JVM. Stops on {@link #close}.
 */
public final class JmxExporter implements AutoCloseable {
  private final HTTPServer server;

  private JmxExporter(HTTPServer server) {
    this.server = server;
  }

  /** Serves {@code /metrics} on a free loopback port. */
  public static JmxExporter start() throws Exception {
    PrometheusRegistry registry = new PrometheusRegistry();
    // Only the NameNode's RPC beans: a scrape of every bean of a JVM running HDFS takes longer
    // than the 1 s the test's Prometheus allows it.
    new JmxCollector("includeObjectNames: [\"Hadoop:service=NameNode,name=RpcActivityForPort*\"]\n")
        .register(registry);
    return new JmxExporter(HTTPServer.builder().hostname("127.0.0.1").port(0).registry(registry)
        .buildAndStart());
  }

  /** {@code 127.0.0.1:port/metrics}, as a scrape target. */
  public String target() {
    return "127.0.0.1:" + server.getPort() + "/metrics";
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
