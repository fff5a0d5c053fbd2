package io.metabench.config;

import io.metabench.core.InvalidInputException;
import io.metabench.namespace.ShapeProfile;
import io.metabench.op.OpType;
import io.metabench.path.PrefillSizes;
import java.util.Collections;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the text of an {@link Option}'s configuration key becomes its value, how the value is
 * written back (so that reading it again gives an equal value) and how the JSON
 * {@code parameters} show it. Each refusal is the one-line message users see: its wording is part
 * of the contract (docs/usage.md's bad-input table quotes it).
 *
 * <p>Instances are immutable and thread-safe.
 */
public abstract class ValueType {
  private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ms|s|m)?");

  ValueType() {
  }

  /**
   * The value of {@code raw}, the trimmed text of {@code o}'s key (never null; empty when the key
   * is set to nothing).
   *
   * @throws InvalidInputException naming the option and the fix
   */
  abstract Object parse(String raw, Option o);

  /** The text {@code writeTo} stores for {@code value}. */
  String format(Object value) {
    return String.valueOf(value);
  }

  /** {@code value} as the JSON parameters hold it. */
  Object param(Object value) {
    return value;
  }

  /** Whether the option holds a value read from its key; false for command-line-only options. */
  boolean holdsValue() {
    return true;
  }

  /** How wide a whole number's value is: what the getter returns and the JSON shows. */
  enum Width {
    LONG, INT, SHORT
  }

  /** A whole number of at least {@code min}; {@code hint} ends the refusal ("give ..."). */
  static ValueType whole(Width width, long min, long max, String hint) {
    return new Whole(width, min, max, hint);
  }

  static ValueType wholeLong(long min, String hint) {
    return wholeLong(min, Long.MAX_VALUE, hint);
  }

  static ValueType wholeLong(long min, long max, String hint) {
    return new Whole(Width.LONG, min, max, hint);
  }

  static ValueType wholeInt(long min, long max, String hint) {
    return new Whole(Width.INT, min, max, hint);
  }

  /** {@code true} or {@code false}, in any case; empty means the default. */
  static final ValueType BOOL = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      if (raw.isEmpty()) {
        return o.defaultValue();
      }
      if (raw.equalsIgnoreCase("true")) {
        return Boolean.TRUE;
      }
      if (raw.equalsIgnoreCase("false")) {
        return Boolean.FALSE;
      }
      throw new InvalidInputException(o.label() + " '" + raw + "' is not true or false");
    }
  };

  /** Any text, as given (trimmed); set to nothing it is empty, not the default. */
  static final ValueType TEXT = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      return raw;
    }
  };

  /** A directory or URI that must not be empty. */
  static final ValueType BASE_DIR = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      if (raw.isEmpty()) {
        throw new InvalidInputException(o.label() + " is empty; give a directory such as "
            + o.defaultText() + " or a URI such as hdfs://namenode:8020" + o.defaultText());
      }
      return raw;
    }
  };

  /**
   * Milliseconds, or a number with ms, s or m; the command line turns a bare number into seconds
   * before it reaches the key (see {@link CliAction#SECONDS}). The value is a {@code Long} of ms.
   */
  static final ValueType DURATION_MS = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      Matcher m = DURATION.matcher(raw);
      if (!m.matches()) {
        throw new InvalidInputException(o.label() + " '" + raw + "' is not a duration; give "
            + "seconds (30), or a number with ms, s or m (500ms, 30s, 2m); 0 turns it off");
      }
      long n = Long.parseLong(m.group(1));
      String unit = m.group(2) == null ? "ms" : m.group(2);
      return unit.equals("ms") ? n : unit.equals("s") ? n * 1000 : n * 60_000;
    }
  };

  /** Operations per second from 0 (closed loop) to 10,000,000; a {@code Double}. */
  static final ValueType RATE = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      double r;
      try {
        r = Double.parseDouble(raw);
      } catch (NumberFormatException e) {
        r = Double.NaN;
      }
      // One operation per microsecond per worker is beyond any metadata service; beyond 1e7 a
      // schedule's arithmetic would only describe a closed loop anyway.
      if (Double.isNaN(r) || r < 0 || r > 10_000_000) {
        throw new InvalidInputException(o.label() + " '" + raw + "' is not a rate; give "
            + "operations per second over all workers, such as 5000 (at most 10000000), or 0 for "
            + "a closed loop");
      }
      return r;
    }
  };

  /** A share in percent, over 0 and under 100; a {@code Double}. */
  static final ValueType PERCENT = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      double p;
      try {
        p = Double.parseDouble(raw.replaceFirst("%$", ""));
      } catch (NumberFormatException e) {
        p = Double.NaN;
      }
      if (Double.isNaN(p) || p <= 0 || p >= 100) {
        throw new InvalidInputException(o.label() + " '" + raw + "' is not a percentage; give a "
            + "number over 0 and under 100, such as " + o.defaultText());
      }
      return p;
    }
  };

  /** A capacity search's {@link LatencyBounds}; the JSON shows their text. */
  static final ValueType BOUNDS = textual(LatencyBounds::parse);

  /** A replay's pace, a {@code Double} of 0 or more; empty means the default. */
  static final ValueType SPEED = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      return raw.isEmpty() ? o.defaultValue() : ReplayConfig.speed(raw);
    }
  };

  /** What a replay makes of an unsettled probe: {@code exist} or {@code miss}. */
  static final ValueType PROBES = textual(ReplayConfig::probes);

  /** Comma-separated operations: a {@code List<OpType>}, empty when none is given. */
  static final ValueType OPERATIONS = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      return raw.isEmpty() ? Collections.<OpType>emptyList() : OpType.parseList(raw);
    }

    @Override
    String format(Object value) {
      return OpType.join(ops(value));
    }

    @Override
    Object param(Object value) {
      return format(value);
    }
  };

  /** A {@link MixSpec}; the JSON shows its text. */
  static final ValueType MIX = textual(MixSpec::parse);
  static final ValueType PINS = textual(MixSpec::parsePins);

  /** A {@link LocalClient}; the JSON shows {@code posix} or {@code hadoop}. */
  static final ValueType LOCAL_CLIENT = textual(LocalClient::parse);

  /** A {@link PrefillSizes}; the JSON shows its text. */
  static final ValueType PREFILL_SIZES = textual(PrefillSizes::parse);

  /**
   * A {@link ShapeProfile}, optional (empty: none): loaded, and checked, where the option is read.
   * Written back as the profile's JSON with its name, so a -maps job's maps have it without the
   * file.
   */
  static final ValueType PROFILE = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      return raw.isEmpty() ? Optional.empty() : Optional.of(ShapeProfile.load(raw));
    }

    @Override
    String format(Object value) {
      return ((Optional<?>) value).map(p -> ((ShapeProfile) p).carried()).orElse("");
    }

    @Override
    Object param(Object value) {
      return ((Optional<?>) value).map(Object::toString).orElse("");
    }
  };

  /** A {@link io.metabench.path.Popularity}; the JSON shows its text. */
  static final ValueType POPULARITY = textual(io.metabench.path.Popularity::parse);

  /** A scale over 0 and at most 1,000,000; a {@code Double}. */
  static final ValueType SCALE = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      double s;
      try {
        s = raw.isEmpty() ? (Double) o.defaultValue() : Double.parseDouble(raw);
      } catch (NumberFormatException e) {
        s = Double.NaN;
      }
      if (!(s > 0) || s > 1_000_000) {
        throw new InvalidInputException(o.label() + " '" + raw + "' is not a scale; give a "
            + "number over 0, such as 0.1 for a tenth of the profile's namespace or 10 for ten "
            + "times");
      }
      return s;
    }
  };

  /** A {@link ListenAddress}; the JSON shows {@code host:port}, or nothing when none. */
  static final ValueType LISTEN = textual(ListenAddress::parse);

  /** A value parsed from its text by {@code parser}, which the JSON shows as that text. */
  private static ValueType textual(java.util.function.Function<String, Object> parser) {
    return new ValueType() {
      @Override
      Object parse(String raw, Option o) {
        return parser.apply(raw);
      }

      @Override
      Object param(Object value) {
        return value.toString();
      }
    };
  }

  /**
   * Held by no key of its own: the option loads resources, writes another option's key, or has no
   * effect. Reading it is a programming error.
   */
  static final ValueType NONE = new ValueType() {
    @Override
    Object parse(String raw, Option o) {
      throw new IllegalStateException(o + " holds no value of its own");
    }

    @Override
    boolean holdsValue() {
      return false;
    }
  };

  @SuppressWarnings("unchecked")
  static java.util.List<OpType> ops(Object value) {
    return (java.util.List<OpType>) value;
  }

  /** A bounded whole number, boxed to its {@link Width}. */
  private static final class Whole extends ValueType {
    private final Width width;
    private final long min;
    private final long max;
    private final String hint;

    Whole(Width width, long min, long max, String hint) {
      this.width = width;
      this.min = min;
      this.max = max;
      this.hint = hint;
    }

    @Override
    Object parse(String raw, Option o) {
      if (raw.isEmpty()) {
        return o.defaultValue();
      }
      long v;
      try {
        v = Long.parseLong(raw);
      } catch (NumberFormatException e) {
        throw new InvalidInputException(o.label() + " '" + raw + "' is not a whole number; give "
            + hint);
      }
      if (v < min) {
        throw new InvalidInputException(o.label() + " " + v + " is "
            + (v == 0 ? "zero" : "too small") + "; it must be at least " + min + ": give " + hint);
      }
      if (v > max) {
        throw new InvalidInputException(o.label() + " " + v + " is too large; it must be at most "
            + max + ": give " + hint);
      }
      if (width == Width.SHORT) {
        return (short) v;
      }
      return width == Width.INT ? (Object) (int) v : (Object) v;
    }
  }
}
