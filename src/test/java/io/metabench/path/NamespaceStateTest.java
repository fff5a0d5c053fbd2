package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import io.metabench.path.NamespaceState.Dirs;
import io.metabench.path.NamespaceState.Files;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NamespaceStateTest {
  private static final Layout L = new Layout(4, 1000, 100);
  private static final Layout OTHER = new Layout(8, 1000, 100);
  private static final String WHERE = "/b (map 0)";

  private static NamespaceState after(NamespaceState s, OpType op) {
    return s.after(op, L, WHERE);
  }

  @Test
  void emptyStateHasNothing() {
    assertThat(NamespaceState.EMPTY.isEmpty()).isTrue();
    assertThat(NamespaceState.EMPTY.files()).isEqualTo(Files.ABSENT);
    assertThat(NamespaceState.EMPTY.dirs()).isEqualTo(Dirs.ABSENT);
    assertThat(NamespaceState.EMPTY.fileLayout()).isNull();
    assertThat(NamespaceState.EMPTY.dirLayout()).isNull();
  }

  @Test
  void createWriteMakesFilesWithTheLayout() {
    NamespaceState s = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    assertThat(s.files()).isEqualTo(Files.CREATED);
    assertThat(s.fileLayout()).isEqualTo(L);
    assertThat(s.dirs()).isEqualTo(Dirs.ABSENT);
    assertThat(s.isEmpty()).isFalse();
  }

  @Test
  void openReadLeavesTheStateAsItWas() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    assertThat(after(created, OpType.OPEN_READ)).isEqualTo(created);
    NamespaceState renamed = after(created, OpType.RENAME);
    assertThat(after(renamed, OpType.OPEN_READ)).isEqualTo(renamed);
  }

  @Test
  void renameMovesCreatedFiles() {
    NamespaceState s = after(after(NamespaceState.EMPTY, OpType.CREATE_WRITE), OpType.RENAME);
    assertThat(s.files()).isEqualTo(Files.RENAMED);
    assertThat(s.fileLayout()).isEqualTo(L);
  }

  @Test
  void deleteRemovesCreatedOrRenamedFiles() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    NamespaceState fromCreated = after(created, OpType.DELETE);
    assertThat(fromCreated.files()).isEqualTo(Files.ABSENT);
    assertThat(fromCreated.fileLayout()).isNull();
    assertThat(fromCreated).isEqualTo(NamespaceState.EMPTY);

    NamespaceState fromRenamed = after(after(created, OpType.RENAME), OpType.DELETE);
    assertThat(fromRenamed).isEqualTo(NamespaceState.EMPTY);
  }

  @Test
  void mkdirsAndRmdirTrackDirectoriesIndependentlyOfFiles() {
    NamespaceState files = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    NamespaceState both = files.after(OpType.MKDIRS, OTHER, WHERE);
    assertThat(both.dirs()).isEqualTo(Dirs.MADE);
    assertThat(both.dirLayout()).isEqualTo(OTHER);
    assertThat(both.files()).isEqualTo(Files.CREATED);
    assertThat(both.fileLayout()).isEqualTo(L);

    NamespaceState back = both.after(OpType.RMDIR, OTHER, WHERE);
    assertThat(back).isEqualTo(files);
    assertThat(back.dirLayout()).isNull();
  }

  @Test
  void theAllSequenceLeavesNothingBehind() {
    NamespaceState s = NamespaceState.EMPTY;
    for (OpType op : OpType.ALL) {
      s = after(s, op);
    }
    assertThat(s).isEqualTo(NamespaceState.EMPTY);
    assertThat(s.isEmpty()).isTrue();
  }

  @Test
  void fileOperationsWithoutFilesAreRefusedNamingTheFix() {
    for (OpType op : new OpType[] {OpType.OPEN_READ, OpType.RENAME, OpType.DELETE}) {
      assertThatThrownBy(() -> after(NamespaceState.EMPTY, op))
          .as(op.id())
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining(op.id())
          .hasMessageContaining(WHERE)
          .hasMessageContaining("run create_write first")
          .hasMessageContaining("-operation create_write," + op.id());
    }
    // directories alone do not count as files
    NamespaceState dirsOnly = after(NamespaceState.EMPTY, OpType.MKDIRS);
    assertThatThrownBy(() -> after(dirsOnly, OpType.OPEN_READ))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("run create_write first");
  }

  @Test
  void createWriteOverExistingFilesIsRefused() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    assertThatThrownBy(() -> after(created, OpType.CREATE_WRITE))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("run delete first")
        .hasMessageContaining(L.asOptions())
        .hasMessageContaining("-cleanup");
    NamespaceState renamed = after(created, OpType.RENAME);
    assertThatThrownBy(() -> after(renamed, OpType.CREATE_WRITE))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("run delete first");
  }

  @Test
  void renamingTwiceIsRefused() {
    NamespaceState renamed =
        after(after(NamespaceState.EMPTY, OpType.CREATE_WRITE), OpType.RENAME);
    assertThatThrownBy(() -> after(renamed, OpType.RENAME))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("already renamed")
        .hasMessageContaining("run delete, then create_write");
  }

  @Test
  void mkdirsOverExistingDirectoriesIsRefused() {
    NamespaceState made = after(NamespaceState.EMPTY, OpType.MKDIRS);
    assertThatThrownBy(() -> after(made, OpType.MKDIRS))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("run rmdir first")
        .hasMessageContaining(L.asOptions());
  }

  @Test
  void rmdirWithoutDirectoriesIsRefused() {
    NamespaceState filesOnly = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    for (NamespaceState s : new NamespaceState[] {NamespaceState.EMPTY, filesOnly}) {
      assertThatThrownBy(() -> after(s, OpType.RMDIR))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("run mkdirs first")
          .hasMessageContaining("-operation mkdirs,rmdir");
    }
  }

  @Test
  void aDifferentLayoutIsRefusedWithTheOptionsThatReproduceIt() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    for (OpType op : new OpType[] {OpType.OPEN_READ, OpType.RENAME, OpType.DELETE}) {
      assertThatThrownBy(() -> created.after(op, OTHER, WHERE))
          .as(op.id())
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining(op.id() + ": create_write made")
          .hasMessageContaining("-threads 4 -numberOfFiles 1000 -filesPerDir 100")
          .hasMessageContaining("given -threads 8 -numberOfFiles 1000 -filesPerDir 100");
    }
    NamespaceState made = after(NamespaceState.EMPTY, OpType.MKDIRS);
    assertThatThrownBy(() -> made.after(OpType.RMDIR, new Layout(4, 999, 100), WHERE))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("rmdir: mkdirs made")
        .hasMessageContaining("-threads 4 -numberOfFiles 1000 -filesPerDir 100")
        .hasMessageContaining("-threads 4 -numberOfFiles 999 -filesPerDir 100");
    assertThatThrownBy(() -> made.after(OpType.RMDIR, new Layout(4, 1000, 10), WHERE))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-filesPerDir 10;");
  }

  @Test
  void aRefusalLeavesTheStateUnchanged() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    NamespaceState copy = NamespaceState.fromProperties(created.toProperties());
    assertThatThrownBy(() -> created.after(OpType.DELETE, OTHER, WHERE))
        .isInstanceOf(InvalidInputException.class);
    assertThat(created).isEqualTo(copy);
  }

  @Test
  void layoutEqualityAndOptions() {
    assertThat(new Layout(4, 1000, 100)).isEqualTo(L).hasSameHashCodeAs(L);
    assertThat(L).isNotEqualTo(OTHER);
    assertThat(L).isNotEqualTo(new Layout(4, 1001, 100));
    assertThat(L).isNotEqualTo(new Layout(4, 1000, 101));
    assertThat(L.asOptions()).isEqualTo("-threads 4 -numberOfFiles 1000 -filesPerDir 100");
    assertThat(L.toString()).isEqualTo(L.asOptions());
  }

  @Test
  void propertiesRoundTripEveryReachableState() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    NamespaceState renamed = after(created, OpType.RENAME);
    NamespaceState[] states = {
        NamespaceState.EMPTY,
        created,
        renamed,
        NamespaceState.EMPTY.after(OpType.MKDIRS, OTHER, WHERE),
        created.after(OpType.MKDIRS, OTHER, WHERE),
        renamed.after(OpType.MKDIRS, new Layout(1, Long.MAX_VALUE / 2, 1_048_576), WHERE),
    };
    for (NamespaceState s : states) {
      Properties p = s.toProperties();
      NamespaceState back = NamespaceState.fromProperties(p);
      assertThat(back).as(s.toString()).isEqualTo(s);
      assertThat(back.fileLayout()).isEqualTo(s.fileLayout());
      assertThat(back.dirLayout()).isEqualTo(s.dirLayout());
    }
  }

  @Test
  void propertiesAreReadableAndLowerCase() {
    NamespaceState s = after(after(NamespaceState.EMPTY, OpType.CREATE_WRITE), OpType.RENAME)
        .after(OpType.MKDIRS, OTHER, WHERE);
    Properties p = s.toProperties();
    assertThat(p.getProperty("files")).isEqualTo("renamed");
    assertThat(p.getProperty("dirs")).isEqualTo("made");
    assertThat(p.getProperty("files.threads")).isEqualTo("4");
    assertThat(p.getProperty("dirs.threads")).isEqualTo("8");
    assertThat(NamespaceState.EMPTY.toProperties().stringPropertyNames())
        .containsExactlyInAnyOrder("files", "dirs");
  }

  @Test
  void emptyPropertiesReadAsTheEmptyState() {
    assertThat(NamespaceState.fromProperties(new Properties())).isEqualTo(NamespaceState.EMPTY);
  }

  @Test
  void damagedPropertiesAreRefused() {
    Properties badFiles = new Properties();
    badFiles.setProperty("files", "exploded");
    assertThatThrownBy(() -> NamespaceState.fromProperties(badFiles))
        .isInstanceOf(IllegalArgumentException.class);

    Properties badNumber = L_PROPS();
    badNumber.setProperty("files.items.per.worker", "many");
    assertThatThrownBy(() -> NamespaceState.fromProperties(badNumber))
        .isInstanceOf(IllegalArgumentException.class);

    // files that exist but without the layout they were made with cannot be found again
    Properties noLayout = new Properties();
    noLayout.setProperty("files", "created");
    noLayout.setProperty("dirs", "absent");
    assertThatThrownBy(() -> NamespaceState.fromProperties(noLayout))
        .isInstanceOf(IllegalArgumentException.class);

    Properties dirsNoLayout = new Properties();
    dirsNoLayout.setProperty("files", "absent");
    dirsNoLayout.setProperty("dirs", "made");
    assertThatThrownBy(() -> NamespaceState.fromProperties(dirsNoLayout))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Properties L_PROPS() {
    return after(NamespaceState.EMPTY, OpType.CREATE_WRITE).toProperties();
  }

  @Test
  void aMixThatKeepsItsItemsLeavesCreatedFilesForAnyPhaseAndAnyOtherMixOnlyForCleanup() {
    NamespaceState created = after(NamespaceState.EMPTY, OpType.CREATE_WRITE);
    NamespaceState read = created.after(OpType.MIX, true, L, WHERE);
    assertThat(read.files()).isEqualTo(Files.CREATED);
    assertThat(read.after(OpType.MIX, true, L, WHERE).after(OpType.DELETE, L, WHERE).isEmpty())
        .isTrue();
    // On an empty set it fills part of it first: only cleanup follows, as any mix.
    assertThat(NamespaceState.EMPTY.after(OpType.MIX, true, L, WHERE).files())
        .isEqualTo(Files.MIXED);
    NamespaceState mixed = created.after(OpType.MIX, false, L, WHERE);
    assertThat(mixed.files()).isEqualTo(Files.MIXED);
    assertThatThrownBy(() -> mixed.after(OpType.STAT, L, WHERE))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("only cleanup");
    // Read with another layout than the files': refused as a stat would be.
    assertThatThrownBy(() -> created.after(OpType.MIX, true, OTHER, WHERE))
        .isInstanceOf(InvalidInputException.class);
  }
}
