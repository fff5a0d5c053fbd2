package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.core.Version;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import io.metabench.stats.study.UslFit;
import java.io.IOException;

/**
 * A study's JSON file: the plan's shape, every run (each as the JSON of a single run, so the
 * same reader serves both) and the summary rows. Documented in docs/output-formats.md; the
 * {@code report} command reads it back.
 */
public final class StudyJsonFormat implements ResultFormat<StudyResult> {
  /** Bumped whenever a field of the study file changes meaning or goes away. */
  public static final int STUDY_SCHEMA_VERSION = 1;

  @Override
  public void write(StudyResult result, Appendable out) throws IOException {
    JsonGenerator w = JsonOutput.document(out, "studySchemaVersion", STUDY_SCHEMA_VERSION);
    w.writeStringField("toolVersion", Version.get());
    w.writeStringField("startedAt", JsonFormat.iso(result.startedAtEpochMillis()));
    w.writeArrayFieldStart("threads");
    for (int t : result.threadLevels()) {
      w.writeNumber(t);
    }
    w.writeEndArray();
    w.writeNumberField("iterations", result.iterations());
    w.writeArrayFieldStart("targets");
    for (String t : result.targets()) {
      w.writeString(t);
    }
    w.writeEndArray();
    w.writeNumberField("exitCode", result.exitCode());
    w.writeBooleanField("partial", !result.interruptedBy().isEmpty());
    w.writeStringField("interruptedBy", result.interruptedBy());
    w.writeArrayFieldStart("runs");
    for (StudyRun r : result.runs()) {
      w.writeStartObject();
      w.writeStringField("target", r.target());
      w.writeStringField("fileSystem", r.fsUri());
      w.writeNumberField("threads", r.threads());
      w.writeNumberField("iteration", r.iteration());
      w.writeStringField("error", r.error());
      if (r.result() != null) {
        w.writeFieldName("result");
        JsonFormat.writeRun(w, r.result());
      }
      w.writeEndObject();
    }
    w.writeEndArray();
    w.writeArrayFieldStart("summary");
    for (SummaryRow r : result.summary().rows()) {
      writeSummaryRow(w, r);
    }
    w.writeEndArray();
    writeProjections(w, result.summary());
    w.writeEndObject();
    JsonOutput.finish(w);
  }

  /**
   * {@code uslProjections}: per target and operation with {@link UslFit#LEVELS} thread levels or
   * more, the Universal Scalability Law's fit and its projected ceiling (docs/studies.md).
   */
  private static void writeProjections(JsonGenerator w, StudySummary s) throws IOException {
    w.writeArrayFieldStart("uslProjections");
    for (String target : s.targets()) {
      for (String phase : s.phases()) {
        UslFit f = s.projection(target, phase);
        if (f == null) {
          continue;
        }
        w.writeStartObject();
        w.writeStringField("target", target);
        w.writeStringField("operation", phase);
        w.writeNumberField("levels", f.levels());
        JsonOutput.number(w, "lambda", f.lambda(), 6);
        JsonOutput.number(w, "sigma", f.sigma(), 6);
        JsonOutput.number(w, "kappa", f.kappa(), 9);
        JsonOutput.number(w, "rSquared", f.rSquared(), 6);
        JsonOutput.number(w, "peakThreads", f.peakThreads(), 3);
        JsonOutput.number(w, "ceilingPerSecond", f.ceiling(), 3);
        w.writeStringField("line", f.describe());
        w.writeEndObject();
      }
    }
    w.writeEndArray();
  }

  /**
   * One row of a study's summary as a JSON object: the study file's {@code summary} array and
   * the data of the HTML report (docs/reports.md) write their rows with it.
   */
  public static void writeSummaryRow(JsonGenerator w, SummaryRow r) throws IOException {
    w.writeStartObject();
    w.writeStringField("target", r.target());
    w.writeStringField("fileSystem", r.fsUri());
    w.writeStringField("operation", r.phase());
    w.writeNumberField("threads", r.threads());
    w.writeNumberField("iterations", r.iterations());
    JsonOutput.number(w, "tpsMean", r.tpsMean(), 3);
    JsonOutput.number(w, "tpsMin", r.tpsMin(), 3);
    JsonOutput.number(w, "tpsMax", r.tpsMax(), 3);
    JsonOutput.number(w, "tpsStdDev", r.tpsStdDev(), 3);
    w.writeNumberField("successful", r.successes());
    w.writeNumberField("failed", r.failed());
    w.writeObjectFieldStart("latencyMs");
    SummaryRow.Latency l = r.latency();
    JsonOutput.number(w, "mean", l.meanMs(), 6);
    JsonOutput.number(w, "p50", l.p50Ms(), 6);
    JsonOutput.number(w, "p90", l.p90Ms(), 6);
    JsonOutput.number(w, "p99", l.p99Ms(), 6);
    JsonOutput.number(w, "p999", l.p999Ms(), 6);
    JsonOutput.number(w, "max", l.maxMs(), 6);
    w.writeEndObject();
    w.writeBooleanField("knee", r.knee());
    w.writeNumberField("unsteadyIterations", r.unsteady());
    w.writeNumberField("clientBoundIterations", r.clientBound());
    w.writeEndObject();
  }
}
