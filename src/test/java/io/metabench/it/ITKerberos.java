package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.MetaBench;
import io.metabench.op.OpType;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Kerberos against a real KDC (MiniKdc) and a secured MiniDFSCluster (Kerberos RPC, block access
 * tokens, SASL data transfer, HTTPS only), all on this machine: a principal logged in with
 * -principal/-keytab runs every phase; a client without credentials, and bad -principal/-keytab
 * options, are refused with one line and nothing is created.
 *
 * <p>UserGroupInformation is JVM-wide: everything set here is undone in {@link #stop}.
 */
@Isolated
class ITKerberos {
  private static File dir;
  private static MiniKdc kdc;
  private static MiniDFSCluster cluster;
  private static FileSystem admin;
  private static Configuration clusterConf;
  private static String alice;
  private static File aliceKeytab;
  private static String sslConfDir;

  @TempDir
  File scratch;

  @BeforeAll
  static void start() throws Exception {
    dir = Files.createTempDirectory("it-krb-").toFile();
    Properties kdcConf = MiniKdc.createConf();
    kdcConf.setProperty(MiniKdc.KDC_BIND_ADDRESS, "127.0.0.1");
    kdc = new MiniKdc(kdcConf, dir);
    kdc.start();
    String realm = kdc.getRealm();
    File hdfsKeytab = new File(dir, "hdfs.keytab");
    kdc.createPrincipal(hdfsKeytab, "hdfs/localhost", "HTTP/localhost");
    aliceKeytab = new File(dir, "alice.keytab");
    kdc.createPrincipal(aliceKeytab, "alice");
    alice = "alice@" + realm;

    Configuration conf = new Configuration();
    conf.set("hadoop.security.authentication", "kerberos");
    conf.setBoolean("hadoop.security.authorization", true);
    conf.set("dfs.namenode.kerberos.principal", "hdfs/localhost@" + realm);
    conf.set("dfs.namenode.keytab.file", hdfsKeytab.getAbsolutePath());
    conf.set("dfs.datanode.kerberos.principal", "hdfs/localhost@" + realm);
    conf.set("dfs.datanode.keytab.file", hdfsKeytab.getAbsolutePath());
    conf.set("dfs.web.authentication.kerberos.principal", "HTTP/localhost@" + realm);
    conf.setBoolean("dfs.block.access.token.enable", true);
    conf.set("dfs.data.transfer.protection", "authentication");
    conf.set("dfs.http.policy", "HTTPS_ONLY");
    conf.set("dfs.namenode.https-address", "127.0.0.1:0");
    conf.set("dfs.datanode.https.address", "127.0.0.1:0");
    conf.setInt("ipc.client.connect.max.retries.on.sasl", 10);
    sslConfDir = KeyStoreTestUtil.getClasspathDir(ITKerberos.class);
    KeyStoreTestUtil.setupSSLConfig(dir.getAbsolutePath(), sslConfDir, conf, false);
    conf.set("dfs.client.https.keystore.resource", KeyStoreTestUtil.getClientSSLConfigFileName());
    conf.set("dfs.https.server.keystore.resource", KeyStoreTestUtil.getServerSSLConfigFileName());
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(dir, "hdfs").getAbsolutePath());
    UserGroupInformation.setConfiguration(conf);
    // As the embedded HDFS, so this JVM's one client protocol engine is the counting one.
    io.metabench.compat.NameNodeRpcs.countIn(conf);
    cluster = new MiniDFSCluster.Builder(conf, new File(dir, "hdfs")).numDataNodes(1).build();
    cluster.waitActive();
    clusterConf = conf;
    // The NameNode logged this JVM in as hdfs, its superuser: a directory alice may write to.
    admin = cluster.getFileSystem();
    admin.mkdirs(new Path("/krb"));
    admin.setPermission(new Path("/krb"), new FsPermission((short) 0777));
  }

  @AfterAll
  static void stop() throws Exception {
    try {
      if (cluster != null) {
        cluster.shutdown();
      }
      if (kdc != null) {
        kdc.stop();
      }
      if (sslConfDir != null) {
        KeyStoreTestUtil.cleanupSSLConfig(dir.getAbsolutePath(), sslConfDir);
      }
    } finally {
      UserGroupInformation.reset();
      UserGroupInformation.setConfiguration(new Configuration());
      FileUtil.fullyDelete(dir);
    }
  }

  /** A finished MetaBench process. */
  private static final class Run {
    final int exitCode;
    final String stdout;
    final String stderr;
    final File json;

    Run(int exitCode, String stdout, String stderr, File json) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
      this.json = json;
    }

    JsonNode json() throws Exception {
      return new ObjectMapper().readTree(json);
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }

  /**
   * Runs MetaBench as a client process of its own, as on a gateway machine: the cluster's
   * client settings in a -conf file, the KDC's krb5.conf, and a ticket cache that does not exist
   * (no kinit). In this JVM a keytab login would replace the login user the NameNode accepts
   * connections with.
   */
  private Run run(String... args) throws Exception {
    return runWith(new String[0], args);
  }

  /** As {@link #run}, with extra options for the client's JVM. */
  private Run runWith(String[] jvmOptions, String... args) throws Exception {
    Configuration client = new Configuration(false);
    for (String key : new String[] {"hadoop.security.authentication",
        "hadoop.security.authorization", "dfs.namenode.kerberos.principal",
        "dfs.data.transfer.protection", "dfs.block.access.token.enable"}) {
      client.set(key, clusterConf.get(key));
    }
    File site = new File(scratch, "client-site.xml");
    try (OutputStream out = new FileOutputStream(site)) {
      client.writeXml(out);
    }
    File json = new File(scratch, "result.json");
    List<String> cmd = new ArrayList<>(Arrays.asList(
        new File(System.getProperty("java.home"), "bin/java").getPath(), ScriptRun.QUICK_JIT,
        "-Djava.security.krb5.conf=" + kdc.getKrb5conf().getAbsolutePath()));
    cmd.addAll(Arrays.asList(jvmOptions));
    cmd.addAll(Arrays.asList("-cp", System.getProperty("java.class.path"),
        MetaBench.class.getName(), "-conf", site.getPath()));
    cmd.addAll(Arrays.asList(args));
    cmd.addAll(Arrays.asList("-jsonOut", json.getPath(), "-nnbenchLog", "", "-quiet",
        "-clientWarmup", "0"));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(scratch)
        .redirectOutput(new File(scratch, "out.txt")).redirectError(new File(scratch, "err.txt"));
    pb.environment().put("KRB5CCNAME", "FILE:" + new File(scratch, "no-ticket-cache"));
    Process p = pb.start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("MetaBench did not finish within 180 s");
    }
    return new Run(p.exitValue(), read("out.txt"), read("err.txt"), json);
  }

  /** JVM options for a client whose {@code logger} logs at DEBUG to stderr. */
  private String[] debugLogOf(String logger) throws Exception {
    File log4j = new File(scratch, "log4j-" + logger + ".properties");
    Files.write(log4j.toPath(), ("log4j.rootLogger=WARN, stderr\n"
        + "log4j.logger." + logger + "=DEBUG\n"
        + "log4j.appender.stderr=org.apache.log4j.ConsoleAppender\n"
        + "log4j.appender.stderr.Target=System.err\n"
        + "log4j.appender.stderr.layout=org.apache.log4j.PatternLayout\n"
        + "log4j.appender.stderr.layout.ConversionPattern=%c{1}: %m%n\n")
        .getBytes(StandardCharsets.UTF_8));
    return new String[] {"-Dlog4j.configuration=" + log4j.toURI()};
  }

  private String read(String name) throws Exception {
    return new String(Files.readAllBytes(new File(scratch, name).toPath()),
        StandardCharsets.UTF_8);
  }

  /** The lines of stderr that are not log lines (the log goes to stderr as well). */
  /**
   * MetaBench's messages on stderr, but for the notice of a signal it cannot handle, which says
   * how the process was started (in the background SIGINT is ignored), not how the login went.
   */
  private static List<String> messages(Run r) {
    List<String> lines = new ArrayList<>();
    for (String line : r.stderr.split("\n")) {
      if (line.startsWith("metabench: ") && !line.contains(" cannot be handled in this process")) {
        lines.add(line);
      }
    }
    return lines;
  }

  private static String base(String name) {
    return cluster.getURI() + "/krb/" + name;
  }

  @Test
  void aKeytabLoginIsCheckedForRenewalWhileTheRunGoes() throws Exception {
    String[] debug = debugLogOf("io.metabench.fs.KerberosLogin");
    // a run of several seconds with a check every second
    Run r = runWith(debug, "-principal", alice, "-keytab", aliceKeytab.getPath(), "-D",
        "metabench.kerberos.relogin.seconds=1", "-operation", "create_write,delete",
        "-numFiles", "8", "-threads", "1", "-bytesToWrite", "1024", "-baseDir",
        base("relogin"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stderr).contains("KerberosLogin: Kerberos relogin check for " + alice
        + " done");
    // without a keytab there is nothing to renew from: no checks
    Run none = runWith(debug, "-operation", "create_write", "-baseDir", base("relogin-none"));
    assertThat(none.stderr).doesNotContain("relogin check");
  }

  @Test
  void anAuthorisedPrincipalRunsEveryPhase() throws Exception {
    java.net.InetSocketAddress https = cluster.getNameNode().getHttpsAddress();
    // The NameNode's web address, as a cluster's hdfs-site.xml gives it to its clients.
    Run r = run("-D", "dfs.http.policy=HTTPS_ONLY", "-D", "dfs.namenode.https-address="
        + https.getHostString() + ":" + https.getPort(), "-principal", alice, "-keytab",
        aliceKeytab.getPath(), "-operation", "all", "-numFiles", "5", "-threads", "2",
        "-bytesToWrite", "1024", "-readFileAfterOpen", "-baseDir", base("all"));
    System.out.println(r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode phases = r.json().get("phases");
    assertThat(phases).hasSize(OpType.ALL.size());
    for (JsonNode p : phases) {
      assertThat(p.get("failed").asLong()).as(p.toString()).isZero();
      assertThat(p.get("successful").asLong()).as(p.toString()).isEqualTo(10);
    }
    // Made by alice, not by the hdfs superuser the cluster runs as.
    assertThat(admin.getFileStatus(new Path("/krb/all")).getOwner()).isEqualTo("alice");
    // The NameNode's view over HTTPS (HTTPS_ONLY), through Hadoop's own SSL client set-up.
    JsonNode server = r.json().get("server");
    assertThat(server.get("source").asText()).as(server.toString())
        .startsWith("NameNode https://");
    assertThat(server.get("problem").asText()).as(server.toString()).isEmpty();
    assertThat(server.get("samples").asInt()).as(server.toString()).isPositive();
  }

  @Test
  void mapReduceModeRunsOnTheSecuredFileSystem() throws Exception {
    // The local job runner: the job is submitted with delegation tokens for the target, whose
    // renewer is the ResourceManager a secure cluster's yarn-site.xml names.
    Run refused = run("-principal", alice, "-keytab", aliceKeytab.getPath(), "-operation",
        "create_write", "-maps", "2", "-baseDir", base("maps"));
    assertThat(refused.exitCode).as(refused.toString()).isEqualTo(2);
    assertThat(messages(refused)).as(refused.toString()).containsExactly("metabench: -maps with "
        + "Kerberos needs yarn.resourcemanager.principal, the renewer of the job's delegation "
        + "tokens: load the cluster's yarn-site.xml (-confDir) or pass -D "
        + "yarn.resourcemanager.principal=rm/_HOST@REALM (nothing was changed)");
    assertThat(admin.exists(new Path("/krb/maps"))).isFalse();
    Run r = runWith(debugLogOf("io.metabench.mapred.MetaBenchJob"), "-principal",
        alice, "-keytab", aliceKeytab.getPath(), "-operation", "create_write,delete",
        "-numFiles", "3", "-maps", "2", "-baseDir", base("maps"),
        "-D", "yarn.resourcemanager.principal=rm/localhost@" + kdc.getRealm());
    System.out.println(r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    // before the job is submitted, its credentials hold an HDFS token for the target
    assertThat(r.stderr).containsPattern("delegation tokens for the job's tasks: \\[.*"
        + "HDFS_DELEGATION_TOKEN for [^,\\]]*:" + cluster.getNameNodePort());
    for (JsonNode p : r.json().get("phases")) {
      assertThat(p.get("successful").asLong()).as(p.toString()).isEqualTo(6);
    }
  }

  @Test
  void aClientWithoutCredentialsIsRefusedWithOneLineAndNothingIsCreated() throws Exception {
    // No keytab and no ticket cache (KRB5CCNAME names a file that does not exist).
    Run r = run("-operation", "create_write", "-baseDir", base("refused"));
    System.out.println(messages(r));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(messages(r)).as(r.toString()).hasSize(1);
    assertThat(messages(r).get(0))
        .startsWith("metabench: cannot authenticate to hdfs://localhost:" + cluster.getNameNodePort())
        // Kerberos was tried (the -conf file says so) and there was no ticket.
        .contains("Client cannot authenticate via:[TOKEN, KERBEROS]")
        .contains("run kinit first, or pass -principal name@REALM -keytab file")
        .endsWith("(nothing was changed)");
    assertThat(admin.exists(new Path("/krb/refused"))).isFalse();
  }

  @Test
  void aPrincipalWithoutAKeytabIsRefused() throws Exception {
    Run r = run("-principal", alice, "-operation", "create_write", "-baseDir", base("no-keytab"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(messages(r)).as(r.toString()).containsExactly("metabench: -principal " + alice
        + " needs -keytab file: give the keytab holding its keys, or leave out both to use the "
        + "ticket cache (kinit)");
    assertThat(admin.exists(new Path("/krb/no-keytab"))).isFalse();
  }

  @Test
  void aMissingKeytabIsRefused() throws Exception {
    String missing = new File(dir, "missing.keytab").getPath();
    Run r = run("-principal", alice, "-keytab", missing, "-operation", "create_write",
        "-baseDir", base("missing"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(messages(r)).as(r.toString()).containsExactly("metabench: -keytab " + missing
        + " does not exist: give the keytab file holding " + alice + "'s keys");
    assertThat(admin.exists(new Path("/krb/missing"))).isFalse();
  }

  @Test
  void aKeytabWithoutThePrincipalsKeysIsALoginFailure() throws Exception {
    String bob = "bob@" + kdc.getRealm();
    Run r = run("-principal", bob, "-keytab", aliceKeytab.getPath(), "-operation",
        "create_write", "-baseDir", base("wrong-keytab"));
    System.out.println(messages(r));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(messages(r)).as(r.toString()).hasSize(1);
    assertThat(messages(r).get(0)).startsWith("metabench: Kerberos login as " + bob + " from "
        + aliceKeytab.getPath() + " failed: ").contains("klist -kt");
    assertThat(admin.exists(new Path("/krb/wrong-keytab"))).isFalse();
  }
}
