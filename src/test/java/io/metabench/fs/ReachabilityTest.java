package io.metabench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.net.ConnectException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class ReachabilityTest {
  private static Target target(String uri, Configuration conf) {
    return new Target(URI.create(uri), new Path(uri + "bench"), conf, null, null);
  }

  @Test
  void anObjectStoreThatTimesOutIsNamedWithItsEndpoint() {
    Configuration conf = new Configuration(false);
    conf.set("fs.oss.endpoint", "http://127.0.0.1:1");
    assertThatThrownBy(() -> Reachability.within(target("oss://bucket/", conf), 1, () -> {
      Thread.sleep(10_000);
      return null;
    })).isInstanceOf(InvalidInputException.class)
        .hasMessage("cannot reach oss://bucket/ (fs.oss.endpoint = http://127.0.0.1:1) within 1 s: "
            + "check the address and that the service is running (the limit is "
            + "metabench.connect.timeout.seconds)");
  }

  @Test
  void aPerBucketEndpointWinsAsItDoesInS3a() {
    Configuration conf = new Configuration(false);
    conf.set("fs.s3a.endpoint", "https://s3.example.com");
    conf.set("fs.s3a.bucket.data.endpoint", "http://10.0.0.7:9000");
    assertThatThrownBy(() -> Reachability.within(target("s3a://data/", conf), 5, () -> {
      throw new ConnectException("Connection refused\nmore lines");
    })).isInstanceOf(InvalidInputException.class)
        .hasMessage("cannot reach s3a://data/ (fs.s3a.bucket.data.endpoint = http://10.0.0.7:9000): "
            + "ConnectException: Connection refused; check the address and that the service is "
            + "running");
    assertThat(Reachability.describe(target("s3a://other/", conf)))
        .isEqualTo("s3a://other/ (fs.s3a.endpoint = https://s3.example.com)");
  }

  @Test
  void aFileSystemWithoutAnEndpointSettingIsNamedByItsUriAlone() {
    Configuration conf = new Configuration(false);
    assertThat(Reachability.describe(target("hdfs://nn:8020/", conf))).isEqualTo("hdfs://nn:8020/");
    conf.set("fs.s3a.endpoint", "");
    assertThat(Reachability.describe(target("s3a://b/", conf))).isEqualTo("s3a://b/");
  }
}
