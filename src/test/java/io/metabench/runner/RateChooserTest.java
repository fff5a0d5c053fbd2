package io.metabench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.stats.capacity.StepVerdict.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/** The search's choice of rates, against stores whose outcome at each rate is scripted. */
class RateChooserTest {
  /** Runs a search to its end; returns the rates offered. */
  private static List<Double> search(RateChooser c, DoubleFunction<Outcome> store) {
    List<Double> offered = new ArrayList<>();
    for (RateChooser.Next n = c.next(); n != null; n = c.next()) {
      offered.add(n.rate);
      Outcome o = store.apply(n.rate);
      c.record(n.rate, o, o == Outcome.HELD ? n.rate / 10_000 : 2);
    }
    return offered;
  }

  @Test
  void itGrowsBisectsToThePrecisionAndConfirmsThePair() {
    RateChooser c = new RateChooser(1000, 0.025, 30);
    List<Double> rates = search(c, r -> r <= 4_321 ? Outcome.HELD : Outcome.BROKEN);
    // 1,000 held with room (ratio 0.1): x4; then 4,000 held closer (0.4): x2 to 8,000.
    assertThat(rates.subList(0, 3)).containsExactly(1000.0, 4000.0, 8000.0);
    assertThat(c.held()).isLessThanOrEqualTo(4_321).isGreaterThan(4_321 / 1.025);
    assertThat((c.brokeAt() - c.held()) / c.held()).isLessThanOrEqualTo(0.025);
    assertThat(c.clientLimited()).isFalse();
    assertThat(c.ending()).isEmpty();
    // The last two steps re-ran the pair.
    assertThat(rates.subList(rates.size() - 2, rates.size())).containsExactly(c.held(),
        c.brokeAt());
  }

  @Test
  void aConfirmationThatBreaksMovesThePairDown() {
    RateChooser c = new RateChooser(1000, 0.025, 30);
    int[] runsAt = new int[1];
    List<Double> rates = search(c, r -> {
      // The store holds up to 4,321, but the first re-run of whatever was held last breaks.
      if (r > 4_321) {
        return Outcome.BROKEN;
      }
      return r > 4_000 && ++runsAt[0] == 4 ? Outcome.BROKEN : Outcome.HELD;
    });
    assertThat(c.held()).isLessThan(4_321);
    assertThat(c.ending()).isEmpty();
    assertThat(rates.size()).isLessThanOrEqualTo(30);
  }

  @Test
  void nothingHeldHalvesDownToItsFloorAndSaysSo() {
    RateChooser c = new RateChooser(8, 0.025, 30);
    List<Double> rates = search(c, r -> Outcome.BROKEN);
    assertThat(rates).containsExactly(8.0, 4.0, 2.0, 1.0, 0.5);
    assertThat(c.held()).isNaN();
    assertThat(c.ending()).isEqualTo("nothing held down to 0.5 ops/s");
  }

  @Test
  void aFloorOfItsOwnEndsTheHalvingThere() {
    // A replay's: a tenth of its log's recorded 100 commands a second.
    RateChooser c = new RateChooser(80, 0.025, 30, 10);
    List<Double> rates = search(c, r -> Outcome.BROKEN);
    assertThat(rates).containsExactly(80.0, 40.0, 20.0, 10.0);
    assertThat(c.ending()).isEqualTo("nothing held down to 10.0 ops/s");
  }

  /**
   * CI, 2026-11-27: near a store's 4,000 ops/s the client stood still 7 to 8 ms at 3,969, twice,
   * while 4,035 broke with no pause: the store's limit was reached, so the answer is the store's
   * (held 3,904, broke at 4,035), not the client's.
   */
  @Test
  void anInvalidStepBelowOneTheStoreBrokeLeavesTheAnswerTheStores() {
    RateChooser c = new RateChooser(2000, 0.025, 30);
    c.record(2000, Outcome.HELD, 0.1);
    c.record(8000, Outcome.BROKEN, 200);
    c.record(4035, Outcome.BROKEN, 3);
    c.record(3969, Outcome.INVALID, 1.6);
    c.record(3969, Outcome.INVALID, 1.5);
    c.record(3904, Outcome.HELD, 0.12);
    assertThat(c.held()).isEqualTo(3904);
    assertThat(c.brokeAt()).isEqualTo(3969);
    assertThat(c.clientLimited()).isFalse();
    assertThat(c.storeBrokeAt()).isEqualTo(4035);
    assertThat(c.answerBrokeAt()).isEqualTo(4035);
  }

  @Test
  void anInvalidStepAboveTheAnswerIsTheClientsLimit() {
    RateChooser c = new RateChooser(1000, 0.025, 30);
    search(c, r -> r <= 3_000 ? Outcome.HELD : Outcome.INVALID);
    assertThat(c.clientLimited()).isTrue();
    assertThat(c.held()).isLessThanOrEqualTo(3_000);
    assertThat(c.answerBrokeAt()).isEqualTo(c.brokeAt());
  }

  @Test
  void theStepLimitEndsASearchThatHasNotConverged() {
    RateChooser c = new RateChooser(1000, 0.0001, 6);
    List<Double> rates = search(c, r -> r <= 4_321 ? Outcome.HELD : Outcome.BROKEN);
    assertThat(rates).hasSize(6);
    assertThat(c.ending()).isEqualTo("stopped after 6 steps (the limit) before the pair "
        + "converged");
  }

  @Test
  void ratesAreRoundedToFourFigures() {
    assertThat(RateChooser.round(12_345.67)).isEqualTo(12_350.0);
    assertThat(RateChooser.round(0.1)).isEqualTo(RateChooser.MIN_RATE);
  }

  /**
   * A store that serves 1,000 a second at most, broken above: where it broke short of its rate,
   * the next rate is just above what it served, and the pair closes in fewer steps than halving.
   */
  @Test
  void aStepTheStoreBrokeShortOfItsRateNarrowsThePairToWhatItServed() {
    RateChooser c = new RateChooser(500, 0.025, 30);
    List<Double> offered = new ArrayList<>();
    for (RateChooser.Next n = c.next(); n != null; n = c.next()) {
      offered.add(n.rate);
      Outcome o = n.rate <= 1_000 ? Outcome.HELD : Outcome.BROKEN;
      c.record(n.rate, o, o == Outcome.HELD ? 0.5 : 2, Math.min(n.rate, 1_000));
    }
    // 500, 1,000 held; 2,000 broke serving 1,000: next 1,025 (not 1,500), broken: the pair.
    assertThat(offered).containsExactly(500.0, 1000.0, 2000.0, 1025.0, 1000.0, 1025.0);
    assertThat(c.held()).isEqualTo(1000.0);
    assertThat(c.brokeAt()).isEqualTo(1025.0);
  }
}
