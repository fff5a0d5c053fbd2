package io.metabench.fs;

import io.metabench.config.ConfigKeys;
import io.metabench.config.Option;
import io.metabench.core.InvalidInputException;
import java.io.File;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kerberos for the target file system: {@code -principal}/{@code -keytab} log in from a keytab
 * before anything is touched, and a daemon thread renews that login's ticket during long runs.
 * Without them Hadoop logs in as usual (from the ticket cache, after {@code kinit}, when the
 * configuration says {@code hadoop.security.authentication=kerberos}); a client that then has no
 * credentials is refused with one line (see {@link #isUnauthenticated}).
 *
 * <p>The login is JVM-wide, as Hadoop's UserGroupInformation is.
 */
public final class KerberosLogin {
  private static final Logger LOG = LoggerFactory.getLogger(KerberosLogin.class);
  private static ScheduledExecutorService relogin;

  private KerberosLogin() {
  }

  /**
   * Checks -principal and -keytab (both or neither; the keytab a readable file) without logging
   * in.
   *
   * @throws InvalidInputException naming the fix
   */
  public static void check(Configuration conf) {
    String principal = Option.PRINCIPAL.readText(conf);
    String keytab = Option.KEYTAB.readText(conf);
    if (principal.isEmpty() && keytab.isEmpty()) {
      return;
    }
    if (keytab.isEmpty()) {
      throw new InvalidInputException("-principal " + principal + " needs -keytab file: give the "
          + "keytab holding its keys, or leave out both to use the ticket cache (kinit)");
    }
    if (principal.isEmpty()) {
      throw new InvalidInputException("-keytab " + keytab + " needs -principal name@REALM: give "
          + "the principal to log in as (klist -kt " + keytab + " lists those it holds)");
    }
    File f = new File(keytab);
    if (!f.isFile() || !f.canRead()) {
      throw new InvalidInputException("-keytab " + keytab + (!f.exists() ? " does not exist"
          : !f.isFile() ? " is not a file" : " is not readable by this user") + ": give the "
          + "keytab file holding " + principal + "'s keys");
    }
  }

  /**
   * Logs in as -principal from -keytab when they are given (after {@link #check}), setting
   * {@code hadoop.security.authentication=kerberos} in {@code conf} when it says otherwise, and
   * starts the periodic relogin. Without them, only passes a configuration that says kerberos
   * to UserGroupInformation, which then logs in from the ticket cache.
   *
   * @return whether a keytab login was made
   * @throws InvalidInputException when the KDC refuses the login
   */
  public static boolean loginIfAsked(Configuration conf) {
    check(conf);
    String principal = Option.PRINCIPAL.readText(conf);
    if (principal.isEmpty()) {
      if ("kerberos".equalsIgnoreCase(conf.getTrimmed(
          CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION))
          && !UserGroupInformation.isSecurityEnabled()) {
        // Kerberos was configured by -conf, -confDir or -D, not by a core-site.xml on the
        // classpath, which is all UserGroupInformation reads by itself: the ticket cache is
        // used only once it is told.
        UserGroupInformation.setConfiguration(conf);
      }
      return false;
    }
    String keytab = conf.getTrimmed(ConfigKeys.KERBEROS_KEYTAB);
    // A principal means Kerberos: without this Hadoop would ignore the keytab and use SIMPLE.
    conf.set(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
    UserGroupInformation.setConfiguration(conf);
    try {
      UserGroupInformation.loginUserFromKeytab(principal, keytab);
    } catch (IOException | RuntimeException e) {
      throw new InvalidInputException("Kerberos login as " + principal + " from " + keytab
          + " failed: " + Reachability.firstLine(rootMessage(e)) + "; check the principal's "
          + "name and realm, that the keytab holds its current keys (klist -kt " + keytab
          + ") and the KDC in krb5.conf (nothing was changed)", e);
    }
    LOG.info("Logged in to Kerberos as {} from {}", principal, keytab);
    startRelogin(Option.KERBEROS_RELOGIN.readInt(conf));
    return true;
  }

  /**
   * Renews the keytab login's ticket when it nears its end; a no-op when the login user did not
   * log in from a keytab. Called every {@code metabench.kerberos.relogin.seconds} by a daemon
   * thread after a keytab login.
   */
  public static void reloginIfNeeded() {
    try {
      UserGroupInformation user = UserGroupInformation.getLoginUser();
      if (user.isFromKeytab()) {
        user.checkTGTAndReloginFromKeytab();
        LOG.debug("Kerberos relogin check for {} done", user.getUserName());
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("Kerberos relogin failed (the next check tries again): {}", e.toString());
    }
  }

  private static synchronized void startRelogin(int seconds) {
    if (relogin != null || seconds <= 0) {
      return;
    }
    relogin = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metabench-kerberos-relogin");
      t.setDaemon(true);
      return t;
    });
    relogin.scheduleWithFixedDelay(KerberosLogin::reloginIfNeeded, seconds, seconds,
        TimeUnit.SECONDS);
  }

  /**
   * Whether {@code e} is a client that could not authenticate: no Kerberos ticket or token
   * ("Client cannot authenticate via:[TOKEN, KERBEROS]"), a GSS or SASL failure, or a secure
   * server refusing SIMPLE authentication. Looks through the causes.
   */
  public static boolean isUnauthenticated(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof javax.security.sasl.SaslException
          || t instanceof org.ietf.jgss.GSSException
          || t instanceof javax.security.auth.login.LoginException) {
        return true;
      }
      String m = t.getMessage();
      if (m != null && (m.contains("cannot authenticate")
          || m.contains("SIMPLE authentication is not enabled")
          || m.contains("GSS initiate failed"))) {
        return true;
      }
    }
    return false;
  }

  /** The one line for a client without Kerberos credentials. */
  static InvalidInputException unauthenticated(Target target, Throwable e) {
    return new InvalidInputException("cannot authenticate to " + target.fsUri() + ": "
        + Reachability.firstLine(rootMessage(e)) + "; run kinit first, or pass -principal "
        + "name@REALM -keytab file (nothing was changed)", e);
  }

  private static String rootMessage(Throwable e) {
    String message = e.getMessage();
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t.getMessage() != null && isUnauthenticatedMessage(t.getMessage())) {
        message = t.getMessage();
      }
    }
    return message;
  }

  private static boolean isUnauthenticatedMessage(String m) {
    return m.contains("cannot authenticate") || m.contains("SIMPLE authentication is not enabled")
        || m.contains("GSS initiate failed");
  }
}
