package io.metabench.report;

import io.metabench.config.CapacityPlan;
import io.metabench.config.ConfigKeys;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStep;
import io.metabench.stats.capacity.CapacityStudy;
import io.metabench.stats.capacity.StepVerdict;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/**
 * A capacity search of create_write for the formats' golden files: {@link ReportFixture}'s run as
 * the closed-loop probe and as two steps, judged as the search judges them (400 ops/s held; 800
 * offered, 400 achieved).
 */
public final class CapacityFixture {
  private CapacityFixture() {
  }

  public static CapacityResult result() {
    Configuration conf = new Configuration(false);
    conf.set(ConfigKeys.OPERATIONS, "create_write");
    conf.set(ConfigKeys.CAPACITY, "p99=50ms");
    CapacityPlan plan = CapacityPlan.fromConfiguration(conf);
    RunResult run = ReportFixture.result();
    PhaseResult p = run.phases().get(0);
    return new CapacityResult(plan, "hdfs://nn.example:8020", 4, Arrays.asList(
        new CapacityStep(0, CapacityStep.Kind.PROBE, 0, run, p, null),
        new CapacityStep(1, CapacityStep.Kind.STEP, 400, run, p,
            StepVerdict.judge(p, 400, plan.bounds().of(p.op()), 0.01, true)),
        new CapacityStep(2, CapacityStep.Kind.CONFIRM, 800, run, p,
            StepVerdict.judge(p, 800, plan.bounds().of(p.op()), 0.01, true))),
        400, 800, false, "", 95.5);
  }

  /**
   * Two targets side by side: {@link #result()} as "direct", and the same steps through a router
   * that held half its rate, as "router".
   */
  public static CapacityStudy study() {
    CapacityResult direct = result();
    CapacityResult router = new CapacityResult(direct.plan(), "hdfs://router.example:8888", 4,
        direct.steps(), 200, 205, false, "", 61.2);
    return new CapacityStudy(Arrays.asList("direct", "router"), Arrays.asList(direct, router));
  }
}
