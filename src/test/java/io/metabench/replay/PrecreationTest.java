package io.metabench.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrecreationTest {
  @Test
  void whatTheLogReadsOrRenamesButNeverMadeIsCreatedBeforehand() throws Exception {
    AuditLog a = ReplayScheduleTest.log(
        0, "open", "/old/f1",             // existed: a file
        1, "getfileinfo", "/probe",      // a probe settles nothing
        2, "create", "/probe",           // made by the log
        3, "open", "/probe",
        4, "listStatus", "/old/listed",  // existed: a directory
        5, "rename", "/old/r",           // existed: a file (no dst here)
        6, "mkdirs", "/new",
        7, "open", "/new/x",             // under a directory the log made: not precreated
        8, "setPermission", "/old/tree", // existed, and the log names a path below it: a dir
        9, "open", "/old/tree/leaf",     // existed: a file
        10, "open", "/old/f1");          // already settled
    Precreation p = Precreation.of(a.entries());
    assertThat(p.dirs()).containsExactly("/old/listed", "/old/tree");
    assertThat(p.files()).containsExactly("/old/f1", "/old/r", "/old/tree/leaf");
    assertThat(p.size()).isEqualTo(5);
  }

  @Test
  void renamesAreFollowedBackToTheOriginalName() throws Exception {
    StringBuilder sb = new StringBuilder();
    sb.append(AuditLogParserTest.line("2026-11-22 08:00:00,000", true, "u (auth:SIMPLE)",
        "rename", "/in/d", "/out/d", "null")).append('\n');
    sb.append(AuditLogParserTest.line("2026-11-22 08:00:00,001", true, "u (auth:SIMPLE)",
        "open", "/out/d/part-0", "null", "null")).append('\n');
    sb.append(AuditLogParserTest.line("2026-11-22 08:00:00,002", true, "u (auth:SIMPLE)",
        "create", "/out/d/_SUCCESS", "null", "null")).append('\n');
    sb.append(AuditLogParserTest.line("2026-11-22 08:00:00,003", true, "u (auth:SIMPLE)",
        "open", "/out/d/_SUCCESS", "null", "null")).append('\n');
    Precreation p = Precreation.of(AuditLog.read(new java.io.StringReader(sb.toString()), "t")
        .entries());
    // /out/d/part-0 was /in/d/part-0 before the rename; /in/d is a directory (it has entries).
    assertThat(p.dirs()).containsExactly("/in/d");
    assertThat(p.files()).containsExactly("/in/d/part-0");
  }

  @Test
  void aLogThatMakesEverythingItUsesNeedsNothing() throws Exception {
    AuditLog a = ReplayScheduleTest.log(0, "mkdirs", "/a", 1, "create", "/a/f", 2, "open",
        "/a/f", 3, "rename", "/a/f", 4, "delete", "/a");
    assertThat(Precreation.of(a.entries()).size()).isZero();
  }
}
