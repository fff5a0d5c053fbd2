package io.metabench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * A MetaBench page opened in headless Chromium, as a person opens it, through
 * {@code scripts/chromium-headless.sh} (which installs Debian's chromium when it is missing): what
 * the page showed once loaded, read by a check script ({@code browser/page-check.js}) placed at the
 * top of a copy of the page, and a screenshot of the page itself. When Chromium cannot run here
 * (not installed and not installable), the calling test is skipped with the script's one line.
 *
 * <p>Stateless; each call starts a browser of its own.
 */
public final class Browser {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static final File SCRIPT = new File(PROJECT, "scripts/chromium-headless.sh");
  private static final Pattern CHECK =
      Pattern.compile("<pre id=\"metabench-check\">(.*?)</pre>", Pattern.DOTALL);

  private Browser() {}

  /**
   * Opens {@code page} (a copy of it, in {@code work}, with the check script added) and returns
   * what the check script saw: {@code errors} (every error raised while the page loaded),
   * {@code charts} (each {@code <svg>}'s rendered width, height and drawn elements),
   * {@code tables} (each table's heading and cell texts, row by row), {@code data} (the page's
   * {@code metabench-data} JSON, parsed by the browser) and {@code title}.
   */
  public static JsonNode open(File page, File work) throws IOException, InterruptedException {
    String html = new String(Files.readAllBytes(page.toPath()), StandardCharsets.UTF_8);
    int head = html.indexOf("<head>");
    if (head < 0) {
      throw new AssertionError(page + " has no <head>");
    }
    int at = head + "<head>".length();
    String checked = html.substring(0, at) + "\n<script>\n" + checkScript() + "</script>\n"
        + html.substring(at);
    File copy = new File(work, "checked-" + page.getName());
    Files.write(copy.toPath(), checked.getBytes(StandardCharsets.UTF_8));
    ScriptRun r = run(work, "dom", copy.getAbsolutePath());
    Matcher m = CHECK.matcher(r.stdout);
    if (!m.find()) {
      throw new AssertionError("the check script wrote nothing: the page did not finish "
          + "loading\n" + r);
    }
    return new ObjectMapper().readTree(unescape(m.group(1)));
  }

  /** Takes a screenshot of {@code page} as it is, into {@code png}; {@code work} for captures. */
  public static void screenshot(File page, File png, File work) throws IOException,
      InterruptedException {
    run(work, "screenshot", page.getAbsolutePath(), png.getAbsolutePath());
  }

  private static ScriptRun run(File work, String... args) throws IOException,
      InterruptedException {
    String[] cmd = new String[args.length + 1];
    cmd[0] = SCRIPT.getPath();
    System.arraycopy(args, 0, cmd, 1, args.length);
    ScriptRun r = ScriptRun.exec(work, work, null, 5, cmd);
    if (r.exitCode == 3) {
      Assumptions.abort("no browser: " + r.stderr.trim());
    }
    if (r.exitCode != 0) {
      throw new AssertionError(r.toString());
    }
    return r;
  }

  private static String checkScript() throws IOException {
    String script = Resources.text("/browser/page-check.js");
    if (script == null) {
      throw new IOException("browser/page-check.js is not on the test classpath");
    }
    return script;
  }

  /** The text of a serialized DOM text node: the four entities Chromium writes. */
  private static String unescape(String s) {
    return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&nbsp;", "\u00a0").replace("&amp;", "&");
  }
}
