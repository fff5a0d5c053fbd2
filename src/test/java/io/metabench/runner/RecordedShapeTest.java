package io.metabench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.namespace.ShapeProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.PrefillShape;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillState;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recorded namespace is drawn again with the names it was made with: one named in the
 * profile's classes as such, one recorded before classes (no {@code names} in its record) with
 * {@code file_<i>} and {@code d_<k>}, so cleanup finds every file of either.
 */
class RecordedShapeTest {
  @TempDir
  File dir;

  private PrefillShape redrawn(boolean classNames) throws Exception {
    FileSystem local = FileSystem.getLocal(new Configuration()).getRaw();
    Path base = new Path(dir.getAbsolutePath(), classNames ? "now" : "before");
    Path root = new Path(base, "prefill/map_0");
    ShapeProfile yahoo = ShapeProfile.load("yahoo");
    ShapedTree made = new ShapedTree(root, yahoo, 0.01, 4, PrefillSizes.EMPTY_FILES, classNames);
    local.mkdirs(BaseDirMarker.markerDir(base));
    BaseDirMarker.writePrefillProfile(local, base, 0, yahoo.text());
    BaseDirMarker.writePrefill(local, base, 0, PrefillState.started(made));
    PrefillShape again = Prefill.recordedShape(BaseDirMarker.readPrefill(local, base, 0), local,
        base, 0, root);
    assertThat(again.names().file(17)).isEqualTo(made.names().file(17));
    assertThat(again.unitDir(5)).isEqualTo(made.unitDir(5));
    return again;
  }

  @Test
  void aNamespaceIsDrawnAgainWithTheNamesItWasMadeWith() throws Exception {
    assertThat(redrawn(true).names().file(17).getName()).startsWith("part-");
    assertThat(redrawn(false).names().file(17).getName()).isEqualTo("file_17");
  }
}
