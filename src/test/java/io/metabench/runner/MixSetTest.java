package io.metabench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.MixSpec;
import org.junit.jupiter.api.Test;

/**
 * A mix step's working set: present files enough for its deletes and for its reads to spread,
 * absent ones enough for its creates, as the mix's fill (a whole percent) makes them.
 */
class MixSetTest {
  /** The files present when a mix fills {@code items} to {@code percent} (as PhaseKinds does). */
  private static long present(CapacitySearch.MixSet s) {
    return s.items * s.fillPercent / 100;
  }

  @Test
  void eachPartHoldsWhatTheStepsDrawsUseWithRoomForChance() {
    // 4,000 operations a worker: 800 creates and 200 deletes drawn, on average.
    CapacitySearch.MixSet s = CapacitySearch.MixSet.of(
        MixSpec.parse("create_write:20,stat:70,delete:5,rename:5"), 4_000);
    assertThat(present(s)).isGreaterThanOrEqualTo(320);
    assertThat(s.items - present(s)).isGreaterThanOrEqualTo(980);
    assertThat(s.items).isLessThan(1_400);
  }

  @Test
  void aMixThatCreatesNothingIsMadeWholeFirst() {
    CapacitySearch.MixSet s = CapacitySearch.MixSet.of(MixSpec.parse("stat:80,open_read:20"),
        50_000);
    assertThat(s.fillPercent).isEqualTo(100);
    assertThat(s.items).isEqualTo(CapacitySearch.MIX_READ_FILES);
  }

  @Test
  void aMixOfCreatesAloneStillHasFilesToRead() {
    CapacitySearch.MixSet s = CapacitySearch.MixSet.of(MixSpec.parse("create_write:99,stat:1"),
        10_000);
    assertThat(present(s)).isGreaterThanOrEqualTo(CapacitySearch.MIX_READ_FILES);
    assertThat(s.items - present(s)).isGreaterThanOrEqualTo(10_990);
  }

  @Test
  void aMixOfOperationsThatKeepTheirItemsReadsOneSetForTheWholeSearch() {
    assertThat(MixSpec.parse("stat:3,exists:1,open_read:1,chmod:1").keepsNames()).isTrue();
    assertThat(MixSpec.parse("stat:99,delete:1").keepsNames()).isFalse();
    assertThat(MixSpec.parse("stat:99,create_write:1").keepsNames()).isFalse();
    assertThat(MixSpec.NONE.keepsNames()).isFalse();
  }
}
