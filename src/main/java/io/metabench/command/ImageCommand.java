package io.metabench.command;

import io.metabench.cli.CliParser;
import io.metabench.config.BenchConfig;
import io.metabench.config.Option;
import io.metabench.config.UserSettings;
import io.metabench.core.InvalidInputException;
import io.metabench.namespace.ImageClasses;
import io.metabench.namespace.ImageWriter;
import io.metabench.namespace.NameDirImage;
import io.metabench.path.ImageRecord;
import io.metabench.path.PathSchema;
import io.metabench.path.PrefillShape;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code metabench image -nameDir DIR[,DIR] <prefill options>}: the prefill a run with the same
 * options would make, written into a stopped NameNode's image in its name directories
 * (docs/namespaces.md#for-a-clusters-namenode), as {@code -prefillOffline} writes the embedded
 * HDFS's: empty files, in the time it takes to write their inodes. The image as it was is kept
 * beside; MetaBench's records go in as empty files ({@link ImageRecord}) that the first run on
 * the restarted NameNode completes. Local files only: no login. Exits 0, or 2 (nothing written)
 * for bad input, a running NameNode, or edits after the newest image.
 */
public final class ImageCommand extends Command {
  /** How the command is used, for its refusals. */
  static final String USAGE = "usage: image -nameDir DIR[,DIR...] (-prefillProfile NAME "
      + "-prefillScale S | -prefillFiles N) [-seed N] [-baseDir PATH]";
  /** The options a prefill is drawn and placed by; every other is refused. */
  private static final Set<Option> TAKEN = EnumSet.of(Option.PREFILL_PROFILE,
      Option.PREFILL_SCALE, Option.PREFILL_FILES, Option.PREFILL_DEPTH, Option.PREFILL_FAN_OUT,
      Option.PREFILL_SIZES, Option.SEED, Option.BASE_DIR, Option.REPLICATION,
      Option.BLOCK_SIZE);

  public ImageCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected boolean usesFileSystems() {
    return false;
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) throws IOException {
    List<File> nameDirs = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-nameDir")) {
        if (i + 1 == args.length) {
          throw new InvalidInputException("-nameDir needs the NameNode's name directories; "
              + USAGE);
        }
        for (String d : args[++i].split(",")) {
          nameDirs.add(new File(d.trim()));
        }
      } else {
        rest.add(args[i]);
      }
    }
    CliParser.Parsed parsed = CliParser.parse(rest.toArray(new String[0]), conf);
    if (parsed.help()) {
      context.printHelp(parsed.topic());
      return null;
    }
    for (Option o : Option.values()) {
      if (o.key() != null && !TAKEN.contains(o) && UserSettings.isSetByUser(conf, o.key())) {
        throw new InvalidInputException("image writes a prefill into a stopped NameNode's image "
            + "and takes its options only: drop " + o.label() + " (run it on the NameNode once "
            + "it is started)");
      }
    }
    if (nameDirs.isEmpty()) {
      throw new InvalidInputException("image needs -nameDir, the stopped NameNode's "
          + "dfs.namenode.name.dir; " + USAGE);
    }
    if (!UserSettings.isSetByUser(conf, Option.PREFILL_PROFILE.key())
        && !UserSettings.isSetByUser(conf, Option.PREFILL_FILES.key())) {
      throw new InvalidInputException("image writes a prefill: give -prefillProfile and "
          + "-prefillScale (or -prefillFiles); " + USAGE);
    }
    BenchConfig config = BenchConfig.fromConfiguration(conf);
    if (!config.prefill().sizes().equals(io.metabench.path.PrefillSizes.EMPTY_FILES)) {
      throw new InvalidInputException("image writes empty files (no DataNode holds a block of "
          + "them): drop -prefillSizes");
    }
    // The probe first: the writer names Hadoop's server classes.
    ImageClasses.check();
    NameDirImage image = NameDirImage.of(nameDirs);
    Path base = new Path(new Path(config.baseDir()).toUri().getPath());
    // The prefill's options as given, for the runs on the NameNode to repeat.
    StringBuilder given = new StringBuilder();
    for (Option o : TAKEN) {
      if (o != Option.BASE_DIR && UserSettings.isSetByUser(conf, o.key())) {
        given.append(given.length() == 0 ? "" : " ").append(o.label()).append(' ')
            .append(conf.get(o.key()));
      }
    }
    return () -> write(config, base, image, given.toString());
  }

  private int write(BenchConfig config, Path base, NameDirImage image, String given)
      throws IOException {
    PrefillShape shape = config.prefill().shape(new PathSchema(base, 0, 1, 2).prefillMapDir());
    image.keep();
    ImageWriter.Written w = ImageWriter.addTo(image.image(), shape, config.replication(),
        config.blockSize(), ImageRecord.files(base, 0, shape.asOptions()));
    image.spread();
    PrintStream out = context.out();
    out.printf(Locale.ROOT, "image: %,d files in %,d directories of %s written under %s into %s "
        + "(%,d bytes, %.1f s); the image as it was is kept as %s%n", w.files, w.directories,
        shape.asOptions().trim(), base, image.image(), w.bytes, w.nanos / 1e9, image.kept());
    out.printf(Locale.ROOT, "Start the NameNode: a run with -baseDir hdfs://<namenode>%s and "
        + "the same prefill options (%s) finds it, the first run recording and checking it.%n",
        base, given);
    out.flush();
    return EXIT_OK;
  }
}
