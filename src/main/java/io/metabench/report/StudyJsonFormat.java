package io.metabench.report;

import io.metabench.core.Version;
import io.metabench.stats.StudyResult;
import io.metabench.stats.StudyRun;
import io.metabench.stats.SummaryRow;
import java.io.IOException;

/**
 * A study's JSON file: the plan's shape, every run (each as the JSON of a single run, so the
 * same reader serves both) and the summary rows. Documented in docs/output-formats.md; the
 * {@code report} command reads it back.
 */
public final class StudyJsonFormat {
  /** Bumped whenever a field of the study file changes meaning or goes away. */
  public static final int STUDY_SCHEMA_VERSION = 1;

  public void write(StudyResult result, Appendable out) throws IOException {
    JsonWriter w = new JsonWriter(out);
    w.beginObject();
    w.name("studySchemaVersion").value(STUDY_SCHEMA_VERSION);
    w.name("tool").value("MetaBench");
    w.name("toolVersion").value(Version.get());
    w.name("startedAt").value(JsonFormat.iso(result.startedAtEpochMillis()));
    w.name("threads").beginArray();
    for (int t : result.threadLevels()) {
      w.value(t);
    }
    w.endArray();
    w.name("iterations").value(result.iterations());
    w.name("targets").beginArray();
    for (String t : result.targets()) {
      w.value(t);
    }
    w.endArray();
    w.name("exitCode").value(result.exitCode());
    w.name("partial").value(!result.interruptedBy().isEmpty());
    w.name("interruptedBy").value(result.interruptedBy());
    w.name("runs").beginArray();
    for (StudyRun r : result.runs()) {
      w.beginObject();
      w.name("target").value(r.target());
      w.name("fileSystem").value(r.fsUri());
      w.name("threads").value(r.threads());
      w.name("iteration").value(r.iteration());
      w.name("error").value(r.error());
      if (r.result() != null) {
        w.name("result");
        JsonFormat.writeRun(w, r.result());
      }
      w.endObject();
    }
    w.endArray();
    w.name("summary").beginArray();
    for (SummaryRow r : result.summary().rows()) {
      w.beginObject();
      w.name("target").value(r.target());
      w.name("fileSystem").value(r.fsUri());
      w.name("operation").value(r.phase());
      w.name("threads").value(r.threads());
      w.name("iterations").value(r.iterations());
      w.name("tpsMean").value(r.tpsMean(), 3);
      w.name("tpsMin").value(r.tpsMin(), 3);
      w.name("tpsMax").value(r.tpsMax(), 3);
      w.name("tpsStdDev").value(r.tpsStdDev(), 3);
      w.name("successful").value(r.successes());
      w.name("failed").value(r.failed());
      w.name("latencyMs").beginObject();
      SummaryRow.Latency l = r.latency();
      w.name("mean").value(l.meanMs(), 6);
      w.name("p50").value(l.p50Ms(), 6);
      w.name("p90").value(l.p90Ms(), 6);
      w.name("p99").value(l.p99Ms(), 6);
      w.name("p999").value(l.p999Ms(), 6);
      w.name("max").value(l.maxMs(), 6);
      w.endObject();
      w.name("knee").value(r.knee());
      w.endObject();
    }
    w.endArray();
    w.endObject();
    w.finish();
  }
}
