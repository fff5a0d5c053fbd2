package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.core.Version;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStudy;
import java.io.IOException;
import java.util.Locale;

/**
 * Capacity searches of several targets side by side (docs/capacity.md, "Side by side"): one row
 * a target, with the rate it held, its ratio to the first target's, where it broke, whether that
 * was the client's limit, its steps and its time; then each target's answer. Each search's own
 * files are in its directory.
 *
 * <p>Stateless.
 */
public final class CapacityStudyFormat {
  /** Bumped whenever a field of the file changes meaning or goes away. */
  public static final int SCHEMA_VERSION = 1;

  private CapacityStudyFormat() {
  }

  /** {@link ResultFormatType#CAPACITY_STUDY_TEXT}: the table, then every answer. */
  static final class Text implements ResultFormat<CapacityStudy> {
    @Override
    public void write(CapacityStudy s, Appendable out) throws IOException {
      CapacityResult first = s.results().get(0);
      out.append(String.format(Locale.ROOT, "capacity of %s at %s, %d workers, each step %s: "
          + "%d targets, searched one after another%n%n", first.plan().subject(),
          first.plan().bounds().describe(), first.threads(), first.plan().stepDescribed(),
          s.results().size()));
      out.append(String.format(Locale.ROOT, "%-14s %14s %8s %12s %14s %6s %12s%n", "target",
          "holds ops/s", "ratio", "broke at", "client limit", "steps", "time"));
      for (int i = 0; i < s.results().size(); i++) {
        CapacityResult r = s.results().get(i);
        out.append(String.format(Locale.ROOT, "%-14s %14s %8s %12s %14s %6d %12s%n",
            s.labels().get(i), (r.clientLimited() ? ">= " : "") + CapacityResult.rate(r.held()),
            Double.isNaN(s.ratio(i)) ? "-" : String.format(Locale.ROOT, "%s%.2fx",
            r.clientLimited() ? ">=" : "", s.ratio(i)), CapacityResult.rate(r.brokeAt()),
            r.clientLimited() ? "yes" : "no", r.judgedSteps(),
            CapacityResult.duration(r.seconds())));
      }
      out.append(String.format(Locale.ROOT, "%n"));
      for (int i = 0; i < s.results().size(); i++) {
        out.append(s.labels().get(i)).append(": ").append(s.results().get(i).answer())
            .append(String.format(Locale.ROOT, "%n"));
      }
    }
  }

  /** {@link ResultFormatType#CAPACITY_STUDY_JSON}: the same, one object a target. */
  static final class Json implements ResultFormat<CapacityStudy> {
    @Override
    public void write(CapacityStudy s, Appendable out) throws IOException {
      CapacityResult first = s.results().get(0);
      JsonGenerator w = JsonOutput.document(out, "capacityStudySchemaVersion", SCHEMA_VERSION);
      w.writeStringField("toolVersion", Version.get());
      w.writeStringField("operation", first.plan().label());
      w.writeStringField("mix", first.plan().mix().isEmpty() ? null
          : first.plan().mix().toString());
      w.writeStringField("pinned", first.plan().pinned().isEmpty() ? null
          : first.plan().pinned().toString());
      w.writeStringField("bounds", first.plan().bounds().toString());
      w.writeStringField("boundsDescribed", first.plan().bounds().describe());
      w.writeNumberField("threads", first.threads());
      JsonOutput.number(w, "stepSeconds", first.plan().stepMillis() / 1000.0, 3);
      JsonOutput.number(w, "settleSeconds", first.plan().settleMillis() / 1000.0, 3);
      w.writeArrayFieldStart("targets");
      for (int i = 0; i < s.results().size(); i++) {
        CapacityResult r = s.results().get(i);
        w.writeStartObject();
        w.writeStringField("label", s.labels().get(i));
        w.writeStringField("target", r.target());
        w.writeStringField("dir", s.labels().get(i));
        JsonOutput.number(w, "ratio", s.ratio(i), 4);
        CapacityFormat.writeAnswer(w, r);
        w.writeEndObject();
      }
      w.writeEndArray();
      w.writeEndObject();
      JsonOutput.finish(w);
    }
  }
}
