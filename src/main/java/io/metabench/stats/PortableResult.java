package io.metabench.stats;

import io.metabench.config.BenchConfig;
import io.metabench.fs.FsSemantics;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * A run's result that stands on its own: {@link ResultCodec}'s bytes with what a map task gets
 * from its job instead (the configuration the run was given, by its keys), the client's
 * provenance and the file system's semantics. The run JSON carries it in Base64
 * ({@code resultBytes}), so {@code metabench merge} combines processes from the same form a
 * {@code -maps} driver combines map tasks from, never by re-reading the JSON's text.
 *
 * <p>Stateless. Versioned: a form this version cannot read is refused with an IOException.
 */
public final class PortableResult {
  private static final int VERSION = 1;

  private PortableResult() {
  }

  /** {@code result} with its configuration, provenance and semantics, in Base64. */
  public static String toBase64(RunResult result) throws IOException {
    return Base64.getEncoder().encodeToString(toBytes(result));
  }

  /** The result {@link #toBase64} wrote; its configuration is validated again. */
  public static RunResult fromBase64(String text) throws IOException {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IOException("resultBytes is not Base64: " + e.getMessage(), e);
    }
    return fromBytes(bytes);
  }

  static byte[] toBytes(RunResult result) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(VERSION);
      Configuration conf = new Configuration(false);
      result.config().writeTo(conf);
      Map<String, String> keys = new TreeMap<>();
      for (Map.Entry<String, String> e : conf) {
        keys.put(e.getKey(), e.getValue());
      }
      writeMap(keys, out);
      writeProvenance(result.provenance(), out);
      out.writeUTF(result.semantics().scheme());
      writeMap(result.semantics().capabilities(), out);
      byte[] run = ResultCodec.toBytes(result);
      out.writeInt(run.length);
      out.write(run);
    }
    return bytes.toByteArray();
  }

  static RunResult fromBytes(byte[] data) throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      int version = in.readInt();
      if (version != VERSION) {
        throw new IOException("resultBytes of form " + version + " (this MetaBench reads "
            + VERSION + ")");
      }
      Configuration conf = new Configuration(false);
      for (Map.Entry<String, String> e : readMap(in).entrySet()) {
        conf.set(e.getKey(), e.getValue());
      }
      BenchConfig config = BenchConfig.fromConfiguration(conf);
      Provenance provenance = readProvenance(in);
      FsSemantics semantics = FsSemantics.recorded(in.readUTF(), readMap(in));
      byte[] run = new byte[in.readInt()];
      in.readFully(run);
      return ResultCodec.fromBytes(run, run.length, config).withProvenance(provenance)
          .withSemantics(semantics);
    }
  }

  private static void writeProvenance(Provenance p, DataOutput out) throws IOException {
    out.writeBoolean(p != null);
    if (p == null) {
      return;
    }
    out.writeUTF(p.version());
    out.writeUTF(p.commit());
    out.writeUTF(p.host());
    out.writeInt(p.cores());
    out.writeLong(p.memoryBytes());
    out.writeUTF(p.os());
    out.writeInt(p.jvmArguments().size());
    for (String a : p.jvmArguments()) {
      out.writeUTF(a);
    }
    writeMap(p.clientSettings(), out);
  }

  private static Provenance readProvenance(DataInput in) throws IOException {
    if (!in.readBoolean()) {
      return null;
    }
    String version = in.readUTF();
    String commit = in.readUTF();
    String host = in.readUTF();
    int cores = in.readInt();
    long memory = in.readLong();
    String os = in.readUTF();
    int n = in.readInt();
    List<String> args = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      args.add(in.readUTF());
    }
    return new Provenance(version, commit, host, cores, memory, os, args, readMap(in));
  }

  private static void writeMap(Map<String, String> map, DataOutput out) throws IOException {
    out.writeInt(map.size());
    for (Map.Entry<String, String> e : map.entrySet()) {
      out.writeUTF(e.getKey());
      out.writeUTF(e.getValue());
    }
  }

  private static Map<String, String> readMap(DataInput in) throws IOException {
    int n = in.readInt();
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      map.put(in.readUTF(), in.readUTF());
    }
    return map;
  }
}
