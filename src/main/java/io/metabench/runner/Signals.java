package io.metabench.runner;

import io.metabench.core.StopRequest;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ctrl-C (SIGINT) and SIGTERM for a run: the first asks the run to stop after the operations in
 * flight and to report what completed; the second exits at once with {@link #EXIT_CODE}.
 *
 * <p>Uses {@code sun.misc.Signal} by reflection (the jar is Java 8 bytecode, where it cannot be
 * named; it is present in the JDKs Hadoop runs on). Where it is missing, the JVM's own handling
 * stays: the process ends without a report, as it would without MetaBench's handler.
 */
public final class Signals {
  private static final Logger LOG = LoggerFactory.getLogger(Signals.class);
  /** 128 + SIGINT, what shells report for a process ended by Ctrl-C. */
  public static final int EXIT_CODE = io.metabench.stats.RunResult.INTERRUPTED_EXIT_CODE;

  private Signals() {
  }

  /**
   * Routes SIGINT and SIGTERM to {@code stop}; messages go to {@code err}.
   *
   * @return whether the handlers could be installed
   */
  public static boolean install(StopRequest stop, PrintStream err) {
    AtomicInteger received = new AtomicInteger();
    try {
      Class<?> signalClass = Class.forName("sun.misc.Signal");
      Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
      Constructor<?> newSignal = signalClass.getConstructor(String.class);
      Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
      Method name = signalClass.getMethod("getName");
      Object handler = Proxy.newProxyInstance(Signals.class.getClassLoader(),
          new Class<?>[] {handlerClass}, (proxy, method, args) -> {
            if (!method.getName().equals("handle")) {
              return method.getName().equals("hashCode") ? System.identityHashCode(proxy)
                  : method.getName().equals("equals") ? proxy == args[0] : "Signals";
            }
            String sig = "SIG" + name.invoke(args[0]);
            if (received.incrementAndGet() == 1) {
              err.println("metabench: " + sig + ": finishing the operations in flight and "
                  + "writing what completed (press Ctrl-C again to exit at once)");
              err.flush();
              stop.request("interrupted by " + sig);
            } else {
              err.println("metabench: " + sig + " again: exiting at once, without a report");
              err.flush();
              Runtime.getRuntime().halt(EXIT_CODE);
            }
            return null;
          });
      Object ignored = handlerClass.getField("SIG_IGN").get(null);
      boolean all = true;
      // Each on its own: a process started in the background (or under nohup) has SIGINT
      // ignored, and the JVM then leaves it ignored (handle returns SIG_IGN) or refuses it;
      // SIGTERM must still stop the run with a report, and the user must know.
      for (String s : new String[] {"INT", "TERM"}) {
        String why;
        try {
          Object before = handle.invoke(null, newSignal.newInstance(s), handler);
          why = before == ignored || ignored.equals(before) ? "it is ignored" : null;
        } catch (java.lang.reflect.InvocationTargetException e) {
          why = String.valueOf(e.getCause().getMessage());
        }
        if (why != null) {
          all = false;
          err.println("metabench: SIG" + s + " cannot be handled in this process (" + why
              + "; a process started in the background ignores SIGINT): " + (s.equals("INT")
              ? "Ctrl-C cannot stop it; stop it with SIGTERM (kill PID), which reports what "
              + "completed" : "it ends the run without a report"));
          err.flush();
        }
      }
      return all;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.debug("signal handlers not installed", e);
      return false;
    }
  }
}
