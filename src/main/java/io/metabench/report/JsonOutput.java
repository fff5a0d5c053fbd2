package io.metabench.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * Jackson generators for MetaBench's JSON files, all in one layout: two-space indentation, one
 * member or element per line, {@code "name": value}, empty containers as {@code {}} and
 * {@code []}, a final newline. Numbers are written from text formatted with {@link Locale#ROOT},
 * so the machine's locale never shows; measured figures keep a fixed count of decimals so files
 * diff cleanly between runs.
 *
 * <p>Each generator is for one document and one thread; this class holds no mutable state.
 */
public final class JsonOutput {
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
      .build();

  private JsonOutput() {
  }

  /**
   * A generator writing to {@code out}, which the caller closes. {@code htmlSafe} also escapes
   * {@code <}, {@code >} and {@code &} (as {@code \}{@code u003c} ...), so the JSON can stand in
   * a {@code <script>} element: no string can close the element or open a comment then.
   */
  public static JsonGenerator generator(Appendable out, boolean htmlSafe) throws IOException {
    JsonGenerator g = FACTORY.createGenerator(asWriter(out));
    g.setPrettyPrinter(new Layout());
    g.setCharacterEscapes(htmlSafe ? Escapes.HTML : Escapes.PLAIN);
    return g;
  }

  /**
   * Begins a MetaBench document of its own kind (a study's, a comparison's, a capacity search's):
   * its object opened, {@code schemaField} set to {@code schemaVersion} and {@code tool} to
   * MetaBench.
   */
  public static JsonGenerator document(Appendable out, String schemaField, int schemaVersion)
      throws IOException {
    JsonGenerator w = generator(out, false);
    w.writeStartObject();
    w.writeNumberField(schemaField, schemaVersion);
    w.writeStringField("tool", "MetaBench");
    return w;
  }

  /** Ends the document: flushes {@code g} (leaving its target open) and adds the final newline. */
  public static void finish(JsonGenerator g) throws IOException {
    g.writeRaw('\n');
    g.close();
  }

  /** A measured figure with {@code decimals} decimals; non-finite ones are null (JSON has none). */
  public static void number(JsonGenerator g, double v, int decimals) throws IOException {
    if (Double.isFinite(v)) {
      g.writeNumber(String.format(Locale.ROOT, "%." + decimals + "f", v));
    } else {
      g.writeNull();
    }
  }

  /** A field holding a measured figure, as {@link #number(JsonGenerator, double, int)}. */
  public static void number(JsonGenerator g, String name, double v, int decimals) throws IOException {
    g.writeFieldName(name);
    number(g, v, decimals);
  }

  /** A parameter's value: numbers and booleans as themselves, anything else as a string. */
  static void parameter(JsonGenerator g, Object v) throws IOException {
    if (v instanceof Boolean) {
      g.writeBoolean((Boolean) v);
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Double) {
      // Parameters are given, not measured: as many decimals as needed to read back the same.
      if (Double.isFinite((Double) v)) {
        g.writeNumber(new BigDecimal(v.toString()).stripTrailingZeros().toPlainString());
      } else {
        g.writeNull();
      }
    } else {
      g.writeString(String.valueOf(v));
    }
  }

  private static Writer asWriter(Appendable out) {
    if (out instanceof Writer) {
      return (Writer) out;
    }
    return new Writer() {
      @Override
      public void write(char[] buf, int off, int len) throws IOException {
        out.append(new String(buf, off, len));
      }

      @Override
      public void write(String s, int off, int len) throws IOException {
        out.append(s, off, off + len);
      }

      @Override
      public void flush() {
      }

      @Override
      public void close() {
      }
    };
  }

  /**
   * The layout of MetaBench's JSON files since their first version (readers and golden files
   * rely on it); Jackson's DefaultPrettyPrinter differs ({@code " : "}, {@code { }}, arrays on one
   * line). Stateful: one per generator.
   */
  private static final class Layout implements PrettyPrinter {
    private int depth;

    @Override
    public void writeRootValueSeparator(JsonGenerator g) {
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
      open(g, '{');
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      end(g, entries, '}');
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      separate(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
      open(g, '[');
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      end(g, values, ']');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      separate(g);
    }

    /** An object or an array opens: one level deeper. */
    private void open(JsonGenerator g, char bracket) throws IOException {
      g.writeRaw(bracket);
      depth++;
    }

    /** Between an object's entries or an array's values: a comma, then the next line. */
    private void separate(JsonGenerator g) throws IOException {
      g.writeRaw(',');
      newline(g);
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
      newline(g);
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      newline(g);
    }

    private void end(JsonGenerator g, int members, char c) throws IOException {
      depth--;
      if (members > 0) {
        newline(g);
      }
      g.writeRaw(c);
    }

    private void newline(JsonGenerator g) throws IOException {
      g.writeRaw('\n');
      for (int i = 0; i < depth; i++) {
        g.writeRaw("  ");
      }
    }
  }

  /**
   * Control characters other than {@code \n}, {@code \r} and {@code \t} as lower-case
   * {@code \}{@code u00xx}, as the files have always had them (Jackson would write {@code \b},
   * {@code \f} and upper-case hex); with {@link #HTML}, {@code <}, {@code >} and {@code &} too.
   */
  private static final class Escapes extends CharacterEscapes {
    static final Escapes PLAIN = new Escapes(false);
    static final Escapes HTML = new Escapes(true);
    private static final long serialVersionUID = 1L;

    private final int[] codes;

    private Escapes(boolean html) {
      codes = standardAsciiEscapesForJSON();
      for (int c = 0; c < 0x20; c++) {
        if (c != '\n' && c != '\r' && c != '\t') {
          codes[c] = ESCAPE_CUSTOM;
        }
      }
      if (html) {
        codes['<'] = ESCAPE_CUSTOM;
        codes['>'] = ESCAPE_CUSTOM;
        codes['&'] = ESCAPE_CUSTOM;
      }
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return codes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      return new SerializedString(String.format(Locale.ROOT, "\\u%04x", ch));
    }
  }
}
