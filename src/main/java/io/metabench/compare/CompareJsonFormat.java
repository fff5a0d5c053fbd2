package io.metabench.compare;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.report.JsonOutput;
import io.metabench.report.ResultFormat;
import java.io.IOException;
import org.HdrHistogram.Histogram;

/**
 * The comparison as JSON (compare.json; docs/compare.md lists the fields). Stateless.
 */
public final class CompareJsonFormat implements ResultFormat<Comparison> {
  /** Bumped whenever a field changes meaning or goes away. */
  public static final int COMPARE_SCHEMA_VERSION = 1;

  @Override
  public void write(Comparison c, Appendable out) throws IOException {
    JsonGenerator w = JsonOutput.document(out, "compareSchemaVersion", COMPARE_SCHEMA_VERSION);
    w.writeStringField("baseline", c.baseline());
    w.writeStringField("candidate", c.candidate());
    JsonOutput.number(w, "threshold", c.threshold(), 4);
    JsonOutput.number(w, "confidence", c.confidence(), 4);
    w.writeObjectFieldStart("verdicts");
    w.writeNumberField("faster", c.count(Comparison.Verdict.FASTER));
    w.writeNumberField("slower", c.count(Comparison.Verdict.SLOWER));
    w.writeNumberField("noSignificantChange", c.count(Comparison.Verdict.SAME));
    w.writeEndObject();
    w.writeNumberField("exitCode", c.exitCode());
    w.writeArrayFieldStart("warnings");
    for (String warning : c.warnings()) {
      w.writeString(warning);
    }
    w.writeEndArray();
    w.writeArrayFieldStart("rows");
    for (Comparison.Row r : c.rows()) {
      writeRow(w, r);
    }
    w.writeEndArray();
    w.writeEndObject();
    JsonOutput.finish(w);
  }

  private static void writeRow(JsonGenerator w, Comparison.Row r) throws IOException {
    w.writeStartObject();
    w.writeStringField("phase", r.baseline.phase());
    w.writeNumberField("threads", r.baseline.threads());
    w.writeStringField("baselineTarget", r.baseline.target());
    w.writeStringField("candidateTarget", r.candidate.target());
    side(w, "baseline", r.baseline);
    side(w, "candidate", r.candidate);
    JsonOutput.number(w, "ratio", r.tps.ratio, 4);
    JsonOutput.number(w, "low", r.tps.low, 4);
    JsonOutput.number(w, "high", r.tps.high, 4);
    w.writeStringField("basis", r.basis.id());
    w.writeNumberField("baselineSamples", r.baselineSamples);
    w.writeNumberField("candidateSamples", r.candidateSamples);
    w.writeStringField("verdict", r.verdict.text());
    w.writeObjectFieldStart("latencyRatio");
    for (int i = 0; i < Comparison.PERCENTILES.length; i++) {
      JsonOutput.number(w, Comparison.PERCENTILE_NAMES[i], r.latencyRatios[i], 4);
    }
    w.writeEndObject();
    JsonOutput.number(w, "ksD", r.ks.d, 4);
    JsonOutput.number(w, "ksP", r.ks.p, 4);
    w.writeBooleanField("latencyDiffers", r.latencyDiffers);
    w.writeEndObject();
  }

  private static void side(JsonGenerator w, String name, Side.Row s) throws IOException {
    w.writeObjectFieldStart(name);
    w.writeNumberField("iterations", s.iterations());
    JsonOutput.number(w, "tpsMean", s.tpsMean(), 3);
    w.writeArrayFieldStart("iterationTps");
    for (double t : s.iterationTps()) {
      JsonOutput.number(w, t, 3);
    }
    w.writeEndArray();
    w.writeNumberField("successful", s.successes());
    w.writeNumberField("failed", s.failed());
    w.writeObjectFieldStart("latencyMs");
    Histogram h = s.latency();
    for (int i = 0; i < Comparison.PERCENTILES.length; i++) {
      JsonOutput.number(w, Comparison.PERCENTILE_NAMES[i], h.getTotalCount() == 0 ? Double.NaN
          : h.getValueAtPercentile(Comparison.PERCENTILES[i]) / 1e6, 6);
    }
    w.writeEndObject();
    w.writeEndObject();
  }
}
