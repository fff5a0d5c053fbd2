package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.op.OpType;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Operations pinned at rates of their own beside a searched mix (-capacityPin). */
class CapacityPinTest {
  private static CapacityPlan plan(String mix, String pins) {
    Configuration conf = new Configuration(false);
    conf.set(ConfigKeys.OPERATIONS, "mix");
    conf.set(ConfigKeys.MIX, mix);
    conf.set(ConfigKeys.CAPACITY, "p99=10ms");
    conf.set(ConfigKeys.CAPACITY_PIN, pins);
    return CapacityPlan.fromConfiguration(conf);
  }

  @Test
  void aStepsRateBesideThePinsIsSharedByTheMixsWeights() {
    CapacityPlan p = plan("stat:3,exists:1", "create_write:100,delete:20");
    MixSpec at = p.mixAt(520);
    assertThat(at.ops()).containsExactly(OpType.STAT, OpType.EXISTS, OpType.CREATE_WRITE,
        OpType.DELETE);
    // 400 left beside the pins' 120: stat 3/4 of it, exists 1/4; the pins as given.
    assertThat(at.weight(0)).isEqualTo(300.0);
    assertThat(at.weight(1)).isEqualTo(100.0);
    assertThat(at.weight(2)).isEqualTo(100.0);
    assertThat(at.weight(3)).isEqualTo(20.0);
    assertThat(at.total()).isEqualTo(520.0);
    // As a run reads it back from its configuration.
    assertThat(MixSpec.parse(at.toString())).isEqualTo(at);
    // The closed-loop probe paces nothing: the mix alone.
    assertThat(p.mixAt(0)).isEqualTo(MixSpec.parse("stat:3,exists:1"));
    assertThat(p.lowestRate(0.5)).isEqualTo(120.5);
    assertThat(p.parts()).isEqualTo(Arrays.asList(OpType.STAT, OpType.EXISTS,
        OpType.CREATE_WRITE, OpType.DELETE));
    assertThat(p.subject()).isEqualTo("the mix stat:3,exists:1 with create_write pinned at 100 "
        + "ops/s and delete pinned at 20 ops/s");
    assertThatThrownBy(() -> p.mixAt(120)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void withoutPinsAStepRunsTheMixAsGiven() {
    CapacityPlan p = plan("stat:3,exists:1", "");
    assertThat(p.mixAt(500)).isEqualTo(MixSpec.parse("stat:3,exists:1"));
    assertThat(p.lowestRate(0.5)).isEqualTo(0.5);
    assertThat(p.subject()).isEqualTo("the mix stat:3,exists:1");
  }

  /**
   * The answer names the prefill a search runs in: read by popularity, its items placed in it, or
   * only beside it.
   */
  @Test
  void theSubjectNamesThePrefillTheSearchRunsIn() {
    Configuration conf = new Configuration(false);
    conf.set(ConfigKeys.OPERATIONS, "create_write");
    conf.set(ConfigKeys.CAPACITY, "p99=10ms");
    conf.set(ConfigKeys.PREFILL_FILES, "10");
    assertThat(CapacityPlan.fromConfiguration(conf).subject())
        .isEqualTo("create_write beside a prefill tree of 10 files");
    conf.set(ConfigKeys.OPERATIONS, "stat");
    conf.set(ConfigKeys.ON_PREFILL, "uniform");
    assertThat(CapacityPlan.fromConfiguration(conf).subject())
        .isEqualTo("stat on a prefill tree of 10 files, uniform");
    conf.set(ConfigKeys.OPERATIONS, "create_write");
    assertThat(CapacityPlan.fromConfiguration(conf).subject())
        .isEqualTo("create_write in a prefill tree of 10 files, placed by uniform");
  }

  @Test
  void aPinThatChangesItemsMakesTheStepsMakeTheirOwn() {
    assertThat(plan("stat:3,exists:1", "").keepsNames()).isTrue();
    assertThat(plan("stat:3,exists:1", "chmod:10").keepsNames()).isTrue();
    assertThat(plan("stat:3,exists:1", "create_write:10").keepsNames()).isFalse();
  }

  @Test
  void aBoundOnAPinnedOperationIsJudged() {
    Configuration conf = new Configuration(false);
    conf.set(ConfigKeys.OPERATIONS, "mix");
    conf.set(ConfigKeys.MIX, "stat:1");
    conf.set(ConfigKeys.CAPACITY, "p99=10ms,create_write:p99=50ms");
    conf.set(ConfigKeys.CAPACITY_PIN, "create_write:100");
    assertThat(CapacityPlan.fromConfiguration(conf).bounds().of(OpType.CREATE_WRITE)).hasSize(2);
  }
}
