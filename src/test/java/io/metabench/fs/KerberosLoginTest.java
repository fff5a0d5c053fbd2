package io.metabench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.config.ConfigKeys;
import io.metabench.core.InvalidInputException;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import javax.security.sasl.SaslException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KerberosLoginTest {
  @TempDir
  File dir;

  private static Configuration conf(String principal, String keytab) {
    Configuration conf = new Configuration(false);
    if (principal != null) {
      conf.set(ConfigKeys.KERBEROS_PRINCIPAL, principal);
    }
    if (keytab != null) {
      conf.set(ConfigKeys.KERBEROS_KEYTAB, keytab);
    }
    return conf;
  }

  @Test
  void neitherOptionMeansNoLogin() {
    Configuration conf = conf(null, null);
    assertThat(KerberosLogin.loginIfAsked(conf)).isFalse();
    assertThat(conf.get("hadoop.security.authentication")).isNull();
  }

  @Test
  void aPrincipalNeedsAKeytabAndAKeytabAPrincipal() {
    assertThatThrownBy(() -> KerberosLogin.loginIfAsked(conf("alice@EXAMPLE.COM", null)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("-principal alice@EXAMPLE.COM needs -keytab file: give the keytab holding "
            + "its keys, or leave out both to use the ticket cache (kinit)");
    assertThatThrownBy(() -> KerberosLogin.loginIfAsked(conf(null, "/etc/alice.keytab")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("-keytab /etc/alice.keytab needs -principal name@REALM: give the principal "
            + "to log in as (klist -kt /etc/alice.keytab lists those it holds)");
  }

  @Test
  void theKeytabMustBeAReadableFile() {
    String missing = new File(dir, "none.keytab").getPath();
    assertThatThrownBy(() -> KerberosLogin.check(conf("a@R", missing)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("-keytab " + missing + " does not exist: give the keytab file holding a@R's "
            + "keys");
    assertThatThrownBy(() -> KerberosLogin.check(conf("a@R", dir.getPath())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(" is not a file");
  }

  @Test
  void aClientWithoutCredentialsIsRecognisedThroughItsCauses() {
    IOException noTicket = new IOException("DestHost:destPort localhost:8020 , LocalHost:"
        + "localPort x/127.0.0.1:0. Failed on local exception: java.io.IOException: "
        + "org.apache.hadoop.security.AccessControlException: Client cannot authenticate "
        + "via:[TOKEN, KERBEROS]", new IOException(new AccessControlException(
            "Client cannot authenticate via:[TOKEN, KERBEROS]")));
    assertThat(KerberosLogin.isUnauthenticated(noTicket)).isTrue();
    assertThat(KerberosLogin.isUnauthenticated(new IOException("wrapped",
        new SaslException("GSS initiate failed")))).isTrue();
    assertThat(KerberosLogin.isUnauthenticated(new IOException("wrapped",
        new org.ietf.jgss.GSSException(org.ietf.jgss.GSSException.NO_CRED)))).isTrue();
    assertThat(KerberosLogin.isUnauthenticated(new AccessControlException(
        "SIMPLE authentication is not enabled.  Available:[TOKEN, KERBEROS]"))).isTrue();
    assertThat(KerberosLogin.isUnauthenticated(new AccessControlException(
        "Permission denied: user=bob, access=WRITE"))).isFalse();
    assertThat(KerberosLogin.isUnauthenticated(new IOException("Connection refused"))).isFalse();
  }

  @Test
  void reachingTheFileSystemWithoutCredentialsIsBadInputTellingToKinit() {
    Target target = new Target(URI.create("hdfs://nn:8020/"), new Path("hdfs://nn:8020/b"),
        new Configuration(false), null, null);
    assertThatThrownBy(() -> Reachability.within(target, 5, () -> {
      throw new IOException("Failed on local exception: java.io.IOException: "
          + "org.apache.hadoop.security.AccessControlException: Client cannot authenticate "
          + "via:[TOKEN, KERBEROS]\nmore");
    })).isInstanceOf(InvalidInputException.class)
        .hasMessage("cannot authenticate to hdfs://nn:8020/: Failed on local exception: "
            + "java.io.IOException: org.apache.hadoop.security.AccessControlException: Client "
            + "cannot authenticate via:[TOKEN, KERBEROS]; run kinit first, or pass -principal "
            + "name@REALM -keytab file (nothing was changed)");
    // A refusal by permissions keeps its own message.
    assertThatThrownBy(() -> Reachability.within(target, 5, () -> {
      throw new AccessControlException("Permission denied: user=bob");
    })).hasMessageStartingWith("permission denied at hdfs://nn:8020/b");
  }
}
