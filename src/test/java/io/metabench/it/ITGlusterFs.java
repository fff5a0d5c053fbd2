package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.fs.contract.ContractRun;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The namespace facts on a real GlusterFS 10 volume (one brick, glusterd and the brick on
 * 127.0.0.2), through its FUSE mount, as storage engineers measure it: {@code file://} on the
 * mount point, MetaBench's POSIX client. scripts/glusterfs-loopback.sh installs (Debian, as root)
 * and starts it, twice to show it is idempotent, and stops it afterwards, leaving no process and
 * no mount. Where GlusterFS cannot run (the script exits 3: not root, no FUSE, no packages) this
 * fails, unless {@code -Dmetabench.skip.glusterfs=true} asks to skip it. The clients are the
 * local file system's: only the base directories move onto the mount.
 */
class ITGlusterFs extends ITLocalFileSystem {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static File dir;
  private static File captures;

  @BeforeAll
  static void startVolume() throws Exception {
    dir = Files.createTempDirectory("metabench-glusterfs-").toFile();
    captures = Files.createTempDirectory("metabench-glusterfs-out-").toFile();
    ScriptRun first = script("start", dir.getPath(), "1800");
    if (first.exitCode == 3 && Boolean.getBoolean("metabench.skip.glusterfs")) {
      Assumptions.abort("GlusterFS cannot run here, and -Dmetabench.skip.glusterfs=true skips "
          + "it: " + first.stderr.trim());
    }
    assertThat(first.exitCode).as(first.toString()).isZero();
    assertThat(first.stdout).contains("MOUNTED " + mount());
    ScriptRun again = script("start", dir.getPath(), "1800");
    assertThat(again.exitCode).as(again.toString()).isZero();
    assertThat(mounts()).hasSize(1);
    assertThat(processes()).filteredOn(p -> p.startsWith("glusterd ")).hasSize(1);
    assertThat(script("status", dir.getPath()).exitCode).isZero();
  }

  @AfterAll
  static void stopVolume() throws Exception {
    if (dir == null) {
      return;
    }
    try {
      if (!mounts().isEmpty()) {
        ScriptRun stop = script("stop", dir.getPath());
        assertThat(stop.exitCode).as(stop.toString()).isZero();
        assertThat(mounts()).isEmpty();
        assertThat(processes()).isEmpty();
        assertThat(script("stop", dir.getPath()).exitCode).isZero();
        assertThat(script("status", dir.getPath()).exitCode).isNotZero();
      }
    } finally {
      FileUtil.fullyDelete(dir);
      FileUtil.fullyDelete(captures);
    }
  }

  private static File mount() {
    return new File(dir.getAbsoluteFile(), "mnt");
  }

  private static ScriptRun script(String... args) throws Exception {
    String[] cmd = new String[args.length + 1];
    cmd[0] = new File(PROJECT, "scripts/glusterfs-loopback.sh").getPath();
    System.arraycopy(args, 0, cmd, 1, args.length);
    return ScriptRun.exec(captures, captures, null, 5, cmd);
  }

  /** The lines of /proc/mounts for this volume's mount point. */
  private static List<String> mounts() throws IOException {
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(new File("/proc/mounts").toPath())) {
      if (line.contains(" " + mount() + " ")) {
        out.add(line);
      }
    }
    return out;
  }

  /**
   * The command lines of the processes that name this volume's directory: glusterd, the brick,
   * the FUSE client and the script's time-limit watchdog.
   */
  private static List<String> processes() throws IOException {
    List<String> out = new ArrayList<>();
    File[] procs = new File("/proc").listFiles((d, n) -> n.matches("\\d+"));
    for (File p : procs == null ? new File[0] : procs) {
      byte[] raw;
      try {
        raw = Files.readAllBytes(new File(p, "cmdline").toPath());
      } catch (IOException gone) {
        continue;
      }
      String cmd = new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
      if (cmd.contains(dir.getAbsolutePath())) {
        out.add(cmd.replaceFirst("^\\S*/", ""));
      }
    }
    return out;
  }

  @Override
  String baseUri(String name) {
    return new File(mount(), name).toURI().toString();
  }

  /**
   * Hadoop's contract suites on the mount: every test Hadoop's RawLocalFileSystem passes there,
   * MetaBench's POSIX client passes too.
   */
  @Test
  void hadoopsContractHoldsOnTheMountAsForHadoopsOwnClient() {
    File under = new File(mount(), "contract");
    ContractRun r = ContractRun.in(under);
    System.out.println("=== ITGlusterFs: Hadoop's contract tests on the mount\n" + r);
    assertThat(r.run).as("contract tests run").isGreaterThan(100);
    assertThat(r.regressions).as("contract tests the reference client passes on the mount and "
        + "PosixFileSystem fails").isEmpty();
  }
}
