package io.metabench.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.namespace.ShapeProfile;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code profile -auditLog}: the namespace an audit log shows existed before it began, as a
 * profile a synthesis reads, its paths' shape only (no file's size or time).
 */
class ProfileCommandTest {
  @TempDir
  File dir;

  private static String line(int ms, String cmd, String src) {
    return String.format("2026-11-22 08:00:00,%03d INFO FSNamesystem.audit: allowed=true\t"
        + "ugi=u (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s\tsrc=%s\tdst=null\tperm=null\tproto=rpc",
        ms, cmd, src);
  }

  @Test
  void anAuditLogsNamespaceIsProfiledAsFarAsItShowsIt() throws Exception {
    File log = new File(dir, "hdfs-audit.log");
    Files.write(log.toPath(), String.join("\n",
        line(0, "open", "/warehouse/t/dt=2026-11-01/part-00000"),
        line(1, "open", "/warehouse/t/dt=2026-11-01/part-00001"),
        line(2, "open", "/warehouse/t/dt=2026-11-02/part-00000"),
        line(3, "listStatus", "/warehouse/empty"),
        line(4, "create", "/tmp/new-file"),
        line(5, "open", "/top-file"), "").getBytes(StandardCharsets.UTF_8));
    File out = new File(dir, "out");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), dir, "profile", "-outDir",
        out.getPath(), "-auditLog", log.getPath());
    assertThat(r.exitCode).as(r.stderr).isZero();
    // Files: the three parts and /top-file (the log's own create is not the namespace before
    // it); directories: /, /warehouse, /warehouse/t, its two dt= and /warehouse/empty.
    assertThat(r.stdout).contains("4 files in 6 directories", "file sizes unknown");
    File json = new File(out, "profile.json");
    JsonNode p = new ObjectMapper().readTree(json);
    assertThat(p.path("source").path("kind").asText()).isEqualTo("audit log");
    assertThat(p.has("fileSizes")).isFalse();
    assertThat(p.has("fileAgesHours")).isFalse();
    assertThat(p.path("byDepth").get(1).path("files").asLong()).isEqualTo(1);
    assertThat(p.path("byDepth").get(4).path("files").asLong()).isEqualTo(3);
    assertThat(p.path("names").path("directoryClasses").toString()).contains("\"key=value\":2");
    // A synthesis reads it as it reads an image's profile.
    assertThat(ShapeProfile.load(json.getPath()).toString()).contains("sha256");
  }

  @Test
  void aMissingAuditLogIsRefusedInOneLine() throws Exception {
    File scratch = new File(dir, "scratch");
    assertThat(scratch.mkdir()).isTrue();
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "profile", "-outDir",
        new File(dir, "o").getPath(), "-auditLog", new File(dir, "nope.log").getPath());
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr.trim()).endsWith("nope.log does not exist or is not a file: give a "
        + "NameNode audit log (hdfs-audit.log, plain or .gz)");
    assertThat(dir.list()).containsExactly("scratch");
  }
}
