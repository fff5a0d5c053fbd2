package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;

/**
 * A file system client that is not on the test class path (a jar Maven copies at
 * pre-integration-test, named by a system property Failsafe sets), loaded in a class loader of
 * its own over the test's, as a user adds it to Hadoop's class path: Hadoop's classes stay the
 * test's, the client's own libraries never meet the test's others.
 */
public final class ClientJar {
  private ClientJar() {
  }

  /**
   * A class loader with the jar {@code property} names over the caller's class path.
   *
   * @throws IllegalStateException when the property is unset or names no file (the test ran
   *     outside Maven's integration-test phases)
   */
  public static ClassLoader loader(String property, String what) throws IOException {
    String jar = System.getProperty(property);
    if (jar == null || !new File(jar).isFile()) {
      throw new IllegalStateException(what + " is not copied: run through Maven's "
          + "pre-integration-test phase (" + property + "=" + jar + ")");
    }
    return new URLClassLoader(new URL[] {new File(jar).toURI().toURL()},
        ClientJar.class.getClassLoader());
  }
}
