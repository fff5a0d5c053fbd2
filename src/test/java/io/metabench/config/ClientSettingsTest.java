package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ClientSettingsTest {
  @Test
  void onlySettingsThatDifferFromHadoopsDefaultsAreRecordedAndMetaBenchsAreLeftOut() {
    Configuration conf = new Configuration();
    conf.set("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "10");
    conf.set("io.file.buffer.size", new Configuration().get("io.file.buffer.size"));
    conf.set("metabench.threads", "8");
    Map<String, String> s = ClientSettings.differingFromDefaults(conf);
    assertThat(s).containsEntry("dfs.client.block.write.locateFollowingBlock.initial.delay.ms",
        "10");
    assertThat(s).doesNotContainKey("io.file.buffer.size").doesNotContainKey("metabench.threads")
        .doesNotContainKey("fs.defaultFS");
  }

  @Test
  void everyCredentialLikeValueIsRedacted() {
    Configuration conf = new Configuration();
    String[] secrets = {"fs.s3a.secret.key", "fs.s3a.access.key", "fs.s3a.session.token",
        "fs.s3a.bucket.b.secret.key", "fs.azure.account.key.acct.blob.core.windows.net",
        "fs.oss.accessKeySecret", "fs.oss.accessKeyId", "ssl.server.keystore.password",
        "juicefs.token", "fs.gs.auth.client.secret", "dfs.encryption.key.provider.uri",
        "my.private.key", "fs.adl.oauth2.credential"};
    for (String key : secrets) {
      conf.set(key, "TOP-SECRET-" + key);
    }
    conf.set("juicefs.meta", "mysql://root:HUNTER2@(db:3306)/juicefs");
    conf.set("dfs.block.access.token.enable", "true");
    conf.set("fs.s3a.aws.credentials.provider",
        "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    conf.set("hadoop.security.credential.provider.path", "jceks://file/etc/keys.jceks");
    Map<String, String> s = ClientSettings.differingFromDefaults(conf);
    for (String key : secrets) {
      assertThat(s).as(key).containsEntry(key, ClientSettings.REDACTED);
    }
    assertThat(s.toString()).doesNotContain("TOP-SECRET").doesNotContain("HUNTER2");
    assertThat(s).containsEntry("juicefs.meta", "mysql://root:<redacted>@(db:3306)/juicefs");
    assertThat(s).containsEntry("dfs.block.access.token.enable", "true");
    // where credentials come from is a setting, not a credential
    assertThat(s).containsEntry("fs.s3a.aws.credentials.provider",
        "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    assertThat(s).containsEntry("hadoop.security.credential.provider.path",
        "jceks://file/etc/keys.jceks");
  }

  @Test
  void credentialsInJvmArgumentsAreRedacted() {
    assertThat(ClientSettings.redactJvmArgument("-Dfs.s3a.secret.key=abc"))
        .isEqualTo("-Dfs.s3a.secret.key=<redacted>");
    assertThat(ClientSettings.redactJvmArgument("-Durl=redis://u:pw@host:6379/1"))
        .isEqualTo("-Durl=redis://u:<redacted>@host:6379/1");
    assertThat(ClientSettings.redactJvmArgument("-Xmx1g")).isEqualTo("-Xmx1g");
  }
}
