package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.config.MixSpec;
import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MixWorkloadTest {
  /**
   * Plays a mix against a model of the namespace, with random failures: every draw must be
   * possible on the model (a create of an absent file, anything else on a present one under its
   * current name), whatever failed before.
   */
  @Test
  void everyDrawIsPossibleOnTheNamespaceEvenAfterFailures() {
    MixSpec spec = MixSpec.parse("create_write:20,open_read:50,stat:20,rename:5,delete:5");
    int items = 300;
    MixWorkload w = new MixWorkload(spec, items, false, false, 1, 0);
    byte[] model = new byte[items]; // 0 absent, 1 first name, 2 renamed, 3 unknown
    Random failures = new Random(3);
    int[] drawn = new int[OpType.values().length];
    for (int k = 0; k < 20_000; k++) {
      assertThat(w.draw()).isTrue();
      int item = (int) w.item();
      OpType op = w.op();
      drawn[op.ordinal()]++;
      if (op == OpType.CREATE_WRITE) {
        assertThat(model[item]).as("create of item %d", item).isEqualTo((byte) 0);
      } else {
        assertThat(model[item]).as("%s of item %d", op, item).isIn((byte) 1, (byte) 2);
        assertThat(w.renamed()).isEqualTo(model[item] == 2);
      }
      boolean ok = failures.nextInt(100) != 0;
      w.settle(ok);
      if (op == OpType.CREATE_WRITE) {
        model[item] = ok ? (byte) 1 : 3;
      } else if (op == OpType.RENAME) {
        model[item] = !ok ? 3 : model[item] == 1 ? (byte) 2 : 1;
      } else if (op == OpType.DELETE) {
        model[item] = ok ? (byte) 0 : 3;
      }
    }
    int present = 0;
    for (byte b : model) {
      present += b == 1 || b == 2 ? 1 : 0;
    }
    assertThat(w.presentCount()).isEqualTo(present);
    assertThat(drawn[OpType.OPEN_READ.ordinal()]).isGreaterThan(drawn[OpType.STAT.ordinal()]);
  }

  @Test
  void aMixWithNothingToDrawSaysSo() {
    MixWorkload reads = new MixWorkload(MixSpec.parse("stat:1"), 5, false, false, 1, 0);
    assertThat(reads.draw()).isFalse();
    MixWorkload creates = new MixWorkload(MixSpec.parse("create_write:1"), 2, true, false, 1, 0);
    assertThat(creates.draw()).isFalse();
  }

  @Test
  void theSameSeedDrawsTheSameSequenceAndAnotherWorkerAnother() {
    MixSpec spec = MixSpec.parse("stat:1,open_read:1,exists:1");
    MixWorkload a = new MixWorkload(spec, 100, true, false, 42, 0);
    MixWorkload b = new MixWorkload(spec, 100, true, false, 42, 0);
    MixWorkload c = new MixWorkload(spec, 100, true, false, 42, 1);
    StringBuilder sa = new StringBuilder();
    StringBuilder sb = new StringBuilder();
    StringBuilder sc = new StringBuilder();
    for (int k = 0; k < 50; k++) {
      a.draw();
      b.draw();
      c.draw();
      sa.append(a.op()).append(a.item()).append(',');
      sb.append(b.op()).append(b.item()).append(',');
      sc.append(c.op()).append(c.item()).append(',');
    }
    assertThat(sa.toString()).isEqualTo(sb.toString()).isNotEqualTo(sc.toString());
  }

  @Test
  void specsAreCheckedPartByPart() {
    assertThat(MixSpec.parse("createWrite:2.5,stat:7").toString())
        .isEqualTo("create_write:2.5,stat:7");
    assertThat(MixSpec.parse("stat:1,exists:3").share(1)).isEqualTo(0.75);
    assertThatThrownBy(() -> MixSpec.parse("stat")).isInstanceOf(InvalidInputException.class)
        .hasMessage("-mix part 'stat' is not operation:weight with a positive weight; give e.g. "
            + "-mix create_write:20,open_read:50,stat:20,rename:5,delete:5");
    assertThatThrownBy(() -> MixSpec.parse("stat:0")).hasMessageContaining("positive weight");
    assertThatThrownBy(() -> MixSpec.parse("mkdirs:5")).hasMessageStartingWith(
        "-mix cannot draw mkdirs");
    assertThatThrownBy(() -> MixSpec.parse("stat:1,getFileStatus:2")).hasMessage(
        "-mix names stat twice; give each operation once with its weight");
  }
}
