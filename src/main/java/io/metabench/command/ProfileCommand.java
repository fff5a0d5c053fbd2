package io.metabench.command;

import io.metabench.cli.ProfileRequest;
import io.metabench.namespace.FsImageProfiler;
import io.metabench.namespace.ImageClasses;
import io.metabench.namespace.NamespaceProfile;
import io.metabench.report.OutputPlan;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code metabench profile [-outDir dir] FSIMAGE}: a NameNode's fsimage read without a NameNode
 * into a namespace profile ({@link NamespaceProfile}: its shape, no path in it), written as
 * {@code profile.json}, its shape in one line on stdout (docs/namespaces.md); or
 * {@code profile [-threads n] URI}: the tree under a URI listed through its file system into the
 * same profile. An fsimage is a local file: no login; a listing logs in as runs do. Exits 0, or
 * 2 for a file that is no readable fsimage or a URI that is no directory (nothing written).
 */
public final class ProfileCommand extends Command {
  /** Whether this invocation lists a tree (and so logs in); known once its arguments are read. */
  private boolean listing;

  public ProfileCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected boolean usesFileSystems() {
    return listing;
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) throws IOException {
    ProfileRequest request = ProfileRequest.parse(args);
    if (request.listing() != null) {
      listing = true;
      OutputPlan files = OutputPlan.inDirectory(request.outDir(), "profile",
          System.currentTimeMillis(), false, "");
      return () -> listed(request, conf, files);
    }
    // The profiler names Hadoop 3.3+ server classes: loaded only once the probe found them.
    ImageClasses.check();
    // A directory that cannot be written is refused before the image is read (minutes for a
    // large one); the directory is made only once the image was read.
    OutputPlan files = OutputPlan.inDirectory(request.outDir(), "profile",
        System.currentTimeMillis(), false, "");
    long start = System.nanoTime();
    NamespaceProfile profile = FsImageProfiler.profile(request.image(), conf);
    double seconds = (System.nanoTime() - start) / 1e9;
    return () -> {
      File json = new File(files.dir(), "profile.json");
      if (!files.dir().isDirectory() && !files.dir().mkdirs()) {
        throw new IOException("cannot make " + files.dir());
      }
      profile.write(json);
      PrintStream out = context.out();
      long inodes = profile.files() + profile.directories();
      out.printf(Locale.ROOT, "fsimage %s: %s%n", request.image(), profile.shape());
      out.printf(Locale.ROOT, "  read in %.2f s (%,.0f inodes/s)%n", seconds,
          seconds == 0 ? 0 : inodes / seconds);
      out.printf(Locale.ROOT, "Profile: %s%n", json);
      out.flush();
      return EXIT_OK;
    };
  }

  /** Lists {@code request}'s tree (after the login) and writes its profile into {@code files}. */
  private int listed(ProfileRequest request, Configuration conf, OutputPlan files)
      throws IOException, InterruptedException {
    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(request.listing());
    long start = System.nanoTime();
    NamespaceProfile profile;
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(
        request.listing(), conf)) {
      if (!fs.exists(root) || !fs.getFileStatus(root).isDirectory()) {
        throw new io.metabench.core.InvalidInputException("profile: " + request.listing()
            + " is not a directory: give the directory tree to profile, such as "
            + "hdfs://nn:8020/ or s3a://bucket/warehouse");
      }
      profile = io.metabench.namespace.ListingProfiler.profile(fs, root, request.threads());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    File json = new File(files.dir(), "profile.json");
    if (!files.dir().isDirectory() && !files.dir().mkdirs()) {
      throw new IOException("cannot make " + files.dir());
    }
    profile.write(json);
    PrintStream out = context.out();
    long inodes = profile.files() + profile.directories();
    out.printf(Locale.ROOT, "listing %s: %s%n", request.listing(), profile.shape());
    out.printf(Locale.ROOT, "  listed in %.2f s by %d workers (%,.0f inodes/s)%n", seconds,
        request.threads(), seconds == 0 ? 0 : inodes / seconds);
    out.printf(Locale.ROOT, "Profile: %s%n", json);
    out.flush();
    return EXIT_OK;
  }
}
