package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deletion safety as a property: whatever phases, prefills, sizes, fan-out, shifts and cleanups
 * are asked, in whatever order, MetaBench never removes or changes a file it did not make,
 * neither beside its base directory nor planted inside the directories it makes. Random runs from a fixed seed
 * (printed, so a failure can be replayed with -Dmetabench.safety.seed).
 */
class ITDeletionSafety {
  private static final int RUNS = Integer.getInteger("metabench.safety.runs", 60);

  @TempDir
  File root;
  @TempDir
  File scratch;

  /** Foreign files: path → content, checked after every run. */
  private final Map<Path, String> foreign = new LinkedHashMap<>();

  private void plant(File dir, String name) throws Exception {
    File f = new File(dir, name);
    f.getParentFile().mkdirs();
    String content = "foreign " + f.getPath();
    Files.write(f.toPath(), content.getBytes(StandardCharsets.UTF_8));
    foreign.put(f.toPath(), content);
  }

  private void assertForeignIntact(String after) throws Exception {
    for (Map.Entry<Path, String> e : foreign.entrySet()) {
      assertThat(e.getKey()).as("after %s", after).exists();
      assertThat(new String(Files.readAllBytes(e.getKey()), StandardCharsets.UTF_8))
          .as("after %s", after).isEqualTo(e.getValue());
    }
  }

  /** Plants foreign files inside the directories a run made, where cleanup will pass by. */
  private void plantInside(File base, Random random, int run) throws Exception {
    List<File> dirs = new ArrayList<>();
    try (Stream<Path> s = Files.walk(base.toPath())) {
      s.filter(Files::isDirectory).forEach(p -> dirs.add(p.toFile()));
    }
    if (!dirs.isEmpty()) {
      File dir = dirs.get(random.nextInt(dirs.size()));
      // names MetaBench itself would generate, and others
      String[] names = {"file_0", "dir_1", "file_3_renamed", "notes.txt", "MARKER"};
      String name = names[random.nextInt(names.length)] + (random.nextBoolean() ? "" : "_" + run);
      if (!new File(dir, name).exists()) { // not over one of MetaBench's own items
        plant(dir, name);
      }
    }
  }

  /**
   * What this test believes map 0 of one base directory holds, so that most random runs ask for
   * something the recorded state allows (a refused run proves less): files absent, created or
   * renamed; directories absent or made; and the layout they were made with.
   */
  private static final class Model {
    String files = "absent";
    boolean dirs;
    int threads;
    int numFiles;
    int filesPerDir;
    /** The prefill options this base directory's prefill was made with; null: none. */
    List<String> prefill;

    List<String> choices() {
      List<String> ops = new ArrayList<>();
      boolean empty = files.equals("absent") && !dirs;
      if (files.equals("absent")) {
        ops.addAll(Arrays.asList("create_write", "create_write,open_read,rename,delete",
            "create_write,delete"));
      } else {
        ops.addAll(Arrays.asList("open_read", "delete", "open_read,delete"));
        if (files.equals("created")) {
          ops.addAll(Arrays.asList("rename", "rename,delete"));
        }
      }
      ops.add(dirs ? "rmdir" : "mkdirs");
      if (!dirs) {
        ops.add("mkdirs,rmdir");
      }
      if (empty) {
        ops.add("all");
      }
      return ops;
    }

    void after(String ops) {
      for (String op : ops.equals("all") ? new String[] {"create_write", "rename", "delete",
          "mkdirs", "rmdir"} : ops.split(",")) {
        switch (op) {
          case "create_write":
            files = "created";
            break;
          case "rename":
            files = "renamed";
            break;
          case "delete":
            files = "absent";
            break;
          case "mkdirs":
            dirs = true;
            break;
          case "rmdir":
            dirs = false;
            break;
          default:
            break;
        }
      }
    }
  }

  @Test
  void randomRunsAndCleanupsNeverTouchAForeignFile() throws Exception {
    long seed = Long.getLong("metabench.safety.seed", 20261122L);
    Random random = new Random(seed);
    File real = new File(root, "real");
    real.mkdirs();
    plant(root, "beside.txt");
    plant(real, "their-data/important.csv");
    // the base directory is reached directly, through a symlink, and through "..": each names
    // the same place
    Path link = Files.createSymbolicLink(new File(root, "link").toPath(), real.toPath());
    int generation = 0;
    String name = "mb0";
    Model model = new Model();
    int refused = 0;
    int failed = 0;
    int ok = 0;
    for (int run = 0; run < RUNS; run++) {
      String[] bases = {new File(real, name).toURI().toString(), link.toUri() + name,
          new File(real, "their-data/../" + name).getAbsoluteFile().toURI().toString()};
      if (model.files.equals("absent") && !model.dirs) {
        model.threads = 1 + random.nextInt(3);
        model.numFiles = 1 + random.nextInt(12);
        model.filesPerDir = 2 + random.nextInt(4);
      }
      List<String> choices = model.choices();
      String ops = choices.get(random.nextInt(choices.size()));
      boolean cleanup = random.nextInt(4) == 0;
      List<String> args = new ArrayList<>(Arrays.asList("-operation", ops,
          "-threads", Integer.toString(model.threads),
          "-numFiles", Integer.toString(model.numFiles),
          "-filesPerDir", Integer.toString(model.filesPerDir),
          "-baseDir", bases[random.nextInt(bases.length)], "-quiet"));
      if (cleanup) {
        args.add("-cleanup");
      }
      // a prefill: a new one where none is recorded, or the recorded shape again (resumed or
      // skipped); either way its tree sits beside the phases' and cleanup must remove only it
      List<String> prefill = model.prefill;
      if (prefill == null && random.nextInt(3) == 0) {
        int depth = 1 + random.nextInt(2);
        int fanOut = 1 + random.nextInt(3);
        int leaves = depth == 1 ? fanOut : fanOut * fanOut;
        prefill = Arrays.asList("-prefillFiles",
            Integer.toString(1 + random.nextInt(Math.min(30, leaves * model.filesPerDir))),
            "-prefillDepth", Integer.toString(depth), "-prefillFanOut", Integer.toString(fanOut),
            "-prefillSizes", random.nextBoolean() ? "0:100" : "0:50,10:50");
      }
      if (prefill != null && (model.prefill == null || random.nextBoolean())) {
        args.addAll(prefill);
      } else {
        prefill = model.prefill;
      }
      if (random.nextInt(4) == 0) {
        args.addAll(Arrays.asList("-readShift", "1"));
      }
      MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch,
          args.toArray(new String[0]));
      String what = "run " + run + " (seed " + seed + "): " + args + " -> exit " + r.exitCode
          + "\n" + r.stderr;
      assertThat(r.exitCode).as(what).isIn(0, 1, 2);
      assertForeignIntact(what);
      if (r.exitCode == 0) {
        ok++;
        model.after(ops);
        model.prefill = prefill;
        if (cleanup) {
          model = new Model();
        }
      } else {
        if (r.exitCode == 2) {
          refused++;
        } else {
          failed++; // a planted file kept a directory from going: correct, and it stays
        }
        // what the namespace holds is no longer what the model says: go on in a new directory
        name = "mb" + (++generation);
        model = new Model();
      }
      File base = new File(real, name);
      if (base.exists() && random.nextInt(4) == 0) {
        plantInside(base, random, run);
      }
    }
    // the last word: cleanup of every base directory used; foreign files stay
    for (int g = 0; g <= generation; g++) {
      MetaBenchRun.run(new Configuration(), scratch, "-cleanup", "-baseDir",
          new File(real, "mb" + g).toURI().toString(), "-quiet");
      assertForeignIntact("the final cleanup of mb" + g);
    }
    System.out.printf("%d random runs (%d succeeded, %d had failures, %d refused as bad input) "
        + "over %d base directories, %d foreign files, none touched; seed %d%n", RUNS, ok,
        failed, refused, generation + 1, foreign.size(), seed);
    assertThat(ok).as("the property was exercised by runs that did something")
        .isGreaterThan(RUNS / 2);
  }

  @Test
  void aCleanupOnItsOwnSaysWhatItRemovedAndWritesNoResultFile() throws Exception {
    String base = new File(root, "alone").toURI().toString();
    assertThat(MetaBenchRun.run(new Configuration(), scratch, "-operation", "create_write,mkdirs",
        "-threads", "2", "-numFiles", "5", "-baseDir", base).exitCode).isZero();
    File json = new File(scratch, "cleanup.json");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-cleanup", "-baseDir", base,
        "-jsonOut", json.getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).contains("cleanup removed 10 files and 10 directories that MetaBench "
        + "made\n").contains("Nothing was measured.").doesNotContain(" x 1 items")
        .doesNotContain("phase         workers");
    assertThat(json).doesNotExist();
    assertThat(new File(scratch, "cleanup.series.csv")).doesNotExist();
    assertThat(new File(scratch, "cleanup.series.hlog")).doesNotExist();
    // Again: nothing left, so nothing removed.
    MetaBenchRun again = MetaBenchRun.run(new Configuration(), scratch, "-cleanup", "-baseDir",
        base);
    assertThat(again.stdout).contains("cleanup removed 0 files and 0 directories");
  }
}
