package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;

/**
 * A JuiceFS volume made without the {@code juicefs} command (which no package registry reachable
 * from here ships): SQLite metadata and {@code file} object storage, written exactly as
 * {@code juicefs format --storage file --bucket DIR/bucket sqlite3://DIR/meta.db NAME} of JuiceFS
 * 1.0.x writes them ({@code cmd/format.go} and {@code dbMeta.Init} in {@code pkg/meta/sql.go},
 * the same from v1.0.0 to v1.0.7), so that the real Hadoop SDK ({@code io.juicefs:juicefs-hadoop}
 * 1.0.2, which cannot format) mounts it:
 *
 * <ul>
 *   <li>the six tables the SDK does not create itself when a session starts ({@code jfs_setting},
 *       {@code jfs_counter}, {@code jfs_node}, {@code jfs_symlink}, {@code jfs_chunk_ref},
 *       {@code jfs_delfile}), with the columns and types xorm gives the Go structs on SQLite; the
 *       other eight (edge, xattr, chunk, delslices, session2, sustained, flock, plock) the SDK's
 *       own {@code Sync2} makes at its first session, as it does after a real format;
 *   <li>the {@code format} setting (name, UUID, storage, bucket with a trailing slash, 4 MiB
 *       blocks, no compression, MetaVersion 1, no trash: deletes are deletes);
 *   <li>the root directory (inode 1, mode 0777, nlink 2, length 4096, parent 1, times in µs);
 *   <li>the counters (nextInode 2, nextChunk 1, the rest 0: without them the first slice gets id 0
 *       and the first file reads back as zeros);
 *   <li>{@code BUCKET/NAME/juicefs_uuid} holding the UUID.
 * </ul>
 *
 * <p>Also a command for the bench scripts: see {@link #main}. Not thread-safe; the volume lives
 * in the directory given and is gone when it is deleted.
 */
public final class JuiceFsVolume {
  /** System property naming the SDK jar; set by Failsafe. */
  public static final String JAR_PROPERTY = "metabench.juicefs.jar";

  private static final String[] DDL = {
      "CREATE TABLE `jfs_setting` (`name` TEXT PRIMARY KEY NOT NULL, `value` TEXT NOT NULL)",
      "CREATE TABLE `jfs_counter` (`name` TEXT PRIMARY KEY NOT NULL, `value` INTEGER NOT NULL)",
      "CREATE TABLE `jfs_node` (`inode` INTEGER PRIMARY KEY NOT NULL, `type` INTEGER NOT NULL, "
          + "`flags` INTEGER NOT NULL, `mode` INTEGER NOT NULL, `uid` INTEGER NOT NULL, "
          + "`gid` INTEGER NOT NULL, `atime` INTEGER NOT NULL, `mtime` INTEGER NOT NULL, "
          + "`ctime` INTEGER NOT NULL, `nlink` INTEGER NOT NULL, `length` INTEGER NOT NULL, "
          + "`rdev` INTEGER NULL, `parent` INTEGER NULL)",
      "CREATE TABLE `jfs_symlink` (`inode` INTEGER PRIMARY KEY NOT NULL, "
          + "`target` BLOB NOT NULL)",
      "CREATE TABLE `jfs_chunk_ref` (`chunkid` INTEGER PRIMARY KEY NOT NULL, "
          + "`size` INTEGER NOT NULL, `refs` INTEGER NOT NULL)",
      "CREATE TABLE `jfs_delfile` (`inode` INTEGER PRIMARY KEY NOT NULL, "
          + "`length` INTEGER NOT NULL, `expire` INTEGER NOT NULL)"};
  private static final String[] COUNTERS = {"nextInode", "nextChunk", "nextSession", "usedSpace",
      "totalInodes", "nextCleanupSlices"};

  private final String name;
  private final File meta;
  private final File bucket;

  private JuiceFsVolume(String name, File meta, File bucket) {
    this.name = name;
    this.meta = meta;
    this.bucket = bucket;
  }

  /** Formats volume {@code name} in {@code dir} (meta.db and bucket/), which must not hold one. */
  public static JuiceFsVolume format(File dir, String name) throws IOException, SQLException {
    return format(dir, name, false);
  }

  /**
   * As {@link #format(File, String)}; with {@code wal}, the SQLite file is switched to
   * write-ahead logging ({@code PRAGMA journal_mode=WAL}, kept in the file), which
   * {@code juicefs format} does not do: a setting of the metadata engine, not of JuiceFS.
   */
  public static JuiceFsVolume format(File dir, String name, boolean wal)
      throws IOException, SQLException {
    File meta = new File(dir, "meta.db").getAbsoluteFile();
    File bucket = new File(dir, "bucket").getAbsoluteFile();
    if (meta.exists()) {
      throw new IOException(meta + " exists: a volume is formatted once");
    }
    String uuid = UUID.randomUUID().toString();
    File prefix = new File(bucket, name);
    Files.createDirectories(prefix.toPath());
    Files.write(new File(prefix, "juicefs_uuid").toPath(),
        uuid.getBytes(StandardCharsets.UTF_8));
    String format = "{\n\"Name\": \"" + name + "\",\n\"UUID\": \"" + uuid
        + "\",\n\"Storage\": \"file\",\n\"Bucket\": \"" + bucket.getPath()
        + "/\",\n\"BlockSize\": 4096,\n\"Compression\": \"none\",\n\"MetaVersion\": 1\n}";
    long nowMicros = System.currentTimeMillis() * 1000;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + meta.getPath())) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        for (String ddl : DDL) {
          s.execute(ddl);
        }
      }
      try (PreparedStatement p = c.prepareStatement(
          "INSERT INTO jfs_setting (name, value) VALUES ('format', ?)")) {
        p.setString(1, format);
        p.executeUpdate();
      }
      try (PreparedStatement p = c.prepareStatement("INSERT INTO jfs_node (inode, type, flags, "
          + "mode, uid, gid, atime, mtime, ctime, nlink, length, rdev, parent) "
          + "VALUES (1, 2, 0, ?, 0, 0, ?, ?, ?, 2, 4096, 0, 1)")) {
        p.setInt(1, 0777);
        p.setLong(2, nowMicros);
        p.setLong(3, nowMicros);
        p.setLong(4, nowMicros);
        p.executeUpdate();
      }
      try (PreparedStatement p = c.prepareStatement(
          "INSERT INTO jfs_counter (name, value) VALUES (?, ?)")) {
        for (String counter : COUNTERS) {
          p.setString(1, counter);
          p.setLong(2, counter.equals("nextInode") ? 2 : counter.equals("nextChunk") ? 1 : 0);
          p.executeUpdate();
        }
      }
      c.commit();
      if (wal) {
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
          s.execute("PRAGMA journal_mode=WAL");
        }
      }
    }
    return new JuiceFsVolume(name, meta, bucket);
  }

  /** {@code jfs://NAME/} followed by {@code path}. */
  public String uri(String path) {
    return "jfs://" + name + "/" + path;
  }

  /** The metadata file. */
  public File meta() {
    return meta;
  }

  /** Where the SDK writes the volume's data: {@code BUCKET/NAME/}. */
  public File data() {
    return new File(bucket, name);
  }

  /**
   * What a Hadoop configuration needs to mount the volume through the SDK: its classes by name
   * (the SDK is not on the test's class path, so Hadoop's service loader cannot find it), the
   * metadata URL, and no usage reports or hourly metadata backups.
   */
  public Map<String, String> clientSettings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("fs.jfs.impl", "io.juicefs.JuiceFileSystem");
    m.put("fs.AbstractFileSystem.jfs.impl", "io.juicefs.JuiceFS");
    m.put("juicefs.meta", "sqlite3://" + meta.getPath());
    m.put("juicefs.no-usage-report", "true");
    m.put("juicefs.backup-meta", "0");
    return m;
  }

  /** A class loader with the JuiceFS SDK over the caller's class path. */
  public static ClassLoader clientLoader() throws IOException {
    return ClientJar.loader(JAR_PROPERTY, "The JuiceFS SDK jar");
  }

  /**
   * Formats a volume and writes a core-site.xml that mounts it: {@code JuiceFsVolume DIR NAME
   * CONF_DIR [wal]}. Prints the volume's URI.
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 3 || args.length > 4 || args.length == 4 && !args[3].equals("wal")) {
      System.err.println("usage: JuiceFsVolume DIR NAME CONF_DIR [wal]");
      System.exit(2);
    }
    JuiceFsVolume v = format(new File(args[0]), args[1], args.length == 4);
    Configuration site = new Configuration(false);
    v.clientSettings().forEach(site::set);
    File conf = new File(args[2]);
    Files.createDirectories(conf.toPath());
    try (OutputStream out = Files.newOutputStream(new File(conf, "core-site.xml").toPath())) {
      site.writeXml(out);
    }
    System.out.println(v.uri(""));
  }
}
