package io.metabench.testing.oss;

import io.metabench.testing.ChildServer;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/**
 * The OSS test server on its own, for bench/ scripts: starts an {@link OssServer} holding the
 * given buckets, writes a client configuration directory whose {@code oss-site.xml} points
 * hadoop-aliyun at it, and serves until its standard input ends or its time limit passes.
 *
 * <p>Prints {@code PID n}, {@code ENDPOINT 127.0.0.1:port}, {@code CONF dir}, then
 * {@code SERVING}; at the end, {@code SERVED} and the requests it served by API.
 */
public final class OssServerMain {
  private OssServerMain() {
  }

  /** Arguments: the time limit in seconds, a configuration directory, one or more buckets. */
  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: OssServerMain SECONDS CONF_DIR BUCKET...");
      System.exit(2);
    }
    ChildServer.printPid();
    try (OssServer server = OssServer.start(Arrays.copyOfRange(args, 2, args.length))) {
      Configuration site = new Configuration(false);
      server.settings().forEach(site::set);
      File conf = new File(args[1]);
      Files.createDirectories(conf.toPath());
      try (OutputStream out = Files.newOutputStream(new File(conf, "oss-site.xml").toPath())) {
        site.writeXml(out);
      }
      System.out.println("ENDPOINT " + server.endpoint());
      System.out.println("CONF " + conf.getAbsolutePath());
      ChildServer.serveUntilEndOfInput(Long.parseLong(args[0]));
      System.out.println("SERVED " + server.requestsServed());
    }
    System.exit(0);
  }
}
