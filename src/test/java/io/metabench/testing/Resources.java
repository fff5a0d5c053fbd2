package io.metabench.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Text files on the test classpath (golden files, the browser's check script). Stateless. */
public final class Resources {
  private Resources() {}

  /** The UTF-8 text of resource {@code path} (e.g. {@code /golden/table.txt}); null if absent. */
  public static String text(String path) throws IOException {
    try (InputStream in = Resources.class.getResourceAsStream(path)) {
      if (in == null) {
        return null;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) > 0; ) {
        out.write(buf, 0, n);
      }
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
  }
}
