package io.metabench.config;

import io.metabench.core.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * How an {@link Option}'s command-line value reaches the configuration. Every option names one
 * (it is a constructor argument of {@link Option}), and each constant must implement
 * {@link #apply}: an option the command line accepts but nothing handles cannot be written.
 *
 * <p>Constants are stateless; what one parse accumulates lives in its {@link Pending}.
 */
public enum CliAction {
  /** The value, as given, into the option's key. */
  SET(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      p.conf.set(o.key(), values[0]);
    }
  },
  /** The value is checked now (before anything runs), then written trimmed. */
  CHECKED(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      String v = values[0].trim();
      o.type().parse(v, o);
      p.conf.set(o.key(), v);
    }
  },
  /** A flag: present means true. */
  FLAG(Arity.NONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      p.conf.setBoolean(o.key(), true);
    }
  },
  /** {@code true} or {@code false}; given without a value it means true. */
  OPTIONAL_TRUE(Arity.OPTIONAL) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      p.conf.set(o.key(), values == null || values[0] == null ? "true" : values[0]);
    }
  },
  /** A duration: a bare number on the command line means seconds, as users type it. */
  SECONDS(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      String t = values[0].trim();
      p.conf.set(o.key(), t.matches("\\d+") ? t + "s" : t);
    }
  },
  /** Repeatable: every value, in order, comma-separated into the key. */
  ACCUMULATE(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      List<String> all = p.accumulated.get(o.key());
      if (all == null) {
        all = new ArrayList<>();
        p.accumulated.put(o.key(), all);
      }
      all.add(values[0]);
    }
  },
  /** Loads a workload file or a shipped workload, and names it in the option's key. */
  WORKLOAD(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      Resources.loadWorkload("-" + name, values[0], p.conf);
      p.conf.set(o.key(), values[0]);
    }
  },
  /** Loads every site file of a directory. */
  CONF_DIR(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      Resources.loadConfDir(values[0], p.conf);
    }
  },
  /** {@code -D key=value}: any key. */
  DEFINE(Arity.PAIR) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      if (values.length != 2 || values[0].trim().isEmpty()) {
        throw new InvalidInputException("-D " + String.join("=", values) + " is not key=value");
      }
      p.conf.set(values[0].trim(), values[1]);
    }
  },
  /** NNBenchWithoutMR's block size: the block size key, and a factor of the bytes written. */
  BYTES_PER_BLOCK(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      p.bytesPerBlock = values[0];
      p.conf.set(o.key(), values[0]);
    }
  },
  /**
   * NNBenchWithoutMR's blocks per file: the bytes written are blocks x bytes per block, computed
   * once every option is in, so the order of the two does not matter.
   */
  BLOCKS_PER_FILE(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      p.blocksPerFile = values[0];
      p.bytesToWriteKey = o.key();
    }
  },
  /** Accepted so other tools' command lines run; no effect (the option's help says so). */
  NO_EFFECT(Arity.ONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      // Nothing to do, by design.
    }
  },
  /**
   * Asks for the help, of a topic when one is given ({@code -help pacing}); the parser answers it
   * before applying any option.
   */
  HELP(Arity.OPTIONAL) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      p.help = true;
    }
  },
  /** A key with no command-line option (set with -D or in a file); never applied. */
  KEY_ONLY(Arity.NONE) {
    @Override
    void apply(Option o, String name, String[] values, Pending p) {
      throw new IllegalStateException(o + " has no command-line name");
    }
  };

  /** How many values the option takes on the command line. */
  public enum Arity {
    NONE, ONE, OPTIONAL, PAIR
  }

  private final Arity arity;

  CliAction(Arity arity) {
    this.arity = arity;
  }

  public Arity arity() {
    return arity;
  }

  /**
   * Applies one occurrence of {@code o}, given as {@code -name}, to the parse's state.
   *
   * @param values the values given (null for an option without one)
   * @throws InvalidInputException when the value is refused
   */
  abstract void apply(Option o, String name, String[] values, Pending p);

  /**
   * Applies one occurrence; public for the command-line parser in another package.
   *
   * @throws InvalidInputException when the value is refused
   */
  public static void applyTo(Pending p, Option o, String name, String[] values) {
    o.action().apply(o, name, values, p);
  }

  /** The state of one command-line parse: not thread-safe, used by one parse only. */
  public static final class Pending {
    private final Configuration conf;
    private final Map<String, List<String>> accumulated = new LinkedHashMap<>();
    private String blocksPerFile;
    private String bytesPerBlock;
    private String bytesToWriteKey;
    private boolean help;

    public Pending(Configuration conf) {
      this.conf = conf;
    }

    /** Whether help was asked for. */
    public boolean help() {
      return help;
    }

    /**
     * Writes what needed every option first: repeated values, and the bytes of
     * -blocksPerFile x -bytesPerBlock.
     *
     * @throws InvalidInputException for a product that is no whole number of bytes
     */
    public void finish() {
      for (Map.Entry<String, List<String>> e : accumulated.entrySet()) {
        conf.set(e.getKey(), String.join(",", e.getValue()));
      }
      if (blocksPerFile != null) {
        long blocks = wholeNumber(blocksPerFile, "-blocksPerFile");
        long perBlock = bytesPerBlock == null ? 1 : wholeNumber(bytesPerBlock, "-bytesPerBlock");
        try {
          conf.set(bytesToWriteKey, Long.toString(Math.multiplyExact(blocks, perBlock)));
        } catch (ArithmeticException e) {
          throw new InvalidInputException("-blocksPerFile " + blocks + " x -bytesPerBlock "
              + perBlock + " is more bytes than a file can hold; give smaller values");
        }
      }
    }

    private static long wholeNumber(String v, String option) {
      try {
        long n = Long.parseLong(v.trim());
        if (n >= 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new InvalidInputException(option + " '" + v + "' is not a whole number of 0 or more");
    }
  }
}
