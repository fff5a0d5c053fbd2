package io.metabench.report;

import java.io.IOException;
import java.util.Locale;

/**
 * A minimal streaming JSON writer with two-space indentation. Written by hand, as JMH does, to
 * keep a JSON library off the classpath of a jar that runs inside Hadoop's.
 *
 * <p>Not thread-safe. Callers pair every begin with its end; names are given with {@link #name}.
 */
final class JsonWriter {
  private final Appendable out;
  private int depth;
  private boolean first = true;
  private boolean afterName;

  JsonWriter(Appendable out) {
    this.out = out;
  }

  JsonWriter beginObject() throws IOException {
    valuePrefix();
    out.append('{');
    depth++;
    first = true;
    return this;
  }

  JsonWriter endObject() throws IOException {
    return end('}');
  }

  JsonWriter beginArray() throws IOException {
    valuePrefix();
    out.append('[');
    depth++;
    first = true;
    return this;
  }

  JsonWriter endArray() throws IOException {
    return end(']');
  }

  private JsonWriter end(char c) throws IOException {
    depth--;
    if (!first) {
      newline();
    }
    out.append(c);
    first = false;
    return this;
  }

  JsonWriter name(String name) throws IOException {
    separator();
    string(name);
    out.append(": ");
    afterName = true;
    return this;
  }

  JsonWriter value(String s) throws IOException {
    valuePrefix();
    string(s);
    return this;
  }

  JsonWriter value(long v) throws IOException {
    valuePrefix();
    out.append(Long.toString(v));
    return this;
  }

  JsonWriter value(boolean v) throws IOException {
    valuePrefix();
    out.append(Boolean.toString(v));
    return this;
  }

  /** A number with a fixed count of decimals; non-finite values become null (JSON has none). */
  JsonWriter value(double v, int decimals) throws IOException {
    valuePrefix();
    out.append(Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "null");
    return this;
  }

  /** A value of a parameter map: numbers and booleans as themselves, anything else as a string. */
  JsonWriter value(Object v) throws IOException {
    if (v instanceof Boolean) {
      return value(((Boolean) v).booleanValue());
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short) {
      return value(((Number) v).longValue());
    }
    if (v instanceof Double) {
      // Parameters are given, not measured: as many decimals as needed to read back the same.
      valuePrefix();
      out.append(Double.isFinite((Double) v)
          ? new java.math.BigDecimal(v.toString()).stripTrailingZeros().toPlainString() : "null");
      return this;
    }
    return value(String.valueOf(v));
  }

  void finish() throws IOException {
    out.append('\n');
  }

  private void valuePrefix() throws IOException {
    if (afterName) {
      afterName = false;
      return;
    }
    if (depth > 0) {
      separator();
    }
  }

  private void separator() throws IOException {
    if (!first) {
      out.append(',');
    }
    newline();
    first = false;
  }

  private void newline() throws IOException {
    out.append('\n');
    for (int i = 0; i < depth; i++) {
      out.append("  ");
    }
  }

  private void string(String s) throws IOException {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
    }
    out.append('"');
  }
}
