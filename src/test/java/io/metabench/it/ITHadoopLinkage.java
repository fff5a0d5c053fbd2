package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.compat.NeedsProbe;
import io.metabench.testing.HadoopLines;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.codehaus.mojo.animal_sniffer.SignatureBuilder;
import org.codehaus.mojo.animal_sniffer.SignatureChecker;
import org.codehaus.mojo.animal_sniffer.logging.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class in the thin jar, the relocated libraries included, links against Java 8's API and
 * against each Hadoop line's client classes (2.10.2 to 3.4): every class, method and field it
 * names exists there with that signature (ITDistribution checks that each is Java 8 bytecode). Classes marked {@link
 * NeedsProbe} are loaded only after a probe found what they name, and pass. The runs in
 * ITHadoopLines cover what the phases execute; this covers every path, run or not.
 */
class ITHadoopLinkage {
  private static final File THIN_JAR = new File(System.getProperty("metabench.thin.jar", ""));
  /** Relocated libraries' optional parts MetaBench leaves out, named by classes never loaded. */
  private static final List<String> ABSENT_OPTIONAL = Arrays.asList(
      // XChart's PDF and GIF encoders (its pdfbox-graphics2d and animated-gif-lib dependencies
      // are excluded: MetaBench draws PNG and SVG only).
      "org.apache.pdfbox.*", "de.rototor.*", "com.madgag.*");
  /**
   * References known to need more than Java 8, in relocated code MetaBench never runs: the class
   * that makes it, and the reference as the check names it, each with why it is never reached.
   */
  private static final Map<String, String> KNOWN_UNREACHED = Collections.singletonMap(
      // jackson-databind 2.12 was built on a newer JDK without --release 8: its ByteBuffer
      // serializer calls Java 9's covariant ByteBuffer.rewind(). It only writes a
      // java.nio.ByteBuffer value, and MetaBench's JSON holds none.
      "io/metabench/shaded/jackson/databind/ser/std/ByteBufferSerializer.class",
      "java.nio.ByteBuffer java.nio.ByteBuffer.rewind()");

  static Stream<String> lines() {
    List<String> all = new ArrayList<>(HadoopLines.CLIENT_LINES);
    all.add("3.4 (the build's own)");
    return all.stream();
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @MethodSource("lines")
  void everyReferenceLinksAgainstJava8AndTheLine(String line) throws IOException {
    List<String> errors = Collections.synchronizedList(new ArrayList<>());
    Logger log = errorsInto(errors);
    ByteArrayOutputStream signature = new ByteArrayOutputStream();
    try (InputStream java8 = new FileInputStream(new File(System.getProperty(
        HadoopLines.DIR_PROPERTY, ""), "java18.signature"))) {
      SignatureBuilder builder = new SignatureBuilder(new InputStream[] {java8}, signature, log);
      for (String jar : classpath(line)) {
        String name = new File(jar).getName();
        // What MetaBench may name on a cluster's class path: Hadoop's own, its logging APIs.
        if (name.startsWith("hadoop-") || name.startsWith("slf4j-api")
            || name.startsWith("log4j-1") || name.startsWith("reload4j")) {
          builder.process(new File(jar));
        }
      }
      builder.close();
    }
    Set<String> ignored = new HashSet<>(ABSENT_OPTIONAL);
    ignored.addAll(ownClasses());
    SignatureChecker checker = new SignatureChecker(
        new ByteArrayInputStream(signature.toByteArray()), ignored, log);
    checker.setCheckJars(true);
    checker.setSourcePath(new ArrayList<>());
    checker.setAnnotationTypes(Collections.singletonList(NeedsProbe.class.getName()));
    errors.clear();
    checker.process(THIN_JAR);
    List<String> unexpected = new ArrayList<>();
    for (String e : errors) {
      boolean known = false;
      for (Map.Entry<String, String> k : KNOWN_UNREACHED.entrySet()) {
        known |= e.contains(":" + k.getKey() + ":") && e.endsWith(": " + k.getValue());
      }
      if (!known) {
        unexpected.add(e);
      }
    }
    assertThat(unexpected).as("references the thin jar makes that Hadoop " + line
        + " (or Java 8) lacks").isEmpty();
  }

  /**
   * Every class of the thin jar loads on {@code line}'s class path (Java's own loader resolves
   * its superclass and interfaces, which the reference check does not follow), but for those
   * marked {@link NeedsProbe} and those naming an optional part left out.
   */
  @ParameterizedTest(name = "Hadoop {0}")
  @MethodSource("lines")
  void everyClassLoadsOnTheLine(String line) throws Exception {
    List<URL> urls = new ArrayList<>();
    urls.add(THIN_JAR.toURI().toURL());
    for (String jar : classpath(line)) {
      urls.add(new File(jar).toURI().toURL());
    }
    List<String> failed = new ArrayList<>();
    int loaded = 0;
    // Over the JDK's own classes only (the system loader's parent), not the test's class path.
    try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]),
        ClassLoader.getSystemClassLoader().getParent())) {
      for (String name : ownClasses()) {
        try {
          Class.forName(name, false, loader);
          loaded++;
        } catch (ClassNotFoundException | LinkageError e) {
          failed.add(name + ": " + e);
        }
      }
    }
    assertThat(failed).as("classes of the thin jar that do not load on Hadoop " + line).isEmpty();
    assertThat(loaded).isGreaterThan(1000);
  }

  /** The jars of {@code line}'s client class path; the test's own Hadoop for the build's. */
  private static List<String> classpath(String line) throws IOException {
    String cp = HadoopLines.CLIENT_LINES.contains(line) ? HadoopLines.classpath(line)
        : System.getProperty("java.class.path");
    return Arrays.asList(cp.split(File.pathSeparator));
  }

  /** Every class the thin jar holds, by name: its references among themselves resolve. */
  private static Set<String> ownClasses() throws IOException {
    Set<String> names = new HashSet<>();
    try (JarFile jar = new JarFile(THIN_JAR)) {
      for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
        String n = e.nextElement().getName();
        if (n.endsWith(".class")) {
          names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
        }
      }
    }
    return names;
  }

  private static Logger errorsInto(List<String> errors) {
    return new Logger() {
      @Override
      public void info(String message) {
      }

      @Override
      public void info(String message, Throwable t) {
      }

      @Override
      public void debug(String message) {
      }

      @Override
      public void debug(String message, Throwable t) {
      }

      @Override
      public void warn(String message) {
      }

      @Override
      public void warn(String message, Throwable t) {
      }

      @Override
      public void error(String message) {
        errors.add(message);
      }

      @Override
      public void error(String message, Throwable t) {
        errors.add(message + ": " + t);
      }
    };
  }
}
