package io.metabench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * The private network namespace Failsafe's {@code yarn-in-netns} execution starts its JVM in
 * (src/test/scripts/bin/java-in-netns.sh), for tests of YARN clusters, whose ApplicationMaster
 * and shuffle handler listen on all interfaces whatever the bind-host settings say.
 */
public final class PrivateNetwork {
  private PrivateNetwork() {
  }

  /**
   * Fails unless this JVM runs in that namespace with nothing but loopback up; skips when some
   * other execution (or an IDE) runs {@code test}, e.g. with -Dit.test.
   */
  public static void require(String test) throws IOException {
    String error = System.getProperty("metabench.netns.error");
    if (error != null) {
      fail(test + " must run in a private network namespace (the MapReduce "
          + "ApplicationMaster and the shuffle handler listen on all interfaces), but "
          + "src/test/scripts/bin/java-in-netns.sh could not make one: " + error);
    }
    Assumptions.assumeTrue(System.getProperty("metabench.netns.execution") != null,
        test + " runs only in Failsafe's yarn-in-netns execution (mvn verify), which starts "
            + "its JVM in a private network namespace");
    if (!"private".equals(System.getProperty("metabench.netns"))) {
      fail("the yarn-in-netns execution did not start this JVM through "
          + "src/test/scripts/bin/java-in-netns.sh");
    }
    List<String> exposed = new ArrayList<>();
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (nic.isUp() && !nic.isLoopback()) {
        exposed.add(nic.getName());
      }
    }
    assertThat(exposed).as("interfaces up besides loopback in the test's network namespace")
        .isEmpty();
  }

  /** The --add-opens this JVM got (from the pom's test.jvm.opens), for task JVMs. */
  public static String jvmOpens() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens")).collect(Collectors.joining(" "));
  }
}
