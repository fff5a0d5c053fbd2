package io.metabench.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.op.OpType;
import org.junit.jupiter.api.Test;

/** Audit lines in the format Hadoop 3.4's FSNamesystem audit logger writes (tab-separated). */
class AuditLogParserTest {
  static final String PREFIX = "2026-11-22 08:45:07,440 INFO FSNamesystem.audit: ";

  /** A line as the NameNode writes it: the log4j prefix, then tab-separated fields. */
  static String line(String time, boolean allowed, String ugi, String cmd, String src,
      String dst, String perm) {
    return time + " INFO FSNamesystem.audit: allowed=" + allowed + "\tugi=" + ugi
        + "\tip=/127.0.0.1\tcmd=" + cmd + "\tsrc=" + src + "\tdst=" + dst + "\tperm=" + perm
        + "\tproto=rpc";
  }

  private static AuditEvent parse(String line) {
    AuditLogParser.Outcome o = AuditLogParser.parse(line, 7);
    assertThat(o.kind()).as(o.problem()).isEqualTo(AuditLogParser.Kind.AUDIT);
    return o.event();
  }

  @Test
  void aCreateLineGivesEveryField() {
    AuditEvent e = parse(line("2026-11-22 08:45:07,440", true, "alice (auth:SIMPLE)", "create",
        "/user/alice/f", "null", "alice:supergroup:rw-r--r--"));
    assertThat(e.lineNumber()).isEqualTo(7);
    assertThat(e.allowed()).isTrue();
    assertThat(e.ugi()).isEqualTo("alice (auth:SIMPLE)");
    assertThat(e.ip()).isEqualTo("/127.0.0.1");
    assertThat(e.cmd()).isEqualTo("create");
    assertThat(e.src()).isEqualTo("/user/alice/f");
    assertThat(e.dst()).isNull();
    assertThat(e.perm()).isEqualTo("alice:supergroup:rw-r--r--");
    // 2026-11-22T08:45:07.440Z
    assertThat(e.epochMillis()).isEqualTo(1795337107440L);
    assertThat(AuditCommand.of(e.cmd())).isEqualTo(AuditCommand.CREATE);
  }

  @Test
  void renameCarriesItsDestinationAndTheOptionsFormIsARenameToo() {
    AuditEvent e = parse(line("2026-11-22 08:45:08,001", true, "bob (auth:SIMPLE)", "rename",
        "/data/a", "/data/b", "bob:supergroup:rw-r--r--"));
    assertThat(e.dst()).isEqualTo("/data/b");
    AuditEvent o = parse(line("2026-11-22 08:45:08,002", true, "bob (auth:SIMPLE)",
        "rename (options=[OVERWRITE])", "/data/b", "/data/c", "bob:supergroup:rw-r--r--"));
    assertThat(o.cmd()).isEqualTo("rename (options=[OVERWRITE])");
    assertThat(AuditCommand.of(o.cmd())).isEqualTo(AuditCommand.RENAME);
  }

  @Test
  void pathsKeepSpacesAndEqualsSignsAndJavaEscapesAreUndone() {
    AuditEvent e = parse(line("2026-11-22 08:45:07,440", true, "alice (auth:SIMPLE)", "mkdirs",
        "/user/alice/my dir/k=v, x", "null", "alice:supergroup:rwxr-xr-x"));
    assertThat(e.src()).isEqualTo("/user/alice/my dir/k=v, x");
    // The NameNode escapes src with StringEscapeUtils.escapeJava: a tab, a backslash, non-ASCII.
    AuditEvent x = parse(line("2026-11-22 08:45:07,440", true, "alice (auth:SIMPLE)", "create",
        "/a\\tb/c\\\\d/\\u00e9t\\u00e9", "null", "null"));
    assertThat(x.src()).isEqualTo("/a\tb/c\\d/\u00e9t\u00e9");
  }

  @Test
  void proxyUsersCallerContextAndSpaceSeparatedLogsAreRead() {
    String proxied = line("2026-11-22 08:45:07,440", true,
        "hive (auth:PROXY) via hdfs (auth:SIMPLE)", "open", "/w/t", "null", "null")
        + "\tcallerContext=mr_attempt_1:0";
    assertThat(parse(proxied).ugi()).isEqualTo("hive (auth:PROXY) via hdfs (auth:SIMPLE)");
    assertThat(parse(proxied).src()).isEqualTo("/w/t");
    AuditEvent spaced = parse(PREFIX + "allowed=true ugi=alice (auth:SIMPLE) ip=/10.1.2.3 "
        + "cmd=rename (options=[NONE]) src=/a b dst=/c perm=null proto=rpc");
    assertThat(spaced.cmd()).isEqualTo("rename (options=[NONE])");
    assertThat(spaced.src()).isEqualTo("/a b");
    assertThat(spaced.dst()).isEqualTo("/c");
  }

  @Test
  void otherLinesAndBrokenAuditLinesAreToldApart() {
    assertThat(AuditLogParser.parse("2026-11-22 08:45:07,440 INFO BlockStateChange: BLOCK* "
        + "addStoredBlock", 1).kind()).isEqualTo(AuditLogParser.Kind.OTHER);
    assertThat(AuditLogParser.parse("", 2).kind()).isEqualTo(AuditLogParser.Kind.OTHER);
    AuditLogParser.Outcome noTime = AuditLogParser.parse("INFO audit: allowed=true\tugi=a\t"
        + "ip=/1\tcmd=open\tsrc=/f\tdst=null\tperm=null\tproto=rpc", 3);
    assertThat(noTime.kind()).isEqualTo(AuditLogParser.Kind.MALFORMED);
    assertThat(noTime.problem()).contains("time");
    AuditLogParser.Outcome noSrc = AuditLogParser.parse(PREFIX + "allowed=true\tugi=a\t"
        + "ip=/1\tcmd=open", 4);
    assertThat(noSrc.kind()).isEqualTo(AuditLogParser.Kind.MALFORMED);
  }

  @Test
  void aLogCountsWhatItDoesNotReplayByCommand() throws Exception {
    String log = String.join("\n",
        line("2026-11-22 08:45:07,000", true, "a (auth:SIMPLE)", "mkdirs", "/d", "null", "p"),
        "2026-11-22 08:45:07,001 INFO some.Other: not an audit line",
        line("2026-11-22 08:45:07,100", true, "a (auth:SIMPLE)", "create", "/d/f", "null", "p"),
        line("2026-11-22 08:45:07,200", true, "a (auth:SIMPLE)", "contentSummary", "/d", "null",
            "null"),
        line("2026-11-22 08:45:07,300", true, "a (auth:SIMPLE)", "setOwner", "/d/f", "null",
            "b:g:rw-r--r--"),
        line("2026-11-22 08:45:07,400", false, "b (auth:SIMPLE)", "open", "/d/f", "null", "null"),
        line("2026-11-22 08:45:07,500", false, "b (auth:SIMPLE)", "open", "/d/f", "null", "null"),
        line("2026-11-22 08:45:07,600", true, "a (auth:SIMPLE)", "listCachePools", "null", "null",
            "null"),
        line("2026-11-22 08:45:09,000", true, "a (auth:SIMPLE)", "open", "/d/f", "null", "null"));
    AuditLog a = AuditLog.ofText(log, "test");
    assertThat(a.lines()).isEqualTo(9);
    assertThat(a.auditLines()).isEqualTo(8);
    assertThat(a.otherLines()).isEqualTo(1);
    assertThat(ReplayScheduleTest.entries(a)).extracting(e -> e.command()).containsExactly(AuditCommand.MKDIRS,
        AuditCommand.CREATE, AuditCommand.CONTENT_SUMMARY, AuditCommand.OPEN);
    assertThat(a.unsupported()).containsEntry("setOwner", 1L)
        .containsEntry("listCachePools", 1L).hasSize(2);
    assertThat(a.denied()).containsEntry("open", 2L).hasSize(1);
    assertThat(a.operations()).containsExactly(OpType.CREATE_WRITE, OpType.OPEN_READ,
        OpType.MKDIRS, OpType.COUNT);
    assertThat(a.spanMillis()).isEqualTo(2000);
  }

  @Test
  void setPermissionTakesTheModeThePermFieldRecords() {
    assertThat(AuditCommand.mode("alice:supergroup:rwx------").toShort()).isEqualTo((short) 0700);
    assertThat(AuditCommand.mode("alice:supergroup:rwxrwxrwt").toShort())
        .isEqualTo((short) 01777);
    assertThat(AuditCommand.mode(null).toShort()).isEqualTo((short) 0644);
    assertThat(AuditCommand.mode("garbage").toShort()).isEqualTo((short) 0644);
  }
}
