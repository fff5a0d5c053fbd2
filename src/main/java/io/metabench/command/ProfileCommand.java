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
    // A directory that cannot be written is refused before the namespace is read (minutes for
    // a large one); the directory is made only once it was read.
    OutputPlan files = OutputPlan.inDirectory(request.outDir(), "profile",
        System.currentTimeMillis(), false, "");
    if (request.listing() != null) {
      listing = true;
      return () -> listed(request, conf, files);
    }
    if (request.auditLog() != null) {
      return () -> fromAuditLog(request.auditLog(), files);
    }
    // The profiler names Hadoop 3.3+ server classes: loaded only once the probe found them.
    ImageClasses.check();
    long start = System.nanoTime();
    NamespaceProfile profile = FsImageProfiler.profile(request.image(), conf);
    double seconds = (System.nanoTime() - start) / 1e9;
    return () -> written(profile, files, "fsimage " + request.image(), String.format(Locale.ROOT,
        "read in %.2f s", seconds), seconds);
  }

  /**
   * Writes {@code profile} into {@code files} and says so: {@code what} and its shape, how it was
   * read ({@code how}, in {@code seconds}) with its rate, and the file.
   */
  private int written(NamespaceProfile profile, OutputPlan files, String what, String how,
      double seconds) throws IOException {
    File json = new File(files.dir(), "profile.json");
    if (!files.dir().isDirectory() && !files.dir().mkdirs()) {
      throw new IOException("cannot make " + files.dir());
    }
    profile.write(json);
    PrintStream out = context.out();
    long inodes = profile.files() + profile.directories();
    out.printf(Locale.ROOT, "%s: %s%n", what, profile.shape());
    out.printf(Locale.ROOT, "  %s (%,.0f inodes/s)%n", how, seconds == 0 ? 0 : inodes / seconds);
    out.printf(Locale.ROOT, "Profile: %s%n", json);
    out.flush();
    return EXIT_OK;
  }

  /**
   * The namespace {@code log} shows existed before it began (as a replay precreates it), as a
   * profile into {@code files}: only the paths it names, no file's size or time.
   */
  private int fromAuditLog(File log, OutputPlan files) throws IOException {
    long start = System.nanoTime();
    io.metabench.replay.Precreation pre = io.metabench.replay.Precreation.of(
        io.metabench.replay.AuditLog.read(log), null, false);
    NamespaceProfile profile = io.metabench.namespace.PathsProfiler.profile(pre.dirs(),
        pre.files());
    double seconds = (System.nanoTime() - start) / 1e9;
    return written(profile, files, "audit log " + log + " (the paths it shows existed before it "
        + "began)", String.format(Locale.ROOT, "read in %.2f s", seconds), seconds);
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
    return written(profile, files, "listing " + request.listing(), String.format(Locale.ROOT,
        "listed in %.2f s by %d workers", seconds, request.threads()), seconds);
  }
}
