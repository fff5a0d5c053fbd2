package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** MetaBench's own defaults for Hadoop keys never override what the user set. */
class UserSettingsTest {
  @Test
  void aValueFromHadoopsDefaultsIsNotTheUsers() {
    Configuration conf = new Configuration();
    assertThat(conf.get("fs.defaultFS")).isEqualTo("file:///");
    assertThat(UserSettings.isSetByUser(conf, "fs.defaultFS")).isFalse();
    UserSettings.setUnlessUserSet(conf, "fs.defaultFS", "hdfs://x:1");
    assertThat(conf.get("fs.defaultFS")).isEqualTo("hdfs://x:1");
  }

  @Test
  void aValueTheUserSetStays() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    assertThat(UserSettings.isSetByUser(conf, "fs.defaultFS")).isTrue();
    UserSettings.setUnlessUserSet(conf, "fs.defaultFS", "hdfs://x:1");
    assertThat(conf.get("fs.defaultFS")).isEqualTo("file:///");
  }

  @Test
  void anUnsetKeyGetsMetaBenchsValue() {
    Configuration conf = new Configuration(false);
    assertThat(UserSettings.isSetByUser(conf, "mapreduce.map.maxattempts")).isFalse();
    UserSettings.setUnlessUserSet(conf, "mapreduce.map.maxattempts", "1");
    assertThat(conf.get("mapreduce.map.maxattempts")).isEqualTo("1");
  }
}
