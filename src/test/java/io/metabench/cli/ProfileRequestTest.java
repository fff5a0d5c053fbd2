package io.metabench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.io.File;
import org.junit.jupiter.api.Test;

/** {@code profile}'s arguments: an fsimage file, or a tree's URI with its listing workers. */
class ProfileRequestTest {
  @Test
  void aFileIsAnImageAndAUriATreeToList() {
    ProfileRequest image = ProfileRequest.parse(new String[] {"/tmp/fsimage_0000000000000000001"});
    assertThat(image.image()).isEqualTo(new File("/tmp/fsimage_0000000000000000001"));
    assertThat(image.listing()).isNull();
    ProfileRequest tree = ProfileRequest.parse(new String[] {"-threads", "16", "-outDir", "p",
        "hdfs://nn:8020/data"});
    assertThat(tree.image()).isNull();
    assertThat(tree.listing().toString()).isEqualTo("hdfs://nn:8020/data");
    assertThat(tree.threads()).isEqualTo(16);
    assertThat(tree.outDir()).isEqualTo("p");
    assertThat(ProfileRequest.parse(new String[] {"s3a://bucket/w"}).threads())
        .isEqualTo(ProfileRequest.LISTING_THREADS);
  }

  @Test
  void workersForAnImageOrOutOfRangeAreRefusedInOneLine() {
    assertThatThrownBy(() -> ProfileRequest.parse(new String[] {"-threads", "4", "fsimage_1"}))
        .isInstanceOf(InvalidInputException.class).hasMessage("profile -threads lists a "
        + "directory tree (a URI such as hdfs://nn:8020/data); an fsimage file is read by one: "
        + "drop -threads");
    assertThatThrownBy(() -> ProfileRequest.parse(new String[] {"-threads", "0", "hdfs://nn/"}))
        .hasMessage("profile -threads '0' is not a number of workers from 1 to 1000; give one "
        + "such as 8");
    assertThatThrownBy(() -> ProfileRequest.parse(new String[] {"hdfs://nn:80 20/"}))
        .hasMessageStartingWith("profile: 'hdfs://nn:80 20/' is not a URI (");
    assertThatThrownBy(() -> ProfileRequest.parse(new String[] {"a", "b"})).hasMessageStartingWith(
        "profile reads one fsimage file or one directory tree, 2 given; usage: profile");
  }
}
