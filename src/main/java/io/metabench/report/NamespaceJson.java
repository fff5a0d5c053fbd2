package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.namespace.Fidelity;
import io.metabench.stats.NamespaceCheck;
import java.io.IOException;
import java.util.List;

/**
 * The JSON result's {@code prefill.namespace}: each map's namespace drawn from a profile, read
 * back and compared with it (docs/namespaces.md#fidelity; docs/output-formats.md). Stateless.
 */
final class NamespaceJson {
  private NamespaceJson() {
  }

  /** Each map's namespace drawn from a profile, read back and compared with it. */
  static void write(JsonGenerator w, List<NamespaceCheck> checks)
      throws IOException {
    w.writeArrayFieldStart("namespace");
    for (NamespaceCheck c : checks) {
      Fidelity f = c.fidelity();
      w.writeStartObject();
      w.writeNumberField("map", c.map());
      w.writeStringField("profile", c.profile());
      w.writeNumberField("scale", c.scale());
      JsonOutput.number(w, "listSeconds", c.listNanos() / 1e9, 3);
      w.writeNumberField("directories", f.made()[0]);
      w.writeNumberField("files", f.made()[1]);
      w.writeNumberField("expectedDirectories", f.expected()[0]);
      w.writeNumberField("expectedFiles", f.expected()[1]);
      JsonOutput.number(w, "countError", f.countError(), 6);
      w.writeArrayFieldStart("distributions");
      for (Fidelity.Row r : f.rows()) {
        w.writeStartObject();
        w.writeStringField("name", r.name);
        JsonOutput.number(w, "ksDistance", r.distance, 6);
        for (String side : new String[] {"profile", "made"}) {
          long[] v = side.equals("made") ? r.made : r.source;
          w.writeObjectFieldStart(side);
          w.writeNumberField("p50", v[0]);
          w.writeNumberField("p90", v[1]);
          w.writeNumberField("p99", v[2]);
          w.writeNumberField("max", v[3]);
          w.writeEndObject();
        }
        w.writeEndObject();
      }
      w.writeEndArray();
      w.writeBooleanField("withinBounds", c.failures().isEmpty());
      w.writeArrayFieldStart("outsideBounds");
      for (String failure : c.failures()) {
        w.writeString(failure);
      }
      w.writeEndArray();
      w.writeEndObject();
    }
    w.writeEndArray();
  }
}
